"""Why the strong declarer loses games that were makeable double dummy.

``python -m zole_desktop.bots.measure.declarer --deals N --seed S [--layouts L] [--json]`` deals the
arena's hands (:func:`.arena.deal_state`, the same seeds) to three strong bots (the arena's
self-play seating and bot seeds), plays them out, and checks every declarer's game (take,
zole, dark) with all cards open right after the burial, as the arena does: was 61 makeable?
For every makeable game the declarer lost, it finds the declarer's first card whose
double-dummy value fell below 61 while another legal card kept it (the defenders cannot take
a makeable game away from an open-card declarer, so there always is one, unless he
surrendered), and classifies that decision:

* ``trick``, ``lead``/``follow``, the contract;
* what the bot's own sample said (``last_goal``: the weighted share of layouts in which a
  card keeps 61; ``last_values``: the mean game points): ``fallback`` (no layout solved; the
  normal bot's card), ``greed`` (the sample rated another card safer for 61 but the chosen
  card's mean game points were higher: 91 or 31 weighed against 61), ``tie`` (the sample rated
  the chosen card as safe as the best one: a tie broken by the rules card or the points),
  ``misjudged`` (the sample rated the chosen card strictly safer: the true layout was one of
  the few in which it fails, or strategy fusion), with the margin of the sample's estimate;
* how many layouts were solved and how many were dropped by the node cap or the clock
  (counted by a solver that notes each :class:`.solver.NodeLimit`);
* the weight of the true layout under the bot's own bid and play model;
* with ``--recheck L``: whether the bot, asked again in the same position with ``L`` layouts,
  still chooses a losing card (``noise`` if it does not).

``--layouts L`` fixes the layouts per decision (and per bid and burial) and ignores the clock,
so a run is reproducible; without it the bots think by the clock, as in the arena.
``--clock cpu`` makes the bots' clock the process's CPU time (as the arena's); ``--jobs J``
plays J deals at once in as many processes (with the CPU clock each bot thinks as long as in
one process, however busy the machine).
``--set name=value`` changes a setting of every strong bot (an A/B switch), checked as the
arena's ``strong:name=value``: a public setting of the class and a value of its kind (a
tuple such as ``decl_min_layouts`` takes ``0,0,0`` or ``0/0/0``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from typing import Any

from ...rules.cards import BEATS, CARD_NAMES, FOLLOW_MASK, POINTS, points_of
from ...rules.settlement import DARK, TAKE, ZOLE
from ...rules.state import PLAYING, HandState, Observation
from .. import strong as strong_mod
from ..solver import NodeLimit, Solver
from ..stats import wilson_ci
from ..strong import StrongBot
from ..view import View
from .arena import CLOCKS, deal_state, in_processes, play_out, setting, use_clock

__all__ = ["analyse_loss", "declarer_legal", "keeps_61", "main", "make_bots", "play_game", "run"]

_DROPS = {"nodes": 0, "clock": 0}


class _CountingSolver(Solver):
    """The strong bot's solver, noting every search cut off by its node cap or the clock."""

    __slots__ = ()

    def search(self, turn, trick=(), alpha=-1, beta=1000):
        try:
            return super().search(turn, trick, alpha, beta)
        except NodeLimit:
            _DROPS["nodes" if self.nodes > self.limit else "clock"] += 1
            raise


def make_bots(seed: int, index: int, layouts: int | None, sets: dict[str, Any]
              ) -> list[StrongBot]:
    bots = []
    for pos in range(3):
        b = StrongBot(seed=seed * 7919 + index * 31 + pos, layouts=layouts)
        for k, v in sets.items():
            setattr(b, k, v)
        bots.append(b)
    return bots


def play_game(seed: int, index: int, layouts: int | None = None,
              sets: dict[str, Any] | None = None) -> dict[str, Any]:
    """One deal played by three strong bots; the declarer's card decisions recorded."""
    sets = sets or {}
    st = deal_state(seed, index)
    bots = make_bots(seed, index, layouts, sets)
    by_seat = {st.seats[p]: bots[p] for p in range(3)}
    decisions: list[dict[str, Any]] = []
    times: list[float] = []

    def decide(st: HandState, obs: Observation, bot: Any) -> int:
        mine = st.phase == PLAYING and st.turn == st.declarer
        before = st.copy() if mine else None
        _DROPS["nodes"] = _DROPS["clock"] = 0
        t0 = time.perf_counter()
        action: int = bot.choose(obs)
        ms = (time.perf_counter() - t0) * 1000
        if mine and before is not None:
            v = View(obs)
            cands = bot._distinct(v, [a for a in v.legal if a < 26])
            times.append(ms)
            decisions.append({
                "state": before, "card": action, "cands": cands, "ms": ms,
                "layouts": bot.last_layouts if len(cands) > 1 else 0,
                "goal": dict(bot.last_goal) if len(cands) > 1 else {},
                "values": dict(bot.last_values) if len(cands) > 1 else {},
                "drops": dict(_DROPS),
            })
        return action

    makeable, surrendered_at = play_out(st, by_seat, decide=decide)
    r = st.result()
    decl_bot = bots[st.declarer] if st.declarer >= 0 else None
    return {"index": index, "contract": r.contract, "declarer": st.declarer,
            "won": r.value > 0 if st.declarer >= 0 else None, "makeable": makeable,
            "surrendered_at": surrendered_at, "decisions": decisions, "times": times,
            "points": r.declarer_points, "bot": decl_bot}


def keeps_61(st: HandState, c: int) -> bool:
    """With all cards open: does the declarer still reach 61 after playing ``c`` now?"""
    d = st.declarer
    hands = list(st.hands)
    hands[d] &= ~(1 << c)
    trick = list(zip(st.trick_pos, st.trick, strict=True)) + [(d, c)]
    base = st.points_won[d] + (points_of(st.buried) if st.contract == TAKE else 0)
    s = Solver(hands, d)
    if len(trick) == 3:
        best, bpos = trick[0][1], trick[0][0]
        for p, x in trick[1:]:
            if BEATS[best][x]:
                best, bpos = x, p
        if bpos == d:
            base += sum(POINTS[x] for _, x in trick)
        return s.reaches(bpos, [], 61 - base)
    return s.reaches((d + 1) % 3, trick, 61 - base)


def declarer_legal(st: HandState) -> list[int]:
    hand = st.hands[st.declarer]
    m = hand & FOLLOW_MASK[st.trick[0]] if st.trick else 0
    m = m or hand
    return [c for c in range(26) if m >> c & 1]


def analyse_loss(game: dict[str, Any], recheck: int = 0, seed: int = 0) -> dict[str, Any]:
    """The first declarer decision of a lost makeable game at which 61 slipped away."""
    if game["surrendered_at"] is not None:
        return {"kind": "surrender", "trick": game["surrendered_at"]}
    for dec in game["decisions"]:
        st: HandState = dec["state"]
        chosen = dec["card"]
        if keeps_61(st, chosen):
            continue
        good = [c for c in declarer_legal(st) if c != chosen and keeps_61(st, c)]
        if not good:
            return {"kind": "unexplained", "trick": len(st.completed)}
        bot: StrongBot = game["bot"]
        obs = st.observation(st.seats[st.declarer])
        v = View(obs)

        def rep(c: int, v: View = v, cands: list[int] = dec["cands"]) -> int:
            for x in cands:
                if StrongBot._same_class(v, c, x):
                    return x
            return c

        goal, values = dec["goal"], dec["values"]
        out: dict[str, Any] = {
            "trick": len(st.completed), "lead": not st.trick, "card": CARD_NAMES[chosen],
            "good": [CARD_NAMES[c] for c in good], "contract": st.contract,
            "layouts": dec["layouts"], "drops": dec["drops"], "ms": round(dec["ms"], 1),
        }
        if not goal:
            out["kind"] = "fallback"
        else:
            g_ch = goal.get(rep(chosen), 0.0)
            g_good = max(goal.get(rep(c), 0.0) for c in good)
            g_best = max(goal.values())
            out["goal_chosen"] = round(g_ch, 3)
            out["goal_good"] = round(g_good, 3)
            out["goal_best"] = round(g_best, 3)
            out["value_chosen"] = round(values.get(rep(chosen), 0.0), 3)
            out["value_best"] = round(max(values.values()), 3)
            if g_ch < g_best - 1e-9:
                out["kind"] = "greed"
            elif abs(g_ch - g_good) <= 1e-9:
                out["kind"] = "tie"
            else:
                out["kind"] = "misjudged"
        # the true layout, weighed by the bot's own models
        hands = list(st.hands)
        # the unseen pile out of play: none for a take's declarer (he buried it), the
        # talon for a zole's
        pile = 0 if st.contract == TAKE else _talon_mask(st)
        played = strong_mod._played_by(v)
        out["true_weight"] = round(bot._layout_weight(v, hands, pile, played)
                                   * bot._play_weight(v, hands, pile), 4)
        if recheck:
            again = StrongBot(seed=seed, layouts=recheck)
            for k in ("infer", "full_probes"):
                setattr(again, k, getattr(bot, k))
            c2 = again.choose(obs)
            out["recheck"] = "noise" if keeps_61(st, c2) else "still"
        return out
    return {"kind": "unexplained", "trick": None}


def _talon_mask(st: HandState) -> int:
    return (1 << st.talon_cards[0]) | (1 << st.talon_cards[1])


_Task = tuple[int, int, int | None, dict[str, Any], int]


def _start_worker(clock: str) -> None:
    """A process that plays deals: the bots' clock, and the solver that notes dropped
    searches."""
    use_clock(clock)
    strong_mod.Solver = _CountingSolver  # type: ignore[misc]


def _deal(task: _Task) -> dict[str, Any]:
    """One deal played and, if the declarer lost a makeable game, its analysis (small, so
    that a worker process sends back only this)."""
    seed, i, layouts, sets, recheck = task
    g = play_game(seed, i, layouts, sets)
    out = {"deal": i, "contract": g["contract"], "makeable": g["makeable"], "won": g["won"],
           "times": g["times"]}
    if g["contract"] in (TAKE, ZOLE, DARK) and g["makeable"] and not g["won"]:
        a = analyse_loss(g, recheck, seed * 7919 + i)
        a["deal"] = i
        out["loss"] = a
    return out


def run(deals: int, seed: int, layouts: int | None = None, sets: dict[str, Any] | None = None,
        recheck: int = 0, start: int = 0, progress: bool = True, jobs: int = 1,
        clock: str = "wall") -> dict[str, Any]:
    """Deals ``start`` .. ``start + deals - 1`` of ``seed``, in ``jobs`` processes (each deal
    is played as in one process: the same seeds; the bots' ``clock`` in each)."""
    if clock not in CLOCKS:
        raise ValueError(f"the clock is wall or cpu, not {clock!r}")
    sets = sets or {}
    tasks: list[_Task] = [(seed, i, layouts, sets, recheck) for i in range(start, start + deals)]
    games = makeable = won = 0
    losses: list[dict[str, Any]] = []
    times: list[float] = []
    by_contract: Counter[str] = Counter()
    won_by_contract: Counter[str] = Counter()
    t0 = time.time()

    def keep(g: dict[str, Any]) -> None:
        nonlocal games, makeable, won
        times.extend(g["times"])
        if g["contract"] not in (TAKE, ZOLE, DARK) or g["makeable"] is None:
            return
        games += 1
        if not g["makeable"]:
            return
        makeable += 1
        by_contract[g["contract"]] += 1
        if g["won"]:
            won += 1
            won_by_contract[g["contract"]] += 1
            return
        losses.append(g["loss"])
        if progress:
            print(f"deal {g['deal']}: lost a makeable {g['contract']}: {g['loss']}",
                  file=sys.stderr)

    try:
        for done, g in enumerate(in_processes(_deal, tasks, jobs, _start_worker, clock), 1):
            keep(g)
            if progress and done % 20 == 0 and done < deals:
                print(f"[{done}/{deals}] {time.time() - t0:.0f}s, lost "
                      f"{len(losses)} of {makeable} makeable", file=sys.stderr)
    finally:
        strong_mod.Solver = Solver  # type: ignore[misc]
        use_clock("wall")
    lo, hi = wilson_ci(won, makeable)
    times.sort()
    return {
        "deals": deals, "seed": seed, "start": start, "layouts": layouts,
        "sets": sets, "jobs": jobs, "clock": clock, "declarer_games": games,
        "makeable": makeable,
        "won_makeable": won, "rate": round(won / makeable, 4) if makeable else 0.0,
        "ci95": [round(lo, 4), round(hi, 4)],
        "by_contract": {c: [won_by_contract[c], n] for c, n in sorted(by_contract.items())},
        "kinds": dict(Counter(x["kind"] for x in losses).most_common()),
        "tricks": dict(sorted(Counter(str(x.get("trick")) for x in losses).items())),
        "contracts": dict(Counter(str(x.get("contract")) for x in losses).most_common()),
        "decl_ms_median": round(times[len(times) // 2], 1) if times else 0.0,
        "decl_ms_max": round(times[-1], 1) if times else 0.0,
        "seconds": round(time.time() - t0, 1),
        "losses": losses,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m zole_desktop.bots.measure.declarer",
                                description="why the strong declarer loses makeable games")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--start", type=int, default=0, help="the first deal index")
    p.add_argument("--layouts", type=int, default=None,
                   help="fixed layouts per decision, no clock (reproducible)")
    p.add_argument("--recheck", type=int, default=0,
                   help="ask the bot again with this many layouts at each losing decision")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                   help="change a setting of every strong bot (as the arena's strong:NAME=VALUE)")
    p.add_argument("--clock", choices=CLOCKS, default="wall",
                   help="the bots' clock: real time, or this process's CPU time (as the "
                   "arena's --clock cpu: a busy machine does not starve the bots)")
    p.add_argument("--jobs", type=int, default=1,
                   help="processes playing deals at once (use --clock cpu with more than 1)")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    if a.deals < 1 or a.start < 0 or a.jobs < 1:
        p.error("--deals and --jobs must be 1 or more, --start 0 or more")
    sets = {}
    for s in a.set:
        try:
            name, value = setting(StrongBot, s, "--set ")
            sets[name] = value
        except ValueError as e:
            p.error(str(e))
    rep = run(a.deals, a.seed, a.layouts, sets, a.recheck, a.start, jobs=a.jobs, clock=a.clock)
    how = a.layouts or f"by the {a.clock} clock"
    print(f"{a.deals} deals from {a.start}, seed {a.seed}, layouts {how}, set {sets or '-'}: "
          f"{rep['declarer_games']} declarer games, {rep['makeable']} makeable, "
          f"won {rep['won_makeable']} = "
          f"{100 * rep['rate']:.1f}% [{100 * rep['ci95'][0]:.1f}, {100 * rep['ci95'][1]:.1f}]"
          f" ({rep['seconds']} s)")
    print("  by contract (won/makeable):",
          ", ".join(f"{c} {w}/{n}" for c, (w, n) in rep["by_contract"].items()))
    print("  lost makeable, by kind:", rep["kinds"])
    print("  by trick of the first losing card:", rep["tricks"])
    print("  by contract:", rep["contracts"])
    for x in rep["losses"]:
        print("   ", json.dumps(x))
    if a.json:
        print(json.dumps(rep))
    return 0


if __name__ == "__main__":
    sys.exit(main())
