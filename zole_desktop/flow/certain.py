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

from ..rules.cards import BEATS, FOLLOW_MASK, POINTS, TRUMP_MASK, cards_of, trick_winner_index
from ..rules.state import PLAYING, SURRENDER, HandState

log = logging.getLogger(__name__)

BUDGET = 600  # positions looked at, at most (some 50 ms on a slow machine)
MIN_TRICKS = 2  # a hand with one trick left plays itself card by card anyway


class _Mixed(Exception):
    """Two continuations end differently (or the budget ran out)."""


def _tally(st: HandState) -> tuple[int, ...]:
    """Tricks and card points taken so far, by position, and the table's (galdiņš)."""
    return (*st.tricks_won, *st.points_won, st.table_tricks, st.table_points)


def _all_winners(me: int, others: int) -> bool:
    """Every card in ``me`` takes its trick when led, in any order, against ``others`` (each
    trump higher than every trump in ``others``; each plain card the highest of its suit, with
    no trump in ``others``).  Fewer cards in ``others`` keep it true."""
    for c in cards_of(me):
        higher = FOLLOW_MASK[c] & ~((1 << (c + 1)) - 1)
        if others & higher:
            return False
        if not TRUMP_MASK & (1 << c) and others & TRUMP_MASK:
            return False  # a plain card the others could trump
    return True


def _mover_takes_the_rest(st: HandState) -> bool:
    """The seat to move takes every trick left whatever anyone plays, decided at once: at a
    trick's start its every card is a sure winner; in a trick, each of its legal cards beats
    the trick so far and every card the players after it hold, and its cards left after any
    of them are all sure winners as leads."""
    if st.contract == "galdins":
        return False
    me = st.hands[st.turn]
    others = 0
    for i, h in enumerate(st.hands):
        if i != st.turn:
            others |= h
    if not st.trick:
        return _all_winners(me, others)
    best = st.trick[trick_winner_index(st.trick)]
    later = 0
    for k in range(1, 3 - len(st.trick)):
        later |= st.hands[(st.turn + k) % 3]
    for c in _moves(st):
        if not BEATS[best][c] or any(BEATS[c][x] for x in cards_of(later)):
            return False
        if not _all_winners(me & ~(1 << c), others):
            return False
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
    if _mover_takes_the_rest(state):
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
