"""The lessons after the guided game: defending and reading the score sheet.  Their deals are
the rules core's from the lessons' seeds; the coach's words say what the cards show; both are
reached from the main menu's Lessons and play to their wrap-up on the real loop, by clicks."""

import time

import pygame

from zole_desktop.bots import make_bot
from zole_desktop.i18n import set_language
from zole_desktop.rules import cards as C
from zole_desktop.rules.match import Match
from zole_desktop.rules.state import BIDDING, PASS
from zole_desktop.saves import hand_rng
from zole_desktop.storage import Settings
from zole_desktop.teaching import defending, sheet_lesson
from zole_desktop.teaching.lesson import best_so_far
from zole_desktop.ui.app import App
from zole_desktop.ui.hand_end import HandSummary
from zole_desktop.ui.lessons import DEFENDING, SHEET, LessonTableScene
from zole_desktop.ui.lessons_menu import LessonsScene
from zole_desktop.ui.probe import Probe, click_events, key_events, run_with_driver, wait_until
from zole_desktop.ui.sheet_tour import SheetTourScene
from zole_desktop.ui.table.marks import visible_rect


def _play(seed, hands, advise=defending.advice):
    """The lesson's hands as the rules core deals them, the player following the coach."""
    m = Match(players=3, dealer=2)
    bots = {s: make_bot("easy", seed * 101 + s) for s in (1, 2)}
    played = []
    for n in range(1, hands + 1):
        _deal, st = m.deal(hand_rng(seed, n))
        seen = []
        while not st.is_terminal():
            s = st.current_seat
            if s == 0:
                a = advise(st)
                if st.phase != BIDDING:
                    seen.append((st.copy(), a))
            else:
                a = bots[s].choose(st.observation(s))
            st.apply(a)
        m.finish(st)
        played.append((st, seen))
    return m, played


def test_the_defending_deal_is_a_defence_and_every_word_is_true():
    _m, [(st, seen)] = _play(defending.SEED, 1)
    assert st.declarer_seat == defending.DECLARER and st.contract == "take"
    said = set()
    for pos, card in seen:
        assert card in pos.legal_actions()
        lesson = defending.card_lesson(pos, card)
        if lesson is None:
            continue
        said.add(lesson[0])
        decl = pos.declarer
        if lesson[0] in ("give_points", "keep_trump"):
            who, _best = best_so_far(pos)
            assert who != decl and decl in pos.trick_pos  # the partner has it already
        if lesson[0] == "give_points":
            assert C.POINTS[card] >= 10 and lesson[1]["card"] == card
        if lesson[0] in ("lead_through", "lead_through_trump"):
            assert not pos.trick and (pos.seats.index(0) + 1) % 3 == decl
        if lesson[0] in ("cheap", "partner_behind", "partner_led"):
            legal = C.cards_of(pos.legal_cards_mask())
            assert C.POINTS[card] == min(C.POINTS[c] for c in legal)
    # the lesson's point: leading through the declarer and points for the partner's trick
    assert {"lead_through", "give_points"} <= said
    assert st.result().value < 0  # followed as the coach says, the defence wins


def test_the_sheet_lesson_deals_a_pass_out_then_a_game():
    m, played = _play(sheet_lesson.SEED, sheet_lesson.HANDS)
    first, second = m.rows
    assert first.contract == "passed" and first.pools.common == 1
    assert second.declarer == 1 and second.contract == "take"
    stops = sheet_lesson.tour(m.rows, lambda s: f"P{s}", 0)
    parts = [s.part for s in stops]
    assert parts[:3] == ["sheet", "hand", "game"] and "row:1" in parts and "row:2" in parts
    assert "seat:0" in parts
    row_text = stops[parts.index("row:2")].text
    assert f"P1: {'+' if second.deltas[1] > 0 else chr(0x2212)}{abs(second.deltas[1])}" \
        in row_text
    last = stops[-1].text
    assert sum(second.totals) == 0 and "0" in last


def test_the_coach_refuses_a_take_in_the_defending_lesson(teach_app):
    app = teach_app(save=False)
    table = LessonTableScene(DEFENDING)
    app.stack.push(table)
    for _i in range(2000):
        app.step()
        if table.waiting_for() == "bid":
            break
    review = table.coach.review(table.state, 0, table.state.legal_actions()[-1])
    assert table.state.legal_actions()[-1] != PASS and not review.allowed
    assert "click Pass" in review.note


def _real_app(size=(1280, 720)):
    set_language("en")
    return App(size, Settings(language="en", animation="fast", sound=False), fast=False,
               save=False)


def _play_lesson_by_clicks(app, probe, lessons, button):
    """From the list of lessons: click ``button``, then play as the coach says (Enter for
    Got it; clicks on the marked bid, the marked card, the summary's Continue), and read the
    tour to its end, until the wrap-up is on top; what the coach said, per table."""
    said = []
    probe.send("open the lesson", click_events(button.rect.center),
               lambda: isinstance(app.stack.top, LessonTableScene))
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        top = app.stack.top
        if type(top).__name__ == "ConfirmScene":
            return said
        if isinstance(top, SheetTourScene):
            assert wait_until(lambda t=top: t.next_button.rect.w > 0, 10)
            n = top.index
            b = top.next_button
            probe.send("tour: next", click_events(b.rect.center),
                       lambda n=n, t=top: t.index != n or app.stack.top is not t)
            continue
        if isinstance(top, HandSummary):
            assert wait_until(lambda t=top: t.buttons[0].rect.w > 0, 10)
            probe.send("continue", click_events(top.buttons[0].rect.center),
                       lambda t=top: app.stack.top is not t)
            continue
        if not isinstance(top, LessonTableScene):
            time.sleep(0.05)
            continue
        table, coach = top, top.coach
        if coach.holds() and coach.button.rect.w:
            ev = coach.current
            said.append(ev)
            probe.send("got it (Enter)", key_events(pygame.K_RETURN),
                       lambda c=coach, e=ev: c.current != e)
            continue
        kind = table.waiting_for()
        if kind == "bid":
            _cards, b = coach.advised()
            if b is not None and b.rect.w:
                n = len(table.state.actions())
                probe.send("the coach's bid", click_events(b.rect.center),
                           lambda t=table, n=n: len(t.state.actions()) > n, timeout=20)
                continue
        if kind == "play" and not any(s.moving(table.clock) for s in table.sprites):
            known, card = coach.coach_card()
            r = visible_rect(table, card) if known and card is not None else None
            if r is not None:
                n = table.state.n_played
                probe.send("the coach's card", click_events(r.center),
                           lambda t=table, n=n: t.state.n_played > n, timeout=20)
                continue
        time.sleep(0.05)
    raise AssertionError(f"the lesson did not reach its wrap-up: {app.stack.top!r}")


def test_both_lessons_are_reached_from_the_menu_and_play_to_the_wrap_up_on_the_real_loop(
        data_dir):
    from zole_desktop.ui.menus import MainMenu

    app = _real_app()
    try:
        menu = MainMenu()
        app.stack.push(menu)
        probe = Probe(app)
        out = {}

        def driver():
            assert wait_until(lambda: app.frames > 0 and menu.checked, 10)
            b = menu.tutorial_button
            assert b.text() == "Lessons"
            probe.send("lessons", click_events(b.rect.center),
                       lambda: isinstance(app.stack.top, LessonsScene))
            lessons = app.stack.top
            names = [w.text() for w in lessons.lesson_buttons]
            assert names == ["Defending", "Reading the score sheet"]
            assert wait_until(lambda: lessons.lesson_buttons[0].rect.w > 0, 5)
            out["defending"] = _play_lesson_by_clicks(app, probe, lessons,
                                                      lessons.lesson_buttons[0])
            wrap = app.stack.top
            out["defending_wrap"] = (wrap.shown(wrap.message), [w.text() for w in wrap.widgets])
            # its next step: the next lesson, from the wrap-up, by keys (focused first)
            assert wrap.widgets[wrap.focus].text() == "Next lesson: the score sheet"
            probe.send("next lesson", key_events(pygame.K_RETURN),
                       lambda: isinstance(app.stack.top, LessonTableScene))
            assert app.stack.top.plan is SHEET

        run_with_driver(app, driver, timeout=300)
        assert not probe.errors, probe.errors
        said = out["defending"]
        assert said[:2] == ["start", "partner"] and said[-1] in ("end_won", "end_lost")
        text, answers = out["defending_wrap"]
        assert "plays with a partner" in text and "Next:" in text
        assert "you led" not in text  # what the lesson taught, not a claim about this hand
        assert answers[:2] == ["Next lesson: the score sheet", "Play a real game"]
    finally:
        app.shutdown()


def test_the_sheet_lesson_plays_to_its_tour_and_wrap_up_on_the_real_loop(data_dir):
    app = _real_app((960, 540))
    try:
        lessons = LessonsScene()
        app.stack.push(lessons)
        probe = Probe(app)
        out = {}

        def driver():
            assert wait_until(lambda: lessons.lesson_buttons[1].rect.w > 0, 10)
            out["said"] = _play_lesson_by_clicks(app, probe, lessons,
                                                 lessons.lesson_buttons[1])
            wrap = app.stack.top
            out["wrap"] = wrap.shown(wrap.message), [w.text() for w in wrap.widgets]

        run_with_driver(app, driver, timeout=300)
        assert not probe.errors, probe.errors
        assert out["said"][:2] == ["start", "all_passed"]
        assert "partner" in out["said"]
        text, answers = out["wrap"]
        assert "running total" in text and "Next:" in text
        assert "Play this lesson again" in answers
    finally:
        app.shutdown()


def _amber_runs(surface, rect):
    """Per row of ``rect``: how many pixels are the focus's amber."""
    from zole_desktop.ui import gfx

    out = {}
    for y in range(max(0, rect.top), min(surface.get_height(), rect.bottom)):
        n = sum(1 for x in range(max(0, rect.left), min(surface.get_width(), rect.right))
                if surface.get_at((x, y))[:3] == gfx.AMBER)
        if n:
            out[y] = n
    return out


def test_the_summary_and_the_sheet_show_focus_as_the_table_does(teach_app):
    """The focused button of the screen between hands and of the score sheet carries the
    table's focus look (a dashed bar under its label, inside the button), no amber ring round
    it; the sheet's row just played is marked without amber."""
    from zole_desktop.ui.lessons import lesson_session
    from zole_desktop.ui.sheet import ScoreSheet

    app = teach_app(size=(960, 540), save=False)
    session = lesson_session(DEFENDING)
    bots = {s: make_bot("easy", s) for s in (1, 2)}
    _deal, st = session.match.deal(session.rng_for_hand())
    while not st.is_terminal():
        s = st.current_seat
        st.apply(defending.advice(st) if s == 0 else bots[s].choose(st.observation(s)))
    row = session.match.finish(st)
    for scene in (HandSummary(session, st, row), ScoreSheet(session)):
        scene.confetti = []  # a won hand's confetti has amber in it too
        app.stack.push(scene)
        app.draw()
        b = scene.buttons[scene.focus]
        runs = _amber_runs(app.screen, b.rect.inflate(16, 16))
        inside = {y: n for y, n in runs.items() if b.rect.top - 4 <= y < b.rect.bottom}
        assert inside, f"{type(scene).__name__}: no focus bar in the focused button"
        assert all(n < b.rect.w * 0.85 for n in inside.values()), "a solid line, not dashes"
        assert not [y for y in runs if y < b.rect.top - 4 or y > b.rect.bottom + 2], \
            f"{type(scene).__name__}: an amber ring round the focused button"
        others = [o for o in scene.buttons if o is not b]
        for o in others:
            assert not _amber_runs(app.screen, o.rect), "an unfocused button is marked"
        # outside the buttons nothing is amber: the row just played has its own look
        panel = scene.buttons[0].rect.unionall([o.rect for o in scene.buttons])
        top = pygame.Rect(0, 0, 960, panel.top - 20)
        assert not _amber_runs(app.screen, top), f"amber on {type(scene).__name__}'s sheet"
        app.stack.remove(scene)


def test_the_defending_coach_holds_the_first_lead_until_its_card_is_known(data_dir,
                                                                          monkeypatch):
    """While the solver is still working out the coach's first card, the coach says it is
    looking at the cards, shows no ▼ and no "Got it", and an Enter (or two) plays nothing;
    once the card is known it is marked, and Enter plays it."""
    import dataclasses
    import threading

    from zole_desktop.rules.state import PLAYING
    from zole_desktop.ui import tutorial_coach

    release = threading.Event()

    def slow_advice(st):
        if st.phase == PLAYING and not st.completed:
            release.wait(60)  # the solver's first search, as slow as a busy machine's
        return defending.advice(st)

    boxes = []
    real_box = tutorial_coach._draw_box

    def box(surface, t, who, text, button, holds):
        boxes.append((text, button is not None))
        return real_box(surface, t, who, text, button, holds)

    monkeypatch.setattr(tutorial_coach, "_draw_box", box)
    app = _real_app()
    table = LessonTableScene(dataclasses.replace(DEFENDING, advice=slow_advice))
    coach = table.coach
    out = {}
    try:
        app.stack.push(table)
        probe = Probe(app)

        def driver():
            deadline = time.monotonic() + 60
            while table.waiting_for() != "play" and time.monotonic() < deadline:
                if coach.holds() and coach.button.rect.w:
                    ev = coach.current
                    probe.send("got it", key_events(pygame.K_RETURN),
                               lambda e=ev: coach.current != e)
                    continue
                _cards, b = coach.advised()
                if table.waiting_for() == "bid" and b is not None and b.rect.w:
                    n = len(table.state.actions())
                    probe.send("the coach's bid", click_events(b.rect.center),
                               lambda n=n: len(table.state.actions()) > n, timeout=20)
                    continue
                time.sleep(0.05)
            assert table.waiting_for() == "play" and not table.state.completed
            assert wait_until(lambda: coach.thinking() and coach.current is None
                              and not any(s.moving(table.clock) for s in table.sprites), 10)
            n = table.state.n_played
            boxes.clear()
            for k in range(3):  # the first shows the focus; the others would play
                f = app.frames
                probe.send(f"Enter {k}", key_events(pygame.K_RETURN),
                           lambda f=f: app.frames > f + 1)
            time.sleep(0.3)
            out["held"] = (table.state.n_played - n, table.waiting_for(), list(coach.markers),
                           coach.button.rect.w, list(boxes))
            release.set()
            assert wait_until(lambda: coach.markers and coach.coach_card()[0], 30)
            known, card = coach.coach_card()
            out["focus"] = (table.focused_card(), card)
            if coach.current is not None:  # the coach's word on its card: Enter closes it
                probe.send("got it", key_events(pygame.K_RETURN),
                           lambda: coach.current is None)
            k = len(table.state.actions())
            probe.send("Enter plays the coach's card", key_events(pygame.K_RETURN),
                       lambda: table.state.n_played > n, timeout=20)
            out["played"] = (table.state.actions()[k], (0, card))

        run_with_driver(app, driver, timeout=120)
    finally:
        release.set()
    assert not probe.errors, probe.errors
    played, waiting, markers, got_it_w, drawn = out["held"]
    assert played == 0 and waiting == "play" and markers == [] and got_it_w == 0
    assert drawn and all(text == "The coach is looking at your cards…" and not button
                         for text, button in drawn), drawn[:3]
    assert out["focus"][0] == out["focus"][1]
    assert out["played"][0] == out["played"][1]
