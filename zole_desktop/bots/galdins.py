"""Galdiņš with the talon in play: the 4-card tricks searched double-dummy.

Under ``galdins_talon=lead`` or ``last`` the talon cards play in the first two tricks, which
then have four cards (the rules core, :mod:`zole_desktop.rules.state`, is the authority):

* ``lead``: each talon card in turn is turned up and leads one of the first two tricks, the
  players following from forehand; a trick the talon card wins stays with the table; forehand
  leads the third trick.
* ``last``: the talon card is played as the fourth card of the first trick; if it wins, the
  second talon card leads the second trick (players from forehand), else the winner leads it
  and the second talon card is played last in it.  After a trick the talon won with no talon
  card left, forehand leads.

:class:`TalonSearch` plays those tricks out with the talon cards as fixed plays (their order
is part of the layout: the ones not yet turned up are sampled like the hands) and hands over
to :class:`.avoid.AvoidSolver` at the start of the first 3-card trick, so the goal and the
model are the avoid search's: what ``me`` takes from here on (``trick_weight`` per trick plus
``point_weight`` per card point), the other two playing to give it as much as they can.
Trick starts inside the talon tricks keep bounds in a table of their own; the node cap and
the cancel flag are the solver's.

:func:`talon_card` is the strong bot's card decision in those tricks: sampled layouts of the
unseen cards and of the talon cards still face down, each card valued by the search, the
smallest weighted mean wins.  :func:`brute_force_talon` is plain minimax over the rules core's
own state (a reference for tests).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ..rules.cards import BEATS, FOLLOW_MASK, POINTS, cards_of, mask_of, points_of
from ..rules.state import DONE, TABLE, HandState
from .avoid import AvoidSolver
from .sampling import _means
from .search import NodeLimit, distinct_moves, mtdf, probe, store, trick_winner

if TYPE_CHECKING:
    from .strong import StrongBot
    from .view import View

__all__ = ["TalonSearch", "talon_card", "brute_force_talon"]

_INF = 1 << 20
# fewer layouts solved in time than this: the normal bot's card
_FEWEST = 3


def _winner(trick: list[tuple[int, int]]) -> int:
    """The position (or ``TABLE``) that wins ``trick``."""
    return trick_winner(trick)[1]


class TalonSearch:
    """The talon tricks of one galdiņš layout, over an :class:`AvoidSolver` for the rest.

    ``pending``: the talon cards not yet on the table, in the order they will come;
    ``mode``: ``"lead"`` or ``"last"``.  Values are fail-soft, from ``solver.me``'s view:
    what it takes from here on."""

    __slots__ = ("s", "mode", "pending", "tt")

    def __init__(self, solver: AvoidSolver, mode: str, pending: tuple[int, ...] | list[int]):
        if mode not in ("lead", "last"):
            raise ValueError(f"no talon tricks under galdins_talon={mode!r}")
        self.s = solver
        self.mode = mode
        self.pending = tuple(pending)
        self.tt: dict[int, tuple[int, int]] = {}

    # ------------------------------------------------------------------ public
    def search_after(self, trick: list[tuple[int, int]], tn: int, alpha: int = -1,
                     beta: int = _INF) -> int:
        """Fail-soft value right after the last card of ``trick`` was played (the hands must
        no longer hold the trick's cards); ``tn`` of the pending talon cards are used."""
        return self._after(list(trick), tn, alpha, beta)

    def value_after(self, trick: list[tuple[int, int]], tn: int = 0, guess: int = 0) -> int:
        """The exact value after the last card of ``trick`` (MTD(f))."""
        return mtdf(lambda a, b: self._after(list(trick), tn, a, b), guess, _INF)

    def value_of_card(self, me: int, trick: list[tuple[int, int]], card: int,
                      guess: int = 0, within: int | None = None) -> int:
        """What ``solver.me`` takes from here on once position ``me`` plays ``card`` into
        ``trick`` (``me`` to move; the pending talon cards all still to come).  With
        ``within``: exact when the value is at most ``within``; otherwise a lower bound above
        ``within`` (one null-window probe: enough to rank a card that is worse than the best
        so far)."""
        hands = self.s.hands
        hand = hands[me]
        hands[me] = hand & ~(1 << card)
        t2 = list(trick) + [(me, card)]
        try:
            if within is not None:
                g = self._after(list(t2), 0, within, within + 1)
                if g > within:
                    return g
                guess = g
            return self.value_after(t2, 0, guess)
        finally:
            hands[me] = hand

    # ------------------------------------------------------------------ core
    def _after(self, trick: list[tuple[int, int]], tn: int, alpha: int, beta: int) -> int:
        """A card has just been played into ``trick``: the talon card joins under ``last``,
        the trick is finished, the next trick is started as the rules say."""
        pend = self.pending
        has_table = any(p == TABLE for p, _ in trick)
        if (self.mode == "last" and len(trick) == 3 and not has_table and tn < len(pend)):
            trick = trick + [(TABLE, pend[tn])]
            tn += 1
            has_table = True
        if len(trick) < (4 if has_table else 3):
            last = trick[-1][0]
            return self._play(0 if last == TABLE else (last + 1) % 3, trick, tn, alpha, beta)
        s = self.s
        w = _winner(trick)
        gain = s.tw + s.pw * sum(POINTS[c] for _, c in trick) if w == s.me else 0
        if tn < len(pend) and (self.mode == "lead" or w == TABLE):
            # the next talon card leads the next trick
            return gain + self._start(TABLE, tn, alpha - gain, beta - gain)
        if self.mode == "lead":
            leader = 0 if has_table else w  # forehand leads after the talon-led tricks
        else:
            leader = 0 if w == TABLE else w
        if tn < len(pend):
            # "last": a player leads; the talon card will be played last in this trick
            return gain + self._start(leader, tn, alpha - gain, beta - gain)
        return gain + s.search(leader, (), alpha - gain, beta - gain)

    def _start(self, leader: int, tn: int, alpha: int, beta: int) -> int:
        """A talon trick starts, led by ``leader`` (a position, or ``TABLE``: the next talon
        card is turned up); bounds on its future value are kept per remaining cards."""
        s = self.s
        h0, h1, h2 = s.hands
        live = h0 | h1 | h2
        if not live or beta <= 0:
            return 0
        most = s.tw * (live.bit_count() // 3) + s.pw * points_of(live | mask_of(self.pending[tn:]))
        if alpha >= most:
            return most
        key = live | (leader + 1) << 26 | tn << 28
        hit, alpha, beta = probe(self.tt, key, alpha, beta)
        if hit is not None:
            return hit
        a0, b0 = alpha, beta
        if leader == TABLE:
            v = self._play(0, [(TABLE, self.pending[tn])], tn + 1, alpha, beta)
        else:
            v = self._play(leader, [], tn, alpha, beta)
        store(self.tt, key, v, a0, b0, _INF)
        return v

    def _play(self, turn: int, trick: list[tuple[int, int]], tn: int, alpha: int,
              beta: int) -> int:
        s = self.s
        s.count(1023)
        hands = s.hands
        me = s.me
        hand = hands[turn]
        if not hand:
            return 0  # (small test endgames only: every hand runs out together)
        moves = (hand & FOLLOW_MASK[trick[0][1]] or hand) if trick else hand
        tmask = 0
        for _, c in trick:
            tmask |= 1 << c
        allc = hands[0] | hands[1] | hands[2] | tmask | mask_of(self.pending[tn:])
        cs = distinct_moves(moves, allc, s.runs)
        is_me = turn == me
        if len(cs) > 1:
            if trick:
                best, bpos = trick_winner(trick)
                beat = BEATS[best]
                under = [c for c in cs if not beat[c]]
                over = [c for c in cs if beat[c]]
                if not is_me and bpos == me:
                    under.sort(key=POINTS.__getitem__, reverse=True)  # load my trick
                else:
                    under.reverse()  # duck with the highest card that stays under
                cs = under + over
            elif not is_me:
                cs.reverse()
        v_best = _INF if is_me else -1
        for c in cs:
            hands[turn] = hand ^ (1 << c)
            try:
                v = self._after(trick + [(turn, c)], tn, alpha, beta)
            finally:
                hands[turn] = hand
            if is_me:
                if v < v_best:
                    v_best = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
            elif v > v_best:
                v_best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return v_best


def brute_force_talon(st: HandState, me: int, trick_weight: int = 1,
                      point_weight: int = 0) -> int:
    """Plain minimax over the rules core's own state: what position ``me`` takes from here
    on (``trick_weight`` per trick, ``point_weight`` per card point) when ``me`` plays to
    take little and the other two to give it much.  The hand ends when the cards run out
    (test positions may hold fewer than eight cards each).  A reference for tests."""
    if st.phase == DONE or not (st.hands[0] | st.hands[1] | st.hands[2]):
        return 0
    t0, p0 = st.tricks_won[me], st.points_won[me]
    vals = []
    for c in cards_of(st.legal_cards_mask()):
        nxt = st.copy()
        nxt.apply(c)
        got = trick_weight * (nxt.tricks_won[me] - t0) + point_weight * (nxt.points_won[me] - p0)
        vals.append(got + brute_force_talon(nxt, me, trick_weight, point_weight))
    return min(vals) if st.turn == me else max(vals)


def talon_card(bot: StrongBot, v: View, deadline: float, cancel, k: int, hint: int) -> int:
    """The strong bot's card in a galdiņš trick that a talon card plays in (the first two
    tricks under ``galdins_talon`` ``lead`` or ``last``), by sampled layouts searched with
    :class:`TalonSearch` and the bot's avoid goal.  ``hint`` is the normal bot's card: the
    fallback when no layout was solved in time, and the choice among equal cards."""
    from .strong import _Until

    legal = [a for a in v.legal if a < 26]
    cands = bot._distinct(v, legal)
    bot.last_values, bot.last_goal = {}, {}
    if len(cands) == 1:
        return hint if hint in legal and bot._same_class(v, hint, cands[0]) else cands[0]
    who, tw, pw, _sign = bot._avoid_goal(v)
    mode = v.obs.rules.galdins_talon
    trick = list(v.trick)
    # the normal bot's card first: most often the best, so the others need one probe each
    order = sorted(cands, key=lambda c: not bot._same_class(v, hint, c))
    cap = bot.node_caps[k]
    most = bot.layouts if bot.layouts is not None else bot.max_layouts[k]

    def solve(lay: tuple[list[int], int], until: _Until) -> tuple[float, list[float]]:
        hands, pile = lay
        # the talon cards still face down, in a sampled order
        pending = cards_of(pile)
        bot.rng.shuffle(pending)
        ts = TalonSearch(AvoidSolver(hands, who, tw, pw, node_limit=cap, cancel=until),
                         mode, pending)
        res: dict[int, int] = {}
        best: int | None = None
        for c in order:
            # exact for the best card so far, a bound above it for a worse one
            x = res[c] = ts.value_of_card(v.pos, trick, c, best or 0, best)
            if best is None or x < best:
                best = x
            if time.perf_counter() >= until.at:
                raise NodeLimit
        return bot._play_weight(v, hands, pile), [float(res[c]) for c in cands]

    t = bot._sampled(bot._drawer(v), solve, len(cands), most, deadline, cancel)
    bot.last_layouts = t.n
    means = _means(t, cands)
    if means is None or t.n < min(_FEWEST, most):
        return hint  # too few layouts to judge by (a first lead in "last" may solve one)
    # the mean of what the others can push on me, in the goal's units (as _pimc_avoid); for
    # a card worse than the best in a layout, a bound that may fall short of it
    totals, bot.last_values, _goal = means
    low = min(totals.values())
    tied = [c for c in cands if totals[c] <= low + 1e-9]
    for c in tied:
        if bot._same_class(v, hint, c):
            return hint
    return min(tied, key=lambda c: (POINTS[c], c))

