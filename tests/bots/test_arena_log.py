"""The arena's deal log: a stopped run goes on where it stopped, and its report is the
report of one uninterrupted run."""

import json

import pytest

from zole_desktop.bots.measure import arena


def _figures(rep):
    return ([(b["name"], b["points_per_hand"], b["ci95"], b["declarer_rate"],
              b["decisions"]) for b in rep["bots"]], rep["pairs"])


def test_a_run_goes_on_from_its_log_and_reports_every_deal(tmp_path, monkeypatch):
    log = tmp_path / "runs" / "arena.jsonl"
    whole = arena.run(6, 11, ["normal", "easy"], progress=False)
    arena.run(3, 11, ["normal", "easy"], progress=False, log=log)
    assert len(log.read_text().splitlines()) == 1 + 3
    with log.open("ab") as f:  # a line cut off when the run was killed
        f.write(b'{"deal": 3, "sums": {"easy": {"del')
    played = []
    real = arena.play_deal
    monkeypatch.setattr(arena, "play_deal", lambda t: played.append(t[1]) or real(t))
    again = arena.run(6, 11, ["normal", "easy"], progress=False, log=log)
    assert played == [3, 4, 5]
    assert _figures(again) == _figures(whole)
    lines = log.read_text().splitlines()
    assert [json.loads(x)["deal"] for x in lines[1:]] == [0, 1, 2, 3, 4, 5]


def test_the_log_of_another_run_is_refused(tmp_path):
    log = tmp_path / "arena.jsonl"
    arena.run(1, 11, ["normal", "easy"], progress=False, log=log)
    before = log.read_bytes()
    with pytest.raises(ValueError, match="seed"):
        arena.run(2, 12, ["normal", "easy"], progress=False, log=log)
    with pytest.raises(ValueError, match="rules"):
        arena.run(2, 11, ["normal", "easy"], progress=False, log=log,
                  rules=arena.parse_rules("maza_zole=true"))
    (tmp_path / "other.jsonl").write_text("hello\n")
    with pytest.raises(ValueError, match="not an arena log"):
        arena.run(1, 11, ["normal", "easy"], progress=False, log=tmp_path / "other.jsonl")
    assert log.read_bytes() == before


def test_the_command_takes_a_log(tmp_path, capsys):
    from zole_desktop.cli import main

    log = tmp_path / "a.jsonl"
    assert main(["arena", "--hands", "2", "--seed", "3", "--bots", "normal,easy",
                 "--log", str(log), "--json"]) == 0
    first = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert main(["arena", "--hands", "2", "--seed", "3", "--bots", "normal,easy",
                 "--log", str(log), "--json"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["pairs"] == first["pairs"]
    assert main(["arena", "--hands", "2", "--seed", "4", "--bots", "normal,easy",
                 "--log", str(log)]) == 2
    assert "another run" in capsys.readouterr().err


def test_the_cpu_clock_is_the_deals_process_time_and_is_put_back(tmp_path, monkeypatch):
    import time

    wall = time.perf_counter
    seen = []
    real = arena.play_deal

    def spy(t):
        seen.append(time.perf_counter is time.process_time)
        return real(t)

    monkeypatch.setattr(arena, "play_deal", spy)
    rep = arena.run(2, 5, ["normal", "easy"], progress=False, clock="cpu",
                    log=tmp_path / "cpu.jsonl")
    assert seen == [True, True] and time.perf_counter is wall and rep["clock"] == "cpu"
    # a log kept with one clock is not taken up with the other
    with pytest.raises(ValueError, match="clock"):
        arena.run(3, 5, ["normal", "easy"], progress=False, log=tmp_path / "cpu.jsonl")
    with pytest.raises(ValueError, match="wall or cpu"):
        arena.run(1, 5, ["normal", "easy"], progress=False, clock="sundial")
