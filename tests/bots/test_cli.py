"""The arena and solve commands."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from zole_desktop.cli import main

ROOT = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("ZOLE_SHARED", ROOT.parent / "shared"))
EXAMPLE = SHARED / "examples" / "take-61.json"


def test_arena_tiny_json(capsys):
    rc = main(["arena", "--hands", "2", "--seed", "3", "--bots", "normal,random", "--json"])
    assert rc == 0
    out = capsys.readouterr().out.strip().splitlines()
    data = json.loads(out[-1])
    assert data["hands"] == 2
    assert {b["name"] for b in data["bots"]} == {"normal", "random"}
    for b in data["bots"]:
        for key in ("name", "points_per_hand", "ci95", "declarer_rate", "declarer_success",
                    "decisions", "ms_median", "ms_p95", "ms_max"):
            assert key in b
        assert len(b["ci95"]) == 2
    (pair,) = data["pairs"]
    assert set(pair) >= {"a", "b", "diff", "ci95"}
    # two bots: both present in each of the 6 seatings, zero-sum per deal
    a, b = data["bots"]
    assert abs(a["points_per_hand"] + b["points_per_hand"]) < 1e-6


def test_arena_three_bots_reproducible(capsys):
    args = ["arena", "--hands", "2", "--seed", "5", "--bots", "normal,easy,random", "--json"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert main(args + ["--jobs", "2"]) == 0
    second = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert [b["points_per_hand"] for b in first["bots"]] == \
        [b["points_per_hand"] for b in second["bots"]]
    assert len(first["pairs"]) == 3
    for b in first["bots"]:
        # the declarer's wins split by what the double-dummy solver said was makeable
        checked, made = b["dd_checked"], b["dd_makeable"] * b["dd_checked"]
        won = b["dd_success"] * checked
        split = b["dd_won_makeable"] * made + b["dd_won_unmakeable"] * (checked - made)
        assert abs(split - won) < 0.01 * max(1, checked)


def test_arena_unknown_bot(capsys):
    assert main(["arena", "--hands", "1", "--bots", "normal,wizard"]) == 2
    assert "wizard" in capsys.readouterr().err


def test_solve_example(capsys):
    assert main(["solve", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "double-dummy from the first lead" in out
    assert "take by seat 1" in out
    # a row for each of the 24 cards played
    rows = [ln for ln in out.splitlines() if ln[:3].strip().isdigit()]
    assert len(rows) == 24
    assert "result: the declarer took 61 card points" in out


def test_solve_bad_file(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "zole-match/1", "players": 3, "hands": [{"dealer": 0}]}')
    assert main(["solve", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("hand 1:")
    assert main(["solve", str(tmp_path / "missing.json")]) == 2
    assert main(["solve", str(EXAMPLE), "--hand", "4"]) == 2
    notjson = tmp_path / "x.json"
    notjson.write_text("{nope")
    assert main(["solve", str(notjson)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert all(line.startswith("hand") for line in err)


def test_arena_four_and_five_people_with_table_options(capsys):
    for players in (4, 5):
        rc = main(["arena", "--hands", "2", "--seed", "4", "--bots", "normal,random",
                   "--players", str(players), "--rules",
                   "maza_zole=true,all_pass=galdins,galdins_talon=lead", "--json"])
        assert rc == 0
        data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
        assert data["players"] == players
        assert data["rules"]["maza_zole"] is True
        assert data["rules"]["galdins_talon"] == "lead"
        (pair,) = data["pairs"]
        assert pair["ci95"][0] <= pair["diff"] <= pair["ci95"][1]
        # every bot sat in the 3 active positions only: 6 seatings x 3 positions per deal
        assert sum(b["decisions"] > 0 for b in data["bots"]) == 2


def test_arena_rules_are_checked(capsys):
    assert main(["arena", "--hands", "1", "--bots", "normal", "--rules", "maza=yes"]) == 2
    assert "unknown option" in capsys.readouterr().err
    assert main(["arena", "--hands", "1", "--bots", "normal",
                 "--rules", "galdins_talon=middle"]) == 2
    assert "galdins_talon" in capsys.readouterr().err


def test_arena_galdins_is_counted():
    from zole_desktop.bots.measure.arena import parse_rules, run

    rep = run(12, 11, ["normal"], progress=False, rules=parse_rules("all_pass=galdins"))
    assert rep["rules"]["all_pass"] == "galdins"
    (bot,) = rep["bots"]
    # the normal bot passes most hands: some deals are played as galdiņš, and in each one
    # of the three seats (all of them this bot) pays
    assert bot["galdins_hands"] > 0 and bot["galdins_hands"] % 3 == 0
    assert 0 < bot["galdins_lost"] < 1


def test_arena_galdins_only_plays_a_galdins_in_every_deal(capsys):
    from zole_desktop.bots.measure.arena import parse_rules, run

    rep = run(2, 5, ["normal", "easy"], progress=False, rules=parse_rules("all_pass=galdins"),
              galdins_only=True)
    assert rep["galdins_only"] is True
    for bot in rep["bots"]:
        # 2 deals, 6 seatings, each bot in 9 of the 18 seats of a deal
        assert bot["galdins_hands"] == 18 and bot["contracts"] == {}
    # without the galdiņš rule, passing would end the hand: refused with one line
    assert main(["arena", "--hands", "1", "--bots", "normal", "--galdins-only"]) == 2
    assert "all_pass=galdins" in capsys.readouterr().err


def test_arena_takes_a_level_with_a_setting_changed():
    from zole_desktop.bots.measure.arena import arena_bot

    b = arena_bot("strong:infer=false:stop_z=3.5:budgets=0.3/0.2/0.1", 1)
    assert b.level == "strong"
    assert (b.infer, b.stop_z, b.budgets) == (False, 3.5, (0.3, 0.2, 0.1))
    plain = arena_bot("strong", 1)  # the class's settings are not touched
    assert (plain.infer, plain.stop_z) == (True, 2.5)
    for bad in ("strong:nonsense=1", "strong:_began=1", "strong:choose=1", "strong:layouts"):
        with pytest.raises(ValueError, match="no setting"):
            arena_bot(bad, 1)
    for bad in ("strong:infer=2", "strong:stop_z=high", "strong:budgets=0.3/0.2",
                "strong:max_layouts=40.5/50/60"):
        with pytest.raises(ValueError, match="not a value of that kind"):
            arena_bot(bad, 1)
    with pytest.raises(ValueError, match="unknown bot level"):
        arena_bot("grandmaster:x=1", 1)


def test_arena_command_takes_a_tuple_setting_beside_other_bots(capsys):
    """Commas separate the bots, so a tuple's items are joined by '/' on the command line:
    a tuple as long as the setting's plays; a shorter one is refused in one line."""
    spec = "strong:budgets=0.02/0.02/0.02"
    assert main(["arena", "--hands", "1", "--bots", f"normal,{spec}"]) == 0
    assert spec in capsys.readouterr().out
    assert main(["arena", "--hands", "1", "--bots", "strong,strong:budgets=0.3/0.2"]) == 2
    assert "not a value of that kind" in capsys.readouterr().err
