"""The one screen between hands (issue 34 items 5, 8 and 20): the result, won or lost for the
player, the hands as dealt, the readable sheet, Next hand by Enter, Play this deal again (the
same cards and dealer), the match's final with its placing and New match; nothing under 12 px
at 960x540."""

from __future__ import annotations

import threading
from dataclasses import replace

import pygame
import pytest
from ui_helpers import card_point

from zole_desktop.flow.session import Session
from zole_desktop.i18n import set_language
from zole_desktop.ui import gfx
from zole_desktop.ui.hand_end import HandSummary, match_outcome, outcome, placing
from zole_desktop.ui.probe import Probe, click_events, key_events, run_with_driver, wait_until
from zole_desktop.ui.sheet import ScoreSheet


def _played(hands: int = 3, seed: int = 4) -> Session:
    """A match of bots with the person's seat played by a bot too, ``hands`` hands done."""
    from zole_desktop.bots import make_bot

    s = Session(players=3, names=["", "Anna", "Jānis"], levels=[None, "random", "random"],
                human=0, length=hands + 1, seed=seed)
    me = make_bot("random", 5)
    for _h in range(hands):
        st = s.match.deal(s.rng_for_hand())[1]
        while not st.is_terminal():
            seat = st.current_seat
            bot = me if seat == 0 else s.bots[seat]
            st.apply(bot.choose(st.observation(seat), st.legal_actions()))
        s.match.finish(st)
    return s


def test_replay_of_deals_the_same_cards_and_dealer():
    s = _played(3)
    for number in (1, 2, 3):
        again = s.replay_of(number)
        assert again.practice and again.length == 1 and again.deal_of_hand == number
        _deal, st = again.match.deal(again.rng_for_hand())
        played = s.match.hands[number - 1]
        assert st._initial == played._initial and st.dealer == played.dealer
        assert again.current is None  # dealt from the seed: the deal is animated as dealt
    with pytest.raises(ValueError):
        s.replay_of(4)


def test_won_and_lost_look_different():
    s = _played(1)
    row = s.match.rows[0]
    st = s.match.hands[0]
    won = HandSummary(s, st, replace(row, deltas=(2, -1, -1)))
    lost = HandSummary(s, st, replace(row, deltas=(-4, 2, 2)))
    assert outcome(won.row, 0) == 1 and outcome(lost.row, 0) == -1
    assert won.title() == "You won this hand!" and lost.title() == "You lost this hand"
    assert won.confetti and not lost.confetti  # only a win celebrates
    assert placing((3, 5, 3)) == [(1, 1), (2, 0), (2, 2)]
    # the match's final: first place celebrates, last place is told in red
    assert match_outcome((5, -10, 5), 0) == 1 and match_outcome((5, -10, 5), 1) == -1
    assert match_outcome((5, 0, -5), 1) == 0
    # the hands as dealt: every active seat's eight cards and the talon, 26 in all
    dealt = won.dealt()
    assert [len(c) for _n, c in dealt] == [8, 8, 8, 2]
    assert len({c for _n, cs in dealt for c in cs}) == 26


@pytest.mark.parametrize("lang", ["lv", "en", "ru"])
def test_nothing_under_12_px_at_960x540(make_app, monkeypatch, lang):
    """Every text these screens draw at 960x540, measured as it is rendered."""
    set_language(lang)
    try:
        app = make_app(size=(960, 540))
        s = _played(3)
        s.names[1] = "Benjamiņš Ābelītis-Kalniņš"  # a long name: cut, not shrunk below 12
        sizes: list[tuple[int, str]] = []
        real = gfx.text

        def text(t, size, color=gfx.INK, bold=False):
            sizes.append((int(size), t))
            return real(t, size, color, bold)

        monkeypatch.setattr(gfx, "text", text)
        row, st = s.match.rows[-1], s.match.hands[-1]
        for scene in (HandSummary(s, st, row, replay=lambda: None),
                      HandSummary(s, st, row, final=True),
                      ScoreSheet(s), ScoreSheet(s, final=True)):
            app.stack.push(scene)
            surf = pygame.Surface((960, 540))
            sizes.clear()
            app.stack.draw(surf)
            mine = [(z, t) for z, t in sizes if t.strip()]
            assert mine, scene
            small = [(z, t) for z, t in mine if z < 12]
            assert not small, (scene, small)
            app.stack.pop()
    finally:
        set_language("en")


# ---------------------------------------------------------------------- on the real loop
@pytest.fixture
def real_app(real_app):
    """The shared real-loop App (tests/ui/conftest.py), at 960x540 unless told."""
    def make(size=(960, 540)):
        return real_app(size=size)
    return make


def _top(app):
    return app.stack.scenes[-1] if app.stack.scenes else None


def _settled(table):
    return not any(sp.moving(table.clock) for sp in table.sprites)


def _play_to_summary(probe, table, app):
    """Pass every bid (Enter on the focused Pass) and click a legal card at each turn."""
    while True:
        assert wait_until(lambda: isinstance(_top(app), HandSummary)
                          or (table.waiting_for() is not None and _settled(table)
                              and _top(app) is table), 90)
        if isinstance(_top(app), HandSummary):
            return _top(app)
        kind = table.waiting_for()
        n = len(table.state.actions())
        if kind == "bid":
            probe.send("pass", key_events(pygame.K_RETURN),
                       lambda n=n: len(table.state.actions()) > n)
        elif kind == "play":
            c = next(c for c in table.my_hand() if c in table.legal_cards())
            probe.send("card", click_events(card_point(table, c)),
                       lambda n=n: len(table.state.actions()) > n)
        else:
            raise AssertionError(f"unexpected decision {kind}")


def test_between_hands_on_the_real_loop(real_app, data_dir):
    """One screen between hands: Play this deal again opens the same cards and dealer as a
    practice hand (leaving it comes back), Next hand by Enter deals hand 2; at the end of the
    match New game opens its form."""
    from zole_desktop.ui.menus import MainMenu, NewGameScene
    from zole_desktop.ui.pause import PauseMenu
    from zole_desktop.ui.table.scene import TableScene

    app = real_app()
    menu = MainMenu()
    app.stack.push(menu)
    s = Session(players=3, names=["Me", "B1", "B2"], levels=[None, "random", "random"],
                human=0, length=2, seed=3)
    s.match.dealer = 2
    table = TableScene(s)
    app.stack.push(table)
    probe = Probe(app)
    done = threading.Event()

    def driver():
        summary = _play_to_summary(probe, table, app)
        names = [b.text() for b in summary.buttons]
        assert names[0] == "Next hand" and summary.buttons[0].primary, names
        assert "Play this deal again" in names and not summary.final
        first = table.state
        again_b = next(b for b in summary.buttons if b.text() == "Play this deal again")
        assert wait_until(lambda: again_b.rect.w > 0, 5)
        probe.send("play it again", click_events(again_b.rect.center),
                   lambda: isinstance(_top(app), TableScene) and _top(app) is not table)
        again = _top(app)
        assert wait_until(lambda: again.state is not None, 10)
        assert again.state._initial == first._initial and again.state.dealer == first.dealer
        assert again.session.practice and len(s.match.rows) == 1  # not counted in the match
        assert wait_until(lambda: _settled(again) and again.waiting_for() is not None, 60)
        probe.send("pause", key_events(pygame.K_ESCAPE),
                   lambda: isinstance(_top(app), PauseMenu))
        leave = next(w for w in _top(app).widgets if getattr(w, "label", "") ==
                     "Leave the table")
        assert wait_until(lambda: leave.rect.w > 0, 5)
        probe.send("leave the replay", click_events(leave.rect.center),
                   lambda: _top(app) is summary)
        probe.send("next hand by Enter", key_events(pygame.K_RETURN),
                   lambda: _top(app) is table and table.hand_no == 2)
        final = _play_to_summary(probe, table, app)
        assert final.final and final.buttons[0].text() == "New game"
        probe.send("new match by Enter", key_events(pygame.K_RETURN),
                   lambda: isinstance(_top(app), NewGameScene))
        assert table not in app.stack.scenes
        done.set()

    run_with_driver(app, driver, timeout=400)
    assert done.is_set()
    assert not probe.errors, probe.errors
    assert isinstance(app.stack.scenes[0], MainMenu)


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_confetti_keeps_off_the_title(make_app, size):
    """A won hand's confetti falls over the panel below the title's band, never over the
    title (it was drawn over "You won this hand!"): the band reads the same with confetti
    and without, at every moment of the celebration, and the confetti does show below."""
    app = make_app(size=size)
    s = _played(1)
    won = HandSummary(s, s.match.hands[0], replace(s.match.rows[0], deltas=(2, -1, -1)))
    pieces = list(won.confetti)
    assert pieces
    app.stack.push(won)
    W, H = size
    pw, ph = int(W * 0.94), int(H * 0.94)
    panel = pygame.Rect((W - pw) // 2, (H - ph) // 2, pw, ph)
    band = pygame.Rect(panel.x, panel.y, panel.w, 3 + int(max(22, int(H * 0.05)) * 1.7))
    shown = 0
    for k in range(1, 18):
        won.age = k * 0.1
        frames = []
        for confetti in (pieces, []):
            won.confetti = confetti
            surf = pygame.Surface(size)
            app.stack.draw(surf)
            frames.append(surf)
        with_, without = frames
        assert pygame.image.tobytes(with_.subsurface(band), "RGB") == \
            pygame.image.tobytes(without.subsurface(band), "RGB"), won.age
        shown += pygame.image.tobytes(with_, "RGB") != pygame.image.tobytes(without, "RGB")
    assert shown >= 10, shown
