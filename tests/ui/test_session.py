"""A session is saved (through zole_desktop.saves) and can be continued."""

import random

from zole_desktop import saves
from zole_desktop.flow.session import Session
from zole_desktop.rules.state import SURRENDER


def _play(session, rng):
    _deal, st = session.match.deal(session.rng_for_hand())
    while not st.is_terminal():
        st.apply(rng.choice([a for a in st.legal_actions() if a != SURRENDER]))
    session.match.finish(st)


def test_save_and_continue(data_dir):
    rng = random.Random(1)
    s = Session(players=4, names=["Me", "A", "B", "C"], levels=[None, "easy", "normal", "strong"],
                human=0, length=12, seed=42, serious=True)
    for _ in range(3):
        _play(s, rng)
    assert not Session.has_saved()
    s.save()
    assert Session.has_saved()
    t = Session.load()
    assert t.players == 4 and t.names == s.names and t.levels == s.levels and t.human == 0
    assert t.match.totals == s.match.totals and t.match.dealer == s.match.dealer
    assert t.hand_number == 4 and t.length == 12 and t.serious and t.current is None
    # the next deal is the same as it would have been, and it is the saves module's
    assert t.rng_for_hand().random() == s.rng_for_hand().random()
    assert s.rng_for_hand().random() == saves.hand_rng(42, 4).random()
    Session.clear_saved()
    assert not Session.has_saved()


def test_hand_in_progress_is_saved(data_dir):
    rng = random.Random(3)
    s = Session(players=3, names=["Me", "A", "B"], levels=[None, "easy", "easy"], human=0,
                length=6, seed=9)
    _deal, st = s.match.deal(s.rng_for_hand())
    for _ in range(9):
        st.apply(rng.choice([a for a in st.legal_actions() if a != SURRENDER]))
    s.save(st)
    t = Session.load()
    assert t.current is not None and t.current.actions() == st.actions()
    assert t.take_current() is not None and t.current is None


def test_broken_save_is_set_aside_in_one_line(data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    saves.save_path().write_text("{not json", encoding="utf-8")
    msgs: list[str] = []
    assert Session.load(msgs) is None
    assert len(msgs) == 1 and "\n" not in msgs[0]
    assert not Session.has_saved()
    assert list(data_dir.glob("current-match.json.corrupt-*"))


def test_continue_from_the_menu(make_app, data_dir):
    from ui_helpers import continue_from_menu, run_until

    s = Session(players=3, names=["Me", "A", "B"], levels=[None, "random", "random"], human=0,
                length=6, seed=3)
    _play(s, random.Random(2))
    s.save()
    app = make_app()
    table = continue_from_menu(app)
    assert table.session.hand_number == 2
    assert run_until(app, lambda: table.state is not None and table.director.deal is not None, 100)
