"""The ``strong`` bot: perfect-information Monte Carlo over a double-dummy solver.

For a card decision it samples layouts of the unseen cards consistent with what its seat has
observed — the voids revealed by not following suit, the bidding (a player who passed with a
hand the static evaluator calls a clear take is kept only with a small probability; a zole
declarer's hand is expected to be strong) and, for a defender, the declarer's unknown burial
(or the unseen talon of a zole) — then solves every layout with all cards open
(:mod:`.solver`) and plays the card with the best average game-point outcome.  The outcome of
a card in a layout is found by null-window probes: does the declarer reach 61, then 91 or 31?
Node caps and a per-decision deadline bound the time; the first two tricks get fewer layouts.

Bidding starts from the static evaluator of the normal bot with the strong bot's own
thresholds.  Where that value lies near a threshold (take or zole), the bot bids by simulating
the contracts instead (:mod:`.bidsim`): the bids in question are judged on the same sampled
layouts, each game solved double-dummy, and the best expected game points wins.  Open-card
solving undervalues a declarer whose defenders cannot see the cards, so the declarer's
contracts get a fixed allowance, fit so that on average the simulation agrees with the static
thresholds right at them; the simulation decides by what the hand holds beyond its value.
Burying compares the heuristic's eight most promising burials on sampled layouts of the
defenders' hands, each played out by the normal bot's card rules (open-card probes from the
first lead are too slow there: :meth:`StrongBot._choose_burial`).

Mazā zole and galdiņš are played by the same sampling with their own goal (:mod:`.avoid`):
in mazā zole, in how many layouts can the defenders force the declarer to take a trick (the
declarer plays to make that rarest, a defender to make it most common); in galdiņš, how many
tricks the others can push onto me (card points instead under the ``points_rate`` penalty;
the other measure as the tie-break late in the hand under ``galdins_tie=points``).  The first
two tricks of a galdiņš with the talon in play (4-card tricks) are searched with the talon
cards as fixed plays (:mod:`.galdins`).  Zole and zole in the dark are valued with the
table's zole scoring.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..rules.cards import BEATS, POINTS, mask_of, points_of
from ..rules.settlement import (
    GALDINS,
    MAZA,
    TAKE,
)
from ..rules.state import (
    BIDDING,
    BURYING,
    MAZA_BID,
    PASS,
    TAKE_BID,
    ZOLE_BID,
    Observation,
)
from . import strong_avoid, strong_burial
from .base import register
from .bidsim import estimate_bids
from .heuristic import (
    TAKE_AT,
    NormalBot,
    bid_strength,
    heuristic_bid,
    heuristic_card,
    maza_risk,
)
from .inference import equal_cards, play_weight
from .sampling import (  # noqa: F401 - re-exported: inference, galdins and tests read them
    _CONTRACT_VALUES,
    _REJECTED,
    _bid_weight,
    _holders,
    _means,
    _played_by,
    _Stop,
    _Tally,
    _Until,
    contract_values,
    sample_layout,
)
from .solver import NodeLimit, Solver
from .view import NEXT, View

__all__ = ["StrongBot", "sample_layout"]

from .strong_avoid import LEX  # noqa: F401 - the galdiņš goal's weight, read by tests


class StrongBot(NormalBot):
    level = "strong"
    take_at = TAKE_AT - 0.5
    zole_at = 18.5

    # bidding by simulation within this distance of a threshold, for at most this long
    bid_window = 1.5
    bid_budget = 0.30
    # game points added to the simulated take and zole: over 623 bids near the thresholds in
    # the first 500 arena deals of seed 99 (0.3 s each), a line fit of the simulated take − pass
    # against strength crossed zero at 15.04 (0.37 points short at 14.5), and zole − take at
    # 18.47 (0.10 points over at 18.5)
    bid_allowance = {TAKE_BID: 0.37, ZOLE_BID: -0.10}
    # mazā zole: searched for hands up to this risk (maza_risk; about 3% of hands), bid when
    # the defenders can catch it in at most this share of the open-card layouts: +6 against
    # -7 breaks even at 6/13 = 0.46, and open cards favour the defenders, who in play cannot
    # see the declarer's hand
    maza_window = 9.5
    maza_caught_at = 0.46
    maza_layouts = 24
    # reading the table: weigh layouts by the other seats' plays (all of them, or the last
    # ``infer_window`` cards); the 91/31 probes from the first trick on
    infer = True
    infer_window: int | None = None
    full_probes = False
    bid_layouts = 60
    burial_budget = 0.45
    burial_layouts = 60
    burial_cands = 8
    maza_nodes = 20_000
    # galdiņš under galdins_tie=points: the tie-break in the goal from this many tricks done
    galdins_lex_from = 3

    # seconds per card decision by tricks done (0, 1, later), and the most layouts
    budgets = (0.25, 0.20, 0.11)
    max_layouts = (40, 50, 60)
    node_caps = (30_000, 30_000, 200_000)
    # stop sampling once the choice is clear (:class:`_Stop`, after ``stop_min`` layouts,
    # ``stop_z`` standard errors; cards equal in every layout so far after ``stop_agree``:
    # in galdiņš 8 such layouts let a card worse by 0.17 tricks through); not when
    # ``layouts`` fixes the number
    stop_early = True
    stop_min = 8
    stop_agree = 16
    stop_z = 2.5
    # the declarer's card decides the game: when fewer than ``decl_min_layouts`` layouts were
    # solved by the deadline (tricks 0, 1, later; the first tricks' node cap drops about half
    # of them), it samples on with ``decl_caps`` nodes per layout until ``decl_total`` seconds
    # after the decision began, rather than playing the rules card or a card chosen on one or
    # two layouts (only on its own clock: not when the caller sets the deadline or ``layouts``
    # is fixed).  The total keeps the decision under the p95 limit of 400 ms: with 0.6 s more
    # at the first tricks, 7% of strong's decisions took over 400 ms (arena seed 61, CPU clock),
    # and with 0.37/0.35/0.30 s in all, p95 was still 422 ms (12 deals of seed 61)
    decl_min_layouts = (6, 6, 6)
    decl_total = (0.30, 0.28, 0.25)
    decl_caps = (120_000, 120_000, 200_000)
    # and when its layouts leave several cards tied, it breaks the tie on up to
    # ``decl_margin_layouts`` fresh layouts, within ``decl_margin_time`` seconds (and the
    # total), by the cards that keep ``decl_margin`` card points to spare (:meth:`_margin_break`)
    decl_margin = 10
    decl_margin_layouts = 10
    decl_margin_time = (0.15, 0.12, 0.06)

    def __init__(self, seed: int | None = None, budget_scale: float = 1.0,
                 layouts: int | None = None) -> None:
        """``budget_scale`` scales the time per decision; ``layouts`` fixes the number of
        sampled layouts and ignores the clock (reproducible decisions, for tests)."""
        super().__init__(seed)
        self.scale = budget_scale
        self.layouts = layouts
        self.last_layouts = 0  # layouts solved for the last card decision (diagnostics)
        # the last card decision, per distinct card (diagnostics and hints): my mean game
        # points per opponent (mazā zole, galdiņš: the avoiding seat's mean take), and the
        # weighted share of layouts in which my side's goal holds (61 for the declarer, 60
        # or less for a defender; in mazā zole no trick for the declarer)
        self.last_values: dict[int, float] = {}
        self.last_goal: dict[int, float] = {}
        self._own_clock = False  # this decision's deadline is the bot's own (diagnostics too)
        self._began = 0.0  # when this decision began (perf_counter)
        self._burial: tuple[int, tuple[int, int]] | None = None
        # the last burial judged (diagnostics and hints): pair -> (mean game points per
        # opponent, share of the layouts in which the game was won)
        self.last_burial: dict[tuple[int, int], tuple[float, float]] = {}
        self._weights_for: Observation | None = None
        self._weights: dict = {}

    # ------------------------------------------------------------------ decisions
    def choose(self, obs: Observation, deadline: float | None = None, cancel=None) -> int:
        legal = list(obs.legal)
        if len(legal) == 1:
            return legal[0]
        if obs.phase == BIDDING:
            return self._bid(obs, deadline, cancel)
        if obs.phase == BURYING:
            return self._bury(obs, deadline, cancel)
        v = View(obs)
        k = min(v.n_tricks, 2)
        self._own_clock = self.layouts is None and deadline is None
        self._began = time.perf_counter()
        if self.layouts is not None:
            deadline = float("inf")
        elif deadline is None:
            deadline = time.perf_counter() + self.budgets[k] * self.scale
        if v.contract in (MAZA, GALDINS):
            return self._pimc_avoid(v, deadline, cancel, k)
        if v.contract not in _CONTRACT_VALUES:
            return heuristic_card(v, "normal")
        return self._pimc_card(v, deadline, cancel, k)

    def _bid(self, obs: Observation, deadline: float | None, cancel) -> int:
        static = heuristic_bid(obs, self.take_at, self.zole_at)
        legal = set(obs.legal)
        if MAZA_BID in legal and static in (PASS, MAZA_BID) and \
                maza_risk(mask_of(obs.hand)) <= self.maza_window:
            caught = self.maza_caught(obs, deadline, cancel)
            if caught is not None and caught <= self.maza_caught_at:
                return MAZA_BID
        if static == MAZA_BID:
            static = PASS
        s = bid_strength(obs)
        w = self.bid_window
        if TAKE_BID in legal and abs(s - self.take_at) <= w:
            options: tuple[int, ...] = (PASS, TAKE_BID)
        elif ZOLE_BID in legal and abs(s - self.zole_at) <= w:
            options = (TAKE_BID, ZOLE_BID)
        else:
            return static
        options = tuple(b for b in options if b in legal)
        if len(options) < 2:
            return static
        most = self.bid_layouts
        if self.layouts is not None:
            deadline, most = float("inf"), self.layouts
        elif deadline is None:
            deadline = time.perf_counter() + self.bid_budget * self.scale
        est = estimate_bids(obs, deadline, cancel, seed=self.rng.randrange(1 << 30),
                            pools=obs.pools, max_layouts=most, only=options)
        if est.layouts < min(8, most):
            return static
        vals = {b: est.values[b] + self.bid_allowance.get(b, 0.0) for b in options}
        # a tie goes to the static evaluator's bid
        return max(options, key=lambda b: (round(vals[b], 6), b == static))

    def maza_caught(self, obs: Observation, deadline: float | None, cancel) -> float | None:
        return strong_avoid.maza_caught(self, obs, deadline, cancel)

    def surrender(self, obs: Observation, deadline: float | None = None, cancel=None) -> bool:
        v = View(obs)
        if v.contract not in _CONTRACT_VALUES or not obs.can_surrender:
            return False
        most = 30 if self.layouts is None else self.layouts
        if self.layouts is not None:
            deadline = float("inf")
        elif deadline is None:
            deadline = time.perf_counter() + 0.15 * self.scale
        vals = contract_values(v.contract, obs.rules)
        # surrender is settled as a plain loss (31-60); the two options: play on, give up
        give_up = vals[2] - 0.35
        leader = self._next_to_play(v)

        def solve(lay: tuple[list[int], int], until: _Until) -> tuple[float, list[float]]:
            hands, pile = lay
            s = Solver(hands, v.decl, node_limit=60_000, cancel=until)
            return 1.0, [self._band_value(s, leader, [], self._base(v, pile), vals), give_up]

        t = self._sampled(lambda: sample_layout(v, self.rng), solve, 2, most, deadline, cancel,
                          stop=True)
        if t.n < min(8, most):
            return False
        return t.totals[0] / t.n < give_up

    # ------------------------------------------------------------------ card play
    def _next_to_play(self, v: View) -> int:
        return v.obs.seats.index(v.obs.current_seat) if v.obs.current_seat is not None else 0

    def _base(self, v: View, pile: int) -> int:
        """Card points the declarer has secured already (tricks, and the burial in take)."""
        base = v.points_won[v.decl]
        if v.contract == TAKE:
            base += points_of(mask_of(v.obs.buried)) if v.is_decl else points_of(pile)
        return base

    def _band_value(self, s: Solver, turn: int, trick: list, base: int, vals) -> int:
        """The declarer's game value per opponent in this layout, by probes."""
        if s.reaches(turn, trick, 61 - base):
            return vals[0] if s.reaches(turn, trick, 91 - base) else vals[1]
        return vals[2] if s.reaches(turn, trick, 31 - base) else vals[3]

    def _pimc_card(self, v: View, deadline: float, cancel, k: int) -> int:
        legal = [a for a in v.legal if a < 26]
        hint = heuristic_card(v, "normal")
        # equivalent cards in hand (adjacent trumps with equal points, no live card between)
        cands = self._distinct(v, legal)
        if len(cands) == 1:
            return hint if hint in legal and self._same_class(v, hint, cands[0]) else cands[0]
        assert v.contract is not None, "cards are played only once a contract is set"
        vals = contract_values(v.contract, v.obs.rules)
        sign = 1 if v.is_decl else -1
        self.last_values, self.last_goal = {}, {}
        cap = self.node_caps[k]
        full = k >= 2 or self.full_probes  # early tricks: the 61 probe only, for speed
        trick = list(v.trick)
        most = self.layouts if self.layouts is not None else self.max_layouts[k]

        def solve(lay: tuple[list[int], int], until: _Until) -> tuple[float, list[float]]:
            hands, pile = lay
            base = self._base(v, pile)
            s = Solver(hands, v.decl, node_limit=cap, cancel=until)
            res = self._each(cands, lambda c: sign * self._card_value(
                s, v, trick, c, base, vals, full), until)
            return self._play_weight(v, hands, pile), res

        # my side's goal: the declarer's 61, or the defenders' holding it to 60
        t = self._sampled(self._drawer(v), solve, len(cands), most, deadline, cancel,
                          hit=lambda x: x > 0, stop=True)
        need = self.decl_min_layouts[k]
        if v.is_decl and self._own_clock and t.n < need and not (
                cancel is not None and cancel.is_set()):
            cap = self.decl_caps[k]  # the solve step reads it
            more = self._sampled(self._drawer(v), solve, len(cands), need - t.n,
                                 self._began + self.decl_total[k] * self.scale, cancel,
                                 hit=lambda x: x > 0)
            for i in range(len(cands)):
                t.totals[i] += more.totals[i]
                t.goal[i] += more.goal[i]
            t.n += more.n
            t.wsum += more.wsum
        self.last_layouts = t.n
        means = _means(t, cands)
        if means is None:
            return hint
        totals, self.last_values, self.last_goal = means
        best = max(totals.values())
        tied = [c for c in cands if totals[c] >= best - 1e-9]
        if v.is_decl and self._own_clock and len(tied) > 1 and self.decl_margin:
            tied = self._margin_break(v, tied, k, cancel, self.last_goal[tied[0]] >= 0.5)
        for c in tied:
            if self._same_class(v, hint, c):
                return hint
        return self._prefer(v, tied)

    def _margin_break(self, v: View, tied: list[int], k: int, cancel, winning: bool
                      ) -> list[int]:
        """The declarer's cards that the sample could not tell apart, narrowed on fresh
        layouts to those that most often keep ``decl_margin`` card points above 61 (below it
        when the sample says the game is lost: the cards that come nearest): the true layout
        may be one the sample missed, and a margin is what survives it."""
        target = 61 + (self.decl_margin if winning else -self.decl_margin)
        cap = self.decl_caps[k]
        trick = list(v.trick)
        hit = (1, 1, 0, 0)

        def solve(lay: tuple[list[int], int], until: _Until) -> tuple[float, list[float]]:
            hands, pile = lay
            base = self._base(v, pile)
            s = Solver(hands, v.decl, node_limit=cap, cancel=until)
            res = self._each(tied, lambda c: self._card_value(
                s, v, trick, c, base, hit, False, target), until)
            return self._play_weight(v, hands, pile), res

        until = min(time.perf_counter() + self.decl_margin_time[k] * self.scale,
                    self._began + self.decl_total[k] * self.scale)
        t = self._sampled(self._drawer(v), solve, len(tied), self.decl_margin_layouts, until,
                          cancel)
        if t.n == 0:
            return tied
        best = max(t.totals)
        return [c for c, x in zip(tied, t.totals, strict=True) if x >= best - 1e-9]

    # ------------------------------------------------------------------ avoid (strong_avoid)
    def _avoid_goal(self, v: View) -> tuple[int, int, int, int]:
        return strong_avoid.avoid_goal(self, v)

    def _pimc_avoid(self, v: View, deadline: float, cancel, k: int) -> int:
        return strong_avoid.pimc_avoid(self, v, deadline, cancel, k)

    # ------------------------------------------------------------------ sampling
    def _sampled(self, draw: Callable[[], Any], solve: Callable[[Any, _Until], tuple[
            float, list[float]]], k: int, most: int, deadline: float, cancel, better: int = 1,
            hit: Callable[[float], bool] | None = None, tries: int = 4,
            stop: bool = False) -> _Tally:
        """The one sampling loop of the searches.  ``draw()`` gives a layout (``None`` when
        none consistent is found: the loop ends; ``_REJECTED`` when the bidding's weight did
        not keep it); ``solve(layout, until)`` its weight and the value of each of the ``k``
        candidates, or raises :class:`NodeLimit` to drop it (a node cap, or ``until`` passed:
        the deadline + 50 ms).  At most ``most`` layouts solved and ``tries`` × ``most``
        drawn, until the deadline or ``cancel``; ``hit(value)``: the goal holds.  ``stop``:
        end once the choice is clear (:class:`_Stop` on ``better`` × the values, larger
        better), when the clock rules (``stop_early``, no fixed ``layouts``)."""
        t = _Tally(k)
        test = _Stop(k) if stop and self.stop_early and self.layouts is None else None
        until = _Until(cancel, deadline + 0.05)
        attempts = 0
        while t.n < most and attempts < tries * most:
            attempts += 1
            if time.perf_counter() >= deadline or (cancel is not None and cancel.is_set()):
                break
            lay = draw()
            if lay is None:
                break
            if lay is _REJECTED:
                continue
            try:
                w, res = solve(lay, until)
            except NodeLimit:
                continue
            for i, x in enumerate(res):
                t.totals[i] += w * x
                if hit is not None and hit(x):
                    t.goal[i] += w
            t.wsum += w
            t.n += 1
            if test is not None:
                test.add(w, res if better == 1 else [better * x for x in res])
                if t.n >= self.stop_min and test.settled(self.stop_z, self.stop_agree):
                    break
        return t

    def _drawer(self, v: View) -> Callable[[], Any]:
        """Layouts for a card decision, kept with the bidding's weight."""
        played = _played_by(v)

        def draw() -> object:
            lay = sample_layout(v, self.rng)
            if lay is None:
                return None
            hands, pile = lay
            w = self._layout_weight(v, hands, pile, played)
            if w < 1.0 and self.rng.random() >= w:
                return _REJECTED
            return lay
        return draw

    @staticmethod
    def _each(cands: list[int], value: Callable[[int], float], until: _Until) -> list[float]:
        """``value`` of every candidate; :class:`NodeLimit` once ``until``'s time passed."""
        out = []
        for c in cands:
            out.append(value(c))
            if time.perf_counter() >= until.at:
                raise NodeLimit
        return out

    def _layout_weight(self, v: View, hands: list[int], pile: int, played: list[int]) -> float:
        """How likely the observed bidding is with this layout (up to a constant); a layout
        is kept with this probability."""
        return _bid_weight(v, hands, pile, played)

    def _play_weight(self, v: View, hands: list[int], pile: int) -> float:
        """How likely the other seats' plays are with this layout under the normal bot's
        rules (:mod:`.inference`); the layout's results count with this weight."""
        if not self.infer:
            return 1.0
        if self._weights_for is not v.obs:  # a cache for one decision (:func:`.play_weight`)
            self._weights_for, self._weights = v.obs, {}
        return play_weight(v, hands, pile, window=self.infer_window, cache=self._weights)

    def _card_value(self, s: Solver, v: View, trick: list, c: int, base: int, vals,
                    full: bool, target: int = 61) -> float:
        me = v.pos
        hand = s.hands[me]
        s.hands[me] = hand & ~(1 << c)
        try:
            t2 = trick + [(me, c)]
            if len(t2) == 3:
                best, bpos = t2[0][1], t2[0][0]
                for p, x in t2[1:]:
                    if BEATS[best][x]:
                        best, bpos = x, p
                gain = sum(POINTS[x] for _, x in t2) if bpos == v.decl else 0
                turn, t3 = bpos, []
                base2 = base + gain
            else:
                turn, t3 = NEXT[me], t2
                base2 = base
            if full:
                return self._band_value(s, turn, t3, base2, vals)
            # early: win/lose only, with a small bonus from the 61 margin unknown
            return vals[1] if s.reaches(turn, t3, target - base2) else vals[2]
        finally:
            s.hands[me] = hand

    @staticmethod
    def _same_class(v: View, a: int, b: int) -> bool:
        """Equal cards for play: same points and suit, no unseen card or card of the trick
        between them (:func:`.inference.equal_cards`)."""
        return a == b or equal_cards(a, b, v.unseen | sum(1 << c for _, c in v.trick))

    def _distinct(self, v: View, legal: list[int]) -> list[int]:
        out: list[int] = []
        for c in sorted(legal, reverse=True):
            if out and self._same_class(v, c, out[-1]):
                continue
            out.append(c)
        return out

    def _prefer(self, v: View, tied: list[int]) -> int:
        """Among equally good cards: keep the points on the side that wins them."""
        return min(tied, key=lambda c: (POINTS[c], c))

    # ------------------------------------------------------------------ burial (strong_burial)
    def _bury(self, obs: Observation, deadline: float | None = None, cancel=None) -> int:
        return strong_burial.bury(self, obs, deadline, cancel)

    def _choose_burial(self, obs: Observation, hand10: int, deadline: float, cancel):
        return strong_burial.choose_burial(self, obs, hand10, deadline, cancel)


register("strong", StrongBot)
