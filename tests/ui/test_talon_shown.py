"""The talon I take, on the real loop (issue 34 item 17): its two cards turn face up where
they lie for a moment, then go into my hand, where a "talon" tag marks them until the
burial is done."""

import pygame
import pytest

from zole_desktop.flow.session import Session
from zole_desktop.rules.state import BIDDING, BURYING, PASS, TAKE_BID
from zole_desktop.ui.probe import Probe, key_events, run_with_driver, wait_until
from zole_desktop.ui.table.marks import visible_rect
from zole_desktop.ui.table.scene import TableScene

SEED_BOT_TAKES = 2  # I pass (forehand), then a random bot takes


class Watch:
    """After every drawn frame: the talon's faces and the talon tags."""

    def __init__(self, app, table):
        self.t = table
        self.talon_up = 0  # frames with both talon cards at rest face up on the talon
        self.talon_down = 0  # frames with the talon face down before the take
        self.tags_burying: list[tuple] = []
        self.tags_after = 0
        self.off_card: list[str] = []
        app.frame_hook = self

    def __call__(self, ms):
        t = self.t
        st = t.state
        if st is None or t.app.stack.top is not t:
            return
        v = t.view
        if len(v.talon) == 2:
            faces = [t.sprites[c].state(t.clock)[3] for c in v.talon]
            if all(faces):
                self.talon_up += 1
            elif not any(faces):
                self.talon_down += 1
        tags = [r for k, r, _x in t.drawn if k == "talon-tag"]
        if st.phase == BURYING and tags:
            self.tags_burying.append(tuple(sorted(v.from_talon)))
            for c in v.from_talon:
                vis = visible_rect(t, c)
                if vis is not None and not any(vis.contains(r) for r in tags):
                    self.off_card.append(f"{c}: {tags} not inside {vis}")
        if st.phase != BURYING and st.declarer_seat is not None and tags:
            self.tags_after += 1


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_the_talon_i_take_shows_face_up_then_is_marked_until_buried(real_app, size):
    app = real_app(size)
    s = Session(players=3, names=["Me", "B1", "B2"], levels=[None, "random", "random"],
                human=0, length=2, seed=3)
    s.match.dealer = 2  # I am forehand: the first to bid
    table = TableScene(s)
    app.stack.push(table)
    w = Watch(app, table)
    probe = Probe(app)

    def driver():
        st = lambda: table.state  # noqa: E731
        assert wait_until(lambda: table.waiting_for() == "bid", 60)
        talon = list(table.view.talon)
        assert len(talon) == 2
        assert not any(table.sprites[c].f1 for c in talon)  # face down while bidding
        assert wait_until(lambda: table.pointer.focus == ("button", 0), 5)
        while table.button_actions[table.pointer.focus[1]] != TAKE_BID:
            i = table.pointer.focus[1]
            probe.send("right to Take", key_events(pygame.K_RIGHT),
                       lambda i=i: table.pointer.focus[1] != i)
        n = len(st().actions())
        probe.send("take", key_events(pygame.K_RETURN), lambda n=n: len(st().actions()) > n)
        assert wait_until(lambda: table.waiting_for() == "bury", 30)
        assert sorted(table.view.from_talon) == sorted(talon)
        assert all(c in table.my_hand() for c in talon)
        assert wait_until(lambda: [k for k, _r, _x in table.drawn].count("talon-tag") == 2,
                          5)
        texts = {x for k, _r, x in table.drawn if k == "talon-tag"}
        assert texts == {"talon"}
        probe.send("choose", key_events(pygame.K_RETURN), lambda: len(table.selected) == 1)
        probe.send("next", key_events(pygame.K_RIGHT), lambda: True)
        probe.send("choose 2", key_events(pygame.K_RETURN), lambda: len(table.selected) == 2)
        probe.send("to the button", key_events(pygame.K_UP),
                   lambda: table.pointer.focus[0] == "button")
        probe.send("bury", key_events(pygame.K_RETURN), lambda: st().buried.bit_count() == 2)
        assert wait_until(lambda: table.waiting_for() == "play", 30)
        assert table.view.from_talon == []
        assert "talon-tag" not in {k for k, _r, _x in table.drawn}

    run_with_driver(app, driver, timeout=120)
    assert not probe.errors, probe.errors
    assert w.talon_down > 0
    assert w.talon_up >= 3, w.talon_up  # face up for a while (0.8 s), not one frame
    assert w.tags_burying
    assert not w.off_card, w.off_card[:3]
    assert w.tags_after == 0


def test_a_bots_talon_stays_face_down(real_app):
    """I pass and a bot takes: the talon goes to its hand face down, and no card is
    tagged."""
    app = real_app()
    s = Session(players=3, names=["Me", "B1", "B2"], levels=[None, "random", "random"],
                human=0, length=2, seed=SEED_BOT_TAKES)
    s.match.dealer = 2
    table = TableScene(s)
    app.stack.push(table)
    w = Watch(app, table)
    probe = Probe(app)

    def driver():
        st = lambda: table.state  # noqa: E731
        assert wait_until(lambda: table.waiting_for() == "bid", 60)
        assert wait_until(lambda: table.pointer.focus == ("button", 0), 5)
        assert table.button_actions[0] == PASS
        probe.send("pass", key_events(pygame.K_RETURN), lambda: len(st().actions()) > 0)
        assert wait_until(lambda: st().phase not in (BIDDING, BURYING)
                          and len(table.view.talon) == 0, 30)

    run_with_driver(app, driver, timeout=120)
    assert not probe.errors, probe.errors
    st = table.state
    assert st.declarer_seat not in (None, 0) and st.contract == "take", (st.declarer_seat,
                                                                        st.contract)
    assert w.talon_down > 0
    assert w.talon_up == 0
    assert not w.tags_burying
