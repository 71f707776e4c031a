"""The critical-positions tool: collect, the file, and the bench."""

from __future__ import annotations

import json

import pytest

from zole_desktop.bots import make_bot
from zole_desktop.bots.measure import critical
from zole_desktop.bots.measure.declarer import declarer_legal, keeps_61
from zole_desktop.rules.cards import CARD_INDEX


@pytest.fixture(scope="module")
def positions():
    # deal 1 of seed 23 with 4 layouts per decision: one critical first lead of a take
    return critical.collect(23, 1, start=1, layouts=4)


def test_collect_keeps_decisions_where_some_cards_keep_61_and_some_do_not(positions, tmp_path):
    assert positions
    path = tmp_path / "pos.jsonl"
    critical.write(path, positions)
    loaded = critical.load(path)
    assert len(loaded) == len(positions)
    for st, keep in loaded:
        assert st.turn == st.declarer and len(st.completed) < 2
        legal = declarer_legal(st)
        kept = {c for c in legal if keeps_61(st, c)}
        assert kept == {c for c in legal if keep >> c & 1}
        assert 0 < len(kept) < len(legal)


def test_bench_counts_the_cards_that_keep_61(positions, tmp_path, capsys):
    path = tmp_path / "pos.jsonl"
    critical.write(path, positions)
    rc = critical.main(["bench", str(path), "--bots", "strong:max_layouts=4/4/4,random",
                        "--reps", "2", "--json"])
    assert rc == 0
    out = capsys.readouterr().out.strip().splitlines()
    rep = json.loads(out[-1])
    assert rep["positions"] == len(positions) and rep["reps"] == 2
    strong, rnd = rep["bots"]
    assert strong["decisions"] == rnd["decisions"] == 2 * len(positions)
    assert 0 <= strong["kept"] <= strong["decisions"]
    (pair,) = rep["pairs"]
    assert pair["a"] == "random" and pair["b"] == "strong:max_layouts=4/4/4"
    assert pair["diff"] == round((rnd["kept"] - strong["kept"]) / strong["decisions"], 4)
    # the count is the declarer's card against the file's cards (the normal bot's rules
    # card is the same whatever its seed)
    loaded = critical.load(path)
    rep = critical.bench(loaded, ["normal"], reps=1)
    expect = 0
    for st, keep in loaded:
        card = make_bot("normal", 5).choose(st.observation(st.seats[st.declarer]))
        expect += keep >> card & 1
    assert rep["bots"][0]["kept"] == expect


def _file(tmp_path, lines):
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_bad_position_file_is_refused_with_one_line(positions, tmp_path, capsys,
                                                      monkeypatch):
    head = json.dumps({"format": "zole-critical/1"})
    good = dict(positions[0])
    bad = [
        ([json.dumps(good)], "not a position file"),
        ([head, "{"], "line 2"),
        ([head, json.dumps({**good, "extra": 1})], "has the keys"),
        ([head, json.dumps({**good, "actions": good["actions"][:-1] + [99]})], "not legal"),
        ([head, json.dumps({**good, "actions": good["actions"][:2]})],
         "do not lead to a declarer's card decision"),
        ([head, json.dumps({**good, "keep": ["XX"]})], "card names"),
        ([head, json.dumps({**good, "deal": -1})], "whole number"),
        ([head, "[" * 100_000 + "]" * 100_000], "line 2"),
    ]
    # a card the declarer does not hold
    hand = critical._replay(good)[0]
    held = hand.hands[hand.declarer]
    other = next(n for n, i in CARD_INDEX.items() if not held >> i & 1)
    bad.append(([head, json.dumps({**good, "keep": [other]})], "does not hold"))
    for lines, why in bad:
        path = _file(tmp_path, lines)
        assert critical.main(["bench", str(path)]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("critical: ") and why in err[0], (why, err)
    monkeypatch.setattr(critical, "MAX_BYTES", 10)
    assert critical.main(["bench", str(_file(tmp_path, [head, json.dumps(good)]))]) == 2
    assert "more than the 10" in capsys.readouterr().err
    assert critical.main(["bench", str(tmp_path / "missing.jsonl")]) == 2
    assert critical.main(["bench", str(_file(tmp_path, [head])), "--bots", "strong:x=1"]) == 2
    assert "has no setting 'x'" in capsys.readouterr().err


def test_the_reference_positions_load_and_are_critical():
    # the 161 positions the README's figures are measured on (seed 23, deals 0-359)
    from pathlib import Path

    path = Path(__file__).with_name("critical-s23.jsonl")
    loaded = critical.load(path)
    assert len(loaded) == 161
    for st, keep in loaded:
        legal = sum(1 << c for c in declarer_legal(st))
        assert st.turn == st.declarer and len(st.completed) < 2
        assert keep and keep & legal == keep and keep != legal
    for st, keep in loaded[:2]:  # open cards agree with the file (the solver is slow here)
        assert {c for c in declarer_legal(st) if keeps_61(st, c)} == \
            {c for c in declarer_legal(st) if keep >> c & 1}


def test_collect_refuses_an_output_folder_that_does_not_exist_before_playing(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        critical.main(["collect", "--deals", "1", "--out", str(tmp_path / "no" / "pos.jsonl")])
    assert e.value.code == 2
    assert "--out: no folder" in capsys.readouterr().err


def test_later_tricks_are_collected_and_benched(positions, tmp_path, capsys):
    # deal 1 of seed 23 with 4 layouts per decision: critical decisions in tricks 4 and 6
    late = critical.collect(23, 1, start=1, layouts=4, tricks=(2, 7))
    path = tmp_path / "late.jsonl"
    critical.write(path, late)
    loaded = critical.load(path)
    assert [len(st.completed) for st, _k in loaded] == [4, 6]
    for st, keep in loaded:
        legal = declarer_legal(st)
        assert {c for c in legal if keeps_61(st, c)} == {c for c in legal if keep >> c & 1}
    # the first two tricks of the same deal are the fixture's, not these
    assert all(len(critical._replay(p)[0].completed) < 2 for p in positions)
    # the bench reads the bots' per-trick settings for a later trick too
    assert critical.main(["bench", str(path), "--bots", "strong:max_layouts=4/4/4",
                          "--json"]) == 0
    rep = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert rep["bots"][0]["decisions"] == 2


@pytest.mark.parametrize("tricks", ["3-1", "2", "a-b", "0-8", "1-"])
def test_collect_refuses_tricks_out_of_the_hand(tmp_path, capsys, tricks):
    with pytest.raises(SystemExit) as e:
        critical.main(["collect", "--deals", "1", "--tricks", tricks,
                       "--out", str(tmp_path / "pos.jsonl")])
    assert e.value.code == 2
    assert "--tricks must be FIRST-LAST" in capsys.readouterr().err
    assert not (tmp_path / "pos.jsonl").exists()


def test_the_later_reference_positions_load_and_are_critical():
    # 144 positions from tricks 2-6 of 300 deals of seed 29 (strong bots, CPU clock)
    from pathlib import Path

    loaded = critical.load(Path(__file__).with_name("critical-late-s29.jsonl"))
    assert len(loaded) == 144
    assert {len(st.completed) for st, _k in loaded} == {2, 3, 4, 5, 6}
    for st, keep in loaded:
        legal = sum(1 << c for c in declarer_legal(st))
        assert st.turn == st.declarer and keep and keep & legal == keep and keep != legal
    for st, keep in loaded[-3:]:  # open cards agree with the file (late: quick to solve)
        assert {c for c in declarer_legal(st) if keeps_61(st, c)} == \
            {c for c in declarer_legal(st) if keep >> c & 1}
