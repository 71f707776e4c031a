"""The demo command: bots in every seat through the real scenes, and bad input."""

from zole_desktop.cli import main


def test_demo_plays_and_saves_screenshots(tmp_path, capsys):
    shots = tmp_path / "shots"
    rc = main(["demo", "--hands", "2", "--seed", "5", "--players", "4", "--size", "960x540",
               "--screenshots", str(shots)])
    assert rc == 0
    names = sorted(p.name for p in shots.iterdir())
    assert "deal-001.png" in names and "hand-summary-002.png" in names
    assert "score-sheet-001.png" in names
    assert any(n.startswith("trick-") for n in names) or any(
        n.startswith("bidding-") for n in names)


def test_demo_bad_size_and_missing_scenes(capsys):
    assert main(["demo", "--size", "huge"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--size" in err[0]
    assert main(["demo", "--scene", "rules-guide"]) == 2
    assert "--screenshots" in capsys.readouterr().err
    assert main(["demo", "--scene", "nowhere"]) == 2
    assert "unknown scene" in capsys.readouterr().err


def test_demo_broken_theme_still_runs(tmp_path, capsys):
    assert main(["demo", "--hands", "1", "--theme", "no-such-theme", "--seed", "2"]) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no-such-theme" in err[0]
