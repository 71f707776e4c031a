import pygame

from zole_desktop.ui.probe import card_point  # noqa: F401 - the tests import it from here


def click(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()


def drag(app, start, end):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.step()
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for p in (mid, end):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                             buttons=(1, 0, 0)))
        app.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step()


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.step()


def button(table, label):
    for b in table.all_buttons():
        if b.text() == label:
            return b
    raise AssertionError(f"no button {label!r}: {[b.text() for b in table.all_buttons()]}")


def let_hints_work(app, seconds=0.05):
    """Block a moment on a hint still being worked out.  In fast mode a waiting step costs
    some 20 µs and holds the GIL, so a step count is no bound on the time the hint's worker
    thread gets (30,000 steps were 0.7 s, less than one hand's hints); the driver waits on a
    bot's job the same way."""
    for scene in app.stack.scenes:
        job = getattr(getattr(scene, "hints", None), "job", None)
        if job is not None and not job.done():
            job.wait(seconds)


def run_until(app, cond, steps=20000):
    for _ in range(steps):
        if cond():
            return True
        app.step()
        let_hints_work(app)
    return cond()


def new_table(app, players=3, seed=3, human_forehand=True, **rules):
    from zole_desktop.flow.session import Session
    from zole_desktop.rules.deal import active_seats
    from zole_desktop.rules.options import Rules
    from zole_desktop.ui.table.scene import TableScene

    levels = [None] + ["random"] * (players - 1)
    s = Session(players=players, names=["Me", "B1", "B2", "B3", "B4"][:players],
                levels=levels, human=0, length=1, seed=seed, rules=Rules(**rules))
    if human_forehand:
        s.match.dealer = players - 1  # forehand sits left of the dealer: seat 0, me
        assert active_seats(players, s.match.dealer)[0] == 0
    table = TableScene(s)
    app.stack.push(table)
    return table


def continue_from_menu(app):
    """Open the main menu, choose Continue (it must be enabled) and return the table."""
    from zole_desktop.ui.menus import MainMenu
    from zole_desktop.ui.table.scene import TableScene

    menu = MainMenu()
    app.stack.push(menu)
    app.step()
    assert menu.widgets[0].enabled
    menu.widgets[0].activate()
    table = app.stack.top
    assert isinstance(table, TableScene)
    return table
