"""The table's layout as pure geometry, at several window sizes and table sizes, without a
window: everything inside the window, the plates apart, the trick and the talon clear of the
plates, my hand below the trick, and every card of a dealt hand inside the window."""

import random

import pygame
import pytest

from zole_desktop.rules.match import Match
from zole_desktop.ui.table import layout
from zole_desktop.ui.table.model import TableView

SIZES = [(800, 600), (960, 540), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440)]
CARD_RATIO = 0.69  # a poker card's width over its height


def _setup(W, H, players, viewer, dealer=0, seed=1):
    match = Match(players=players)
    match.dealer = dealer
    _deal, state = match.deal(random.Random(seed))
    sides, out = layout.seat_sides(players, list(state.seats), viewer)
    ch = layout.card_height(H, "normal")
    cw = int(ch * CARD_RATIO)
    L = layout.table_layout(W, H, cw, ch, sides, out, state.dealer, msg_h=int(H * 0.05))
    view = TableView()
    view.rebuild(state)
    return L, sides, state, view


def _rect(x, y, w, h):
    return pygame.Rect(int(x - w / 2), int(y - h / 2), int(w), int(h))


CASES = [(W, H, players, viewer) for (W, H) in SIZES for players in (3, 4, 5)
         for viewer in range(players)]


@pytest.mark.parametrize("W,H,players,viewer", CASES)
def test_plates_trick_and_talon_sit_apart_inside_the_window(W, H, players, viewer):
    L, sides, state, _view = _setup(W, H, players, viewer, dealer=viewer % players)
    window = pygame.Rect(0, 0, W, H)
    plates = L["plates"]
    assert set(plates) == set(range(players))
    for seat, r in plates.items():
        assert window.contains(r), (seat, r)
        for other, r2 in plates.items():
            if other != seat:
                assert not r.colliderect(r2), (seat, other)
    ts = L["trick_s"]
    tw, th = L["cw"] * ts, L["ch"] * ts
    for side, (x, y) in L["slots"].items():
        card = _rect(x, y, tw, th)
        assert window.contains(card), (side, card)
        for seat, r in plates.items():
            if sides.get(seat) not in ("out",):
                assert not card.colliderect(r), (side, seat)
    tx, ty = L["talon"]
    talon = _rect(tx, ty, 2.2 * L["cw"] * layout.TALON_SCALE, L["ch"] * layout.TALON_SCALE)
    assert window.contains(talon)
    assert not any(talon.colliderect(r) for r in plates.values())
    if viewer in state.seats:
        # my hand below the trick, and the line for hints between them
        assert L["slots"]["bottom"][1] + th / 2 <= L["line_play"] <= L["hand_top"]
    assert window.collidepoint(L["deck"])


@pytest.mark.parametrize("W,H", SIZES)
def test_every_card_of_a_dealt_hand_rests_inside_the_window(W, H):
    for players in (3, 4, 5):
        L, sides, state, view = _setup(W, H, players, viewer=0, seed=W + players)
        targets = layout.card_targets(L, view, sides, True, lambda c, i: 0.0,
                                      state.declarer_seat)
        assert sorted(targets) == list(range(26))  # the hands and the talon
        window = pygame.Rect(0, 0, W, H)
        for c, (x, y, s, _face, _z) in targets.items():
            r = _rect(x, y, L["cw"] * s, L["ch"] * s)
            assert window.contains(r), (players, c, r)


@pytest.mark.parametrize("W,H", SIZES)
def test_buttons_fit_the_window_and_keep_off_the_plates(W, H):
    L, _sides, _state, _view = _setup(W, H, 3, 0)
    window = pygame.Rect(0, 0, W, H)
    row = layout.button_row(L, [int(W * 0.13)] * 5)
    corner = layout.corner_column(L, 4)
    for r in row + corner:
        assert window.contains(r), r
        assert not any(r.colliderect(p) for p in L["plates"].values()), r
    for a, b in zip(row, row[1:], strict=False):
        assert a.right < b.x  # side by side with a gap
    assert [r.y for r in corner] == sorted(r.y for r in corner)  # the first on top
    assert max(r.bottom for r in row) < L["hand_top"]


def test_the_seats_go_round_clockwise_from_the_viewer():
    sides, out = layout.seat_sides(3, [0, 1, 2], 1)
    assert sides == {1: "bottom", 2: "left", 0: "right"} and out == []
    sides, out = layout.seat_sides(4, [1, 2, 3], 0)  # I deal and sit out
    assert sides[0] == "bottom-out" and {sides[1], sides[2], sides[3]} == {"left", "top",
                                                                           "right"}
    sides, out = layout.seat_sides(5, [0, 1, 2], 0)
    assert out == [3, 4] and sides[3] == sides[4] == "out"
