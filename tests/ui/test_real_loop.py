"""The real (non-fast) loop, driven as a person drives it.

Every other UI test steps the loop in its fast mode, which no player runs.  Here ``App.run``
keeps wall-clock time, sleeps when nothing moves, and real pygame events arrive from another
thread (SDL's queue is thread-safe), as clicks and keys arrive from a person.  Each input must
be acted on within a few drawn frames, whether the loop was asleep or animating.  (A loop that
handled a click while idle but never ran an update step after it froze at the first bid while
all the fast-mode tests passed.)
"""

import hashlib
import time

import pygame
import pytest
from ui_helpers import button, card_point

from zole_desktop.ui.probe import (
    Probe,
    click_events,
    drag_events,
    key_events,
    run_with_driver,
    wait_until,
)

FEW_FRAMES = 3  # an input shows on the first frame after it; allow two more for a busy CI


@pytest.fixture
def real_app(real_app):
    """The shared real-loop App (tests/ui/conftest.py), with the hints on."""
    def make(animation="fast", save=True, size=(1280, 720)):
        return real_app(size=size, animation=animation, save=save, hints=True)
    return make


def settled(table):
    return not any(s.moving(table.clock) for s in table.sprites)


def top(app):
    return app.stack.scenes[-1] if app.stack.scenes else None


def save_digest(data_dir):
    p = data_dir / "current-match.json"
    return hashlib.md5(p.read_bytes()).hexdigest() if p.exists() else None


def quick(probe, sent):
    assert sent.frames is not None and sent.frames <= FEW_FRAMES, \
        f"{sent.label}: shown after {sent.frames} frames ({sent.latency_ms:.0f} ms)"
    assert not probe.errors, probe.errors


def idle(app, seconds=0.7):
    """The loop sleeps in the event queue: nothing left to step for, and nothing drawn for a
    while.  (No frames alone is not enough on a loaded machine: one long step, such as the
    menu's first import of the guided game, draws nothing either.)"""
    frames = app.frames
    time.sleep(seconds)
    return app.frames == frames and not app.needs_steps()


def new_table(app, seed):
    from zole_desktop.flow.session import Session
    from zole_desktop.ui.table.scene import TableScene

    s = Session(players=3, names=["Me", "B1", "B2"], levels=[None, "random", "random"],
                human=0, length=2, seed=seed)
    s.match.dealer = 2  # the person is forehand: the first to bid
    table = TableScene(s)
    app.stack.push(table)
    return table


def test_a_whole_hand_on_the_real_loop(real_app, data_dir):
    """Bid, take the talon, bury, every card (by click, drag and keys), undo, the screen
    between hands, Next hand by Enter: every input is acted on within a few frames, idle or not."""
    from zole_desktop.ui.hand_end import HandSummary
    from zole_desktop.ui.pause import PauseMenu

    app = real_app()
    table = new_table(app, seed=3)
    probe = Probe(app)
    log = []

    def send(label, events, effect):
        sent = probe.send(label, events, effect)
        quick(probe, sent)
        log.append(sent)
        return sent

    def driver():
        st = lambda: table.state  # noqa: E731
        assert wait_until(lambda: table.waiting_for() == "bid" and settled(table))
        # the loop sleeps while the table waits for me, and still hears the click at once
        assert wait_until(lambda: idle(app), 10), "the loop never went idle at my turn"
        before = save_digest(data_dir)
        n = len(st().actions())
        send("take (idle)", click_events(button(table, "Take").rect.center),
             lambda n=n: len(st().actions()) > n)
        assert wait_until(lambda: save_digest(data_dir) != before, 5), "the bid was not saved"

        assert wait_until(lambda: table.waiting_for() == "bury" and settled(table))
        hand = table.my_hand()
        send("select", click_events(card_point(table, hand[-1])),
             lambda: len(table.selected) == 1)
        send("select 2", click_events(card_point(table, hand[-2])),
             lambda: len(table.selected) == 2)
        send("bury", click_events(button(table, "Bury these two").rect.center),
             lambda: st().buried.bit_count() == 2)

        # Esc opens the pause menu over the table and closes it again
        send("pause", key_events(pygame.K_ESCAPE), lambda: isinstance(top(app), PauseMenu))
        send("resume", key_events(pygame.K_ESCAPE), lambda: top(app) is table)

        played = 0
        undone = False
        while True:
            assert wait_until(lambda: table.waiting_for() == "play" and settled(table)
                              or isinstance(top(app), HandSummary), 60)
            if isinstance(top(app), HandSummary):
                break
            legal = table.legal_cards()
            c = next(c for c in table.my_hand() if c in legal)
            n = len(st().actions())
            if played == 0:
                send("drag a card", drag_events(card_point(table, c),
                                                (app.size[0] // 2, app.size[1] // 2)),
                     lambda n=n: len(st().actions()) > n)
            elif played == 1:
                # keys: the arrows bring the focus to the card, Enter plays it
                send("arrow shows the focus", key_events(pygame.K_RIGHT),
                     lambda: table.pointer.keyboard)
                hand = table.my_hand()
                while table.pointer.focus != ("card", hand.index(c)):
                    want = ("card", (table.pointer.focus[1] + 1) % len(hand))
                    send("arrow", key_events(pygame.K_RIGHT),
                         lambda want=want: table.pointer.focus == want)
                send("enter plays the card", key_events(pygame.K_RETURN),
                     lambda n=n: len(st().actions()) > n)
            else:
                send(f"card {played}", click_events(card_point(table, c)),
                     lambda n=n: len(st().actions()) > n)
            played += 1
            if played == 2 and not undone:
                assert wait_until(lambda: table.can_undo() and settled(table), 30)
                k = len(st().actions())
                send("ctrl+z", key_events(pygame.K_z, pygame.KMOD_CTRL),
                     lambda k=k: len(st().actions()) < k)
                undone = True
                played -= 1
        assert played >= 6, played
        summary = top(app)
        assert summary.buttons[0].text() == "Next hand" and summary.buttons[0].primary
        send("next hand by Enter", key_events(pygame.K_RETURN),
             lambda: top(app) is table and table.hand_no == 2)
        # the deal moved on: the bots may speak first; my first decision, whatever it is
        assert wait_until(lambda: table.waiting_for() is not None and settled(table), 60)
        n = len(st().actions())
        if table.waiting_for() == "bid":
            assert table.pointer.focus == ("button", 0)  # the first button is Pass
            send("pass by Enter", key_events(pygame.K_RETURN),
                 lambda n=n: len(st().actions()) > n)
            assert st().bids[0 if st().bids[0] == 26 else -1] == 26
        elif table.waiting_for() == "play":
            c = next(c for c in table.my_hand() if c in table.legal_cards())
            send("first card of hand 2", click_events(card_point(table, c)),
                 lambda n=n: len(st().actions()) > n)
        else:
            hand = table.my_hand()
            send("select", click_events(card_point(table, hand[0])),
                 lambda: len(table.selected) == 1)

    run_with_driver(app, driver, timeout=240)
    assert table.hand_no == 2
    assert len(table.session.match.rows) == 1
    assert len(log) >= 14


def test_idle_loop_sleeps_and_wakes_at_once(real_app):
    """An idle menu draws nothing and costs no steps; a key is shown on the next frame."""
    from zole_desktop.ui.menus import MainMenu

    app = real_app(save=False)
    menu = MainMenu()
    app.stack.push(menu)
    probe = Probe(app)
    seen = {}

    def driver():
        assert wait_until(lambda: idle(app, 0.6), 10)
        t0 = app.time
        time.sleep(1.2)
        seen["steps while idle"] = round((app.time - t0) / (1 / 60))
        focus = menu.focus
        sent = probe.send("down", key_events(pygame.K_DOWN), lambda: menu.focus != focus)
        quick(probe, sent)
        seen["frames"] = sent.frames

    run_with_driver(app, driver, timeout=60)
    assert seen["steps while idle"] <= 1, seen
    assert seen["frames"] == 1, seen


def test_animation_after_a_long_idle_wait_has_no_burst(real_app):
    """After sleeping, the clock takes up from now: the first frames step once each."""
    app = real_app(save=False, animation="normal")
    table = new_table(app, seed=5)
    steps = []  # (pass, game time) of every update step
    update = app.stack.update

    def counted(dt):
        steps.append((app.passes, app.time))
        update(dt)

    app.stack.update = counted
    probe = Probe(app)
    marks = {}

    def driver():
        assert wait_until(lambda: table.waiting_for() == "bid" and settled(table), 60)
        assert wait_until(lambda: idle(app, 1.0), 10)
        marks["wake"] = len(steps)
        n = len(table.state.actions())
        sent = probe.send("take", click_events(button(table, "Take").rect.center),
                          lambda: len(table.state.actions()) > n)
        quick(probe, sent)
        assert wait_until(lambda: table.waiting_for() == "bury" and settled(table), 30)

    run_with_driver(app, driver, timeout=90)
    after = steps[marks["wake"]:]
    per_pass = {}
    for p, _t in after:
        per_pass[p] = per_pass.get(p, 0) + 1
    first = after[0][0]
    assert per_pass[first] == 1, "the click after a long sleep runs one step, not a burst"
    assert max(per_pass.values()) <= 3, per_pass
    # the game clock kept to the wall clock: no jump over the sleep
    assert after[0][1] - steps[marks["wake"] - 1][1] < 0.02


def test_guided_first_game_answers_on_the_real_loop(real_app):
    """The guided game's first steps: "Got it", then the coach's bid, by clicks."""
    from zole_desktop.ui.tutorial import TutorialTableScene

    app = real_app(save=False)
    table = TutorialTableScene()
    app.stack.push(table)
    probe = Probe(app)

    def driver():
        assert wait_until(lambda: table.coach.current == "start"
                          and table.coach.button.rect.w > 0, 60)
        sent = probe.send("got it", click_events(table.coach.button.rect.center),
                          lambda: table.coach.current != "start")
        quick(probe, sent)
        assert wait_until(lambda: table.waiting_for() == "bid" and settled(table), 60)
        _cards, advised = table.coach.advised()
        assert advised is not None
        n = len(table.state.actions())
        sent = probe.send("coach's bid", click_events(advised.rect.center),
                          lambda: len(table.state.actions()) > n)
        quick(probe, sent)

    run_with_driver(app, driver, timeout=120)
    assert table.state.bids


def test_bench_input_reports_latency_as_json(data_dir, capsys):
    """``bench input`` plays a hand on the real loop and reports what it measured (at the
    fast animation setting: half the moments of the normal one, and each kind of moment)."""
    import json

    from zole_desktop.cli import main

    assert main(["bench", "input", "--hands", "1", "--seed", "2", "--animation", "fast",
                 "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    report = json.loads(out[-1])
    assert report["hands"] == 1
    assert report["all"]["count"] >= 5
    assert report["idle"]["count"] >= 3  # the person's own moves, on an idle table
    assert report["animation"]["count"] >= 1 and report["pause"]["count"] >= 1
    assert 0 < report["all"]["median_ms"] <= report["all"]["p95_ms"] <= report["all"]["max_ms"]
    assert 1 <= report["frames_max"]
    assert "failed" not in report


def test_menus_text_and_table_keys_on_the_real_loop(real_app, data_dir):
    """Main menu -> New game (a typed name, Backspace, Tab) -> Start; at the table F1 opens
    the guide and Esc closes it, the window is resized, the wheel scrolls the score sheet, and
    Leave the table -> Continue picks the hand up where it stood."""
    from zole_desktop.ui.menus import MainMenu, NewGameScene
    from zole_desktop.ui.pause import PauseMenu
    from zole_desktop.ui.table.scene import TableScene
    from zole_desktop.ui.widgets import TextField

    app = real_app()
    menu = MainMenu()
    app.stack.push(menu)
    probe = Probe(app)
    seen = {}

    def send(label, events, effect):
        sent = probe.send(label, events, effect)
        quick(probe, sent)
        return sent

    def text_events(s):
        return [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in s]

    def driver():
        assert wait_until(lambda: menu.widgets[1].rect.w > 0 and idle(app, 0.6), 10)
        send("new game", click_events(menu.widgets[1].rect.center),
             lambda: isinstance(top(app), NewGameScene))
        form = top(app)
        field = next(w for w in form.widgets if isinstance(w, TextField))
        assert wait_until(lambda: field.rect.w > 0, 5)
        send("focus the name", click_events(field.rect.center),
             lambda: form.all_widgets()[form.focus] is field)
        send("type", text_events("Ilzex"), lambda: form.name == "Ilzex")
        send("backspace", key_events(pygame.K_BACKSPACE), lambda: form.name == "Ilze")
        f = form.focus
        send("tab", key_events(pygame.K_TAB), lambda: form.focus != f)
        start = form.footer[1]
        send("start", click_events(start.rect.center), lambda: isinstance(top(app), TableScene))
        table = top(app)
        assert table.session.names[0] == "Ilze"
        assert wait_until(lambda: table.waiting_for() is not None and settled(table), 60)
        send("F1 opens the guide", key_events(pygame.K_F1),
             lambda: top(app) is not table and not isinstance(top(app), PauseMenu))
        send("Esc closes it", key_events(pygame.K_ESCAPE), lambda: top(app) is table)
        send("resize", [pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=600, size=(1024, 600))],
             lambda: app.size == (1024, 600))
        seen["actions"] = len(table.state.actions())
        seen["hand"] = table.my_hand()
        send("pause", key_events(pygame.K_ESCAPE), lambda: isinstance(top(app), PauseMenu))
        pause = top(app)
        leave = next(w for w in pause.widgets if w.text() == "Leave the table")
        send("leave the table", click_events(leave.rect.center), lambda: top(app) is menu)
        assert wait_until(lambda: menu.widgets[0].enabled, 5)
        send("continue", click_events(menu.widgets[0].rect.center),
             lambda: isinstance(top(app), TableScene))
        again = top(app)
        assert wait_until(lambda: again.state is not None and settled(again), 30)
        seen["again"] = (len(again.state.actions()), again.my_hand())

    run_with_driver(app, driver, timeout=180)
    assert seen["again"] == (seen["actions"], seen["hand"])


def test_a_toast_goes_away_on_the_real_loop(real_app):
    """When a toast's time is up, a frame without it is drawn, though nothing else moves."""
    from zole_desktop.ui.menus import MainMenu

    app = real_app(save=False)
    app.stack.push(MainMenu())
    seen = {}

    def driver():
        assert wait_until(lambda: idle(app, 0.5), 10)
        frames = app.frames
        app.toast("hello", seconds=0.3)  # as a worker's message would
        app.wake()
        assert wait_until(lambda: not app.toast_text, 5), "the toast stayed"
        assert wait_until(lambda: not app.dirty, 5)
        seen["frames"] = app.frames - frames

    run_with_driver(app, driver, timeout=30)
    assert seen["frames"] >= 2  # one with the toast, one without


def test_the_wheel_moves_the_hover_with_the_rows_on_the_real_loop(real_app):
    """New game scrolls under a still mouse: the outline follows the row now under the
    pointer, not the one that was there before the wheel (seen under Xvfb: two rows lit)."""
    from zole_desktop.ui.menus import NewGameScene

    app = real_app()
    form = NewGameScene()
    app.stack.push(form)
    probe = Probe(app)
    seen = {}

    def lit():
        return [w for w in form.all_widgets() if w.hover]

    def driver():
        assert wait_until(lambda: form.widgets[2].rect.w > 0 and idle(app, 0.3), 10)
        w0 = form.widgets[3]
        point = (w0.rect.centerx, w0.rect.centery)
        sent = probe.send("point at a row", [pygame.event.Event(
            pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))],
            lambda: lit() == [w0])
        quick(probe, sent)
        sent = probe.send("wheel down", [pygame.event.Event(
            pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)],
            lambda: form.scroll > 0)
        quick(probe, sent)
        seen["lit"] = lit()
        seen["under"] = [w for w in form.all_widgets() if w.contains(point)]
        seen["moved"] = not w0.contains(point)

    run_with_driver(app, driver, timeout=60)
    assert seen["moved"], "the wheel did not move the rows under the mouse"
    assert seen["lit"] == seen["under"] and len(seen["lit"]) == 1
