"""Saves after every action and Continue; hints; undo; auto-play; F1 guide; Review hand;
the archive at the end of a session.  Bots are random or easy and hints get short deadlines,
so nothing here waits on the clock (no timed assertions)."""

import pygame
import pytest
from ui_helpers import continue_from_menu, run_until

from zole_desktop import saves
from zole_desktop.flow.saver import flush_shared
from zole_desktop.flow.session import Session
from zole_desktop.records import history as match_history
from zole_desktop.rules.state import PASS, PLAYING, TAKE_BID
from zole_desktop.storage import Settings
from zole_desktop.ui.table.scene import TableScene


@pytest.fixture
def saving_app(data_dir):
    """An App that saves (into the test's data folder), like the game."""
    from zole_desktop.i18n import set_language
    from zole_desktop.ui.app import App

    set_language("en")
    apps = []

    def make(size=(960, 540), **settings):
        st = Settings(language="en", animation="instant", sound=False)
        for k, v in settings.items():
            setattr(st, k, v)
        app = App(size, st, fast=True, save=True)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.shutdown()


def _table(app, seed=3, length=1, serious=False, levels=("random", "random")):
    s = Session(players=3, names=["Me", "B1", "B2"], levels=[None, *levels], human=0,
                length=length, seed=seed, serious=serious)
    s.match.dealer = 2  # the person is forehand
    t = TableScene(s)
    t.hints.seconds = {"bid": 0.15, "play": 0.1}
    app.stack.push(t)
    return t


def _answer(app, t, kind_bid=TAKE_BID):
    """Answer the person's current decision: a bid, two cards to bury, the first legal card."""
    k = t.waiting_for()
    if k == "bid":
        legal = t.state.legal_actions()
        t.answer(kind_bid if kind_bid in legal else legal[0])
    elif k == "bury":
        t.selected = t.my_hand()[:t.bury_need]
        t.confirm_bury()
    elif k == "play":
        t.try_card(min(t.legal_cards()))
    app.step()


def _until_mid_trick(app, t):
    """Play on until a trick is under way after at least one finished trick."""
    def there():
        st = t.state
        return st is not None and st.phase == PLAYING and st.completed and st.trick and \
            t.waiting_for() == "play"
    for _ in range(200):
        if run_until(app, lambda: there() or t.waiting_for() is not None, 20000) and there():
            return
        _answer(app, t)
    raise AssertionError("no mid-trick moment")


def test_save_mid_trick_and_continue_exactly(saving_app, data_dir):
    app = saving_app(hints=False)
    t = _table(app, seed=11, length=6)
    _until_mid_trick(app, t)
    st = t.state
    obs = st.observation(0)
    totals = t.session.match.totals
    # the "crash": nothing more is written; a new run continues from the menu
    app.shutdown()
    saved = saves.load()
    assert saved is not None and saved.current.observation(0) == obs
    assert saved.describe() == (1, sum(len(x.cards) for x in st.completed) + len(st.trick))

    app2 = saving_app(hints=False)
    t2 = continue_from_menu(app2)
    assert run_until(app2, lambda: t2.state is not None, 100)
    assert t2.state.observation(0) == obs
    assert t2.session.match.totals == totals and t2.session.serious is False
    # the table shows the same cards: my hand, the trick, the piles
    assert sorted(t2.view.holding[0]) == sorted(obs.hand)
    assert t2.view.trick == list(obs.trick)
    assert sum(len(p) for p in t2.view.piles.values()) == 3 * len(obs.tricks)
    assert t2.director.deal is None  # no new deal
    # and the table resumes: the person plays, the bots answer
    n = len(t2.state.actions())
    assert run_until(app2, lambda: t2.waiting_for() == "play", 20000)
    _answer(app2, t2)
    assert run_until(app2, lambda: len(t2.state.actions()) > n, 100)

    def bots_played():
        for _ in range(30):
            acts = t2.state.actions()[n:]
            if any(seat != 0 for seat, _a in acts) or t2.state.is_terminal():
                return True
            if t2.waiting_for() == "play":
                _answer(app2, t2)
            app2.step()
        return False
    assert run_until(app2, bots_played, 2000)


def test_corrupt_save_toast_and_set_aside(saving_app, data_dir):
    from zole_desktop.ui.menus import MainMenu

    data_dir.mkdir(parents=True, exist_ok=True)
    saves.save_path().write_text('{"format": "zole-save/1", "match": {', encoding="utf-8")
    app = saving_app()
    menu = MainMenu()
    app.stack.push(menu)
    app.step()
    assert app.toast_text and "\n" not in app.toast_text
    assert "could not be continued" in app.toast_text
    assert not saves.save_path().exists()
    assert list(data_dir.glob("current-match.json.corrupt-*"))
    assert not menu.widgets[0].enabled  # the game starts fresh


def test_broken_settings_fall_back_per_key(data_dir):
    from zole_desktop import storage

    data_dir.mkdir(parents=True, exist_ok=True)
    storage.settings_path().write_text('hints = "maybe"\nsound = false\n', encoding="utf-8")
    msgs: list[str] = []
    s = storage.load_settings(msgs)
    assert s.hints is True and s.sound is False
    assert len(msgs) == 2 and "hints" in msgs[0]
    # the file as it was is kept before it is written over with the default (issue 13)
    kept = list(data_dir.glob("settings.toml.corrupt-*"))
    assert len(kept) == 1 and kept[0].name in msgs[1] and 'hints = "maybe"' in kept[0].read_text()


def test_hints_while_bidding_and_playing(saving_app):
    from zole_desktop.bots.advisor import BidEstimate, CardHint

    app = saving_app(hints=True)
    t = _table(app, seed=5)
    assert run_until(app, lambda: t.waiting_for() == "bid", 20000)
    assert run_until(app, lambda: t.hints.value is not None, 200000)
    h = t.hints.value
    assert isinstance(h, BidEstimate) and h.layouts > 0
    legal = [a for a in t.state.legal_actions() if a in t.button_actions]
    assert set(h.values) == set(legal) and h.best in legal
    app.draw()
    # each bid's estimate under its button, and the "Hint" tag on the advised one
    under = [r for k, r, _t in t.drawn if k == "bid-value"]
    assert len(under) == len(legal)
    for b, a in zip(t.buttons, t.button_actions, strict=True):
        if a in legal:  # centred under the button, just below it
            assert any(r.centerx == b.rect.centerx and 0 <= r.top - b.rect.bottom <= 8
                       for r in under), (a, b.rect, under)
    tags = [r for k, r, _t in t.drawn if k == "hint-tag"]
    best = t.buttons[t.button_actions.index(h.best)]
    assert len(tags) == 1 and tags[0].centerx == best.rect.centerx
    assert tags[0].bottom <= best.rect.top
    t.answer(TAKE_BID)
    app.step()
    assert run_until(app, lambda: t.waiting_for() == "bury", 20000)
    _answer(app, t)
    assert run_until(app, lambda: t.waiting_for() == "play", 20000)
    assert run_until(app, lambda: t.hints.card() is not None, 200000)
    assert isinstance(t.hints.value, CardHint)
    assert t.hints.card() in t.legal_cards()
    assert t.hints.value.reason and "\n" not in t.hints.value.reason
    assert run_until(app, lambda: not t.animating(), 20000)
    assert not t.notice.text  # the line is the hint's (a message would have it for now)
    app.draw()
    # the "Hint" tag above the part of the advised card that shows (the next card covers
    # its right), a bar along that part only, and the reason on the hint line
    from zole_desktop.ui.table.marks import visible_rect

    card = visible_rect(t, t.hints.card())
    tags = [r for k, r, _t in t.drawn if k == "hint-tag"]
    assert len(tags) == 1 and tags[0].centerx == card.centerx and tags[0].bottom < card.top
    bars = [r for k, r, _t in t.drawn if k == "hint-bar"]
    assert len(bars) == 1 and card.left <= bars[0].left < bars[0].right <= card.right
    lines = [text for k, _r, text in t.drawn if k == "hint-line"]
    reason = t.hints.value.reason
    if getattr(reason, "details", None) is None:
        assert lines == [f"Hint: {reason}"]
    else:  # in words; the figures one key or click away
        assert lines == [f"Hint: {reason} (figures: I)"]
        assert t.hints.toggle_details()
        app.draw()
        lines = [text for k, _r, text in t.drawn if k == "hint-line"]
        assert lines == [f"Hint: {reason.details}"]


def test_no_hints_and_no_undo_in_a_serious_match(saving_app):
    app = saving_app(hints=True)
    t = _table(app, seed=5, serious=True)
    assert run_until(app, lambda: t.waiting_for() == "bid", 20000)
    for _ in range(20):
        app.step()
    assert not t.hints.on() and t.hints.value is None and t.hints.job is None
    assert not t.undo_allowed()
    assert not any("Undo" in b.text() for b in t.all_buttons())


def test_undo_takes_back_my_card_and_the_bots_after_it(saving_app):
    app = saving_app(hints=False)
    t = _table(app, seed=8)
    _until_mid_trick(app, t)
    # my turn again after at least one card of mine
    assert run_until(app, lambda: t.waiting_for() == "play" and t.can_undo(), 20000)
    st = t.state
    acts = st.actions()
    n = t.director.undo_count(t.human)
    assert acts[len(acts) - n][0] == 0
    expected = acts[:len(acts) - n]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z,
                                         mod=pygame.KMOD_CTRL, unicode="\x1a"))
    app.step()
    assert run_until(app, lambda: t.waiting_for() == "play" and not t.animating(), 20000)
    assert t.state.actions() == expected
    assert sorted(t.view.holding[0]) == sorted(t.state.hand_of(0))
    assert t.view.trick == list(t.state.current_trick())
    # the save holds the position after the undo (once the saver's thread has written it)
    assert flush_shared()
    saved = saves.load()
    assert saved.current.actions() == expected


def test_auto_play_review_and_archive(saving_app, data_dir):
    from zole_desktop.ui.hand_end import HandSummary
    from zole_desktop.ui.review_scene import ReviewScene

    app = saving_app(hints=False, auto_play_forced=True)
    t = _table(app, seed=4)
    asked_with_one_card = []
    for _ in range(400):
        run_until(app, lambda: t.waiting_for() is not None or t not in app.stack.scenes
                  or app.stack.top is not t, 20000)
        if app.stack.top is not t:
            break
        if t.waiting_for() == "play" and t.forced_card() is not None:
            asked_with_one_card.append(t.state.actions())
        _answer(app, t)
    assert not asked_with_one_card  # forced cards played themselves
    summary = app.stack.top
    assert isinstance(summary, HandSummary)
    if summary.row.contract != "passed":
        review = [b for b in summary.buttons if b.text() == "Review hand"]
        assert review
        review[0].activate()
        assert isinstance(app.stack.top, ReviewScene)
        app.stack.top.back()
        assert app.stack.top is summary
    assert summary.final  # a one-hand match: the screen between hands is its final
    summary.close()
    assert run_until(app, lambda: t not in app.stack.scenes, 1000)
    assert flush_shared()
    assert not saves.save_path().exists()  # the finished session is not offered again
    assert len(match_history.history_files()) == 1


def test_f1_opens_the_guide_over_the_table_and_back(saving_app):
    from zole_desktop.ui.guide import GuideScene

    app = saving_app(hints=False)
    t = _table(app, seed=6, levels=("easy", "easy"))
    assert run_until(app, lambda: t.waiting_for() == "bid", 20000)  # dealt; I speak first
    t.answer(PASS)  # now the bots have their bids to make
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    app.step()
    assert isinstance(app.stack.top, GuideScene)
    state = t.state
    clock, n = t.clock, len(state.actions())
    assert n < 3  # the bots have not spoken yet
    for _ in range(300):
        app.step()
    assert t.clock == clock and len(state.actions()) == n  # the table waits
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode=""))
    app.step()
    assert not any(isinstance(sc, GuideScene) for sc in app.stack.scenes)
    # the table goes on at once (the bots bid; a passed hand shows its summary over it)
    assert t.clock > clock and len(state.actions()) > n


def test_the_first_two_tricks_give_the_card_hint_more_time(saving_app):
    # a first-trick search is the slowest: its hint gets the "early" time (1.0 s by default),
    # later tricks the "play" time (0.5 s), the burial its own
    app = saving_app()
    t = _table(app)
    t.hints.seconds = {"bid": 0.15, "bury": 0.2, "play": 0.1, "early": 0.3}
    asked = []
    submit = t.workers.submit

    def spy(pool, fn, kind, *args, **kw):
        asked.append((kind, len(t.state.completed), kw["seconds"]))
        return submit(pool, fn, kind, *args, **kw)

    t.workers.submit = spy
    for _ in range(400):
        if t.state is not None and len(t.state.completed) >= 3:
            break
        if not run_until(app, lambda: t.waiting_for() is not None, 20000):
            break
        _answer(app, t)
    plays = [(done, s) for kind, done, s in asked if kind == "play"]
    assert any(done < 2 for done, _s in plays) and any(done >= 2 for done, _s in plays)
    assert all(s == (0.3 if done < 2 else 0.1) for done, s in plays), plays
    assert all(s == 0.2 for kind, _d, s in asked if kind == "bury")
    assert Settings().hints  # hints are on by default, so these were asked
    assert TableScene(Session()).hints.seconds["early"] == 1.0
