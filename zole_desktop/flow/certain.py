"""Is the rest of a hand certain?  Every remaining trick goes to the same seat, with the
same card points, whatever anyone plays: then the hand may be finished at once.

Decided by the rules core itself: every legal continuation is played out on copies of the
hand's state (:meth:`HandState.apply`), with the outcome of each position at a trick's start
remembered (the layout is fixed, so the cards still held and the seat to lead say
everything), and the search stops at the first two continuations that end differently.  A
search that would take longer than ``budget`` positions answers "not certain": the offer is
only ever made for what was proven.
"""

from __future__ import annotations

import logging

from ..rules.cards import FOLLOW_MASK, POINTS, TRUMP_MASK, cards_of
from ..rules.state import PLAYING, SURRENDER, HandState

log = logging.getLogger(__name__)

BUDGET = 600  # positions looked at, at most (some 50 ms on a slow machine)
MIN_TRICKS = 2  # a hand with one trick left plays itself card by card anyway


class _Mixed(Exception):
    """Two continuations end differently (or the budget ran out)."""


def _tally(st: HandState) -> tuple[int, ...]:
    """Tricks and card points taken so far, by position, and the table's (galdiņš)."""
    return (*st.tricks_won, *st.points_won, st.table_tricks, st.table_points)


def _leader_holds_every_winner(st: HandState) -> bool:
    """At a trick's start: every card of the seat to lead takes its trick whatever is led
    first (each trump higher than every trump the others hold; each plain card the highest
    of its suit still out, with no trump left to the others).  The common certain rest,
    decided at once."""
    if st.trick or st.contract == "galdins":
        return False
    me = st.hands[st.turn]
    others = 0
    for i, h in enumerate(st.hands):
        if i != st.turn:
            others |= h
    for c in cards_of(me):
        higher = FOLLOW_MASK[c] & ~((1 << (c + 1)) - 1)
        if others & higher:
            return False
        if not me & TRUMP_MASK & (1 << c) and others & TRUMP_MASK:
            return False  # a plain card the others could trump
    return True


def _moves(st: HandState) -> list[int]:
    """The legal cards, one of each run of equivalent cards: the same suit, the same card
    points and no card still out (held or in the trick) between them; playing one or the
    other ends every continuation the same way."""
    legal = [a for a in st.legal_actions() if a != SURRENDER]
    live = 0
    for h in st.hands:
        live |= h
    for c in st.trick:
        live |= 1 << c
    out: list[int] = []
    for c in legal:  # ascending: c is merged into the previous kept card when equivalent
        if out:
            p = out[-1]
            between = live & ((1 << c) - 1) & ~((1 << (p + 1)) - 1)
            if FOLLOW_MASK[p] == FOLLOW_MASK[c] and POINTS[p] == POINTS[c] and not between:
                continue
        out.append(c)
    return out


def rest_is_certain(state: HandState, budget: int = BUDGET) -> bool:
    """True when the hand is being played, at least ``MIN_TRICKS`` tricks are left, and
    every way of playing the rest gives every trick to the same seat with the same card
    points (so the hand's result too is certain)."""
    if state.phase != PLAYING or state.is_terminal():
        return False
    if 8 - len(state.completed) < MIN_TRICKS:
        return False
    if _leader_holds_every_winner(state):
        return True
    memo: dict[tuple, tuple[int, ...]] = {}  # a trick's start: what the rest adds to the tally
    count = [0]

    def walk(st: HandState) -> tuple[int, ...]:
        """The tally at the hand's end, the same for every continuation (else _Mixed)."""
        if st.is_terminal():
            return _tally(st)
        key = None
        now = _tally(st)
        if not st.trick:
            key = (tuple(st.hands), st.turn, st.talon_next)
            hit = memo.get(key)
            if hit is not None:
                return tuple(a + b for a, b in zip(now, hit, strict=True))
        count[0] += 1
        if count[0] > budget:
            raise _Mixed
        seen = None
        for a in _moves(st):  # (giving up is no way of playing the cards)
            nxt = st.copy()
            nxt.apply(a)
            end = walk(nxt)
            if seen is None:
                seen = end
            elif end != seen:
                raise _Mixed
        assert seen is not None
        if key is not None:
            memo[key] = tuple(a - b for a, b in zip(seen, now, strict=True))
        return seen

    try:
        walk(state.copy())
    except _Mixed:
        return False
    return True


def rest_of_hand(state: HandState) -> list[tuple[int, int]]:
    """(seat, card) for the rest of a certain hand, played out on a copy by the rules core:
    each seat's first legal card (any order gives the same tricks and points)."""
    st = state.copy()
    out = []
    while st.phase == PLAYING:
        seat = st.current_seat
        assert seat is not None
        card = next(a for a in st.legal_actions() if a != SURRENDER)
        st.apply(card)
        out.append((seat, card))
    return out
