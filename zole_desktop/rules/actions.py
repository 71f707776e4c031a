"""The words of a hand: its actions (cards 0..25, the bids, surrender) and phases, a refused
action with its reason, a finished trick, a hand's result and what one seat may know (an
:class:`Observation`).  :mod:`.state` plays the hand with them and re-exports them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from . import cards as C
from .cards import POINTS
from .options import Rules
from .pools import Pools
from .settlement import DARK, MAZA, TAKE, ZOLE

PASS, TAKE_BID, ZOLE_BID, MAZA_BID, DARK_BID, SURRENDER = 26, 27, 28, 29, 30, 31
BID_ACTIONS = (PASS, TAKE_BID, ZOLE_BID, MAZA_BID, DARK_BID)
BID_NAMES = {PASS: "pass", TAKE_BID: "take", ZOLE_BID: "zole", MAZA_BID: "maza", DARK_BID: "dark"}
BID_BY_NAME = {v: k for k, v in BID_NAMES.items()}
CONTRACT_OF_BID = {TAKE_BID: TAKE, ZOLE_BID: ZOLE, MAZA_BID: MAZA, DARK_BID: DARK}

BIDDING, BURYING, PLAYING, DONE = "bidding", "burying", "playing", "done"

TABLE = -1  # the "seat" of a talon card in a galdiņš trick


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says which rule, in plain words.

    ``kind`` names the rule for programs (``"not_held"``, ``"not_in_play"``,
    ``"follow_suit"``, ``"surrender"``, ``"bid"``, ``"bury"``, ``"phase"``, ``"over"``) and
    ``suit`` is the suit that must be followed (cards.CLUBS .. cards.TRUMPS) when it applies.
    """

    def __init__(self, message: str, kind: str = "phase", suit: int | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.suit = suit


def action_name(action: int) -> str:
    if action < C.NUM_CARDS:
        return C.CARD_NAMES[action]
    if action == SURRENDER:
        return "surrender"
    return BID_NAMES[action]


class Trick(NamedTuple):
    """A finished trick: who led, the cards in order with who played each (``TABLE`` for a
    talon card in galdiņš), and the winner (``TABLE`` when a talon card won)."""

    leader: int
    cards: tuple[int, ...]
    seats: tuple[int, ...]
    winner: int

    @property
    def points(self) -> int:
        return sum(POINTS[c] for c in self.cards)


@dataclass(frozen=True, slots=True)
class HandResult:
    contract: str
    declarer: int | None
    declarer_points: int | None
    declarer_tricks: int | None
    surrendered: bool
    tricks: tuple[int, ...]  # per active seat, in order from forehand
    points: tuple[int, ...]  # card points per active seat (buried counted for the declarer)
    value: int  # per opponent, for contracts with a declarer
    band: str | None


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat knows.  Hidden cards of others never appear here."""

    seat: int
    players: int
    dealer: int
    seats: tuple[int, int, int]  # active seats from forehand
    sitting_out: tuple[int, ...]
    rules: Rules
    phase: str
    current_seat: int | None
    hand: tuple[int, ...]  # this seat's cards (empty for a seat that sits out)
    bids: tuple[tuple[int, int], ...]  # (seat, bid action) in speaking order
    declarer: int | None
    contract: str | None
    talon: tuple[int, ...]  # talon cards this seat has seen (else empty)
    buried: tuple[int, ...]  # cards buried, known to the declarer (and to all at the end)
    trick: tuple[tuple[int, int], ...]  # current trick: (seat or TABLE, card)
    tricks: tuple[Trick, ...]  # finished tricks
    tricks_won: dict[int, int]  # per active seat
    points_won: dict[int, int]  # card points in tricks, per active seat (no buried cards)
    legal: tuple[int, ...]  # legal actions when it is this seat's turn, else ()
    can_surrender: bool
    pools: Pools = Pools()  # the pools standing when the hand was dealt
