"""Bids judged by simulation: the expected game points of each bid for one seat.

Layouts of the unseen cards are sampled (a player who passed with a clear take is kept only
now and then), the rest of the bidding is played by the normal bot's rule, and each resulting
game is solved double-dummy with null-window probes (does the declarer reach 61, then 91 or
31?).  Mazā zole and galdiņš are played out by the normal bot's card rules.  Every bid is
judged on the same layouts, so that their differences are not blurred by the sampling.

The hints (:mod:`.advisor`) show these values; the strong bot (:mod:`.strong`) bids by them
where its static evaluator is not clear.  Bounded by a ``deadline`` (``time.perf_counter()``)
and stopped early by ``cancel``.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from ..rules.cards import FULL_DECK, cards_of, mask_of, points_of
from ..rules.pools import Pools
from ..rules.settlement import (
    GALDINS,
    MAZA,
    TAKE,
    band,
    contract_value,
    settle_contract,
)
from ..rules.state import (
    BIDDING,
    BURYING,
    DARK_BID,
    DONE,
    PASS,
    PLAYING,
    SURRENDER,
    HandState,
    Observation,
)
from .heuristic import TAKE_AT, ZOLE_AT, best_burial, hand_strength, heuristic_bid, heuristic_card
from .solver import NodeLimit, Solver
from .view import View

__all__ = ["BidEstimate", "estimate_bids"]

NODE_LIMIT = 6_000  # per solver; past it the hand is played out by the normal bot's rules


@dataclass
class BidEstimate:
    """``values``: bid action -> mean game points for the seat; ``best``: the advice."""

    values: dict[int, float] = field(default_factory=dict)
    best: int | None = None
    layouts: int = 0


# ---------------------------------------------------------------------------- bidding
def _sample(obs: Observation, rng: random.Random, hidden: bool) -> tuple[list[int], int]:
    """Hands by position (this seat's own, unless ``hidden``) and the talon."""
    pos = obs.seats.index(obs.seat)
    mine = mask_of(obs.hand)
    rest = cards_of(FULL_DECK if hidden else FULL_DECK & ~mine)
    rng.shuffle(rest)
    hands = [0, 0, 0]
    k = 0
    for p in range(3):
        if p == pos and not hidden:
            hands[p] = mine
            continue
        hands[p] = mask_of(rest[k:k + 8])
        k += 8
    return hands, mask_of(rest[k:k + 2])


def _plausible(obs: Observation, hands: list[int], rng: random.Random) -> bool:
    """Keep a layout with the probability that the passes so far fit it."""
    w = 1.0
    for seat, b in obs.bids:
        if seat == obs.seat or b != PASS:
            continue
        p = obs.seats.index(seat)
        s = hand_strength(hands[p], p == 0)
        if s >= TAKE_AT + 1.5:
            w *= 0.1
        elif s >= TAKE_AT:
            w *= 0.35
    return w >= 1.0 or rng.random() < w


def _band_of(s: Solver, base: int) -> str:
    """The declarer's band by probes (tricks are not counted: 61-90 style bands only)."""
    if s.reaches(0, [], 61 - base):
        return band(91, 4) if s.reaches(0, [], 91 - base) else band(61, 4)
    return band(31, 4) if s.reaches(0, [], 31 - base) else band(0, 4)


def _play_out(st: HandState) -> None:
    """Finish a hand with the normal bot's card rules (mazā zole, galdiņš)."""
    while st.phase == PLAYING:
        seat = st.current_seat
        assert seat is not None, "a hand in play has a seat to move"
        obs = st.observation(seat)
        c = heuristic_card(View(obs), "normal")
        if c not in obs.legal or c == SURRENDER:
            c = next(a for a in obs.legal if a != SURRENDER)
        st.apply(c)


def _outcome(st: HandState, seat: int, cancel) -> float:
    """Game points for ``seat`` once the bidding of ``st`` is over."""
    if st.phase == BURYING:
        for c in best_burial(st.hands[st.declarer]):
            st.apply(c)
    if st.phase == DONE or st.contract in (MAZA, GALDINS):
        _play_out(st)
        return float(st.settle().deltas[seat])
    contract = st.contract
    assert contract is not None, "the bidding is over, so a contract is set"
    d = st.declarer
    base = points_of(st.buried) if contract == TAKE else 0
    s = Solver(list(st.hands), d, node_limit=NODE_LIMIT, cancel=cancel)
    try:
        value = contract_value(contract, _band_of(s, base), st.rules)
    except NodeLimit:
        if cancel is not None and cancel.is_set():
            raise
        _play_out(st)
        return float(st.settle().deltas[seat])
    settled = settle_contract(st.players, st.seats, st.seats[d], contract, value, st.rules,
                              st.pools)
    return float(settled.deltas[seat])


def estimate_bids(obs: Observation, deadline: float, cancel=None, seed: int = 0,
                  pools: Pools | None = None, hidden: bool = False,
                  max_layouts: int = 80, only: tuple[int, ...] | None = None) -> BidEstimate:
    """Expected game points of each legal bid for ``obs.seat`` (whose turn it is to bid).

    ``hidden``: the seat has not looked at its cards (zole in the dark): its own hand is
    sampled too, and only the dark bid is estimated against passing.  ``only``: judge just
    these bids (those of them that are legal).
    """
    out = BidEstimate()
    if obs.phase != BIDDING or obs.seat not in obs.seats or not obs.legal:
        return out
    rng = random.Random(seed)
    options = [b for b in obs.legal if b != SURRENDER]
    if hidden:
        options = [b for b in options if b in (DARK_BID, PASS)]
    else:
        options = [b for b in options if b != DARK_BID]
    if only is not None:
        options = [b for b in options if b in only]
    totals = dict.fromkeys(options, 0.0)
    n = 0
    tries = 0
    while n < max_layouts and tries < max_layouts * 6:
        tries += 1
        if time.perf_counter() >= deadline or (cancel is not None and cancel.is_set()):
            break
        hands, talon = _sample(obs, rng, hidden)
        if not _plausible(obs, hands, rng):
            continue
        st0 = HandState.new(obs.players, obs.dealer,
                            {s: cards_of(hands[p]) for p, s in enumerate(obs.seats)},
                            cards_of(talon), obs.rules, pools)
        for _seat, b in obs.bids:
            st0.apply(b)
        res = {}
        try:
            for b in options:
                st = st0.copy()
                st.apply(b)
                while st.phase == BIDDING:
                    to_bid = st.current_seat
                    assert to_bid is not None, "a hand in bidding has a seat to move"
                    o = st.observation(to_bid)
                    a = heuristic_bid(o, TAKE_AT, ZOLE_AT)
                    st.apply(a if a in o.legal and a != DARK_BID else PASS)
                res[b] = _outcome(st, obs.seat, cancel)
        except NodeLimit:
            continue
        for b in options:
            totals[b] += res[b]
        n += 1
    out.layouts = n
    if n:
        out.values = {b: totals[b] / n for b in options}
        # a tie goes to passing (the safer call)
        out.best = max(options, key=lambda b: (round(out.values[b], 6), b == PASS))
    return out


