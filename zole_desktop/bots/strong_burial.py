"""The strong bot's burial: the heuristic's best pairs played out on the same sampled layouts
of the defenders' hands. :class:`.strong.StrongBot` calls these with itself."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ..rules.cards import cards_of, mask_of
from ..rules.state import PASS, TAKE_BID, HandState, Observation
from .bidsim import _play_out as play_out_by_rules
from .heuristic import burial_score, ranked_burials
from .sampling import _Until
from .solver import NodeLimit

if TYPE_CHECKING:
    from .strong import StrongBot


def bury(bot: StrongBot, obs: Observation, deadline: float | None = None, cancel=None) -> int:
    hand = mask_of(obs.hand)
    if obs.buried:
        first = obs.buried[0]
        if bot._burial and bot._burial[0] == (hand | 1 << first) and \
                first in bot._burial[1]:
            pair = bot._burial[1]
            second = pair[0] if pair[1] == first else pair[1]
            if hand >> second & 1:
                return second
        both = hand | (1 << first)
        return max(cards_of(hand), key=lambda c: (burial_score(both, (first, c)), -c))
    if bot.layouts is not None:
        deadline = float("inf")
    elif deadline is None:
        deadline = time.perf_counter() + bot.burial_budget * bot.scale
    pair = choose_burial(bot, obs, hand, deadline, cancel)
    bot._burial = (hand, pair)
    return pair[0]


def choose_burial(bot: StrongBot, obs: Observation, hand10: int, deadline: float, cancel):
    """The heuristic's best ``burial_cands`` pairs, each played out on the same sampled
    layouts of the defenders' hands by the normal bot's card rules for all three seats
    (:func:`.bidsim._play_out`); the best mean game points wins, the heuristic order
    breaking ties.

    Not double-dummy: from the first lead a weak take needs 10⁵ nodes and more per probe,
    so in half a second the probes solved no layout at all for some hands, and the
    heuristic's pair was buried unjudged.  ``python -m zole_desktop.bots.measure.burial
    --positions 17 --layouts 30 --seed 5 --clock cpu`` (each of the heuristic's first eight
    pairs judged by 30 open-card layouts): the pair buried this way loses 0.035 game points
    per opponent to the best of them, 95% [0.004, 0.066]; the heuristic's own pair 0.507
    [0.211, 0.803]; the open-card probes (0.45 s) lost 0.562 on the same positions."""
    cands = ranked_burials(hand10)[:bot.burial_cands]
    rest = cards_of(((1 << 26) - 1) & ~hand10)
    pos = obs.seats.index(obs.seat)
    others = [p for p in range(3) if p != pos]
    most = bot.burial_layouts if bot.layouts is None else bot.layouts
    rules = obs.rules

    def draw() -> list[list[int]]:
        bot.rng.shuffle(rest)
        return [rest[:8], rest[8:16]]

    def solve(lay: list[list[int]], until: _Until) -> tuple[float, list[float]]:
        res = []
        for pair in cands:
            # positions 0-2 from forehand as the seats 0-2 of a fresh hand; the pair is
            # the talon the declarer takes up and buries
            hands = {pos: [c for c in cards_of(hand10) if c not in pair],
                     others[0]: lay[0], others[1]: lay[1]}
            st = HandState.new(3, 2, hands, pair, rules)
            while st.current_seat != pos:
                st.apply(PASS)
            st.apply(TAKE_BID)
            st.apply(pair[0])
            st.apply(pair[1])
            play_out_by_rules(st)
            res.append(float(st.result().value))
            if time.perf_counter() >= until.at:
                raise NodeLimit
        return 1.0, res

    t = bot._sampled(draw, solve, len(cands), most, deadline, cancel, stop=True,
                      hit=lambda x: x > 0)
    bot.last_layouts = t.n
    # per pair judged: the mean game points per opponent and the share of layouts won
    bot.last_burial = {p: (t.totals[i] / t.wsum, t.goal[i] / t.wsum)
                        for i, p in enumerate(cands)} if t.n and t.wsum > 0 else {}
    if t.n == 0:
        return cands[0]
    totals = t.totals
    # the heuristic order breaks ties
    best = max(range(len(cands)), key=lambda i: (totals[i], -i))
    return cands[best]
