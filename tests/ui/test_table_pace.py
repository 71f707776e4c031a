"""The table's pace and aids from the settings (issue 34 items 16 and 20): the pause after a
trick (timed, or until a click), the fast deal, finishing a hand whose rest is certain
(never / ask / always), the hand's order applied at once, the trick log, and a replayed
deal that says so.  Input on the real loop is in test_table_pace_real_loop.py."""

import json

import pygame
from ui_helpers import key, new_table, run_until

from zole_desktop import storage
from zole_desktop.flow.certain import rest_is_certain
from zole_desktop.flow.session import Session
from zole_desktop.rules import cards as C
from zole_desktop.rules.record import replay
from zole_desktop.rules.state import PASS, PLAYING, SURRENDER, TAKE_BID, HandState
from zole_desktop.ui.hand_end import HandSummary
from zole_desktop.ui.table.hand_order import hand_key
from zole_desktop.ui.table.scene import TableScene
from zole_desktop.ui.trick_log import TrickLog

TOPS = ("QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD")


def certain_session(tricks_played=5):
    """I (seat 0, forehand) took with the eight top trumps and led ``tricks_played`` of
    them: every trick left is mine whatever anyone plays."""
    mine = [C.card(n) for n in TOPS]
    rest = [c for c in range(26) if c not in mine]
    st = HandState.new(3, 2, {0: mine, 1: rest[:8], 2: rest[8:16]}, rest[16:18])
    st.apply(TAKE_BID)
    st.apply(rest[16])
    st.apply(rest[17])
    for _ in range(tricks_played * 3):
        st.apply(next(a for a in st.legal_actions() if a != SURRENDER))
    s = Session(players=3, names=["Me", "B1", "B2"], levels=[None, "random", "random"],
                human=0, length=1, seed=3, current=st)
    s.match.dealer = 2
    return s


def open_table(app, session):
    table = TableScene(session)
    app.stack.push(table)
    return table


def top(app):
    return app.stack.scenes[-1]


def test_ask_offers_finish_and_the_rest_is_played_out_into_a_legal_record(make_app):
    app = make_app()
    app.settings.finish_early = "ask"
    s = certain_session()
    table = open_table(app, s)
    assert run_until(app, lambda: table.waiting_for() == "play")
    labels = [b.text() for b in table.buttons]
    assert "Finish the hand (F)" in labels
    n = len(table.state.actions())
    key(app, pygame.K_f)
    assert run_until(app, lambda: isinstance(top(app), HandSummary))
    st = table.state
    assert st.is_terminal() and len(st.actions()) - n == 9  # three tricks, every card
    assert st.tricks_won[0] == 8
    record = json.loads(json.dumps(s.match.to_record()))
    assert len(record["hands"][0]["play"]) == 24
    rep = replay(record)  # a zole-match/1 record the checker accepts
    assert rep.rows[0].deltas == s.match.rows[0].deltas


def test_always_finishes_without_being_asked(make_app):
    app = make_app()
    app.settings.finish_early = "always"
    s = certain_session()
    table = open_table(app, s)
    assert run_until(app, lambda: isinstance(top(app), HandSummary)
                     or table.waiting_for() is not None)
    assert isinstance(top(app), HandSummary)
    assert table.state.is_terminal() and table.state.tricks_won[0] == 8


def test_never_plays_every_card_by_hand(make_app):
    app = make_app()
    app.settings.finish_early = "never"
    table = open_table(app, certain_session())
    assert run_until(app, lambda: table.waiting_for() == "play")
    assert "Finish the hand (F)" not in [b.text() for b in table.buttons]
    key(app, pygame.K_f)
    for _ in range(30):
        app.step()
    assert not table.state.is_terminal() and table.waiting_for() == "play"


def test_finish_is_not_offered_while_the_rest_is_open(make_app):
    app = make_app()
    app.settings.finish_early = "ask"
    table = new_table(app, seed=3)
    asked = []
    for _ in range(20000):
        w = table.waiting_for()
        if w == "bid":
            table.answer(TAKE_BID if TAKE_BID in table.button_actions else PASS)
        elif w == "bury":
            for c in table.my_hand()[:2]:
                table.try_card(c)
            table.confirm_bury()
        elif w == "play":
            st = table.state
            if not st.trick:
                assert not rest_is_certain(st)
                asked.append([b.text() for b in table.buttons])
        if isinstance(top(app), HandSummary) or len(asked) > 0:
            break
        app.step()
    assert asked and "Finish the hand (F)" not in asked[0]


def first_trick_hold(app, pause):
    """The table's seconds from the third card of the first trick to its sweep."""
    app.settings.trick_pause = pause
    table = new_table(app, seed=5)
    done = None
    for _ in range(40000):
        w = table.waiting_for()
        st = table.state
        if w == "bid":
            table.answer(table.button_actions[0])  # pass
        elif w == "bury":
            for c in table.my_hand()[:2]:
                table.try_card(c)
            table.confirm_bury()
        elif w == "play":
            table.try_card(next(c for c in table.my_hand() if c in table.legal_cards()))
        if st is not None and st.phase == PLAYING and st.completed and done is None:
            done = table.clock
        if done is not None and not table.view.trick:
            return table.clock - done
        if isinstance(top(app), HandSummary):
            break
        app.step()
    raise AssertionError("no trick was swept")


def test_the_pause_after_a_trick_follows_the_setting(make_app):
    app = make_app(animation="normal")
    short = first_trick_hold(app, "short")
    app2 = make_app(animation="normal")
    long = first_trick_hold(app2, "long")
    assert 0.4 <= short < 0.75  # the third card's move, then the short pause
    assert long - short > 0.9


def test_the_fast_deal_comes_to_the_bid_sooner(make_app):
    def to_bid(speed):
        app = make_app(animation="normal")
        app.settings.deal_speed = speed
        table = new_table(app, seed=7)
        assert run_until(app, lambda: table.waiting_for() == "bid")
        return table.clock

    normal, fast = to_bid("normal"), to_bid("fast")
    assert fast < normal - 0.6


def test_the_hand_order_changes_at_once_from_the_settings(make_app):
    from zole_desktop.ui.settings import SettingsScene

    app = make_app()
    table = new_table(app, seed=3)
    assert run_until(app, lambda: table.waiting_for() == "bid")
    before = table.my_hand()
    assert before == C.sort_for_hand(before)  # the usual order by default
    settings = SettingsScene()
    app.stack.push(settings)
    app.step()
    rows = {getattr(w, "label", None): w for w in settings.widgets}
    rows["Trumps in your hand"].right()
    rows["Plain suits in your hand"].right()
    rows["Cards in your hand"].right()
    want = sorted(before, key=hand_key("last", "alternate", "up"))
    assert table.my_hand() == want != before
    xs = [table.targets()[c][0] for c in want]
    assert xs == sorted(xs)  # the fan shows them in that order, left to right
    first_plain = next(c for c in want if c < C.TRUMP_BASE)
    assert want.index(first_plain) == 0 and want[-1] >= C.TRUMP_BASE
    st = app.settings
    assert (st.sort_trumps, st.sort_suits, st.sort_direction) == ("last", "alternate", "up")


def test_new_settings_are_kept_and_a_bad_value_falls_back(data_dir):
    s = storage.Settings(trick_pause="click", deal_speed="fast", finish_early="always")
    storage.save_settings(s)
    got = storage.load_settings()
    assert (got.trick_pause, got.deal_speed, got.finish_early) == ("click", "fast", "always")
    storage.settings_path().write_text('trick_pause = "forever"\n', "utf-8")
    msgs = []
    assert storage.load_settings(msgs).trick_pause == "normal" and msgs


def test_the_trick_log_lists_tricks_and_after_the_hand_every_dealt_hand(make_app):
    app = make_app()
    app.settings.finish_early = "never"
    s = certain_session(tricks_played=5)
    table = open_table(app, s)
    assert run_until(app, lambda: table.waiting_for() == "play")
    key(app, pygame.K_t)
    log = top(app)
    assert isinstance(log, TrickLog)
    app.step()
    lines = log.lines_drawn
    assert sum(1 for ln in lines if ln.startswith(("1 |", "2 |", "3 |", "4 |", "5 |"))) == 5
    assert any(ln.startswith("1 | Me | ") and ln.endswith("| Me | " + lines[1].split(" | ")[-1])
               for ln in lines[1:2])
    assert any(ln.startswith("Me: ") for ln in lines)
    mine = {C.card(n) for n in TOPS}
    assert all(row[5] in mine and row[3] == "Me" for row in log.trick_rows())  # my card won
    assert not any(ln.startswith(("B1: ", "B2: ")) for ln in lines)  # not while it goes on
    key(app, pygame.K_t)
    assert top(app) is table
    # after the hand, from the screen between hands: every seat's cards as dealt
    while not isinstance(top(app), HandSummary):
        if table.waiting_for() == "play":
            table.try_card(next(c for c in table.my_hand() if c in table.legal_cards()))
        app.step()
    key(app, pygame.K_t)
    log = top(app)
    assert isinstance(log, TrickLog)
    app.step()
    lines = log.lines_drawn
    assert sum(1 for ln in lines if ln.split(" | ")[0].isdigit()) == 8
    mine = " ".join(__import__("zole_desktop.ui.texts", fromlist=["x"]).card_label(C.card(n))
                    for n in ("QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD"))
    assert "Me: " + mine in lines
    assert any(ln.startswith("B1: ") for ln in lines) and any(ln.startswith("B2: ")
                                                             for ln in lines)
    assert any(ln.startswith("Talon: ") for ln in lines)
    assert any(ln.startswith("Buried: ") for ln in lines)


def test_a_deal_played_again_says_which_hand_it_replays(make_app):
    app = make_app()
    app.settings.finish_early = "always"
    s = certain_session()
    s.length = 12
    table = open_table(app, s)
    assert run_until(app, lambda: isinstance(top(app), HandSummary))
    again = TableScene(s.replay_of(1), score_sheets=False)
    app.stack.push(again)
    assert run_until(app, lambda: again.waiting_for() == "bid")
    app.draw()
    shown = [t for kind, _r, t in again.drawn if kind == "panel-text"]
    assert "Replay of hand 1" in shown
    assert not any(t.startswith("Hand 1 of") for t in shown)
    assert table.state.is_terminal()


def test_until_a_click_only_holds_an_offline_table_with_a_person(make_app):
    from zole_desktop.flow.director import Director
    from zole_desktop.ui.table import pace

    app = make_app()
    app.settings.trick_pause = "click"
    table = new_table(app, seed=3)
    assert pace.trick_pause(table) is None  # held until a click
    # a network table's director (the host's hand goes on without my click): the normal pause
    table.director.__class__ = type("RemoteLike", (Director,), {})
    assert pace.trick_pause(table) == pace.TRICK_PAUSES["normal"]


def test_finish_is_offered_in_the_middle_of_a_trick_at_my_turn(make_app):
    # the bots lead and follow; I (last to play) hold the eight top trumps: certain at my turn
    mine = [C.card(n) for n in TOPS]
    rest = [c for c in range(26) if c not in mine]
    st = HandState.new(3, 0, {0: mine, 1: rest[:8], 2: rest[8:16]}, rest[16:18])
    for a in (PASS, PASS, TAKE_BID, rest[16], rest[17]):
        st.apply(a)
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    s = Session(players=3, names=["Me", "B1", "B2"], levels=[None, "random", "random"],
                human=0, length=1, seed=3, current=st)
    s.match.dealer = 0
    app = make_app()
    app.settings.finish_early = "ask"
    table = open_table(app, s)
    assert run_until(app, lambda: table.waiting_for() == "play")
    assert "Finish the hand (F)" in [b.text() for b in table.buttons]
    key(app, pygame.K_f)
    assert run_until(app, lambda: isinstance(top(app), HandSummary))
    assert table.state.tricks_won[table.state.seats.index(0)] == 8
