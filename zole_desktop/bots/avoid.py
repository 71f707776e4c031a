"""Double-dummy search for the contracts in which a player avoids tricks: mazā zole and galdiņš.

Positions are 0, 1, 2 from forehand, as in :mod:`.solver`.  One position, ``me``, wants as
little as possible of what it takes from here on: ``trick_weight`` per trick plus
``point_weight`` per card point in those tricks; the two others play to give it as much as
they can.  That is exact for mazā zole, where the two defenders are a partnership that wants
the declarer to take a trick (``trick_weight=1, point_weight=0``, and the question is whether
the value reaches 1).  In galdiņš every player is on his own; this search is the "paranoid"
reading of it (the two others together against me), the usual two-sided stand-in for a
three-sided game: my tricks (and card points as the tie-break) against the worst the table
can do to me.

Like :class:`.solver.Solver`: a transposition table at trick starts keyed on the remaining
cards and the leader, storing bounds on the future value (path-independent); equivalent
adjacent trumps merged; null-window probes (:meth:`AvoidSolver.reaches`) and MTD(f)
(:meth:`AvoidSolver.value`); a node cap raises :class:`.solver.NodeLimit`.
"""

from __future__ import annotations

from ..rules.cards import (
    BEATS,
    FOLLOW_MASK,
    POINTS,
    SUIT_MASKS,
    SUIT_OF,
    TRUMP_MASK,
    cards_of,
    points_of,
)
from .search import NEXT as _NEXT
from .search import TrickSearch, distinct_moves, probe, store, trick_winner
from .solver import _RUN_ABOVE

__all__ = ["AvoidSolver", "brute_force_avoid", "SUIT_ABOVE"]

_INF = 1 << 20
# the cards of the same suit class above each card: when only tricks count, two cards with no
# live card of their suit between them take the same tricks, whatever their points
SUIT_ABOVE: tuple[int, ...] = tuple(SUIT_MASKS[SUIT_OF[c]] & ~((2 << c) - 1) for c in range(26))


class AvoidSolver(TrickSearch):
    """Alpha-beta over one fixed layout; the value is what ``me`` takes from here on."""

    __slots__ = ("me", "tw", "pw", "runs")
    TOP = _INF

    def __init__(self, hands: list[int] | tuple[int, ...], me: int, trick_weight: int = 1,
                 point_weight: int = 0, node_limit: int | None = None, cancel=None) -> None:
        super().__init__(hands, node_limit, cancel)
        self.me = me
        self.tw = trick_weight
        self.pw = point_weight
        # equivalent adjacent cards: any in a suit when points do not count, else the
        # equal-point trump runs
        self.runs = SUIT_ABOVE if point_weight == 0 else _RUN_ABOVE

    def reaches(self, turn: int, trick, target: int) -> bool:
        """Can the others make ``me`` take at least ``target`` more?"""
        return super().reaches(turn, trick, target)

    # ------------------------------------------------------------------ core
    def _s(self, turn, n, lead, best, bpos, tpts, tmask, alpha, beta):
        hands = self.hands
        me = self.me
        tw = self.tw
        pw = self.pw
        if n == 0:
            h0, h1, h2 = hands
            live = h0 | h1 | h2
            if not live:
                return 0
            if beta <= 0:
                return 0
            if live.bit_count() == 3:
                a = hands[turn]
                t1 = _NEXT[turn]
                b = hands[t1]
                c = hands[_NEXT[t1]]
                a = a.bit_length() - 1
                b = b.bit_length() - 1
                c = c.bit_length() - 1
                w, wb = turn, a
                if BEATS[wb][b]:
                    w, wb = t1, b
                if BEATS[wb][c]:
                    w = _NEXT[t1]
                return tw + pw * (POINTS[a] + POINTS[b] + POINTS[c]) if w == me else 0
            most = tw * (live.bit_count() // 3) + pw * points_of(live)
            if alpha >= most:
                return most
            # sure tricks: my run of trumps from the top of the live ones, each takes one
            lt = live & TRUMP_MASK
            if lt:
                mine = hands[me]
                sure = 0
                top = 1 << (lt.bit_length() - 1)
                while top & mine:
                    sure += tw + pw * POINTS[top.bit_length() - 1]
                    lt ^= top
                    if not lt:
                        break
                    top = 1 << (lt.bit_length() - 1)
                if sure >= beta:
                    return sure
            key = live | turn << 26
            hit, alpha, beta = probe(self.tt, key, alpha, beta)
            if hit is not None:
                return hit
            a0, b0 = alpha, beta
        self.count()
        hand = hands[turn]
        moves = (hand & FOLLOW_MASK[lead] or hand) if n else hand
        cs = distinct_moves(moves, hands[0] | hands[1] | hands[2] | tmask, self.runs)
        is_me = turn == me
        if len(cs) > 1 and n:
            beat = BEATS[best]
            under = [c for c in cs if not beat[c]]
            over = [c for c in cs if beat[c]]
            if is_me:
                # duck with the highest card that stays under; else win as cheaply as can be
                under.reverse()
                cs = under + over
            elif bpos == me:
                # I am winning it: the others keep under me, loading the trick
                under.sort(key=POINTS.__getitem__, reverse=True)
                cs = under + over
            else:
                # someone else wins: the others overtake only when they must
                under.reverse()
                cs = under + over
        elif len(cs) > 1 and not is_me:
            cs.reverse()
        v_best = _INF if is_me else -1
        nxt = _NEXT[turn]
        for c in cs:
            hands[turn] = hand ^ (1 << c)
            p = tpts + POINTS[c]
            if n == 0:
                v = self._s(nxt, 1, c, c, turn, p, 1 << c, alpha, beta)
            else:
                if BEATS[best][c]:
                    nb, nbp = c, turn
                else:
                    nb, nbp = best, bpos
                if n == 2:
                    if nbp == me:
                        add = tw + pw * p
                        v = add + self._s(nbp, 0, 0, 0, 0, 0, 0, alpha - add, beta - add)
                    else:
                        v = self._s(nbp, 0, 0, 0, 0, 0, 0, alpha, beta)
                else:
                    v = self._s(nxt, 2, lead, nb, nbp, p, tmask | 1 << c, alpha, beta)
            hands[turn] = hand
            if is_me:
                if v < v_best:
                    v_best = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
            else:
                if v > v_best:
                    v_best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
        if n == 0:
            store(self.tt, key, v_best, a0, b0, _INF)
        return v_best


def brute_force_avoid(hands: list[int], me: int, turn: int, trick=(), trick_weight: int = 1,
                      point_weight: int = 0) -> int:
    """Plain minimax without pruning or tables (a reference for tests)."""
    hands = list(hands)
    trick = list(trick)
    if not trick and not (hands[0] | hands[1] | hands[2]):
        return 0
    hand = hands[turn]
    moves = hand & FOLLOW_MASK[trick[0][1]] or hand if trick else hand
    vals = []
    for c in cards_of(moves):
        hands[turn] = hand ^ (1 << c)
        t2 = trick + [(turn, c)]
        if len(t2) == 3:
            bpos = trick_winner(t2)[1]
            gain = trick_weight + point_weight * sum(POINTS[x] for _, x in t2) \
                if bpos == me else 0
            vals.append(gain + brute_force_avoid(hands, me, bpos, (), trick_weight,
                                                 point_weight))
        else:
            vals.append(brute_force_avoid(hands, me, _NEXT[turn], t2, trick_weight,
                                          point_weight))
        hands[turn] = hand
    return min(vals) if turn == me else max(vals)
