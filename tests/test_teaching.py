import random
import re

import pytest

from tests.helpers import play_random
from zole_desktop.i18n import LANGUAGES, set_language
from zole_desktop.i18n import _ as tr
from zole_desktop.rules import cards as C
from zole_desktop.rules.cards import POINTS
from zole_desktop.rules.options import Rules
from zole_desktop.rules.settlement import (
    ALL_TRICKS,
    LOSS_31,
    LOSS_JANI,
    MAZA_LOSS,
    MAZA_WIN,
    NO_TRICK,
    TAKE,
    WIN_61,
    WIN_91,
    ZOLE,
    band,
    contract_value,
)
from zole_desktop.rules.state import BURYING, PLAYING, TAKE_BID
from zole_desktop.teaching import guide, tutorial


def test_guide_has_every_chapter_the_issue_names():
    titles = [c.title for c in guide.CHAPTERS]
    assert len(titles) == 7
    assert all(p.paragraphs for _ci, _pi, _c, p in guide.pages())
    for _ci, _pi, _c, p in guide.pages():
        kind = p.picture[0]
        if kind in ("cards", "draw"):
            C.parse_cards(p.picture[1].split())
        elif kind == "bury":  # eight kept and two buried: ten different cards
            cards = C.parse_cards(p.picture[1].split()) + C.parse_cards(p.picture[2].split())
            assert len(set(cards)) == 10
        elif kind == "tricks":  # three different cards in each trick
            for trick in p.picture[2:]:
                assert len(set(C.parse_cards(trick.split()))) == 3


def test_tutorial_deal_and_advice_are_legal():
    s = tutorial.tutorial_state()
    assert s.current_seat == tutorial.PLAYER == s.forehand
    assert tutorial.advice(s) == TAKE_BID
    s.apply(TAKE_BID)
    assert s.phase == BURYING
    for _ in range(2):
        a = tutorial.advice(s)
        assert a in s.legal_actions()
        s.apply(a)
    assert s.phase == PLAYING
    a = tutorial.advice(s)
    assert a == C.card("QC")
    play_random(s, random.Random(0))
    assert s.is_terminal()
    assert {st.event for st in tutorial.STEPS} >= {"start", "your_bid", "bury", "trick_won"}


def _numbers(text: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d+", text)]


def _page(title: str):
    return next(pg for _ci, _pi, _ch, pg in guide.pages() if pg.title == title)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_guide_numbers_agree_with_the_settlement_code(lang):
    """Every number the guide's text gives for the result bands, read in each language, is
    the settlement code's: the edges 29/30/31, 60/61 and 90/91 and what each band pays."""
    set_language(lang)
    try:
        ranges = guide.band_ranges()
        assert ranges == {LOSS_JANI: (0, 30), LOSS_31: (31, 60), WIN_61: (61, 90),
                          WIN_91: (91, 120)}
        rules = Rules()

        def v(contract, b):
            return abs(contract_value(contract, b, rules))

        # card points: 11 10 4 3 2 and the deck's 120; 61 wins, 60 loses
        cp = [_numbers(tr(p)) for p in _page("Card points").paragraphs]
        assert cp[0] == [POINTS[C.card(r + "S")] for r in "ATKQJ"] + [C.TOTAL_POINTS]
        assert cp[1] == [ranges[WIN_61][0], ranges[LOSS_31][1]]
        assert band(cp[1][0], 4) == WIN_61 and band(cp[1][1], 4) == LOSS_31
        # game points: each band's points and its value in an ordinary game and a zole
        gp = [_numbers(tr(p)) for p in _page("Game points").paragraphs]
        assert gp[0] == [*ranges[WIN_61], v(TAKE, WIN_61), v(ZOLE, WIN_61),
                         ranges[WIN_91][0], v(TAKE, WIN_91), v(ZOLE, WIN_91),
                         v(TAKE, ALL_TRICKS), v(ZOLE, ALL_TRICKS)]
        assert gp[1] == [*ranges[LOSS_31], v(TAKE, LOSS_31), v(ZOLE, LOSS_31),
                         ranges[LOSS_JANI][1], v(TAKE, LOSS_JANI), v(ZOLE, LOSS_JANI),
                         v(TAKE, NO_TRICK), v(ZOLE, NO_TRICK)]
        # jāņi: the declarer with 30 or fewer, the defenders with 29 or fewer (the declarer
        # then has 91 or more); checked against band() at the edges
        declarer_max, defenders_max, declarer_min = _numbers(
            tr(_page("Jāņi and bezstiķis").paragraphs[0]))
        for p in (29, 30, 31, 60, 61, 90, 91):
            assert (p <= declarer_max) == (band(p, 4) == LOSS_JANI), p
            defenders = C.TOTAL_POINTS - p
            assert (defenders <= defenders_max) == (band(p, 4) == WIN_91), p
            assert (p >= declarer_min) == (band(p, 4) == WIN_91), p
        for d in (29, 30, 31):
            assert (d <= defenders_max) == (band(C.TOTAL_POINTS - d, 4) == WIN_91), d
        # small zole: won 6, lost 7
        assert _numbers(tr(_page("Small zole").paragraphs[0])) == [MAZA_WIN, -MAZA_LOSS]
    finally:
        set_language("en")


def test_every_guide_page_has_an_illustration():
    for _ci, _pi, _ch, pg in guide.pages():
        assert pg.picture and isinstance(pg.picture, tuple), pg.title
