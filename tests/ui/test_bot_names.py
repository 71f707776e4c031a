"""Every name at a table is its own: a bot never has a name a person at the table typed (in
any case, in any of our languages), nor another bot's; the names older versions stored still
show as they did."""

import json
import random

import pytest

from zole_desktop import saves
from zole_desktop.flow import people
from zole_desktop.flow.session import Session
from zole_desktop.i18n import LANGUAGES, set_language
from zole_desktop.records import history as match_history
from zole_desktop.rules.state import DONE, SURRENDER
from zole_desktop.ui.history_entries import read_entry


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


def assert_distinct(shown: list[str]) -> None:
    """No two of the names as shown are one name to a player, in any language."""
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            assert not people.same_name(a, b), shown


@pytest.mark.parametrize("typed, bots", [
    ("Anna", ["Jānis", "Ilze", "Pēteris", "Kārlis"]),
    ("анна", ["Jānis", "Ilze", "Pēteris", "Kārlis"]),
    (" ANNA ", ["Jānis", "Ilze", "Pēteris", "Kārlis"]),
    ("Ilze", ["Anna", "Jānis", "Pēteris", "Kārlis"]),
    ("Janis", ["Anna", "Ilze", "Pēteris", "Kārlis"]),  # typed without the long ā
    ("Laura", ["Anna", "Jānis", "Ilze", "Pēteris"]),
])
def test_new_game_gives_the_bots_names_the_person_did_not_type(make_app, typed, bots):
    from zole_desktop.ui.menus import NewGameScene

    app = make_app()
    scene = NewGameScene()
    app.stack.push(scene)
    app.step()
    scene._set_name(typed)
    scene._set_players(5)
    rows = [w.label() for w in scene.widgets if callable(getattr(w, "label", None))]
    assert rows == [f"Bot {b}" for b in bots]  # the rows above Start
    scene.start()
    session = app.stack.top.session
    assert session.names == [typed.strip()] + bots
    for lang in LANGUAGES:
        set_language(lang)
        assert_distinct(session.people.all())
    set_language("ru")
    assert session.people.all()[1:] == [people.bot_label(b) for b in bots]


def test_the_bot_names_in_order_and_past_the_taken_ones():
    set_language("ru")
    assert [people.bot_name(i) for i in range(7)] == [
        "Анна", "Янис", "Илзе", "Петерис", "Карлис", "Марта", "Лига"]
    assert people.bot_name(0, taken=["ANNA"]) == "Янис"
    assert people.bot_name(0, taken=["Анна", "Jānis"]) == "Илзе"
    assert people.bot_name(6, taken=["Лига"]) == "Анна"  # round to the first again
    assert people.bot_name(1, taken=["Annabel", "Jan", "Ilze Ozola"]) == "Янис"
    assert people.bot_name(3, taken=["PETERIS"]) == "Карлис"
    assert people.bot_name(3, taken=["Pe\u0304teris"]) == "Карлис"  # ē as e and a macron
    set_language("lv")
    every = [people.bot_name(i) for i in range(7)]
    assert people.bot_name(2, taken=every) == "Ilze 2"  # never at five seats
    assert people.bot_name(2, taken=[*every, "ilze 2"]) == "Ilze 3"


def test_a_session_fills_the_empty_seats_with_names_nobody_has():
    s = Session(players=5, names=["", "Jānis"], human=0)
    assert s.names == ["", "Jānis", "Ilze", "Pēteris", "Kārlis"]
    s = Session(players=4, names=["Ilze"], human=0)
    assert s.names == ["Ilze", "Jānis", "Pēteris", "Kārlis"]


def test_the_demo_table_has_five_names(monkeypatch):
    from types import SimpleNamespace

    from zole_desktop.ui.demo import new_session

    s = new_session(SimpleNamespace(players=5, seed=3), 1)
    assert s.names == ["Laima", "Anna", "Jānis", "Ilze", "Pēteris"]


def test_the_guided_game_renames_a_bot_that_has_the_players_name(make_app):
    from zole_desktop.ui.tutorial import TutorialTableScene

    app = make_app()
    app.settings.player_name = "anna"
    table = TutorialTableScene()
    app.stack.push(table)
    app.step()
    assert table.session.names == ["anna", "Ilze", "Jānis"]


SEED = 7

# names as older versions stored them (the bots' in the language of the day) -> shown in ru, lv
OLD = [
    (["", "Anna", "Jānis"], ["Анна", "Янис"], ["Anna", "Jānis"]),
    (["Tu", "Анна", "Янис"], ["Анна", "Янис"], ["Anna", "Jānis"]),
    (["You", "Илзе", "Pēteris"], ["Илзе", "Петерис"], ["Ilze", "Pēteris"]),
    (["Anna", "Anna", "Петерис"], ["Анна", "Петерис"], ["Anna", "Pēteris"]),  # as it was
]


@pytest.mark.parametrize("names, ru, lv", OLD)
def test_saves_and_history_keep_showing_the_stored_names(data_dir, names, ru, lv):
    s = Session(players=3, names=list(names), levels=[None, "normal", "normal"], human=0,
                seed=SEED)
    assert s.names[1:] == names[1:]  # kept as stored, nothing renamed
    _deal, st = s.match.deal(s.rng_for_hand())
    rng = random.Random(SEED)
    while st.phase != DONE:
        st.apply(rng.choice([a for a in st.legal_actions() if a != SURRENDER]))
    s.match.finish(st)
    s.save()
    loaded = Session.load()
    assert loaded is not None and loaded.names[1:] == names[1:]
    entry = read_entry(match_history.archive(s.match, s.table()))
    for lang, want in (("ru", ru), ("lv", lv)):
        set_language(lang)
        assert loaded.people.all()[1:] == want
        assert [entry.name(i) for i in (1, 2)] == want


def test_a_save_with_the_new_names_shows_them_in_each_language(data_dir):
    s = Session(players=5, names=["Jānis"], levels=[None] + ["normal"] * 4, human=0)
    assert s.names == ["Jānis", "Ilze", "Pēteris", "Kārlis", "Marta"]  # each seat's own
    s.names[1] = "Līga"  # as a later version may choose
    s.save()
    data = json.loads(saves.save_path().read_text("utf-8"))
    assert data["table"]["names"][1:] == ["Līga", "Pēteris", "Kārlis", "Marta"]
    loaded = Session.load()
    assert loaded is not None
    set_language("ru")
    assert loaded.people.all() == ["Jānis", "Лига", "Петерис", "Карлис", "Марта"]
    set_language("lv")
    assert loaded.people.all() == ["Jānis", "Līga", "Pēteris", "Kārlis", "Marta"]
