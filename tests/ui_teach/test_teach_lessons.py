"""The guided game to its end: the rules guide at the page for the moment (F1), the coach's
last message again (C or the Coach tab), a word at every trick, and the wrap-up."""

import pygame

from zole_desktop.i18n import set_language
from zole_desktop.rules import cards as C
from zole_desktop.storage import Settings
from zole_desktop.teaching.guide import page_for
from zole_desktop.teaching.tutorial import (
    BURY,
    PLAYER,
    TAKE_BID,
    advice,
    halfway_count,
    trick_lesson,
    tutorial_state,
)
from zole_desktop.ui.app import App
from zole_desktop.ui.probe import (
    Probe,
    click_events,
    key_events,
    run_with_driver,
    wait_shown,
    wait_until,
)
from zole_desktop.ui.tutorial import TutorialTableScene, drive


def test_page_for_each_activity():
    from zole_desktop.teaching.guide import pages

    titles = {ci_pi[:2]: ci_pi[3].title for ci_pi in pages()}
    assert titles[page_for("bid")] == "Everyone speaks once"
    assert titles[page_for("bury")] == "Take (ņemu)"
    assert titles[page_for("play")] == "Follow suit"
    assert titles[page_for("trick")] == "Who wins a trick"
    assert titles[page_for("sheet")] == "Game points"
    assert page_for(None) == (0, 0)


def _played_out():
    st = tutorial_state()
    st.apply(TAKE_BID)
    for name in BURY:
        st.apply(C.card(name))
    seen = []
    while not st.is_terminal():
        if st.current_seat == PLAYER:
            seen.append((len(st.completed), trick_lesson(st), halfway_count(st)))
            st.apply(advice(st))
        else:
            st.apply(st.legal_actions()[0])
    return seen


def test_the_trick_lessons_say_what_the_cards_show():
    seen = _played_out()
    by_trick = {n: lesson for n, lesson, _count in seen}
    assert all(by_trick[n] is None for n in range(3))
    assert all(by_trick[n] is not None for n in range(3, 8))
    assert by_trick[7] == ("last_trick", {})
    # "the defenders have no trumps" only when they have none; the count is the true one
    st = tutorial_state()
    st.apply(TAKE_BID)
    for name in BURY:
        st.apply(C.card(name))
    while not st.is_terminal():
        lesson = trick_lesson(st)
        if lesson is not None and lesson[0] in ("draw_trumps", "cash_winners"):
            theirs = sum(bin(st.hand_mask(s) & C.TRUMP_MASK).count("1")
                         for s in st.seats if s != PLAYER)
            assert (lesson[0] == "cash_winners") == (theirs == 0)
            assert lesson[1].get("trumps", 0) == theirs
        st.apply(advice(st) if st.current_seat == PLAYER else st.legal_actions()[0])
    for _n, _lesson, count in seen:
        assert count["mine"] + count["theirs"] + count["left"] == 120


def _real_app(size=(1280, 720)):
    set_language("en")
    return App(size, Settings(language="en", animation="fast", sound=False), fast=False,
               save=False)


def test_f1_while_burying_opens_the_page_on_taking_on_the_real_loop(data_dir):
    from zole_desktop.ui.guide import GuideScene

    app = _real_app()
    try:
        table = TutorialTableScene()
        app.stack.push(table)
        probe = Probe(app)

        def driver():
            for event in ("start", "your_bid"):
                assert wait_until(lambda e=event: table.coach.current == e, 30)
                probe.send(event, key_events(pygame.K_RETURN),
                           lambda e=event: table.coach.current != e)
            assert wait_until(lambda: table.waiting_for() == "bid", 30)
            probe.send("F1 at the bid", key_events(pygame.K_F1),
                       lambda: isinstance(app.stack.top, GuideScene))
            assert app.stack.top.page.title == "Everyone speaks once"
            probe.send("close", key_events(pygame.K_ESCAPE), lambda: app.stack.top is table)
            labels = [b.text() for b in table.buttons]
            take = table.buttons[labels.index("Take")]
            probe.send("take", click_events(take.rect.center), lambda: bool(table.state.bids))
            assert wait_until(lambda: table.waiting_for() == "bury", 30)
            probe.send("F1 while burying", key_events(pygame.K_F1),
                       lambda: isinstance(app.stack.top, GuideScene))
            assert app.stack.top.page.title == "Take (ņemu)"
            probe.send("close", key_events(pygame.K_ESCAPE), lambda: app.stack.top is table)

        run_with_driver(app, driver, timeout=120)
        assert not probe.errors, probe.errors
    finally:
        app.shutdown()


def test_c_and_the_coach_tab_bring_back_the_last_message_on_the_real_loop(data_dir):
    app = _real_app()
    try:
        table = TutorialTableScene()
        app.stack.push(table)
        probe = Probe(app)
        coach = table.coach

        def driver():
            assert wait_until(lambda: coach.current == "start", 30)
            probe.send("got it", key_events(pygame.K_RETURN), lambda: coach.current != "start")
            assert wait_shown(app, lambda: coach.current == "your_bid", 30)
            probe.send("got it", click_events(coach.button.rect.center),
                       lambda: coach.current is None)
            assert wait_until(lambda: coach.recall_button.rect.w > 0, 10)
            probe.send("C", key_events(pygame.K_c, unicode="c"),
                       lambda: coach.current == "your_bid")
            assert coach.recalled and not coach.holds()
            probe.send("got it", key_events(pygame.K_RETURN), lambda: coach.current is None)
            assert wait_until(lambda: coach.recall_button.rect.w > 0, 10)
            probe.send("the tab", click_events(coach.recall_button.rect.center),
                       lambda: coach.current == "your_bid")
            # the bid goes on under the recalled message; it goes with the decision
            labels = [b.text() for b in table.buttons]
            take = table.buttons[labels.index("Take")]
            probe.send("take", click_events(take.rect.center), lambda: bool(table.state.bids))
            assert wait_until(lambda: coach.current == "bury", 30)

        run_with_driver(app, driver, timeout=120)
        assert not probe.errors, probe.errors
    finally:
        app.shutdown()


def test_the_wrap_up_leads_to_a_real_game_or_the_guided_game_again(teach_app):
    from zole_desktop.ui.menus import NewGameScene

    app = teach_app(save=False)
    table = TutorialTableScene(real_game=lambda: app.stack.push(NewGameScene()))
    app.stack.push(table)
    for _i in range(20000):
        if table not in app.stack.scenes:
            break
        app.step()
        drive(table)
    wrap = app.stack.top
    assert "won with" in wrap.shown(wrap.message)
    assert [w.text() for w in wrap.widgets][:2] == ["Play a real game",
                                                  "Play the guided game again"]
    wrap.widgets[1].activate()  # the guided game again
    again = app.stack.top
    assert isinstance(again, TutorialTableScene) and again is not table
    app.stack.remove(again)  # left early: no wrap-up
    assert not app.stack.scenes
    # and to a real game
    table = TutorialTableScene(real_game=lambda: app.stack.push(NewGameScene()))
    app.stack.push(table)
    for _i in range(20000):
        if table not in app.stack.scenes:
            break
        app.step()
        drive(table)
    app.stack.top.widgets[0].activate()
    assert isinstance(app.stack.top, NewGameScene)
