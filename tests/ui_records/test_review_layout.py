"""The hand review's layout: no label (the tags "led, wins", the give-away notes, the trick in
words, the names and counts over the hands, the talon's label, the info panel) covers a card
or the ring around the first give-away, and no two labels overlap.  Measured on the rectangles
the scene drew, trick by trick, in every language at three window sizes."""

import functools

import pygame
import pytest

from tests.helpers import shared_dir
from zole_desktop import storage
from zole_desktop.i18n import set_language
from zole_desktop.records import review as R
from zole_desktop.rules.record import parse_json, replay
from zole_desktop.ui.review_scene import ReviewScene

EXAMPLES = shared_dir() / "examples"
SIZES = [(960, 540), (1280, 720), (1920, 1080)]
# a declarer's first give-away with its ring, a hand of the table (galdiņš), five at a table
HANDS = [("take-61.json", 0), ("galdins.json", 0), ("five-players-zole.json", 0),
         ("zole-no-trick.json", 0)]
NAMES = ["Kristīne", "Anna", "Jānis", "Ilze", "Pēteris"]


@functools.cache
def reviewed(name: str, hand: int) -> R.HandReview:
    rep = replay(parse_json((EXAMPLES / name).read_bytes()))
    return R.review_hand(rep.match.hands[hand], node_limit=400_000)


@pytest.fixture
def review_app(data_dir):
    from zole_desktop.ui.app import App

    apps = []

    def make(size, lang):
        set_language(lang)
        a = App(size, storage.Settings(sound=False, language=lang, theme="rainis-1"),
                fast=True, save=False)
        apps.append(a)
        return a

    yield make
    for a in apps:
        a.shutdown()
    set_language("en")


def overlaps(scene: ReviewScene, window: pygame.Rect) -> list[str]:
    bad = []
    labels = [(t, r) for t, r in scene.drawn_labels if r.w and r.h]
    for text, r in labels:
        if not window.contains(r):
            bad.append(f"{text!r} {r} leaves the window")
        for c in scene.drawn_cards:
            if r.colliderect(c):
                bad.append(f"{text!r} {r} covers a card at {c}")
    for i, (t1, r1) in enumerate(labels):
        for t2, r2 in labels[i + 1:]:
            if r1.colliderect(r2):
                bad.append(f"{t1!r} {r1} and {t2!r} {r2} overlap")
    return bad


@pytest.mark.parametrize("lang", ["lv", "en", "ru"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name,hand", HANDS)
def test_review_labels_never_cover_cards(review_app, size, lang, name, hand):
    rv = reviewed(name, hand)
    app = review_app(size, lang)
    sc = ReviewScene(rv, names=NAMES[:rv.players], viewer=0, threaded=False)
    app.stack.push(sc)
    window = pygame.Rect(0, 0, *size)
    rings = 0
    for step in range(len(rv.tricks) + 1):
        sc.go(step)
        app.step()
        app.draw()
        assert sc.drawn_cards and sc.drawn_labels
        texts = {t for t, _r in sc.drawn_labels}
        bad = overlaps(sc, window)
        assert not bad, f"trick {step}: " + "; ".join(bad[:4])
        if step:
            trick = rv.tricks[step - 1]
            # the tags and the give-away notes of the trick are all drawn (and measured)
            labels = sc.trick_labels(trick)
            assert {tag for _s, _c, tag, _l, _f in labels if tag} <= texts
            assert {lost for _s, _c, _t, lost, _f in labels if lost} <= texts
            first = rv.first_giveaway
            if first is not None and step == first.trick:
                rings += 1
    if rv.first_giveaway is not None:
        assert rings == 1


def test_the_ring_and_the_led_wins_tag_are_measured(review_app):
    """The first give-away's card has a ring, and the tag above it clears the ring."""
    rv = reviewed("take-61.json", 0)
    first = rv.first_giveaway
    assert first is not None
    app = review_app((1280, 720), "en")
    sc = ReviewScene(rv, names=NAMES[:3], viewer=0, threaded=False)
    app.stack.push(sc)
    sc.go(first.trick)
    app.step()
    app.draw()
    trick = rv.tricks[first.trick - 1]
    labels = sc.trick_labels(trick)
    assert any(f for *_rest, f in labels)
    tag_rects = [r for t, r in sc.drawn_labels if t in {tag for _s, _c, tag, _l, _f in labels}]
    assert tag_rects
    cards = sc.drawn_cards
    # a ring is a rectangle drawn around a card: larger than it and containing it
    rings = [o for o in cards for c in cards if o != c and o.contains(c)]
    assert len(rings) == 1
    for r in tag_rects:
        assert r.bottom <= rings[0].top
