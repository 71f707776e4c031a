"""The search core the double-dummy searchers share (:mod:`.solver`, :mod:`.avoid`,
:mod:`.galdins`): the state of a trick on the table, equivalent moves merged, the node cap and
cancel flag, bounds kept per trick start in a transposition table, null-window probes and
MTD(f) for exact values.

Each searcher keeps its own inner recursion (its goal, its move ordering and its cut-offs
differ, and that loop is the hot path), and builds it from these pieces.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..rules.cards import BEATS, POINTS

__all__ = ["NodeLimit", "TrickSearch", "distinct_moves", "mtdf", "probe", "store",
           "trick_state", "trick_winner"]

NEXT = (1, 2, 0)  # the next position clockwise, from forehand


class NodeLimit(Exception):
    """The search went over its node cap or its cancel flag was set."""


def trick_winner(trick: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """(winning card, its position) of the (position, card) pairs of a trick, lead first."""
    best, bpos = trick[0][1], trick[0][0]
    for p, c in trick[1:]:
        if BEATS[best][c]:
            best, bpos = c, p
    return best, bpos


def trick_state(trick: Sequence[tuple[int, int]]) -> tuple[int, int, int, int, int]:
    """(lead, best card, its position, card points, card mask) of a trick being played."""
    best, bpos = trick_winner(trick)
    pts = tmask = 0
    for _p, c in trick:
        pts += POINTS[c]
        tmask |= 1 << c
    return trick[0][1], best, bpos, pts, tmask


def distinct_moves(moves: int, live: int, runs: Sequence[int]) -> list[int]:
    """The cards of ``moves`` lowest first, one of each run of equivalent cards: a card whose
    next live card above it in its run (``runs[c]``; ``live``: every card not yet played,
    those on the table included) is also in ``moves`` takes the same tricks, so only the top
    one of the run is kept."""
    cs = []
    m = moves
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        ra = runs[c]
        if ra:
            nx = live & ra
            if nx and (nx & -nx) & moves:
                continue
        cs.append(c)
    return cs


def probe(tt: dict[int, tuple[int, int]], key: int, alpha: int, beta: int
          ) -> tuple[int | None, int, int]:
    """Look a trick start up: (a value that settles it or None, narrowed alpha, beta)."""
    e = tt.get(key)
    if e is not None:
        lo, hi = e
        if lo >= beta:
            return lo, alpha, beta
        if hi <= alpha:
            return hi, alpha, beta
        if lo > alpha:
            alpha = lo
        if hi < beta:
            beta = hi
    return None, alpha, beta


def store(tt: dict[int, tuple[int, int]], key: int, v: int, a0: int, b0: int,
          top: int) -> None:
    """Keep what a fail-soft search of window (a0, b0) returning ``v`` proves: an upper
    bound (v <= a0), a lower bound (v >= b0) or the exact value; ``top``: the largest value
    the goal can have."""
    e = tt.get(key)
    lo, hi = e if e is not None else (0, top)
    if v <= a0:
        if v < hi:
            hi = v
    elif v >= b0:
        if v > lo:
            lo = v
    else:
        lo = hi = v
    tt[key] = (lo, hi)


def mtdf(search: Callable[[int, int], int], guess: int, top: int) -> int:
    """The exact value by null-window probes (MTD(f)): ``search(alpha, beta)`` is a
    fail-soft search; ``top`` a bound above every value."""
    lo, hi = -1, top
    g = guess
    while lo < hi:
        beta = g + 1 if g == lo else g
        g = search(beta - 1, beta)
        if g < beta:
            hi = g
        else:
            lo = g
    return g


class TrickSearch:
    """What the searchers share: one fixed layout (three hands as 26-bit sets, by position
    from forehand), a transposition table, the node count with its cap and cancel flag.

    A subclass gives ``_s(turn, n, lead, best, bpos, tpts, tmask, alpha, beta)``, the
    fail-soft value with ``n`` cards of the trick on the table, and ``TOP``."""

    __slots__ = ("hands", "tt", "nodes", "limit", "cancel")
    TOP = 1 << 20

    def __init__(self, hands: Sequence[int], node_limit: int | None = None,
                 cancel=None) -> None:
        self.hands = list(hands)
        self.tt: dict[int, tuple[int, int]] = {}
        self.nodes = 0
        self.limit = node_limit if node_limit is not None else 1 << 62
        self.cancel = cancel

    def count(self, mask: int = 4095) -> None:
        """One node more: raise :class:`NodeLimit` over the cap, or when the cancel flag is
        set (looked at every ``mask + 1`` nodes)."""
        nodes = self.nodes + 1
        self.nodes = nodes
        if nodes > self.limit or (not nodes & mask and self.cancel is not None
                                  and self.cancel.is_set()):
            raise NodeLimit

    def _s(self, turn: int, n: int, lead: int, best: int, bpos: int, tpts: int, tmask: int,
           alpha: int, beta: int) -> int:
        raise NotImplementedError

    def search(self, turn: int, trick: Sequence[tuple[int, int]] = (), alpha: int = -1,
               beta: int | None = None) -> int:
        """Fail-soft alpha-beta value of the position with ``turn`` to move and ``trick``
        ((position, card) pairs, lead first) on the table. The hands must not contain the
        trick's cards."""
        if beta is None:
            beta = self.TOP
        if not trick:
            return self._s(turn, 0, 0, 0, 0, 0, 0, alpha, beta)
        lead, best, bpos, pts, tmask = trick_state(trick)
        return self._s(turn, len(trick), lead, best, bpos, pts, tmask, alpha, beta)

    def reaches(self, turn: int, trick: Sequence[tuple[int, int]], target: int) -> bool:
        """Does the value reach at least ``target``?"""
        if target <= 0:
            return True
        return self.search(turn, trick, target - 1, target) >= target

    def value(self, turn: int, trick: Sequence[tuple[int, int]] = (), guess: int = 0) -> int:
        """The exact value (MTD(f))."""
        return mtdf(lambda a, b: self.search(turn, trick, a, b), guess, self.TOP)
