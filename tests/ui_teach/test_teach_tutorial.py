"""The guided first game on the real table, driven by the coach's advice."""

from zole_desktop.rules import cards as C
from zole_desktop.teaching.tutorial import HANDS, TALON, tutorial_state
from zole_desktop.ui.tutorial import TutorialTableScene, bury_advice, drive, tutorial_deal


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
    assert sorted(bury_advice(st)) == sorted(C.parse_cards(["TH", "KH"]))


def test_following_the_advice_plays_to_the_end(teach_app, teach_data):
    app = teach_app()
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
    assert not app.stack.scenes
    shown = table.shown
    assert shown[:4] == ["start", "your_bid", "bury", "first_lead"]
    assert "trick_won" in shown
    assert shown[-1] in ("end_won", "end_lost")
    assert len(shown) == len(set(shown))  # each step once
    assert moments.count("tutorial") == len(shown)
    assert not (teach_data / "session.json").exists()  # the tutorial is never saved


def test_the_coach_holds_the_game_until_got_it(teach_app):
    from zole_desktop.ui.scene import CONFIRM, Action

    app = teach_app()
    table = TutorialTableScene()
    app.stack.push(table)
    for _i in range(50):
        app.step()
    assert table.current == "start" and table.coach_blocking()
    assert table.waiting_for() is None  # the deal has not gone on
    table.handle(Action(CONFIRM))
    for _i in range(400):
        app.step()
        if table.waiting_for() == "bid":
            break
    assert table.current == "your_bid" and not table.coach_blocking()
    cards, button = table.advised()
    assert button is not None and button in table.buttons
    assert table.focus == ("button", table.buttons.index(button))
