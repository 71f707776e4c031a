"""Nothing at the table covers a text or a widget, at 960×540, 1280×720 and 1920×1080, in
Latvian, English and Russian: plates, corner panels, buttons, the hint line and the "Hint"
tag, bid values, speech bubbles, the message line and trick counts stay apart, and no card at
rest lies on any of them.  Measured from what the table really drew: ``TableScene.drawn``
lists the rectangle of every text, widget and card of the last frame."""

import dataclasses

import pygame
import pytest
from ui_helpers import card_point, let_hints_work, new_table, run_until

from zole_desktop.i18n import set_language
from zole_desktop.rules.state import PASS, PLAYING, TABLE, TAKE_BID
from zole_desktop.ui import gfx
from zole_desktop.ui.hand_end import HandSummary

SIZES = [(960, 540), (1280, 720), (1920, 1080)]
LANGS = ["lv", "en", "ru"]
# what must stay readable: no two of these overlap, and no resting card lies on one
TEXT = {"plate", "panel", "button", "corner", "bid-value", "hint-tag", "hint-line", "message",
        "bubble", "pile-label"}


def _group(kind):
    """Cards lie on the others of their group (a fan, a pile with the buried cards beside
    it, the trick); groups keep apart."""
    g = kind.split(":", 1)[1]
    return "pile" if g == "buried" else g


def problems(table, window):
    """Every overlap (and everything outside the window) in the table's last frame."""
    out = []
    drawn = table.drawn
    for kind, r, t in drawn:
        if not window.contains(r) and not kind.startswith("moving:"):
            out.append(("outside the window", kind, t, r))
    for kind, r, t in drawn:
        if kind == "bubble" and r.w < 1.5 * r.h:  # a word squeezed to a tiny type
            out.append(("squeezed bubble", t, r))
    texts_ = [(k, r, t) for k, r, t in drawn if k in TEXT]
    for i, (k1, r1, t1) in enumerate(texts_):
        for k2, r2, t2 in texts_[i + 1:]:
            if r1.colliderect(r2):
                out.append(("overlap", k1, t1, r1, k2, t2, r2))
    cards = [(k, r) for k, r, _t in drawn if k.startswith("card:")]
    for kc, rc in cards:
        for kt, rt, tt in texts_:
            if rc.colliderect(rt):
                out.append(("card on text", kc, rc, kt, tt, rt))
    groups = {}
    for kc, rc in cards:
        groups.setdefault(_group(kc), []).append(rc)
    names = sorted(groups)
    for i, g1 in enumerate(names):
        for g2 in names[i + 1:]:
            for r1 in groups[g1]:
                hit = [r2 for r2 in groups[g2] if r1.colliderect(r2)]
                if hit:
                    out.append(("cards on cards", g1, r1, g2, hit[0]))
    # the texts on plates and corner panels stay inside them and apart
    for inner, outer in (("plate-text", "plate"), ("panel-text", "panel")):
        boxes = [r for k, r, _t in drawn if k == outer]
        parts = [(r, t) for k, r, t in drawn if k == inner]
        for j, (r, t) in enumerate(parts):
            if not any(b.contains(r) for b in boxes):
                out.append((inner + " outside its box", t, r))
            for r2, t2 in parts[j + 1:]:
                if r.colliderect(r2):
                    out.append((inner + " overlap", t, r, t2, r2))
    return out


class Checker:
    """Draws the table and collects what overlaps, with the moment it was seen at."""

    def __init__(self, app, table):
        self.app, self.table = app, table
        self.window = pygame.Rect(0, 0, *app.size)
        self.seen: set[str] = set()
        self.found: list = []
        # what is measured is the table at rest: the frames of an animation (nine in ten of
        # a hand's) are not drawn, and the step after it ends draws the frame at rest.  The
        # loop's own drawing of every frame is the real-loop tests' (tests/ui/test_real_loop)
        draw = app.draw

        def at_rest() -> None:
            if not app.stack.animating():
                draw()

        app.draw = at_rest

    def check(self, moment: str, draw: bool = True) -> None:
        t = self.table
        if draw:  # else the frame the loop has just drawn is the one measured
            t.draw(self.app.screen)
        kinds = {k for k, _r, _t in t.drawn}
        self.seen |= kinds
        if len(t.view.trick) >= 3:
            self.seen.add("full trick")
        for p in problems(t, self.window):
            if len(self.found) < 12:
                self.found.append((moment, *p))

    def step(self, moment: str) -> None:
        """One step; the table is checked when it comes to rest on a new frame."""
        frames = self.app.frames
        self.app.step()
        let_hints_work(self.app)
        if self.app.frames != frames and not self.table.animating():
            self.check(moment, draw=False)


def _hint_ready(table):
    return table.waiting_for() is not None and (
        table.hints.value is not None or table.waiting_for() == "bury")


def play_hand(app, table, c: Checker) -> None:
    """One hand with hints on: bid (Take if I may), bury, then every card; at each of my
    turns every legal card is lifted as the hinted one; a refused card says why."""
    refused = False
    for _ in range(30000):
        if any(isinstance(s, HandSummary) for s in app.stack.scenes):
            return
        if not _hint_ready(table):
            c.step("waiting")
            continue
        kind = table.waiting_for()
        if kind == "bid" and not table.hints.bid()[1] and table.hints.seconds["bid"] < 3:
            # no layout solved in time on a busy machine: ask again with more time, so that
            # the bids' values are drawn and measured
            table.hints.seconds["bid"] *= 2
            table.hints.start("bid")
            continue
        c.check(kind)
        if kind == "bid":
            legal = table.state.legal_actions()
            table.answer(TAKE_BID if TAKE_BID in legal else PASS)
        elif kind == "bury":
            hand = table.my_hand()
            for card in hand[:3]:  # the third is refused with a message
                table.try_card(card)
            c.step("bury: two chosen and a message")
            table.selected = hand[:2]
            table.confirm_bury()
        else:
            legal = sorted(table.legal_cards())
            mine = table.my_hand()
            illegal = [x for x in mine if x not in legal]
            if illegal and not refused:
                table.try_card(illegal[0])
                refused = True
                c.step("play: a refused card")
            for card in legal:  # the hint on each card in turn, lifted under the mouse
                table.hints.value = dataclasses.replace(table.hints.value, card=card)
                pos = card_point(table, card)
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                     buttons=(0, 0, 0)))
                c.step("play: hinted card lifted")
            table.try_card(legal[0])
        c.step("after my answer")
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_nothing_overlaps_through_a_hand(make_app, size, lang):
    app = make_app(size, animation="fast")  # a full trick stays in view for a while
    set_language(lang)
    table = new_table(app, seed=5)
    table.hints.seconds = {"bid": 0.1, "play": 0.05}
    c = Checker(app, table)
    play_hand(app, table, c)
    assert not c.found, c.found
    # every kind of thing was on the table at some moment, so each was measured
    for kind in ("plate", "panel", "button", "corner", "bid-value", "hint-tag", "hint-line",
                 "message", "pile-label", "card:trick", "card:pile", "card:buried",
                 "card:fan", "card:hand", "card:talon", "full trick"):
        assert kind in c.seen, kind


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_seat_speaks_in_a_bubble_that_reads(make_app, size, lang):
    """I pass, so both bots bid: three bubbles at once, each clear of the rest."""
    app = make_app(size, animation="fast")
    set_language(lang)
    table = new_table(app, seed=2)  # the left bot passes, the right one takes
    table.hints.seconds = {"bid": 0.1, "play": 0.05}
    c = Checker(app, table)
    most = 0
    for _ in range(20000):
        if table.waiting_for() == "bid" and table.hints.value is not None:
            c.check("my bid")
            table.answer(PASS)
        if table.state is not None and table.state.phase != "bidding" and not table.view.bubbles:
            break  # the play begins (or the hand ended with everyone passing)
        c.step("the bots bid")
        most = max(most, sum(k == "bubble" for k, _r, _t in table.drawn))
    assert most == 3
    assert not c.found, c.found


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_galdins_talon_cards_in_the_trick(make_app, size):
    """Everyone passes into galdiņš, where a talon card leads: it lies in the trick clear of
    the talon, and the four-line corner panel stays clear of the plates."""
    app = make_app(size, animation="fast")
    set_language("ru")
    table = new_table(app, seed=3, all_pass="galdins", galdins_talon="lead")  # all pass
    table.hints.seconds = {"bid": 0.1, "play": 0.05}
    c = Checker(app, table)
    led = False
    for _ in range(30000):
        if any(isinstance(s, HandSummary) for s in app.stack.scenes):
            break
        if table.waiting_for() == "bid":
            table.answer(PASS)
        elif table.waiting_for() == "play":
            table.try_card(min(table.legal_cards()))
        c.step("galdiņš")
        led = led or any(seat == TABLE for seat, _c in table.view.trick)
    assert table.state.contract == "galdins" and led
    assert not c.found, c.found


@pytest.mark.parametrize("players,viewer_out", [(4, False), (5, False), (4, True), (5, True)])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_four_and_five_at_the_table(make_app, size, players, viewer_out):
    """The seats that sit out along the top; when I sit out, the third player at the top."""
    app = make_app(size, animation="fast")
    set_language("ru")
    table = new_table(app, players=players, seed=7)
    table.hints.seconds = {"bid": 0.1, "play": 0.05}
    if viewer_out:
        table.session.match.dealer = 0  # I deal, so I sit out and watch
    c = Checker(app, table)
    if viewer_out:
        for _ in range(30000):
            if any(isinstance(s, HandSummary) for s in app.stack.scenes):
                break
            c.step("watching")
        assert "top" in table.geo.sides.values()
    else:
        play_hand(app, table, c)
    assert not c.found, c.found
    assert "full trick" in c.seen and "card:pile" in c.seen


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players,dealer", [(3, 0), (3, 1), (3, 2), (5, 4), (4, 0)])
def test_the_deck_leaves_the_dealers_plate_readable(make_app, size, players, dealer):
    """During the shuffle, the cut and the deal the deck stays off every plate."""
    app = make_app(size, animation="fast")
    table = new_table(app, players=players)
    table.session.match.dealer = dealer
    frames = 0
    shuffled = False
    for _ in range(3000):
        app.step()  # measured: the frame the loop drew (the last one, when nothing changed)
        deck = [r for k, r, _t in table.drawn if k.endswith(":deck")]
        if table.state is not None and len(deck) == 26 and any(
                k == "moving:deck" for k, _r, _t in table.drawn):
            shuffled = True
        if not deck and shuffled:
            break
        plates = [(r, t) for k, r, t in table.drawn if k == "plate"]
        for d in deck:
            for p, name in plates:
                assert not d.colliderect(p), (name, p, d)
        frames += 1
    assert shuffled and frames > 20


def test_bubbles_follow_a_language_switch(make_app, monkeypatch):
    """What the bots said is shown in the language chosen now, not the one it was said in."""
    app = make_app(animation="normal")
    table = new_table(app, seed=5)
    assert run_until(app, lambda: table.waiting_for() == "bid")
    table.answer(PASS)
    assert run_until(app, lambda: len(table.view.bubbles) >= 2)
    said = [a for s, a in table.state.actions()]
    assert len(said) >= 2
    drawn = []
    real = gfx.blit_text

    def spy(surface, s, *args, **kw):
        drawn.append(s)
        return real(surface, s, *args, **kw)

    monkeypatch.setattr(gfx, "blit_text", spy)
    try:
        set_language("lv")
        table.draw(app.screen)
        assert "Garām" in drawn and "Pass" not in drawn
        set_language("ru")
        drawn.clear()
        table.draw(app.screen)
        assert "Пас" in drawn and "Garām" not in drawn
    finally:
        set_language("en")


def test_the_hint_tag_sits_between_the_lifted_card_and_the_hint_line(make_app):
    app = make_app((1280, 720))
    table = new_table(app, seed=5)
    table.hints.seconds = {"bid": 0.1, "play": 0.05}
    for _ in range(100):
        assert run_until(app, lambda: _hint_ready(table), 50000)
        kind = table.waiting_for()
        if kind == "play" and table.hints.card() is not None:
            break
        if kind == "bid":
            legal = table.state.legal_actions()
            table.answer(TAKE_BID if TAKE_BID in legal else PASS)
        elif kind == "bury":
            table.selected = table.my_hand()[:2]
            table.confirm_bury()
        else:
            table.try_card(min(table.legal_cards()))
        app.step()
    assert table.state.phase == PLAYING and table.hints.card() is not None
    card = table.hints.card()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=card_point(table, card),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    table.draw(app.screen)
    tag = [r for k, r, _t in table.drawn if k == "hint-tag"]
    line = [r for k, r, _t in table.drawn if k == "hint-line"]
    assert len(tag) == 1 and len(line) == 1
    lifted = table.card_rect(card)
    assert lifted.top < table.geo.L["hand_top"]  # the card is lifted under the mouse
    assert line[0].bottom <= tag[0].top < tag[0].bottom <= lifted.top


def test_a_long_hint_takes_two_even_lines_at_the_normal_size(make_app):
    # a Russian tie reason read small on one line at 960×540; it is now broken into two
    # lines of about equal width at the size a short hint has, within the hint line's width
    from zole_desktop.ui.table.hint_view import hint_lines

    make_app((960, 540))
    width = int(960 * 0.6)
    short = "Подсказка: пас"
    assert hint_lines(short, 14, width) == ((short,), 14)
    long_ru = ("Подсказка: Бери взятку: она того стоит (в 11 просчитанных раскладах все "
               "карты одинаково хороши)")
    assert gfx.text_width(long_ru, 14) > width
    lines, size = hint_lines(long_ru, 14, width)
    assert size == 14 and len(lines) == 2 and " ".join(lines) == long_ru
    widths = [gfx.text_width(x, size) for x in lines]
    assert max(widths) <= width and min(widths) > 0.6 * max(widths)
    # a text with nowhere to break is made smaller instead
    word = "Я" * 80
    lines, size = hint_lines(word, 14, width)
    assert lines == (word,) and size < 14


def test_the_burial_hint_marks_two_cards_with_its_reason_above_the_button(make_app):
    # at the burial the advisor's pair is outlined, one tag above it, and the reason on the
    # line above the bury button
    app = make_app((1280, 720))
    table = new_table(app, seed=5)
    table.hints.seconds = {"bid": 0.1, "bury": 0.3, "play": 0.05}
    assert run_until(app, lambda: table.waiting_for() == "bid", 50000)
    table.answer(TAKE_BID)
    assert run_until(app, lambda: table.hints.burial() is not None, 50000)
    app.step()
    table.draw(app.screen)
    pair = table.hints.burial()
    assert pair is not None and all(c in table.my_hand() for c in pair)
    tag = [r for k, r, _t in table.drawn if k == "hint-tag"]
    line = [(r, t) for k, r, t in table.drawn if k == "hint-line"]
    assert len(tag) == 1 and len(line) == 1
    # in words (what the pair does, against which other pair), the figures one key away
    assert line[0][1].startswith("Hint: Bury ") and line[0][1].endswith("(figures: I)")
    top = min((table.card_rect(c) for c in pair), key=lambda r: r.y)
    assert tag[0].bottom <= top.top
    button = table.buttons[0].rect
    assert line[0][0].bottom <= button.top


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_burial_hint_tag_stays_off_the_button_when_its_pair_is_chosen(make_app, size,
                                                                           lang):
    # choosing the advised pair lifts both cards toward the bury button: the tag above them
    # must not run into the button (it did by a few pixels at every size)
    app = make_app(size)
    set_language(lang)
    table = new_table(app, seed=5)
    table.hints.seconds = {"bid": 0.1, "bury": 0.3, "play": 0.05}
    assert run_until(app, lambda: table.waiting_for() == "bid", 50000)
    table.answer(TAKE_BID)
    assert run_until(app, lambda: table.hints.burial() is not None, 50000)
    pair = table.hints.burial()
    for card in pair:
        table.try_card(card)
    assert sorted(table.selected) == sorted(pair)
    assert run_until(app, lambda: not table.animating(), 50000)
    app.step()
    table.draw(app.screen)
    tag = [r for k, r, _t in table.drawn if k == "hint-tag"]
    assert len(tag) == 1
    assert not any(tag[0].colliderect(b.rect) for b in table.buttons)
    # and it still stands over one of the pair (not over a card between them)
    over = [r for r in (table.card_rect(c) for c in pair)
            if r is not None and r.left <= tag[0].centerx <= r.right and tag[0].bottom <= r.top]
    assert over, (tag[0], [table.card_rect(c) for c in pair])
    found = problems(table, pygame.Rect(0, 0, *size))
    assert not found, found


def test_the_hint_tag_goes_over_a_hinted_card_clear_of_the_buttons():
    from types import SimpleNamespace as NS

    from zole_desktop.ui.table.hint_view import tag_place

    button = NS(rect=pygame.Rect(500, 440, 280, 55))
    tb = NS(geo=NS(L={"tag_h": 18}), buttons=[button])

    def tag(x, bottom):
        r = pygame.Rect(0, 0, 80, 18)
        r.midbottom = (x, bottom)
        return r

    # the pair far apart, the higher card under the button: over the other card, not between
    a, b = pygame.Rect(612, 510, 120, 170), pygame.Rect(890, 512, 120, 170)
    x, bottom = tag_place(tb, [a, b], 80)
    assert (x, bottom) == (b.centerx, b.top - 5 - 3)
    # side by side, both under it (as 9♣ A♠ at 1280x720): moved right, over the right card
    a, c = pygame.Rect(685, 510, 120, 170), pygame.Rect(752, 510, 123, 170)
    x, bottom = tag_place(tb, [a, c], 80)
    assert not tag(x, bottom).colliderect(button.rect) and c.left <= x <= c.right
    assert x == button.rect.right + 2 + 40  # as little as needed
    # no button in the way: above the higher card, the right one of two as high
    tb.buttons = []
    assert tag_place(tb, [a, c], 80) == (c.centerx, c.top - 5 - 3)


def _focus_label_problems(table, moment):
    """The focus label against what a player reads beside it: the name plates, the corner
    buttons and the "talon" tags (it may lie on the next cards of the fan), in the window."""
    drawn = table.drawn
    labels = [r for k, r, _t in drawn if k == "focus-label"]
    assert len(labels) == 1, (moment, labels)
    lab = labels[0]
    out = []
    if not pygame.Rect(0, 0, table.geo.L["W"], table.geo.L["H"]).contains(lab):
        out.append((moment, "outside the window", lab))
    for k, r, t in drawn:
        if k in ("plate", "corner", "talon-tag", "button", "panel") and lab.colliderect(r):
            out.append((moment, k, t, r, lab))
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_focus_label_keeps_off_the_plates_the_talon_tags_and_the_corner(make_app, size,
                                                                            lang):
    """The keyboard focus on each card of my hand, at the burial (none chosen, then two:
    "Enter: keep it") and at my first lead: its label covered my plate and the Q♣'s "talon"
    tag at 1920×1080, and touched the Menu button on the last card at 960×540."""
    app = make_app(size)
    set_language(lang)
    table = new_table(app, seed=5)
    table.hints.seconds = {"bid": 0.1, "play": 0.05}
    assert run_until(app, lambda: table.waiting_for() == "bid")
    table.answer(TAKE_BID)
    assert run_until(app, lambda: table.waiting_for() == "bury" and not table.animating())
    found = []

    def every_card(moment):
        table.pointer.keyboard = True
        for i in range(len(table.my_hand())):
            table.pointer.focus_card(i)
            table.draw(app.screen)
            found.extend(_focus_label_problems(table, f"{moment} {i}"))

    every_card("bury")
    assert len([k for k, _r, _t in table.drawn if k == "talon-tag"]) == 2
    table.selected = list(table.view.from_talon)
    assert run_until(app, lambda: not table.animating())
    every_card("bury, the talon's two chosen")
    table.confirm_bury()
    assert run_until(app, lambda: table.waiting_for() == "play" and not table.animating())
    every_card("play")
    assert not found, found[:6]
