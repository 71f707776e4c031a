"""A match: hands in sequence at one table, the moving deal, the pools and the score sheet."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from . import cards as C
from .deal import Deal, active_seats, next_dealer, shuffle_and_deal
from .options import Rules
from .pools import Pools
from .settlement import GALDINS, PoolEvent, session_end
from .state import BID_NAMES, BIDDING, BURYING, PLAYING, SURRENDER, HandResult, HandState


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One row of the score sheet: a finished hand."""

    number: int  # from 1
    dealer: int
    contract: str
    declarer: int | None
    declarer_points: int | None
    declarer_tricks: int | None
    surrendered: bool
    band: str | None
    deltas: tuple[int, ...]
    totals: tuple[int, ...]
    pools: Pools
    events: tuple[PoolEvent, ...]
    tricks: tuple[int, ...]  # per active seat from forehand
    points: tuple[int, ...]
    seats: tuple[int, int, int]
    losers: tuple[int, ...] = ()

    def to_json(self, players: int) -> dict:
        out: dict = {
            "contract": self.contract,
            "declarer": self.declarer,
            "declarer_points": self.declarer_points,
            "declarer_tricks": self.declarer_tricks,
        }
        if self.contract == GALDINS:
            out["tricks"] = list(self.tricks)
            out["points"] = list(self.points)
        out["deltas"] = list(self.deltas)
        out["pools"] = self.pools.to_json(players)
        return out


@dataclass
class Match:
    """Hands at one table in sequence.  Pure: dealing takes a ``random.Random``."""

    players: int = 3
    rules: Rules = field(default_factory=Rules)
    dealer: int = 0  # dealer of the next hand
    pools: Pools = field(default_factory=Pools)
    rows: list[SheetRow] = field(default_factory=list)
    hands: list[HandState] = field(default_factory=list)  # finished hands, as played

    def __post_init__(self) -> None:
        if self.players not in (3, 4, 5):
            raise ValueError(f"a table has 3, 4 or 5 people, not {self.players}")

    @property
    def totals(self) -> tuple[int, ...]:
        return self.rows[-1].totals if self.rows else (0,) * self.players

    def deal(self, rng: random.Random) -> tuple[Deal, HandState]:
        """Shuffle, cut and deal the next hand."""
        d = shuffle_and_deal(rng, self.players, self.dealer, self.rules.deal)
        return d, self.hand_from(d.hands, d.talon)

    def hand_from(self, hands: dict[int, tuple[int, ...]], talon: tuple[int, ...]) -> HandState:
        return HandState.new(self.players, self.dealer, hands, talon, self.rules, self.pools)

    def finish(self, state: HandState) -> SheetRow:
        """Settle a finished hand, write it on the score sheet, and pass the deal on."""
        if state.dealer != self.dealer:
            raise ValueError("this hand was not dealt by the current dealer")
        result: HandResult = state.result()
        s = state.settle()
        totals = tuple(t + d for t, d in zip(self.totals, s.deltas, strict=True))
        row = SheetRow(
            number=len(self.rows) + 1, dealer=state.dealer, contract=result.contract,
            declarer=result.declarer, declarer_points=result.declarer_points,
            declarer_tricks=result.declarer_tricks, surrendered=result.surrendered,
            band=result.band, deltas=s.deltas, totals=totals, pools=s.pools, events=s.events,
            tricks=result.tricks, points=result.points, seats=state.seats, losers=s.losers)
        self.rows.append(row)
        self.hands.append(state)
        self.pools = s.pools
        self.dealer = next_dealer(self.players, self.dealer)
        return row

    def session_end(self) -> tuple[int, ...]:
        """What the pools left standing cost when the session ends."""
        return session_end(self.players, self.pools)

    def final_totals(self) -> tuple[int, ...]:
        return tuple(t + d for t, d in zip(self.totals, self.session_end(), strict=True))

    def to_record(self, extra: dict | None = None) -> dict:
        rec = {"format": "zole-match/1", "players": self.players, "rules": self.rules.to_dict(),
               "hands": [hand_record(h) for h in self.hands]}
        if extra:
            for k, v in extra.items():
                rec.setdefault(k, v)
        return rec

    def active_seats(self) -> tuple[int, int, int]:
        return active_seats(self.players, self.dealer)


def hand_record(state: HandState) -> dict:
    """The ``zole-match/1`` entry of a hand (finished or not)."""
    masks, talon = state._initial
    hands: list = [None] * state.players
    for pos, seat in enumerate(state.seats):
        hands[seat] = C.names_of(masks[pos])
    bids: list[str] = []
    discard: list[str] = []
    play: list[str] = []
    surrender = False
    phase = BIDDING
    probe = HandState.new(state.players, state.dealer,
                          {s: C.cards_of(masks[i]) for i, s in enumerate(state.seats)},
                          talon, state.rules, state.pools)
    for _seat, a in state.actions():
        phase = probe.phase
        probe.apply(a)
        if a == SURRENDER:
            surrender = True
        elif phase == BIDDING:
            bids.append(BID_NAMES[a])
        elif phase == BURYING:
            discard.append(C.CARD_NAMES[a])
        elif phase == PLAYING:
            play.append(C.CARD_NAMES[a])
    rec: dict = {"dealer": state.dealer, "hands": hands, "talon": [C.CARD_NAMES[c] for c in talon],
                 "bids": bids}
    if discard:
        rec["discard"] = discard
    rec["play"] = play
    rec["surrender"] = surrender
    return rec
