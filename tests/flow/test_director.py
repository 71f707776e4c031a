"""The table's director without a window: whole matches driven by actions, refusals, events,
undo, surrender, saving, and the coach's veto.  No pygame is imported."""

import random
import subprocess
import sys

from zole_desktop import saves, storage
from zole_desktop.flow.director import (
    Applied,
    Director,
    HandFinished,
    HandStarted,
    Review,
    Turn,
    Undone,
)
from zole_desktop.flow.session import Session
from zole_desktop.rules.options import Rules
from zole_desktop.rules.state import PASS, PLAYING, SURRENDER, TAKE_BID


def _bots_only(players=3, length=3, seed=5, **kw):
    return Session(players=players, names=[], levels=["normal"] * players, human=None,
                   length=length, seed=seed, **kw)


def _play_to_end(d: Director, rng: random.Random, person_plays=None) -> None:
    while (turn := d.turn()) is not None:
        obs = d.observation(turn.seat)
        if turn.bot is not None:
            a = turn.bot.choose(obs)
        else:
            a = person_plays(d, turn) if person_plays else rng.choice(
                [x for x in obs.legal if x != SURRENDER])
        assert d.act(turn.seat, a) is not None, (turn, a)


def test_importing_the_director_does_not_import_pygame():
    code = ("import sys; import zole_desktop.flow.director, zole_desktop.flow.workers;"
            " import zole_desktop.ui.table.model; print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_a_whole_match_of_bots_through_the_director_alone():
    for players in (3, 4, 5):
        session = _bots_only(players=players, length=4, seed=players)
        d = Director(session, saving=False)
        events = []
        d.listen(events.append)
        rng = random.Random(1)
        while not d.over():
            d.start_hand()
            _play_to_end(d, rng)
            d.finish_hand()
        assert len(session.match.rows) == 4
        started = [e for e in events if isinstance(e, HandStarted)]
        finished = [e for e in events if isinstance(e, HandFinished)]
        assert [e.hand_no for e in started] == [1, 2, 3, 4]
        assert [e.row.number for e in finished] == [1, 2, 3, 4]
        # every action was reported once, and every hand was settled as played
        applied = [e for e in events if isinstance(e, Applied)]
        assert len(applied) == sum(len(h.actions()) for h in session.match.hands)
        assert all(h.is_terminal() for h in session.match.hands)
        running = [0] * players
        for row in session.match.rows:
            running = [t + x for t, x in zip(running, row.deltas, strict=True)]
            assert tuple(running) == row.totals


def test_every_trick_is_reported_once_with_the_card_that_completed_it():
    d = Director(_bots_only(length=1, seed=11), saving=False)
    applied = []
    d.listen(lambda e: applied.append(e) if isinstance(e, Applied) else None)
    d.start_hand()
    _play_to_end(d, random.Random(2))
    st = d.state
    tricks = [a.trick for a in applied if a.trick is not None]
    assert tricks == list(st.completed)
    for a in applied:
        if a.trick is not None:
            assert a.kind == "play" and a.action in a.trick.cards


def test_out_of_turn_illegal_and_finished_actions_are_refused_and_change_nothing():
    d = Director(_bots_only(length=1, seed=3), saving=False)
    st = d.start_hand()
    turn = d.turn()
    assert isinstance(turn, Turn) and turn.kind == "bid" and turn.bot is not None
    other = next(s for s in st.seats if s != turn.seat)
    before = st.actions()
    assert d.act(other, PASS) is None  # not their turn
    assert d.act(turn.seat, 7) is None  # a card while bidding
    assert d.act(turn.seat, 999) is None
    assert st.actions() == before
    _play_to_end(d, random.Random(4))
    assert d.turn() is None
    assert d.act(turn.seat, PASS) is None


def test_a_person_takes_back_a_card_unless_the_table_is_serious():
    def run(serious: bool, allow_undo: bool = True):
        session = Session(players=3, names=[], levels=[None, "normal", "normal"], human=0,
                          length=1, seed=9, serious=serious)
        d = Director(session, saving=False, allow_undo=allow_undo)
        events = []
        d.listen(events.append)
        st = d.start_hand()
        while st.phase != PLAYING or st.current_seat != 0 or not st.completed:
            turn = d.turn()
            assert turn is not None
            obs = d.observation(turn.seat)
            if turn.bot is not None:
                a = turn.bot.choose(obs)
            elif turn.kind == "bid":
                a = TAKE_BID if st.current_seat == 0 else PASS
            else:
                a = [x for x in obs.legal if x != SURRENDER][0]
            d.act(turn.seat, a)
        return d, st, events

    d, st, events = run(serious=False)
    n = d.undo_count(0)
    assert n > 0
    before = len(st.actions())
    assert d.undo(1) == 0  # a bot's seat takes nothing back
    assert d.undo(0) == n
    assert len(st.actions()) == before - n
    assert isinstance(events[-1], Undone) and events[-1].count == n
    assert st.current_seat == 0  # my turn again, the card back in my hand
    d2, _st2, _ev = run(serious=True)
    assert d2.undo_count(0) == 0 and d2.undo(0) == 0
    d3, _st3, _ev = run(serious=False, allow_undo=False)
    assert d3.undo_count(0) == 0


def test_only_the_declarer_surrenders_and_only_while_the_rules_allow():
    session = Session(players=3, names=[], levels=[None, "normal", "normal"], human=0,
                      length=1, seed=21, rules=Rules(surrender=True))
    d = Director(session, saving=False)
    st = d.start_hand()
    while st.phase != PLAYING:
        turn = d.turn()
        obs = d.observation(turn.seat)
        if turn.bot is not None:
            a = PASS if turn.kind == "bid" else turn.bot.choose(obs)
        else:
            a = TAKE_BID if turn.kind == "bid" else obs.legal[0]
        d.act(turn.seat, a)
    assert st.declarer_seat == 0
    assert d.surrender(1) is None
    applied = d.surrender(0)
    assert applied is not None and applied.kind == "surrender" and applied.action == SURRENDER
    assert st.is_terminal() and st.result().surrendered
    assert d.surrender(0) is None


def test_the_match_is_saved_after_every_action_and_resumes_where_it_stood(data_dir):
    session = Session(players=3, names=["Me", "B", "C"], levels=[None, "normal", "normal"],
                      human=0, length=2, seed=13)
    d = Director(session, saving=True)
    d.start_hand()
    for _i in range(8):  # I take the talon: the bidding, the burial and a few cards
        turn = d.turn()
        obs = d.observation(turn.seat)
        if turn.bot:
            a = turn.bot.choose(obs)
        else:
            a = TAKE_BID if turn.kind == "bid" else obs.legal[0]
        d.act(turn.seat, a)
        assert d.wait_saved(5)  # written on the saver's thread
        saved = saves.load()
        assert saved is not None and saved.current.actions() == d.state.actions()
    resumed = Session.from_saved(saves.load())
    d2 = Director(resumed, saving=True)
    st2 = d2.start_hand()
    assert d2.resumed and d2.deal is None
    assert st2.actions() == d.state.actions()


def test_a_failed_save_is_reported_once_and_the_game_goes_on(data_dir, monkeypatch):
    messages = []
    session = Session(players=3, names=[], levels=[None, "normal", "normal"], human=0,
                      length=1, seed=17)

    def broken(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage, "atomic_write", broken)
    d = Director(session, saving=True, on_file_error=messages.append)
    d.start_hand()
    for _i in range(3):
        turn = d.turn()
        a = turn.bot.choose(d.observation(turn.seat)) if turn.bot else PASS
        assert d.act(turn.seat, a) is not None
        assert d.wait_saved(5)  # the saver's thread has tried: its failure is told
    assert len(messages) == 1 and "No space left on device" in messages[0]


def test_a_coach_may_refuse_a_persons_action_but_not_a_bots():
    class OnlyTake:
        def __init__(self):
            self.asked = []

        def review(self, state, seat, action):
            self.asked.append((seat, action))
            if state.phase == "bidding" and action != TAKE_BID:
                return Review(False, "take it")
            return Review()

    coach = OnlyTake()
    session = Session(players=3, names=[], levels=[None, "normal", "normal"], human=0,
                      length=1, seed=2)
    d = Director(session, saving=False, coach=coach)
    st = d.start_hand()
    while d.turn() is not None and d.turn().seat != 0:
        turn = d.turn()
        d.act(turn.seat, turn.bot.choose(d.observation(turn.seat)))
    if st.phase == "bidding" and st.current_seat == 0:
        assert d.review(0, PASS) == Review(False, "take it")
        assert d.act(0, PASS) is None
        assert d.act(0, TAKE_BID) is not None
    assert all(seat == 0 for seat, _a in coach.asked)  # bots are never reviewed
