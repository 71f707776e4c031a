"""Statistics, history and hand review scenes: they draw with empty and full histories, the
export writes a valid record, and the review steps through every trick."""

import json

import pytest

from tests.helpers import shared_dir
from tests.ui_records.conftest import make_history
from zole_desktop.records import history as match_history
from zole_desktop.rules.record import parse_json, replay
from zole_desktop.ui.scene import BACK, CONFIRM, DOWN, ERASE, KEY, LEFT, RIGHT, TEXT, Action

EXAMPLES = shared_dir() / "examples"


def settle(app, steps=3):
    for _ in range(steps):
        app.step()
    app.draw()


def test_stats_scene_empty_and_full(app, data_dir):
    from zole_desktop.ui.stats_scene import StatsScene

    sc = StatsScene()
    app.stack.push(sc)
    settle(app)
    assert sc.stats.matches == 0
    app.stack.pop()
    make_history(2, 4)
    (match_history.history_dir() / "match-broken.json").write_text("{not json", "utf-8")
    sc = StatsScene()
    app.stack.push(sc)
    settle(app)
    assert sc.stats.matches == 2 and sc.stats.hands == 8
    assert len(sc.notes) == 1 and "match-broken.json" in sc.notes[0]
    app._resized((960, 540))
    settle(app)
    app.post_action(Action(BACK))
    assert sc not in app.stack.scenes


def test_history_scene_lists_opens_and_reviews(app, data_dir):
    from zole_desktop.ui.history import HistoryScene
    from zole_desktop.ui.review_scene import ReviewScene

    hs = HistoryScene()
    app.stack.push(hs)
    settle(app)
    assert hs.entries == []
    app.stack.pop()
    make_history(2, 3)
    bad = match_history.history_dir() / "match-zz-bad.json"
    bad.write_text('{"format": "zole-match/1"}', "utf-8")
    hs = HistoryScene()
    app.stack.push(hs)
    settle(app)
    assert len(hs.entries) == 2 and len(hs.notes) == 1
    assert hs.entries[0].when == "2025-01-02 12:00"  # newest first
    app.post_action(Action(DOWN))
    app.post_action(Action(CONFIRM))
    assert hs.match is hs.entries[1]
    settle(app)
    app.post_action(Action(DOWN))
    app.post_action(Action(CONFIRM))
    top = app.stack.top
    assert isinstance(top, ReviewScene)
    top.exit()  # stops its analysis
    app.post_action(Action(BACK))
    assert app.stack.top is hs
    app._resized((960, 540))
    settle(app)
    app.post_action(Action(BACK))
    assert hs.match is None
    app.post_action(Action(BACK))
    assert hs not in app.stack.scenes


def test_export_writes_a_valid_record(app, data_dir, tmp_path):
    from zole_desktop.ui import history, history_entries

    make_history(1, 3)
    hs = history.HistoryScene()
    app.stack.push(hs)
    settle(app)
    hs.open_selected()
    out = tmp_path / "out"
    out.mkdir()
    # a bad folder: one line, nothing written
    hs.open_folder()
    hs.folder_text = str(tmp_path / "missing")
    app.post_action(Action(CONFIRM))
    assert hs.message_bad and "missing" in hs.message and hs.folder_text is not None
    # type the folder
    hs.folder_text = ""
    for ch in str(out):
        app.post_action(Action(TEXT, text=ch))
    app.post_action(Action(TEXT, text="x"))
    app.post_action(Action(ERASE))
    settle(app)
    app.post_action(Action(CONFIRM))
    files = sorted(out.glob("*.json"))
    assert len(files) == 1 and str(files[0]) in hs.message and not hs.message_bad
    data = parse_json(files[0].read_bytes())
    assert data["format"] == "zole-match/1"
    assert len(replay(data).rows) == 3
    # a second export gets a new name
    p2 = history_entries.export_match(hs.match, out)
    assert p2 != files[0] and json.loads(p2.read_text("utf-8")) == data
    with pytest.raises(history_entries.ExportError):
        history_entries.export_match(hs.match, files[0])  # a file, not a folder


@pytest.mark.parametrize("name,tricks", [("take-61.json", 8), ("maza-win.json", 8),
                                         ("pools-story.json", 0)])
def test_review_scene_steps_through_every_trick(app, name, tricks):
    from zole_desktop.ui.review_scene import ReviewScene

    rep = replay(parse_json((EXAMPLES / name).read_bytes()))
    sc = ReviewScene(rep.match.hands[0], names=["Laima", "Anna", "Jānis"], threaded=False,
                     node_limit=400_000)
    app.stack.push(sc)
    settle(app)
    assert not sc.analysing
    assert len(sc.review.tricks) == tricks
    for i in range(tricks + 2):
        app.post_action(Action(RIGHT))
        settle(app, 1)
        assert sc.step == min(i + 1, tricks)
        held = sc.held()
        assert all(len(v) == 8 - sc.step for v in held.values()), (name, sc.step, held)
    app.post_action(Action(KEY, value=0, text="g"))
    if sc.moments():  # to the costliest moment (a bid or the burial: before the first lead)
        assert sc.step == sc.moments()[0].trick
    elif sc.review.first_giveaway is not None:
        assert sc.step == sc.review.first_giveaway.trick
    app.post_action(Action(LEFT))
    app._resized((960, 540))
    settle(app)
    app.post_action(Action(BACK))
    assert sc not in app.stack.scenes


def test_review_scene_analyses_in_a_thread(app):
    from zole_desktop.ui.review_scene import ReviewScene

    rep = replay(parse_json((EXAMPLES / "zole-no-trick.json").read_bytes()))
    sc = ReviewScene(rep.match.hands[0], node_limit=400_000)
    app.stack.push(sc)
    app.step()
    assert sc.job is not None  # the analysis runs on the hint worker
    sc.job.wait(120)  # the analysis keeps a deadline of its own (sc.budget)
    app.step()  # the scene takes the finished analysis in its next update
    assert not sc.analysing and sc.review.dd_value is not None
    settle(app)
