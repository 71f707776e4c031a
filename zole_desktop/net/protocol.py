"""The messages of a table on the local network: typed, validated, versioned.

Every message is one JSON text frame holding a msgspec ``Struct`` with a ``type`` tag.  The
decoders accept exactly these shapes (unknown fields, wrong types, out-of-range numbers and
unknown tags are refused), so nothing from the network is ever evaluated: a frame is either
one of the messages below or an error.

Cards travel by their text names (``QC``, ``TD``: :data:`zole_desktop.rules.cards.CARD_NAMES`)
and bids by theirs (``pass``, ``take``...).  That makes every frame readable, and lets a test
look for any card in the raw bytes a client received.

A seat's :class:`Obs` is made from ``HandState.observation(seat)`` and nothing else, so it
holds that seat's own cards only: never another seat's, nor the talon or the buried cards
unless the rules show them to that seat.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from ..bots import LEVELS
from ..rules import cards as C
from ..rules.deal import active_seats
from ..rules.match import SheetRow
from ..rules.options import Rules
from ..rules.pools import Pools
from ..rules.state import (
    BID_BY_NAME,
    BID_NAMES,
    SURRENDER,
    TABLE,
    Observation,
    Trick,
    action_name,
)

VERSION = 2  # 2: a seat says whether a person typed its name (SeatInfo.typed)

MAX_CLIENT_FRAME = 2048  # bytes: the largest message a client may send
MAX_HOST_FRAME = 256 * 1024  # the largest message the host sends (a long score sheet)

# the names on the wire
CardName = Literal[
    "9C", "KC", "TC", "AC", "9S", "KS", "TS", "AS", "9H", "KH", "TH", "AH",
    "7D", "8D", "9D", "KD", "TD", "AD", "JD", "JH", "JS", "JC", "QD", "QH", "QS", "QC",
]  # fmt: skip
BidName = Literal["pass", "take", "zole", "maza", "dark"]
ActionName = Literal[
    "9C", "KC", "TC", "AC", "9S", "KS", "TS", "AS", "9H", "KH", "TH", "AH",
    "7D", "8D", "9D", "KD", "TD", "AD", "JD", "JH", "JS", "JC", "QD", "QH", "QS", "QC",
    "pass", "take", "zole", "maza", "dark", "surrender",
]  # fmt: skip
Phase = Literal["bidding", "burying", "playing", "done"]
Seat = Annotated[int, msgspec.Meta(ge=-1, le=4)]  # -1: a galdiņš talon card (TABLE)
# \A and \Z, not ^ and $: msgspec matches with re.search, where $ also matches before a
# final newline ("1234\n" would pass)
Code = Annotated[str, msgspec.Meta(pattern=r"\A[0-9]{4}\Z")]
Token = Annotated[str, msgspec.Meta(pattern=r"\A[0-9a-f]{32}\Z")]
Name = Annotated[str, msgspec.Meta(max_length=40)]
Level = Literal["random", "easy", "normal", "strong", "master"]  # bots.LEVELS, for the schema

assert tuple(CardName.__args__) == C.CARD_NAMES  # type: ignore[attr-defined]
assert tuple(Level.__args__) == LEVELS  # type: ignore[attr-defined]


class _Msg(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True):
    pass


# ------------------------------------------------------------------ client -> host
class Hello(_Msg, tag="hello", frozen=True):
    """The first message of a connection: join with the code, or rejoin with the token."""

    v: int
    code: Code
    name: Name = ""
    token: Token | None = None


class Bid(_Msg, tag="bid", frozen=True):
    bid: BidName


class Bury(_Msg, tag="bury", frozen=True):
    card: CardName


class Play(_Msg, tag="play", frozen=True):
    card: CardName


class Surrender(_Msg, tag="surrender", frozen=True):
    pass


class Undo(_Msg, tag="undo", frozen=True):
    pass


class Next(_Msg, tag="next", frozen=True):
    """Ready for the next hand (after looking at the last one)."""


class Leave(_Msg, tag="leave", frozen=True):
    """Leaving the waiting room before the first deal: the seat is free for someone else."""


Intent = Bid | Bury | Play | Surrender | Undo | Next | Leave
ClientMsg = Hello | Bid | Bury | Play | Surrender | Undo | Next | Leave


# ------------------------------------------------------------------ host -> client
class TrickMsg(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    leader: Seat
    cards: list[CardName]
    seats: list[Seat]
    winner: Seat


class Obs(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One seat's view of the hand (``HandState.observation``), on the wire."""

    seat: Seat
    players: int
    dealer: Seat
    seats: list[Seat]
    sitting_out: list[Seat]
    phase: Phase
    current_seat: Seat | None
    hand: list[CardName]
    bids: list[tuple[Seat, BidName]]
    declarer: Seat | None
    contract: str | None
    talon: list[CardName]
    buried: list[CardName]
    trick: list[tuple[Seat, CardName]]
    tricks: list[TrickMsg]
    tricks_won: dict[int, int]
    points_won: dict[int, int]
    legal: list[ActionName]
    can_surrender: bool
    pools_common: int = 0
    pools_personal: list[Seat] = []


Points = Annotated[int, msgspec.Meta(ge=-1_000_000, le=1_000_000)]  # game points, bounded
Contract = Literal["take", "zole", "maza", "dark", "passed", "galdins"]
Band = Literal["all_tricks", "91", "61", "31", "jani", "no_trick"]
MAX_ROWS = 1000  # the longest score sheet a welcome carries (a frame stays under its limit)


class RowMsg(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One row of the score sheet, with the pools standing after it (no card in it)."""

    number: Annotated[int, msgspec.Meta(ge=1, le=100_000)]
    dealer: Seat
    contract: Contract
    declarer: Seat | None
    declarer_points: Annotated[int, msgspec.Meta(ge=0, le=120)] | None
    declarer_tricks: Annotated[int, msgspec.Meta(ge=0, le=8)] | None
    surrendered: bool
    deltas: Annotated[list[Points], msgspec.Meta(min_length=3, max_length=5)]
    totals: Annotated[list[Points], msgspec.Meta(min_length=3, max_length=5)]
    band: Band | None = None
    pools_common: Annotated[int, msgspec.Meta(ge=0, le=1000)] = 0
    pools_personal: Annotated[list[Seat], msgspec.Meta(max_length=1000)] = []


class SeatInfo(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Who sits at a seat: a person, or a bot and its level (also one that took a person's
    seat mid-match: it is announced as any other bot).  ``typed``: a person typed the name
    (a person's, or one whose seat went to a bot since), shown as typed and never
    translated; a bot's own name is shown in each player's language."""

    name: Name
    kind: Literal["person", "bot"]
    level: Level | None = None
    connected: bool = False
    typed: bool = False


Seats5 = Annotated[list[SeatInfo], msgspec.Meta(max_length=5)]  # a table has 3 to 5 seats


class Welcome(_Msg, tag="welcome", frozen=True):
    v: int
    seat: Seat
    token: Token
    table: Name
    players: Annotated[int, msgspec.Meta(ge=3, le=5)]
    rules: dict[str, str | bool]
    length: int
    serious: bool
    seats: Seats5
    sheet: Annotated[list[RowMsg], msgspec.Meta(max_length=MAX_ROWS)]  # the whole match's


class Refused(_Msg, tag="refused", frozen=True):
    """The join is refused (then the host closes the connection)."""

    reason: Literal["version", "code", "full", "token", "busy"]


class Acted(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What one accepted action did, as this seat may know it: a buried card is ``None``
    for everyone but the declarer."""

    seat: Seat
    kind: Literal["bid", "bury", "play", "surrender"]
    action: ActionName | None


class Update(_Msg, tag="update", frozen=True):
    """The hand changed (or began): this seat's view after it.  ``step`` counts the actions
    of the hand so far; ``acted`` is the action that made it, ``undone`` how many actions
    were taken back, and by whom (``undone_by``)."""

    hand: int
    step: int
    obs: Obs
    acted: Acted | None = None
    undone: Annotated[int, msgspec.Meta(ge=0, le=64)] = 0
    undone_by: Seat | None = None


class HandOver(_Msg, tag="hand_over", frozen=True):
    row: RowMsg
    match_over: bool
    final: list[int] | None = None  # totals after the pools are settled, once it is over


class Seats(_Msg, tag="seats", frozen=True):
    """Who sits where, and who is connected now."""

    seats: Seats5


class Rejected(_Msg, tag="rejected", frozen=True):
    """An intent that was not taken: not this seat's turn, or not legal now; an undo's
    reasons are the ``UNDO_*`` below (the client says them in the player's words)."""

    reason: str


class Unsaved(_Msg, tag="unsaved", frozen=True):
    """The host can no longer save the match (``error``: why, from its system, as it said
    it); the game goes on, and a host started again begins a new match.  ``saved``: it is
    saved again (the disk has room again)."""

    error: Annotated[str, msgspec.Meta(max_length=200)] = ""
    saved: bool = False


UNDO_SERIOUS = "undo: serious table"
UNDO_NOTHING = "undo: nothing to take back"
UNDO_BLOCKED = "undo: another player has acted since"


HostMsg = Welcome | Refused | Update | HandOver | Seats | Rejected | Unsaved

_enc = msgspec.json.Encoder()
client_decoder = msgspec.json.Decoder(ClientMsg)
host_decoder = msgspec.json.Decoder(HostMsg)


def encode(msg: msgspec.Struct) -> bytes:
    return _enc.encode(msg)


class ProtocolError(ValueError):
    """A frame that is not one of our messages."""


def decode_client(data: bytes | str) -> ClientMsg:
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    if len(data) > MAX_CLIENT_FRAME:
        raise ProtocolError(f"message of {len(data)} bytes is over the limit")
    try:
        return client_decoder.decode(data)
    except msgspec.DecodeError as e:
        raise ProtocolError(str(e)[:200]) from None


def decode_host(data: bytes | str) -> HostMsg:
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    try:
        return host_decoder.decode(data)
    except msgspec.DecodeError as e:
        raise ProtocolError(str(e)[:200]) from None


# ------------------------------------------------------------------ conversions


def action_of(name: str) -> int:
    if name == "surrender":
        return SURRENDER
    if name in BID_BY_NAME:
        return BID_BY_NAME[name]
    return C.CARD_INDEX[name]


def intent_action(msg: Intent) -> int | None:
    """The rules' action for a bid, bury or play intent (None for the others)."""
    if isinstance(msg, Bid):
        return BID_BY_NAME[msg.bid]
    if isinstance(msg, (Bury, Play)):
        return C.CARD_INDEX[msg.card]
    if isinstance(msg, Surrender):
        return SURRENDER
    return None


def _names(cards) -> list:
    return [C.CARD_NAMES[c] for c in cards]


def obs_msg(o: Observation) -> Obs:
    """The wire form of one seat's observation."""
    return Obs(
        seat=o.seat, players=o.players, dealer=o.dealer, seats=list(o.seats),
        sitting_out=list(o.sitting_out), phase=o.phase,  # type: ignore[arg-type]
        current_seat=o.current_seat, hand=_names(o.hand),
        bids=[(s, BID_NAMES[b]) for s, b in o.bids],  # type: ignore[misc]
        declarer=o.declarer, contract=o.contract, talon=_names(o.talon),
        buried=_names(o.buried), trick=[(s, C.CARD_NAMES[c]) for s, c in o.trick],  # type: ignore[misc]
        tricks=[TrickMsg(t.leader, _names(t.cards), list(t.seats), t.winner) for t in o.tricks],
        tricks_won=dict(o.tricks_won), points_won=dict(o.points_won),
        legal=[action_name(a) for a in o.legal],  # type: ignore[misc]
        can_surrender=o.can_surrender, pools_common=o.pools.common,
        pools_personal=list(o.pools.personal))


def observation_of(m: Obs, rules: Rules) -> Observation:
    """The rules core's :class:`Observation` from its wire form (for the table and bots)."""
    idx = C.CARD_INDEX
    return Observation(
        seat=m.seat, players=m.players, dealer=m.dealer,
        seats=(m.seats[0], m.seats[1], m.seats[2]), sitting_out=tuple(m.sitting_out),
        rules=rules, phase=m.phase, current_seat=m.current_seat,
        hand=tuple(idx[c] for c in m.hand),
        bids=tuple((s, BID_BY_NAME[b]) for s, b in m.bids), declarer=m.declarer,
        contract=m.contract, talon=tuple(idx[c] for c in m.talon),
        buried=tuple(idx[c] for c in m.buried),
        trick=tuple((s, idx[c]) for s, c in m.trick),
        tricks=tuple(Trick(t.leader, tuple(idx[c] for c in t.cards), tuple(t.seats), t.winner)
                     for t in m.tricks),
        tricks_won=dict(m.tricks_won), points_won=dict(m.points_won),
        legal=tuple(action_of(a) for a in m.legal), can_surrender=m.can_surrender,
        pools=Pools(m.pools_common, tuple(m.pools_personal)))


def row_msg(row) -> RowMsg:
    return RowMsg(number=row.number, dealer=row.dealer, contract=row.contract,
                  declarer=row.declarer, declarer_points=row.declarer_points,
                  declarer_tricks=row.declarer_tricks, surrendered=row.surrendered,
                  deltas=list(row.deltas), totals=list(row.totals), band=row.band,
                  pools_common=row.pools.common, pools_personal=list(row.pools.personal))


def sheet_rows(sheet: list[RowMsg], players: int) -> list[SheetRow]:
    """The score sheet's rows from a welcome, checked: numbered 1, 2, 3..., a column for
    every seat, each total the one before plus the hand's points, seats and pools' owners
    at the table.  ProtocolError for a sheet that does not add up."""
    out: list[SheetRow] = []
    totals = [0] * players
    for i, r in enumerate(sheet):
        seats_ok = all(0 <= s < players for s in [r.dealer, *r.pools_personal]) and (
            r.declarer is None or 0 <= r.declarer < players)
        if (r.number != i + 1 or len(r.deltas) != players or len(r.totals) != players
                or not seats_ok):
            raise ProtocolError(f"score sheet row {i + 1} does not fit the table")
        totals = [t + d for t, d in zip(totals, r.deltas, strict=True)]
        if totals != list(r.totals):
            raise ProtocolError(f"score sheet row {r.number} does not add up")
        out.append(SheetRow(
            number=r.number, dealer=r.dealer, contract=r.contract, declarer=r.declarer,
            declarer_points=r.declarer_points, declarer_tricks=r.declarer_tricks,
            surrendered=r.surrendered, band=r.band, deltas=tuple(r.deltas),
            totals=tuple(r.totals), pools=Pools(r.pools_common, tuple(r.pools_personal)),
            events=(), tricks=(), points=(), seats=active_seats(players, r.dealer)))
    return out


__all__ = [
    "MAX_CLIENT_FRAME", "MAX_HOST_FRAME", "TABLE", "VERSION", "Acted", "Bid", "Bury",
    "ClientMsg", "HandOver", "Hello", "HostMsg", "Intent", "Leave", "Next", "Obs", "Play",
    "ProtocolError", "Refused", "Rejected", "RowMsg", "SeatInfo", "Seats", "Surrender",
    "TrickMsg", "Undo", "Unsaved", "Update", "Welcome", "action_name", "action_of", "decode_client",
    "decode_host", "encode", "intent_action", "obs_msg", "observation_of", "row_msg", "sheet_rows",
]
