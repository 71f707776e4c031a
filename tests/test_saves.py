import json
import random

import pytest

from tests.helpers import play_random
from zole_desktop import saves, storage
from zole_desktop.records import history as match_history
from zole_desktop.rules.match import Match
from zole_desktop.rules.options import Rules
from zole_desktop.rules.state import DONE


@pytest.fixture(autouse=True)
def data_dir(tmp_path):
    storage.set_data_dir(tmp_path)
    yield tmp_path
    storage.set_data_dir(None)


def table(players=3):
    return saves.Table(["Anna", "Bot 1", "Bot 2", "Bot 3", "Bot 4"][:players],
                       ["human"] + ["normal"] * (players - 1), seed=7)


def test_save_and_continue_mid_hand_at_every_action():
    rng = random.Random(4)
    m = Match(players=4, rules=Rules(), dealer=1)
    for n in range(3):
        _d, st = m.deal(saves.hand_rng(7, n + 1))
        if n < 2:
            play_random(st, rng)
            m.finish(st)
    # now save after every action of the third hand and resume each time
    while st.phase != DONE:
        saves.save(m, table(4), st)
        got = saves.load()
        assert got is not None
        assert got.match.totals == m.totals and got.match.pools == m.pools
        assert got.current is not None
        assert got.current.actions() == st.actions()
        assert got.current.observation(2) == st.observation(2)
        st.apply(rng.choice([a for a in st.legal_actions() if a != 31]))


def test_corrupt_save_is_set_aside(data_dir):
    path = saves.save_path()
    path.write_text('{"format": "zole-save/1", "match": ')
    msgs: list[str] = []
    assert saves.load(messages=msgs) is None
    assert len(msgs) == 1 and "\n" not in msgs[0]
    assert not path.exists()
    assert len(list(data_dir.glob("current-match.json.corrupt-*"))) == 1


def test_a_save_marked_as_behind_the_player_is_not_continued(data_dir):
    """A save that failed and could be neither written nor emptied is marked as stale
    (flow.saver.mark_stale): Continue must not go back behind the moves the player saw."""
    from zole_desktop.flow import saver

    m = Match(players=3, rules=Rules(), dealer=1)
    _d, st = m.deal(saves.hand_rng(7, 1))
    saves.save(m, table(3), st)
    path = saves.save_path()
    assert saves.load() is not None
    saver.mark_stale(path, OSError(30, "Read-only file system"))
    msgs: list[str] = []
    assert saves.load(messages=msgs) is None
    assert len(msgs) == 1 and "behind" in msgs[0] and "\n" not in msgs[0]
    assert not path.exists()
    assert len(list(data_dir.glob("current-match.json.corrupt-*"))) == 1
    assert saver.stale_marker(path) is None  # set aside: the marker went with it
    # a save written since it was marked (other bytes) is the latest: continued
    saves.save(m, table(3), st)
    saver.mark_stale(path, OSError(30, "Read-only file system"))
    st.apply(st.legal_actions()[0])
    saves.save(m, table(3), st)
    assert saves.load() is not None


def test_future_version_and_illegal_save(data_dir):
    saves.save_path().write_text(json.dumps({"format": "zole-save/9"}))
    msgs: list[str] = []
    assert saves.load(messages=msgs) is None and "newer" in msgs[0]
    m = Match(3)
    _d, st = m.deal(random.Random(1))
    play_random(st, random.Random(1))
    m.finish(st)
    data = saves.to_json(m, table(), None)
    data["match"]["hands"][0]["talon"] = ["QC", "QC"]
    saves.save_path().write_text(json.dumps(data))
    msgs = []
    assert saves.load(messages=msgs) is None and "hand 1" in msgs[0]


def test_truncated_file_never_overwrites_until_complete(data_dir):
    m = Match(3)
    saves.save(m, table(), None)
    before = saves.save_path().read_bytes()

    class Boom(Exception):
        pass

    def bad_json(*a, **k):
        raise Boom

    orig = saves.json.dumps
    saves.json.dumps = bad_json
    try:
        with pytest.raises(Boom):
            saves.save(m, table(), None)
    finally:
        saves.json.dumps = orig
    assert saves.save_path().read_bytes() == before
    assert not list(data_dir.glob("*.tmp"))


def test_archive_and_history():
    m = Match(3)
    for n in range(2):
        _d, st = m.deal(saves.hand_rng(1, n + 1))
        play_random(st, random.Random(n))
        m.finish(st)
    p = match_history.archive(m, table(), when="20261129-120000")
    assert p is not None and p.exists()
    assert match_history.history_files() == [p]
    from zole_desktop.rules.record import replay

    assert replay(json.loads(p.read_text())).match.totals == m.totals


def test_settings_roundtrip_and_fallback_per_key(data_dir):
    s = storage.Settings(language="lv", theme="rainis-1", animation="fast", sound=False)
    storage.save_settings(s)
    assert storage.load_settings() == s
    storage.settings_path().write_text('language = "ru"\nanimation = "warp"\nsound = 3\n')
    msgs: list[str] = []
    got = storage.load_settings(msgs)
    assert got.language == "ru" and got.animation == "normal" and got.sound is True
    # one line per bad value, and the file as it was is kept before it is written over
    assert len(msgs) == 3 and "kept as settings.toml.corrupt-" in msgs[2]
    storage.settings_path().write_text("this is = = not toml")
    msgs = []
    assert storage.load_settings(msgs) == storage.Settings()
    assert len(msgs) == 1 and list(data_dir.glob("settings.toml.corrupt-*"))


def test_data_dir_from_environment(tmp_path, monkeypatch):
    storage.set_data_dir(None)
    monkeypatch.setenv("ZOLE_DESKTOP_HOME", str(tmp_path / "home"))
    assert storage.data_dir() == tmp_path / "home"


def test_a_save_whose_hand_has_a_bad_tail_goes_on_from_its_legal_part(caplog):
    """The hand in progress is replayed leniently: the actions up to the first one that
    does not apply are kept, the rest is dropped with its reason (logged, and told in one
    line), the file as it was is kept beside the save, and the match goes on from there
    instead of being set aside."""
    rng = random.Random(5)
    m = Match(players=3, rules=Rules(), dealer=0)
    _d, st = m.deal(saves.hand_rng(7, 1))
    while st.phase != DONE and len(st.completed) < 3:
        st.apply(rng.choice([a for a in st.legal_actions() if a != 31]))
    assert st.phase != DONE
    data = saves.to_json(m, table(), st)
    good = list(data["current"]["play"])
    data["current"]["play"] = good + [good[0], good[1]]  # a card played twice, and one more
    text = json.dumps(data)
    saves.save_path().write_text(text)
    msgs: list[str] = []
    with caplog.at_level("WARNING", logger="zole_desktop.saves"):
        got = saves.load(messages=msgs)
    assert got is not None and saves.save_path().exists()
    copies = list(saves.save_path().parent.glob(saves.save_path().name + ".corrupt-*"))
    assert len(copies) == 1 and copies[0].read_text() == text  # nothing the player had is lost
    assert len(msgs) == 1 and copies[0].name in msgs[0] and "could not be read" in msgs[0]
    assert got.current is not None and got.current.actions() == st.actions()
    assert got.dropped is not None
    assert got.dropped.startswith(f"hand 1: card {len(good) + 1} ({good[0]}): ")
    assert got.dropped in caplog.text
    # a save without a bad tail drops nothing
    saves.save(m, table(), st)
    msgs = []
    again = saves.load(messages=msgs)
    assert again is not None and again.dropped is None and msgs == []
    assert again.current is not None and again.current.actions() == st.actions()
