import random

from tests.helpers import play_random
from zole_desktop.rules import cards as C
from zole_desktop.rules.state import BURYING, PLAYING, TAKE_BID
from zole_desktop.teaching import guide, tutorial


def test_guide_has_every_chapter_the_issue_names():
    titles = [c.title for c in guide.CHAPTERS]
    assert len(titles) == 7
    assert all(p.paragraphs for _ci, _pi, _c, p in guide.pages())
    for _ci, _pi, _c, p in guide.pages():
        if p.picture and p.picture[0] == "cards":
            C.parse_cards(p.picture[1].split())


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
