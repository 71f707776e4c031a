"""Double-dummy solver: the declarer's card points with every card open.

Positions are numbered 0, 1, 2 from forehand (as inside :class:`HandState`).  A position is
the three hands as 26-bit sets, the player to move and the cards already in the current
trick.  The value is the number of card points the declarer still takes from here on (the
cards of the current trick included), the declarer maximising and the two defenders
minimising it.

Speed, in pure Python:

* a transposition table at trick starts, keyed on the remaining cards and the leader (the
  layout is fixed for one solver, so the remaining cards say who holds what) and storing
  bounds on *future* points, so that it is path-independent and shared by every probe and
  every root move of one layout;
* equivalent cards merged: trumps with equal points and no live card between them (queens,
  jacks, ♦9/8/7) are one move;
* move ordering from the trick so far (smear on a winning partner, win cheaply, duck low);
* null-window probes (:meth:`Solver.reaches`) and MTD(f) for exact values
  (:meth:`Solver.value`), with an optional node cap (:class:`NodeLimit`) for deadlines.
"""

from __future__ import annotations

from ..rules.cards import BEATS, FOLLOW_MASK, POINTS, cards_of, points_of
from .search import NEXT as _NEXT
from .search import NodeLimit, TrickSearch, distinct_moves, probe, store, trick_winner

__all__ = ["NodeLimit", "Solver", "brute_force"]


def _run_above() -> tuple[int, ...]:
    out = [0] * 26
    for lo, hi in ((12, 14), (18, 21), (22, 25)):
        for c in range(lo, hi + 1):
            out[c] = sum(1 << x for x in range(c + 1, hi + 1))
    return tuple(out)


_RUN_ABOVE = _run_above()
_INF = 1000


class Solver(TrickSearch):
    """Alpha-beta over one fixed layout.

    ``hands``: three card sets by position; ``declarer``: the declarer's position.
    ``node_limit``: raise :class:`NodeLimit` after that many nodes (counted over the solver's
    life; reset with ``solver.nodes = 0``).  ``cancel``: an object with ``is_set()`` checked
    every few thousand nodes.
    """

    __slots__ = ("decl",)
    TOP = _INF

    def __init__(self, hands: list[int] | tuple[int, ...], declarer: int,
                 node_limit: int | None = None, cancel=None) -> None:
        super().__init__(hands, node_limit, cancel)
        self.decl = declarer

    def reaches(self, turn: int, trick, target: int) -> bool:
        """Can the declarer force at least ``target`` more card points?"""
        return super().reaches(turn, trick, target)

    def value(self, turn: int, trick=(), guess: int = 60) -> int:
        """The exact double-dummy value (MTD(f))."""
        return super().value(turn, trick, guess)

    def move_values(self, turn: int, trick, exact: bool = True) -> dict[int, int]:
        """Exact value (declarer's future points, this trick included) of every legal card of
        the player to move, equivalent cards listed each."""
        hand = self.hands[turn]
        if trick:
            follow = hand & FOLLOW_MASK[trick[0][1]]
            moves = follow or hand
        else:
            moves = hand
        out = {}
        trick = list(trick)
        for c in cards_of(moves):
            self.hands[turn] = hand ^ (1 << c)
            try:
                out[c] = self._after(turn, trick, c)
            finally:
                self.hands[turn] = hand
        return out

    def _after(self, turn: int, trick: list, c: int) -> int:
        t2 = trick + [(turn, c)]
        if len(t2) == 3:
            bpos = trick_winner(t2)[1]
            gain = sum(POINTS[x] for _, x in t2) if bpos == self.decl else 0
            return gain + self.value(bpos, ())
        return self.value(_NEXT[turn], t2)

    # ------------------------------------------------------------------ core
    def _s(self, turn, n, lead, best, bpos, tpts, tmask, alpha, beta):
        hands = self.hands
        decl = self.decl
        if n == 0:
            h0, h1, h2 = hands
            live = h0 | h1 | h2
            if not live:
                return 0
            if live.bit_count() == 3:
                # the last trick: no choice left
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
                return POINTS[a] + POINTS[b] + POINTS[c] if w == decl else 0
            if beta <= 0:
                return 0
            rem = points_of(live)
            if alpha >= rem:
                return rem
            key = live | turn << 26
            hit, alpha, beta = probe(self.tt, key, alpha, beta)
            if hit is not None:
                return hit
            a0, b0 = alpha, beta
        self.count()
        hand = hands[turn]
        if n:
            moves = hand & FOLLOW_MASK[lead] or hand
        else:
            moves = hand
        # ---- move ordering
        cs = distinct_moves(moves, hands[0] | hands[1] | hands[2] | tmask, _RUN_ABOVE)
        me_decl = turn == decl
        if len(cs) > 1:
            if n == 0:
                cs.reverse()
            else:
                mine = (bpos == decl) == me_decl
                if mine:
                    # partner (or I) winning: smear points, highest first
                    cs.sort(key=POINTS.__getitem__, reverse=True)
                else:
                    beat = BEATS[best]
                    win = [c for c in cs if beat[c]]
                    if win:
                        lose = [c for c in cs if not beat[c]]
                        if n == 2:
                            win.sort(key=POINTS.__getitem__, reverse=True)
                        lose.sort(key=POINTS.__getitem__)
                        cs = win + lose
                    else:
                        cs.sort(key=POINTS.__getitem__)
        # ---- search
        if me_decl:
            v_best = -1
        else:
            v_best = _INF
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
                    if nbp == decl:
                        v = p + self._s(nbp, 0, 0, 0, 0, 0, 0, alpha - p, beta - p)
                    else:
                        v = self._s(nbp, 0, 0, 0, 0, 0, 0, alpha, beta)
                else:
                    v = self._s(nxt, 2, lead, nb, nbp, p, tmask | 1 << c, alpha, beta)
            hands[turn] = hand
            if me_decl:
                if v > v_best:
                    v_best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if v < v_best:
                    v_best = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        if n == 0:
            store(self.tt, key, v_best, a0, b0, 120)
        return v_best


def brute_force(hands: list[int], declarer: int, turn: int, trick=()) -> int:
    """Plain minimax without any pruning or tables (a reference for tests)."""
    hands = list(hands)
    trick = list(trick)
    if not trick and not (hands[0] | hands[1] | hands[2]):
        return 0
    hand = hands[turn]
    moves = hand
    if trick:
        moves = hand & FOLLOW_MASK[trick[0][1]] or hand
    vals = []
    for c in cards_of(moves):
        hands[turn] = hand ^ (1 << c)
        t2 = trick + [(turn, c)]
        if len(t2) == 3:
            bpos = trick_winner(t2)[1]
            gain = sum(POINTS[x] for _, x in t2) if bpos == declarer else 0
            vals.append(gain + brute_force(hands, declarer, bpos, ()))
        else:
            vals.append(brute_force(hands, declarer, _NEXT[turn], t2))
        hands[turn] = hand
    return max(vals) if turn == declarer else min(vals)
