"""The arena and solve commands."""

from __future__ import annotations

import json
import os
from pathlib import Path

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
