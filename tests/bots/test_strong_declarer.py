"""The strong declarer samples on past its deadline when too few layouts were solved.

A declarer's card decides the game: with fewer than ``decl_min_layouts`` layouts solved by the
deadline (the first tricks' node cap drops about half of them), the bot samples on until
``decl_total`` seconds after the decision began instead of playing the rules card.  A budget
of zero solves no layout in time, so what happens after the deadline is all the extension's;
no timing is asserted.
"""

from __future__ import annotations

import pytest

from zole_desktop.bots import make_bot
from zole_desktop.bots.measure.arena import deal_state
from zole_desktop.bots.measure.declarer import main as declarer_main
from zole_desktop.bots.strong import StrongBot
from zole_desktop.rules.state import BIDDING, PLAYING, TAKE_BID, HandState


def _position(decl_to_move: bool) -> HandState:
    """A take (forehand declares) played by normal bots into the third trick, where the
    declarer (or a defender) has at least two different cards to choose from."""
    for index in range(40):
        st = deal_state(5, index)
        st.apply(TAKE_BID)
        normal = make_bot("normal", index)
        while st.phase == BIDDING:
            st.apply(normal.choose(st.observation(st.current_seat)))
        while st.phase != PLAYING:
            st.apply(normal.choose(st.observation(st.current_seat)))
        while st.phase == PLAYING:
            obs = st.observation(st.current_seat)
            if len(st.completed) >= 2 and (st.turn == st.declarer) == decl_to_move:
                bot = StrongBot(seed=1)
                from zole_desktop.bots.view import View
                v = View(obs)
                if len(bot._distinct(v, [a for a in v.legal if a < 26])) > 1:
                    return st
            st.apply(normal.choose(obs))
    raise AssertionError("no position found")


def _starved(**extra) -> StrongBot:
    bot = StrongBot(seed=3)
    bot.budgets = (0.0, 0.0, 0.0)  # the deadline has passed before the first layout
    bot.decl_min_layouts = (4, 4, 4)
    bot.decl_total = (60.0, 60.0, 60.0)
    bot.stop_early = False
    for k, x in extra.items():
        setattr(bot, k, x)
    return bot


def test_the_declarer_samples_on_when_no_layout_was_solved_in_time():
    st = _position(decl_to_move=True)
    obs = st.observation(st.current_seat)
    bot = _starved()
    card = bot.choose(obs)
    assert card in obs.legal
    assert bot.last_layouts == 4
    assert bot.last_goal  # the card came from the layouts, not the rules


def test_a_defender_or_a_caller_deadline_is_not_extended():
    st = _position(decl_to_move=False)
    obs = st.observation(st.current_seat)
    bot = _starved()
    bot.choose(obs)
    assert bot.last_layouts == 0
    st = _position(decl_to_move=True)
    obs = st.observation(st.current_seat)
    bot = _starved()
    import time
    bot.choose(obs, deadline=time.perf_counter() - 1.0)
    assert bot.last_layouts == 0
    bot = _starved(decl_min_layouts=(0, 0, 0))
    bot.choose(obs)
    assert bot.last_layouts == 0


def test_the_diagnostic_runs_and_reports(capsys):
    assert declarer_main(["--deals", "2", "--seed", "5", "--layouts", "4", "--json"]) == 0
    out = capsys.readouterr().out
    assert "declarer games" in out and '"won_makeable"' in out


def test_the_diagnostic_checks_its_settings_as_the_arena_does(capsys):
    # a misspelt name, a private one, a method or a value of another kind: one line, exit 2
    for bad in ("decl_totl=0.3", "_began=1.0", "choose=1", "infer=2", "decl_total=0.3,0.2"):
        with pytest.raises(SystemExit) as e:
            declarer_main(["--deals", "1", "--set", bad])
        assert e.value.code == 2
        err = capsys.readouterr().err.strip().splitlines()[-1]
        assert "--set " in err and ("has no setting" in err or "not a value of that kind" in err)
    # a good one is taken, a tuple with ',' or '/'
    assert declarer_main(["--deals", "1", "--seed", "5", "--layouts", "2",
                          "--set", "decl_min_layouts=0/0/0", "--set", "infer=false"]) == 0
    out = capsys.readouterr().out
    assert "'decl_min_layouts': (0, 0, 0)" in out and "'infer': False" in out


def test_the_diagnostic_plays_the_same_deals_in_two_processes():
    # fixed layouts ignore the clock: two processes play each deal as one does; deal 12 of
    # seed 2 with one layout per decision is a makeable game lost
    from zole_desktop.bots.measure import declarer

    one = declarer.run(2, 2, layouts=1, start=11, progress=False)
    two = declarer.run(2, 2, layouts=1, start=11, progress=False, jobs=2)
    assert [x["deal"] for x in one["losses"]] == [12]
    for k in ("declarer_games", "makeable", "won_makeable", "by_contract", "kinds", "tricks"):
        assert one[k] == two[k], k
    # the same losing decision, found the same way (its time is the clock's)
    assert [{k: v for k, v in x.items() if k != "ms"} for x in one["losses"]] == \
        [{k: v for k, v in x.items() if k != "ms"} for x in two["losses"]]
    assert two["jobs"] == 2 and one["jobs"] == 1
