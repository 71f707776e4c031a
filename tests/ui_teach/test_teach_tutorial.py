"""The guided first game on the real table, driven by the coach's advice."""

import pytest

from zole_desktop.rules import cards as C
from zole_desktop.teaching.tutorial import HANDS, TALON, tutorial_state
from zole_desktop.ui.table.commands import Choose
from zole_desktop.ui.tutorial import (
    TutorialTableScene,
    bury_advice,
    drive,
    position_key,
    tutorial_deal,
)


def test_the_deal_gives_the_prepared_hands():
    d = tutorial_deal()
    for seat, h in HANDS.items():
        assert sorted(d.hands[seat]) == sorted(C.parse_cards(h.split()))
    assert sorted(d.talon) == sorted(C.parse_cards(TALON.split()))
    st = tutorial_state()
    for seat in HANDS:
        assert sorted(st.hand_of(seat)) == sorted(d.hands[seat])


def test_bury_advice_names_two_cards():
    from zole_desktop.rules.state import TAKE_BID

    st = tutorial_state()
    st.apply(TAKE_BID)
    while st.current_seat != 0 or st.phase == "bidding":
        st.apply(st.legal_actions()[0])
    # a void in spades and the ten of hearts safe: the best burial with all cards open
    assert sorted(bury_advice(st)) == sorted(C.parse_cards(["9S", "TH"]))


def test_following_the_advice_plays_to_the_end(teach_app, teach_data):
    from zole_desktop import saves
    from zole_desktop.records import history as match_history

    app = teach_app(save=True)  # saving on, as in the game: the tutorial must not use it
    table = TutorialTableScene()
    app.stack.push(table)
    moments = []
    app.moment_hook = lambda name, surface: moments.append(name)
    for _i in range(20000):
        if table not in app.stack.scenes:
            break
        app.step()
        drive(table)
    assert table.finished
    # the wrap-up with the next steps is left, over what was below (here nothing)
    assert [type(s).__name__ for s in app.stack.scenes] == ["ConfirmScene"]
    wrap = app.stack.top
    # (no New game to offer without the menu: the guided game again comes first)
    assert [label for label, _act in wrap.answers] == ["Play the guided game again",
                                                      "Next lesson: defending",
                                                      "Rules guide", "Main menu"]
    assert "card points of 120" in wrap.shown(wrap.message)
    shown = table.coach.shown
    assert shown[:4] == ["start", "your_bid", "bury", "first_lead"]
    assert "trick_won" in shown
    assert shown[-1] in ("end_won", "end_lost")
    # every trick of the hand is taught: from the fourth on, a word at each of the cards
    for n in range(4, 9):
        assert any(e.endswith(f"@{n}") for e in shown), (n, shown)
    assert "halfway" in shown and "@8" in next(e for e in shown if e.startswith("last_trick"))
    assert len(shown) == len(set(shown))  # each step once
    assert moments.count("tutorial") == len(shown)
    # the tutorial is never saved: no game to continue, nothing in the history
    assert saves.save_path().parent == teach_data
    assert not saves.save_path().exists() and not match_history.history_files()


def test_the_coach_holds_the_game_until_got_it(teach_app):
    from zole_desktop.ui.scene import CONFIRM, Action

    app = teach_app()
    table = TutorialTableScene()
    app.stack.push(table)
    for _i in range(50):
        app.step()
    assert table.coach.current == "start" and table.coach.holds()
    assert table.waiting_for() is None  # the deal has not gone on
    table.handle(Action(CONFIRM))
    for _i in range(400):
        app.step()
        if table.waiting_for() == "bid":
            break
    assert table.coach.current == "your_bid" and not table.coach.holds()
    cards, button = table.coach.advised()
    assert button is not None and button in table.buttons
    assert table.pointer.focus == ("button", table.buttons.index(button))


def _play_along(app, table, stop=None):
    """Step the app with the player's part played by the coach's advice; ``stop(table)``
    ends early when true.  Returns the last state seen."""
    final = None
    for _i in range(20000):
        if table not in app.stack.scenes or (stop is not None and stop(table)):
            break
        app.step()
        if stop is not None and stop(table):
            break
        drive(table)
        if table.state is not None and table.state.is_terminal():
            final = table.state
    return final


def test_the_review_agrees_with_the_coach(teach_app):
    """Played along the coach's advice, the double-dummy review finds no card of the
    player's that gave points away: the coach picks among the solver's best cards."""
    from zole_desktop.records import review as R
    from zole_desktop.teaching.tutorial import PLAYER, rule_of_thumb

    app = teach_app()
    table = TutorialTableScene()
    app.stack.push(table)
    final = _play_along(app, table)
    assert table.finished and final is not None
    rv = R.review_hand(final)
    assert rv.status == R.DONE
    mine = [n for n in rv.notes if n.seat == PLAYER]
    assert len(mine) == 8
    assert [n for n in mine if n.lost > 0] == []
    assert rv.dd_value >= 91  # the coach's burial: jāņi with perfect play
    # where the rule of thumb would have cost points, the coach said why
    assert "lead_low_trump" in table.coach.shown
    st = final.copy()
    st.undo(len(st.actions()) - 3)  # back to after Take and the burial
    st.apply(C.card("QC"))
    st.apply(C.card("9D"))
    st.apply(C.card("7D"))
    assert rule_of_thumb(st) == C.card("QS")  # what the coach used to say, 4 points worse


def _to_decision(app, table, kind):
    """Play along the coach's advice until the player is asked for ``kind``."""
    _play_along(app, table, stop=lambda t: t.waiting_for() == kind and t.coach.current is None
                and t.coach.coach_card()[0])
    for _i in range(100):  # let the cards come to rest
        app.step()
    assert table.waiting_for() == kind


def test_a_bid_the_coach_did_not_ask_for_is_refused_with_a_note(teach_app):
    from zole_desktop.i18n import _, set_language
    from zole_desktop.rules.state import PASS, TAKE_BID
    from zole_desktop.ui import texts
    from zole_desktop.ui.scene import CLICK, Action

    app = teach_app()
    table = TutorialTableScene()
    app.stack.push(table)
    _to_decision(app, table, "bid")
    pass_button = table.buttons[table.button_actions.index(PASS)]
    for lang in ("en", "lv", "ru"):
        set_language(lang)
        table.coach.text = ""
        table.handle(Action(CLICK, pos=pass_button.rect.center))
        for _i in range(5):
            app.step()
        assert table.waiting_for() == "bid"  # the bid was not taken
        assert table.coach.text, lang
        assert texts.bid_label(TAKE_BID) in table.coach.text  # names the button to click
        english = "In this first game you take the talon: click {take}."
        assert (_(english) != english) == (lang != "en"), lang  # translated
        assert table.coach.text == _(english).format(take=texts.bid_label(TAKE_BID))
    set_language("en")
    assert not table.state.bids
    assert _("Take") in table.coach.notes[0]
    # the note is drawn in the coach's box
    app.step()
    assert table.coach.rect.w > 0


def test_another_legal_card_is_played_and_the_coach_says_which_it_chose(teach_app):
    from zole_desktop.ui.scene import CLICK, Action

    app = teach_app()
    table = TutorialTableScene()
    app.stack.push(table)
    _to_decision(app, table, "play")
    known, want = table.coach.coach_card()
    assert known and want == C.card("QC")
    other = C.card("JH")
    n = len(table.state.actions())
    table.handle(Action(CLICK, pos=table.card_rect(other).move(4, 0).topleft))
    for _i in range(5):
        app.step()
    assert table.state.actions()[n] == (0, other)  # played
    assert table.coach.notes and "Q♣" in table.coach.notes[-1] and "J♥" in table.coach.notes[-1]


def _clear_of_markers(app, table):
    app.step()
    table.app.invalidate()
    app.step()
    assert table.notice.text
    shown = [r for kind, r, _t in table.drawn if kind == "message"]
    assert len(shown) == 1 and shown[0].h > 0
    assert table.coach.markers
    for m in table.coach.markers:
        assert not m.colliderect(shown[0]), (m, shown[0])


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_the_refusal_line_is_clear_of_the_coach_marker(teach_app, size):
    """Measured on the drawn frame: the ▼ marker over the coach's card and the message line
    of a refused card do not overlap."""
    from zole_desktop.ui.scene import CLICK, Action

    app = teach_app(size=size)
    table = TutorialTableScene()
    app.stack.push(table)
    # burying: two other cards chosen, a third one clicked
    _to_decision(app, table, "bury")
    for name in ("KH", "AH", "AD"):
        table.try_card(C.card(name))
    _clear_of_markers(app, table)
    table.selected = []
    # the third trick: a trump is led and the player still holds plain cards
    _play_along(app, table, stop=lambda t: t.waiting_for() == "play" and t.state.trick
                and len(t.state.completed) == 2 and t.coach.coach_card()[0])
    for _i in range(100):
        app.step()
    st = table.state
    assert table.waiting_for() == "play" and st.trick
    illegal = [c for c in table.my_hand() if c not in table.legal_cards()]
    assert illegal
    table.handle(Action(CLICK, pos=table.card_rect(illegal[-1]).center))
    _clear_of_markers(app, table)


def test_on_the_real_loop_the_coach_speaks_when_its_card_is_known(data_dir):
    """The real (sleeping) loop, driven by posted clicks and keys: a refused bid is answered
    at once; the coach's card for a lead comes from the solver on the worker, and when it is
    known the coach's word about it shows with no input from the player."""
    import pygame

    from zole_desktop.i18n import set_language
    from zole_desktop.storage import Settings
    from zole_desktop.ui.app import App
    from zole_desktop.ui.probe import Probe, click_events, key_events, run_with_driver, wait_until

    set_language("en")
    app = App((1280, 720), Settings(language="en", animation="fast", sound=False), fast=False,
              save=False)
    try:
        table = TutorialTableScene()
        app.stack.push(table)
        probe = Probe(app)

        def ready(kind):
            return wait_until(lambda: table.waiting_for() == kind and table.coach.current is None
                              and not any(s.moving(table.clock) for s in table.sprites), 30)

        def dismiss(event):
            assert wait_until(lambda: table.coach.current == event, 30), (event, table.coach.shown)
            probe.send(event, key_events(pygame.K_RETURN), lambda: table.coach.current != event)

        def on_card(c):
            r = table.card_rect(c)
            return (r.x + 6, r.centery)

        def driver():
            dismiss("start")
            assert wait_until(lambda: table.coach.current == "your_bid", 30)
            probe.send("got it", key_events(pygame.K_RETURN), lambda: table.coach.current is None)
            assert ready("bid")
            labels = [b.text() for b in table.buttons]
            pas, take = table.buttons[labels.index("Pass")], table.buttons[labels.index("Take")]
            probe.send("pass", click_events(pas.rect.center), lambda: bool(table.coach.text))
            assert table.waiting_for() == "bid"
            probe.send("take", click_events(take.rect.center), lambda: bool(table.state.bids))
            assert wait_until(lambda: table.coach.current == "bury", 30)
            probe.send("got it", key_events(pygame.K_RETURN), lambda: table.coach.current is None)
            assert ready("bury")
            for name in ("9S", "TH"):
                c = C.card(name)
                probe.send(name, click_events(on_card(c)), lambda c=c: c in table.selected)
            bury = table.buttons[0]
            probe.send("bury", click_events(bury.rect.center),
                       lambda: table.waiting_for() != "bury")
            assert wait_until(lambda: table.coach.current == "first_lead", 30)
            probe.send("got it", key_events(pygame.K_RETURN), lambda: table.coach.current is None)
            assert ready("play")
            qc = C.card("QC")
            assert wait_until(lambda: table.coach.advice_cache.get(position_key(table.state)) == qc,
                              30)
            probe.send("lead", click_events(on_card(qc)), lambda: qc not in table.my_hand())
            dismiss("trick_won")
            # the second lead: the solver's card is a jack, and the coach says why, unasked
            assert wait_until(lambda: table.coach.current == "lead_low_trump", 30), \
                table.coach.shown
            assert table.coach.advice_cache.get(position_key(table.state)) == C.card("JC")

        run_with_driver(app, driver, timeout=180)
        assert not probe.errors, probe.errors
    finally:
        app.shutdown()
        set_language("en")


def test_enter_alone_follows_the_coach_through_the_burial(teach_app):
    """A newcomer who only presses Enter buries the coach's two cards: after the first, the
    focus moves on to the second, then to the button (it used to stay on the first card,
    so that each Enter chose and un-chose it again)."""
    import pygame

    from zole_desktop.rules.state import TAKE_BID

    app = teach_app()
    table = TutorialTableScene()
    app.stack.push(table)
    assert _play_along(app, table, stop=lambda t: t.waiting_for() == "bid") is None
    while table.coach.current is not None:
        table.coach.dismiss()
    next(b for b in table.buttons if b.label == "Take").activate()
    for _i in range(2000):
        app.step()
        if table.waiting_for() == "bury":
            break
    assert table.state.bids[-1] == TAKE_BID
    want = sorted(bury_advice(table.state))
    for _i in range(8):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="\r"))
        for _j in range(20):
            app.step()
        if table.state.phase != "burying":
            break
    assert table.state.phase != "burying"
    assert sorted(C.cards_of(table.state.buried)) == want


def test_the_coach_is_asked_once_about_each_of_the_persons_actions(teach_app):
    """Played through the table's input (a bid button, cards picked for the burial and
    Confirm, cards clicked in play), each of the person's actions is put to the coach once:
    the director takes the answer the scene was given instead of asking again."""
    from collections import Counter

    from zole_desktop.teaching.tutorial import PLAYER, advice

    app = teach_app()
    table = TutorialTableScene()
    app.stack.push(table)
    coach = table.coach
    asked: Counter = Counter()
    real_review = coach.review

    def counting(state, seat, action):
        done = len(state.bids) if state.phase == "burying" else len(state.actions())
        asked[(state.phase, done, seat, action)] += 1
        return real_review(state, seat, action)

    coach.review = counting
    acted = []
    for _i in range(20000):
        if table not in app.stack.scenes:
            break
        app.step()
        st, kind = table.state, table.waiting_for()
        if table.stack.top is not table or coach.current is not None or st is None \
                or kind is None or table.commands.waiting(Choose):
            drive(table)  # the coach's box, the hand's summary
            continue
        if kind == "bid":
            table.answer(advice(st))
        elif kind == "bury" and not table.selected:
            for c in bury_advice(st):
                table.try_card(c)
            table.confirm_bury()
        elif kind == "play":
            known, c = coach.coach_card()
            if known:
                table.try_card(c)
        else:
            continue
        acted.append(kind)
    assert table.finished
    mine = [a for s, a in table.director.state.actions() if s == PLAYER] \
        if table.director.state is not None else []
    assert acted.count("bid") == 1 and acted.count("bury") == 1
    assert len(asked) == 1 + 2 + 8 == len(mine)  # Take, two buried, eight cards
    assert set(asked.values()) == {1}, asked
