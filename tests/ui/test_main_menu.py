"""The main menu's one first action (Continue with a match saved; the guided first game on a
first start; else New game) and play with friends reachable from it, on the real loop."""

import pygame

from tests.ui import test_new_game_over_saved as T
from zole_desktop.records import history
from zole_desktop.ui.menus import FriendsScene, MainMenu
from zole_desktop.ui.probe import Probe, click_events, key_events, run_with_driver, wait_until

labelled, top = T.labelled, T.top
saved = T.saved  # the fixture (real_app: tests/ui/conftest.py)


def primaries(menu):
    return [w.text() for w in menu.widgets if getattr(w, "primary", False)]


def open_menu(real_app):
    app = real_app()
    menu = MainMenu()
    app.stack.push(menu)
    return app, menu


def test_a_first_start_offers_the_guided_game_first(real_app, data_dir):
    app, menu = open_menu(real_app)
    probe = Probe(app)

    def driver():
        assert wait_until(lambda: app.frames > 0 and menu.checked, 10)
        assert primaries(menu) == ["Lessons"]
        assert menu.widgets[menu.focus].text() == "Lessons"
        sent = probe.send("enter", key_events(pygame.K_RETURN),
                          lambda: type(top(app)).__name__ == "LessonsScene")
        assert sent.frames is not None
        lessons = top(app)  # the guided first game first, focused
        assert lessons.all_widgets()[lessons.focus].text() == "Guided first game"
        probe.send("enter", key_events(pygame.K_RETURN),
                   lambda: type(top(app)).__name__ == "TutorialTableScene")

    run_with_driver(app, driver, timeout=60)


def test_with_a_match_in_the_history_new_game_comes_first(real_app, data_dir):
    d = history.history_dir()
    (d / "match-2026-01-01-000000.json").write_text("{}")
    app, menu = open_menu(real_app)

    def driver():
        assert wait_until(lambda: app.frames > 0 and menu.checked, 10)
        assert primaries(menu) == ["New game"]
        assert menu.widgets[menu.focus].text() == "New game"

    run_with_driver(app, driver, timeout=60)


def test_with_a_match_saved_continue_is_the_one_primary(real_app, saved):
    app, menu = open_menu(real_app)

    def driver():
        assert wait_until(lambda: app.frames > 0 and menu.checked, 10)
        assert primaries(menu) == ["Continue"]

    run_with_driver(app, driver, timeout=60)


def test_play_with_friends_is_one_click_from_the_menu(real_app, data_dir):
    app, menu = open_menu(real_app)
    probe = Probe(app)

    def driver():
        assert wait_until(lambda: app.frames > 0 and menu.checked, 10)
        friends = labelled(menu, "Play with friends")
        assert wait_until(lambda: friends.rect.w > 0, 5)
        sent = probe.send("friends", click_events(friends.rect.center),
                          lambda: isinstance(top(app), FriendsScene))
        assert sent.frames is not None
        scene = top(app)
        host = labelled(scene, "Host a table on this network")
        assert wait_until(lambda: host.rect.w > 0, 5)
        sent = probe.send("host", click_events(host.rect.center),
                          lambda: type(top(app)).__name__ == "HostTableScene")
        assert sent.frames is not None

    run_with_driver(app, driver, timeout=60)
