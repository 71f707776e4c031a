"""The table's live count and the cost of giving up come from the rules core: the card points
of each side in the tricks shown (the zole talon and the buried cards counted as the
settlement counts them once the hand is over), and the settlement a surrender would make."""

import random

import pytest

from tests.helpers import play, play_random, state_from
from zole_desktop.rules import cards as C
from zole_desktop.rules.actions import IllegalAction
from zole_desktop.rules.judge import side_points, surrender_settlement
from zole_desktop.rules.options import Rules
from zole_desktop.rules.state import DONE, SURRENDER

HANDS = {
    1: "QC QS JC AD TD AH TH 9H",
    2: "QH QD JS KD AC TC KC 9C",
    0: "JH JD 9D 8D AS TS KS 9S",
}
TALON = "7D KH"  # 4 points


def fresh(**rules):
    return state_from(HANDS, TALON, dealer=0, rules=Rules(**rules))


def test_a_zole_counts_the_talon_for_the_defenders_only_at_the_end():
    s = fresh()
    play(s, "zole")
    assert side_points(s) == (0, 0)
    rng = random.Random(4)
    while s.phase != DONE:
        s.apply(rng.choice([a for a in s.legal_actions() if a != SURRENDER]))
        if s.phase != DONE:
            dp, op = side_points(s)
            assert dp + op == sum(t.points for t in s.completed)  # the talon: not yet
    dp, op = side_points(s)
    assert dp + op == 120 and dp == s.result().declarer_points  # as the summary has them
    assert op == 120 - dp
    in_tricks = sum(t.points for t in s.completed)
    assert in_tricks == 116  # the talon's 4 went to the defenders at the end
    # the tricks shown so far: the first k
    k = 3
    dp3, op3 = side_points(s, tricks=k)
    assert dp3 + op3 == sum(t.points for t in s.completed[:k])


def test_the_buried_cards_count_for_the_declarer_who_knows_them():
    s = fresh()
    play(s, "take", "AH", "TH")  # forehand takes and buries A♥ 10♥ (21 points)
    assert side_points(s) == (0, 0)
    assert side_points(s, buried_known=True) == (21, 0)


def test_giving_up_costs_what_the_settlement_says_and_changes_nothing():
    s = fresh()
    play(s, "take", "AH", "TH")
    assert s.can_surrender()
    before = s.actions()
    st = surrender_settlement(s)
    assert s.actions() == before and not s.surrendered  # the hand is left as it is
    after = s.copy()
    after.apply(SURRENDER)
    assert st.deltas == after.settle().deltas
    assert st.deltas[1] < 0 and sum(st.deltas) == 0
    play_random(s, random.Random(1))
    with pytest.raises(IllegalAction):
        surrender_settlement(s)
    assert C.TOTAL_POINTS == 120
