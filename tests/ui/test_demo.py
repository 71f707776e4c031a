"""The demo command: bots in every seat through the real scenes, and bad input."""

from zole_desktop.cli import main


def test_demo_plays_and_saves_screenshots(tmp_path, capsys):
    shots = tmp_path / "shots"
    rc = main(["demo", "--hands", "2", "--seed", "5", "--players", "4", "--size", "960x540",
               "--screenshots", str(shots)])
    assert rc == 0
    names = sorted(p.name for p in shots.iterdir())
    assert "deal-001.png" in names and "hand-summary-001.png" in names
    assert "match-end-001.png" in names
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


def test_demo_teaching_scene_screenshots(tmp_path, capsys):
    out = tmp_path / "guide"
    rc = main(["demo", "--scene", "gallery", "--screenshots", str(out), "--size", "960x540",
               "--lang", "lv"])
    assert rc == 0
    assert (out / "gallery-001.png").is_file()
    n = len(list(out.glob("gallery-*.png")))
    assert str(n) in capsys.readouterr().out


def test_demo_continue_resumes_where_it_stood(tmp_path, capsys):
    """A demo that saves is interrupted after some actions; --continue picks it up."""
    from zole_desktop import saves, storage
    from zole_desktop.i18n import set_language
    from zole_desktop.ui import demo
    from zole_desktop.ui.app import App
    from zole_desktop.ui.table.scene import TableScene

    data = tmp_path / "data"
    # without a save: a new match, said so
    assert main(["demo", "--continue", "--data-dir", str(data), "--hands", "1",
                 "--seed", "3"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("no saved match in")
    assert not saves.save_path().exists()  # the finished demo match left no save

    class Args:
        players, seed = 3, 9

    set_language("en")
    storage.set_data_dir(data)
    try:
        app = App((960, 540), storage.Settings(animation="fast", sound=False), fast=True,
                  save=True)
        table = TableScene(demo.new_session(Args, 6), demo=True, auto_continue=0.1)
        app.stack.push(table)
        # stop in the middle of a trick after the first hand (a "kill": the match is not
        # shut down cleanly)
        for _ in range(80000):
            app.step()
            st = table.state
            if table.hand_no >= 2 and st is not None and st.trick and st.completed:
                break
        app.shutdown()
        saved = saves.load()
        assert saved is not None and saved.current is not None
        hand, card = saved.describe()
        assert hand >= 2 and card > 3
        rc = main(["demo", "--continue", "--data-dir", str(data), "--hands", "1"])
    finally:
        storage.set_data_dir(None)
    assert rc == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"resumed hand {hand} at card {card}"
    assert lines[1].startswith(f"hand {hand}:")
