"""The strong bot's play in the contracts where a player avoids tricks (mazā zole, galdiņš):
the goal of the search and the card chosen by sampled layouts, each searched by
:class:`.avoid.AvoidSolver`. :class:`.strong.StrongBot` calls these with itself."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ..rules.cards import POINTS
from ..rules.settlement import GALDINS, MAZA
from ..rules.state import Observation
from .avoid import AvoidSolver
from .bidsim import _plausible as plausible
from .bidsim import _sample as sample_deal
from .galdins import talon_card
from .heuristic import heuristic_card
from .sampling import _REJECTED, _means, _Until
from .search import trick_winner
from .solver import NodeLimit
from .view import NEXT, View

if TYPE_CHECKING:
    from .strong import StrongBot

# the weight of the first measure in a lexicographic galdiņš goal (over 120 card points)
LEX = 4096


def avoid_goal(bot: StrongBot, v: View) -> tuple[int, int, int, int]:
    """(the position that avoids, trick weight, point weight, sign): the search's value
    is what that position takes; ``sign`` 1 when this seat wants it small.

    Galdiņš: the penalty's measure, tricks (card points under ``points_rate``).  Whether
    the loser pays a fixed sum or per trick, fewer is better, so the weights are the
    same.  Under ``galdins_tie=points`` a tie on that measure goes to the other one (in
    about a fifth of the hands the most tricks are tied), so from trick
    ``galdins_lex_from + 1`` on the goal is lexicographic (``LEX`` per trick, or per card
    point, and 1 per unit of the other); earlier it is not: points that differ keep the
    search from merging cards, 3-10 times the nodes.  ``all_pay``: no tie-break."""
    if v.contract == MAZA:
        return v.decl, 1, 0, 1 if v.is_decl else -1
    rules = v.obs.rules
    lex = rules.galdins_tie == "points" and v.n_tricks >= bot.galdins_lex_from
    if rules.galdins_penalty == "points_rate":
        return (v.pos, 1, LEX, 1) if lex else (v.pos, 0, 1, 1)
    return (v.pos, LEX, 1, 1) if lex else (v.pos, 1, 0, 1)


def pimc_avoid(bot: StrongBot, v: View, deadline: float, cancel, k: int) -> int:
    """Mazā zole and galdiņš by sampled layouts, each searched by :class:`AvoidSolver`.
    The mean value per card is kept in ``last_values`` (diagnostics and hints)."""
    legal = [a for a in v.legal if a < 26]
    hint = heuristic_card(v, "normal")
    bot.last_values, bot.last_goal = {}, {}
    if v.contract == GALDINS and (any(p < 0 for p, _ in v.trick) or (
            v.obs.rules.galdins_talon != "none" and v.n_tricks < 2)):
        return talon_card(bot, v, deadline, cancel, k, hint)  # 4-card tricks (.galdins)
    cands = bot._distinct(v, legal)
    if len(cands) == 1:
        return hint if hint in legal and bot._same_class(v, hint, cands[0]) else cands[0]
    who, tw, pw, sign = avoid_goal(bot, v)
    maza = v.contract == MAZA
    cap = bot.node_caps[k]
    most = bot.layouts if bot.layouts is not None else bot.max_layouts[k]
    trick = list(v.trick)

    def solve(lay: tuple[list[int], int], until: _Until) -> tuple[float, list[float]]:
        hands, pile = lay
        s = AvoidSolver(hands, who, tw, pw, node_limit=cap, cancel=until)
        res = bot._each(cands, lambda c: avoid_value(s, v, trick, c, maza), until)
        return bot._play_weight(v, hands, pile), res

    # mazā zole: the declarer's trick (avoided, or forced for a defender)
    t = bot._sampled(bot._drawer(v), solve, len(cands), most, deadline, cancel,
                      better=-sign, hit=lambda x: (x == 0) == (sign > 0), stop=True)
    bot.last_layouts = t.n
    means = _means(t, cands)
    if means is None:
        return hint
    totals, bot.last_values, goal = means
    if maza:
        bot.last_goal = goal
    best = min(sign * t for t in totals.values())
    tied = [c for c in cands if sign * totals[c] <= best + 1e-9]
    for c in tied:
        if bot._same_class(v, hint, c):
            return hint
    return min(tied, key=lambda c: (POINTS[c], c)) if sign > 0 else max(tied)


def avoid_value(s: AvoidSolver, v: View, trick: list, c: int, maza: bool) -> int:
    """What the avoiding position takes from here on after my card ``c`` (mazā zole:
    1 if the defenders can make the declarer take a trick, else 0)."""
    me = v.pos
    hand = s.hands[me]
    s.hands[me] = hand & ~(1 << c)
    try:
        t2 = trick + [(me, c)]
        gain = 0
        if len(t2) == 3:
            bpos = trick_winner(t2)[1]
            if bpos == s.me:
                gain = s.tw + s.pw * sum(POINTS[x] for _, x in t2)
            turn, t3 = bpos, []
        else:
            turn, t3 = NEXT[me], t2
        if maza:
            return 1 if gain or s.reaches(turn, t3, 1) else 0
        return gain + s.value(turn, t3)
    finally:
        s.hands[me] = hand


def maza_caught(bot: StrongBot, obs: Observation, deadline: float | None,
                cancel) -> float | None:
    """The share of sampled layouts (the earlier passes taken into account) in which the
    defenders, all cards open, make this hand take a trick in mazā zole; ``None`` when
    too few layouts were solved in time."""
    pos = obs.seats.index(obs.seat)
    most = bot.maza_layouts if bot.layouts is None else bot.layouts
    if bot.layouts is not None:
        deadline = float("inf")
    elif deadline is None:
        deadline = time.perf_counter() + bot.bid_budget * bot.scale

    def draw() -> object:
        hands, _talon = sample_deal(obs, bot.rng, False)
        return hands if plausible(obs, hands, bot.rng) else _REJECTED

    def solve(hands: list[int], until: _Until) -> tuple[float, list[float]]:
        try:
            return 1.0, [float(AvoidSolver(hands, pos, 1, 0, node_limit=bot.maza_nodes,
                                           cancel=until).reaches(0, (), 1))]
        except NodeLimit:
            # over the node cap: counted as half caught (of 169 such searches at 20,000
            # nodes on hands of risk up to 9.5, a full search found a catch in 75)
            if cancel is not None and cancel.is_set():
                raise
            return 1.0, [0.5]

    t = bot._sampled(draw, solve, 1, most, deadline, cancel, tries=6)
    return t.totals[0] / t.n if t.n >= min(8, most) else None
