"""The person's own name: "You" in the current language until they type one, spoken to in
the second person; a typed name is shown as typed, in the third person."""

import json
import random

import pytest

from zole_desktop import saves
from zole_desktop.flow.session import Session
from zole_desktop.i18n import set_language
from zole_desktop.records import history as match_history
from zole_desktop.records import review as R
from zole_desktop.rules.settlement import PoolEvent
from zole_desktop.rules.state import BIDDING, DONE, PASS, SURRENDER, TAKE_BID
from zole_desktop.ui import gfx, texts
from zole_desktop.ui.hand_end import HandSummary
from zole_desktop.ui.history_entries import read_entry
from zole_desktop.ui.review_scene import ReviewScene
from zole_desktop.ui.sheet import ScoreSheet

SEED = 7  # the person takes and wins 6 tricks, 89 card points; they win the first trick


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


def played(name: str):
    """A finished hand in which the person (seat 0, called ``name``) is the declarer."""
    s = Session(players=3, names=[name, "Jānis", "Ilze"], levels=[None, "random", "random"],
                human=0, seed=SEED, length=1)
    rng = random.Random(SEED)
    _deal, st = s.match.deal(s.rng_for_hand())
    while st.phase != DONE:
        if st.phase == BIDDING:
            st.apply(TAKE_BID if st.current_seat == 0 else PASS)
        else:
            st.apply(rng.choice([a for a in st.legal_actions() if a != SURRENDER]))
    row = s.match.finish(st)
    assert (st.declarer_seat, row.declarer_tricks, row.declarer_points) == (0, 6, 89)
    assert st.completed[0].winner == 0
    return s, st, row


def drawn(monkeypatch, app, scene) -> list[str]:
    """Every text a scene draws in one frame."""
    seen: list[str] = []
    real = gfx.blit_text

    def spy(surface, text, *a, **kw):
        seen.append(text)
        return real(surface, text, *a, **kw)

    monkeypatch.setattr(gfx, "blit_text", spy)
    app.stack.push(scene)
    app.invalidate()
    app.step()
    monkeypatch.setattr(gfx, "blit_text", real)
    return seen


YOU_LINES = {
    "lv": ("Tu paņēmi 6 stiķus", "Tu paņēmi 89 acis, mazie — 31", "Tu ņem ",
           "— tu", "Tu"),
    "ru": ("Вы взяли 6 взяток", "Вы взяли 89 очков, малые — 31", "Вы берёте ", "— вы", "Вы"),
    "en": ("You took 6 tricks", "You took 89 card points, the defenders 31", "You take ",
           "— you", "You"),
}


@pytest.mark.parametrize("lang", ["lv", "ru", "en"])
def test_the_untyped_name_is_spoken_to_in_summary_review_and_sheet(make_app, monkeypatch,
                                                                   lang):
    s, st, row = played("")
    assert s.names[0] == ""
    app = make_app()
    set_language(lang)
    tricks, points, takes, dash, label = YOU_LINES[lang]
    summary = HandSummary(s, st, row)
    lines = summary.lines()
    assert lines[:2] == [points, tricks]
    shown = drawn(monkeypatch, app, summary)
    assert any(t.endswith(dash) for t in shown), shown  # "Hand 1: Ordinary game — you"
    assert label in shown  # the person's row of game points
    review = ReviewScene(R.review_hand(st, analyse=False), names=list(s.names), viewer=0)
    review.step = 1  # the first trick, which the person won
    shown = drawn(monkeypatch, app, review)
    assert any(t.startswith(takes) for t in shown), shown
    assert any(t.endswith(dash) for t in shown), shown  # "Hand 1: Ordinary game — you"
    sheet = ScoreSheet(s)
    shown = drawn(monkeypatch, app, sheet)
    assert label in shown  # the person's column
    assert any(dash in t for t in shown), shown  # "Ordinary game — you (89)"
    if lang != "en":
        everything = lines + shown
        assert not any("You" in t for t in everything), everything


TYPED = {"lv": "Anna paņēma 6 stiķus", "ru": "Anna: 6 взяток", "en": "Anna took 6 tricks"}


@pytest.mark.parametrize("lang", ["lv", "ru", "en"])
def test_a_typed_name_is_shown_as_typed_in_the_third_person(make_app, monkeypatch, lang):
    s, st, row = played("Anna")
    app = make_app()
    set_language(lang)
    summary = HandSummary(s, st, row)
    assert summary.lines()[1] == TYPED[lang]
    shown = drawn(monkeypatch, app, summary)
    assert any(t.endswith(gfx.DASH + "Anna") for t in shown), shown
    review = ReviewScene(R.review_hand(st, analyse=False), names=list(s.names), viewer=0)
    review.step = 1
    shown = drawn(monkeypatch, app, review)
    assert any("Anna" in t and t.split("Anna")[0] == "" for t in shown), shown


def test_review_text_speaks_to_the_person():
    s, st, _row = played("")
    rv = R.review_hand(st, analyse=False)
    set_language("lv")
    out = R.lines(rv, s.name, you=0)
    assert out[1].startswith("1. stiķis: ") and "— tu ņem " in out[1]
    set_language("ru")
    out = R.lines(rv, s.name, you=0)
    assert "— вы берёте " in out[1]
    assert not any("You" in t or "Вы берёт" in t for t in out)
    out = R.lines(rv, Session(names=["Anna", "Jānis", "Ilze"], human=0).name)
    assert "— Anna берёт " in out[1]


def test_a_language_switch_changes_the_shown_default_name():
    s = Session(players=3, names=[""], levels=[None, "normal", "normal"], human=0)
    set_language("en")
    assert s.name(0) == "You"
    set_language("lv")
    assert s.name(0) == "Tu"
    assert s.name(1) == "Jānis"
    set_language("ru")
    assert s.name(0) == "Вы"
    assert s.name(1) == "Янис"  # the bots' names follow the language too
    typed = Session(players=3, names=["Laura"], human=0)
    assert typed.name(0) == "Laura"
    assert not typed.people.is_you(0)


def test_pool_events_speak_to_the_person():
    s = Session(players=3, names=[""], human=0)
    set_language("lv")
    got = texts.pool_event_text(PoolEvent("personal_added", seat=0), s.name, s.people.you)
    assert got == "Tu saņem personīgo puli"
    got = texts.pool_event_text(PoolEvent("closed_other", seat=1, paid_by=0, amount=2), s.name,
                                s.people.you)
    assert got == "Jānis noņem tavu personīgo puli (+2)"
    set_language("ru")
    got = texts.pool_event_text(PoolEvent("closed_common", seat=0, amount=3), s.name,
                                s.people.you)
    assert got == "Вы закрываете общую пулю (+3)"


def test_the_default_name_is_saved_empty_and_old_saves_with_you_still_work(data_dir):
    s = Session(players=3, names=[""], levels=[None, "normal", "normal"], human=0)
    s.save()
    path = saves.save_path()
    data = json.loads(path.read_text("utf-8"))
    assert data["table"]["names"][0] == ""
    # an older version stored the word itself, in the language of the day
    for old in ("You", "Tu", "Вы"):
        data["table"]["names"][0] = old
        path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
        loaded = Session.load()
        assert loaded is not None and loaded.names[0] == ""
        set_language("lv")
        assert loaded.name(0) == "Tu"
        set_language("en")


@pytest.mark.parametrize("stored", ["", "You"])
def test_history_shows_the_default_name_in_the_current_language(data_dir, stored):
    s, _st, _row = played("")
    t = s.table()
    assert t.names[0] == ""
    t.names[0] = stored
    path = match_history.archive(s.match, t)
    entry = read_entry(path)
    set_language("ru")
    assert entry.name(0) == "Вы"
    assert entry.shown_names() == "Вы, Янис, Илзе"
    set_language("lv")
    assert entry.shown_names() == "Tu, Jānis, Ilze"


def test_new_game_keeps_no_name_until_one_is_typed(make_app):
    from zole_desktop.ui.menus import NewGameScene

    app = make_app()
    app.settings.player_name = "You"  # as an older version may have left it
    scene = NewGameScene()
    app.stack.push(scene)
    app.step()
    assert scene.name == ""
    scene.start()
    assert app.settings.player_name == ""
    table = app.stack.top
    assert table.session.names[0] == ""
    set_language("lv")
    assert table.seat_name(0) == "Tu"
    set_language("en")
    app.stack.pop()
    scene = NewGameScene()
    app.stack.push(scene)
    app.step()
    scene._set_name("  Anna ")
    scene.start()
    assert app.settings.player_name == "Anna"
    assert app.stack.top.session.names[0] == "Anna"
    set_language("lv")
    assert app.stack.top.seat_name(0) == "Anna"


@pytest.mark.parametrize("lang, won, lost, alone, together", [
    ("lv", "Tu nepaņēmi nevienu stiķi: uzvara", "Tu paņēmi stiķi: zaudējums", "Tu maksā",
     "Tu un Jānis maksājat"),
    ("ru", "Вы не взяли ни одной взятки — выигрыш", "Вы взяли взятку — проигрыш", "Платите вы",
     "Вы и Янис платите"),
    ("en", "You took no trick: won", "You took a trick: lost", "You pay", "You and Jānis pay"),
])
def test_small_zole_and_small_table_lines_speak_to_the_person(lang, won, lost, alone, together):
    from dataclasses import replace

    s, st, row = played("")
    set_language(lang)

    def lines(**changes):
        return HandSummary(s, st, replace(row, **changes)).lines()

    assert lines(contract="maza", declarer_tricks=0)[0] == won
    assert lines(contract="maza", declarer_tricks=1)[0] == lost
    table = dict(contract="galdins", declarer=None, seats=(0, 1, 2), tricks=(3, 3, 2),
                 points=(40, 50, 30))
    assert lines(losers=(0,), **table)[-1] == alone
    assert lines(losers=(0, 1), **table)[-1] == together
    typed = Session(players=3, names=["Anna"], human=0)
    got = HandSummary(typed, st, replace(row, losers=(0, 1), **table)).lines()[-1]
    assert got == {"lv": "Maksā: Anna, Jānis", "ru": "Платят: Anna, Янис",
                   "en": "Pay: Anna, Jānis"}[lang]
    got = HandSummary(typed, st, replace(row, losers=(1,), **table)).lines()[-1]
    assert got == {"lv": "Maksā: Jānis", "ru": "Платит: Янис", "en": "Pays: Jānis"}[lang]
