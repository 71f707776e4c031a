"""A whole hand played through synthetic mouse and keyboard events on the dummy driver."""

import pygame
from ui_helpers import button, card_point, click, drag, key, new_table, run_until

from zole_desktop.ui.hand_end import HandSummary


def test_full_hand_by_clicks(make_app):
    app = make_app(animation="fast")
    table = new_table(app)
    assert run_until(app, lambda: table.waiting_for() == "bid")
    assert len(table.my_hand()) == 8
    click(app, button(table, "Take").rect.center)
    assert run_until(app, lambda: table.waiting_for() == "bury")
    hand = table.my_hand()
    assert len(hand) == 10
    bury = button(table, "Bury 2 more cards")
    assert not bury.enabled
    click(app, card_point(table, hand[-1]))
    click(app, card_point(table, hand[-2]))
    assert sorted(table.selected) == sorted(hand[-2:])
    click(app, button(table, "Bury these two").rect.center)
    played = 0
    refused = False
    dragged = False
    for _ in range(40000):
        if any(isinstance(s, HandSummary) for s in app.stack.scenes):
            break
        if table.waiting_for() == "play" and not any(
                s.moving(table.clock) for s in table.sprites):
            legal = table.legal_cards()
            mine = table.my_hand()
            illegal = [c for c in mine if c not in legal]
            if illegal and not refused:
                click(app, card_point(table, illegal[0]))
                assert table.notice.text.startswith("You must follow")
                refused = True
                continue
            c = next(c for c in mine if c in legal)
            if not dragged:
                drag(app, card_point(table, c), (app.size[0] // 2, app.size[1] // 2))
                dragged = True
            else:
                click(app, card_point(table, c))
            assert c not in table.my_hand()
            played += 1
            continue
        app.step()
    assert any(isinstance(s, HandSummary) for s in app.stack.scenes)
    assert played >= 1
    assert table.state.is_terminal()
    summary = app.stack.top
    assert summary.final  # a one-hand match: the screen between hands is its final
    key(app, pygame.K_RETURN)  # New game, from the one screen between hands
    assert run_until(app, lambda: table not in app.stack.scenes, 200)
    assert len(table.session.match.rows) == 1


def test_keyboard_bidding_and_pause(make_app):
    app = make_app()
    table = new_table(app, seed=11)
    assert run_until(app, lambda: table.waiting_for() == "bid")
    key(app, pygame.K_ESCAPE)
    from zole_desktop.ui.pause import PauseMenu

    assert isinstance(app.stack.top, PauseMenu)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    # first button is "Pass"; Enter passes
    key(app, pygame.K_RETURN)
    assert run_until(app, lambda: table.state.bids, 50)
    assert table.state.bids[0] == 26


def test_zole_in_dark_keeps_cards_hidden_until_chosen(make_app):
    app = make_app()
    table = new_table(app, seed=5, zole_in_dark=True)
    assert run_until(app, lambda: table.waiting_for() == "bid")
    labels = [b.text() for b in table.buttons]
    assert labels == ["Zole in the dark", "Look at your cards"]
    assert not any(table.sprites[c].f1 for c in table.my_hand())
    click(app, button(table, "Look at your cards").rect.center)
    assert all(table.sprites[c].f1 for c in table.my_hand())
    assert "Zole in the dark" not in [b.text() for b in table.buttons]


def test_surrender_and_last_trick(make_app):
    app = make_app(animation="fast")
    table = new_table(app, seed=7)
    assert run_until(app, lambda: table.waiting_for() == "bid")
    click(app, button(table, "Take").rect.center)
    assert run_until(app, lambda: table.waiting_for() == "bury")
    hand = table.my_hand()
    click(app, card_point(table, hand[0]))
    click(app, card_point(table, hand[1]))
    key(app, pygame.K_UP)  # keyboard: to the buttons, Enter buries
    key(app, pygame.K_RETURN)
    assert run_until(app, lambda: table.waiting_for() == "play")
    # play the first trick by keyboard, then look at it with L
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert run_until(app, lambda: len(table.state.completed) == 1 and not table.view.trick
                     and table.state.current_seat is not None)
    key(app, pygame.K_l)
    assert table.show_last
    key(app, pygame.K_ESCAPE)
    assert not table.show_last
    assert run_until(app, lambda: table.can_surrender_now(), 3000)
    b = button(table, "Surrender")
    click(app, b.rect.center)
    click(app, button(table, "Really give up?").rect.center)
    assert run_until(app, lambda: any(isinstance(s, HandSummary) for s in app.stack.scenes))
    assert table.session.match.rows[-1].surrendered
