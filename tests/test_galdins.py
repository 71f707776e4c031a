import random

import pytest

from tests.helpers import play, play_random, random_deal, state_from
from zole_desktop.rules import cards as C
from zole_desktop.rules.options import Rules
from zole_desktop.rules.pools import Pools
from zole_desktop.rules.settlement import galdins_losers, settle_galdins
from zole_desktop.rules.state import TABLE, HandState

R = Rules(all_pass="galdins")
ACT = (1, 2, 0)


def test_most_tricks_pays_two_each():
    s = settle_galdins(3, ACT, [4, 2, 2], [60, 30, 20], R, Pools())
    assert s.deltas == (2, -4, 2)
    assert s.losers == (1,)


def test_tie_on_tricks_more_points_pays():
    s = settle_galdins(3, ACT, [3, 3, 2], [51, 45, 11], R, Pools())
    assert s.deltas == (2, -4, 2)


def test_still_tied_each_tied_pays_each_untied():
    s = settle_galdins(3, ACT, [3, 3, 2], [50, 50, 20], R, Pools())
    assert s.deltas == (4, -2, -2)


def test_sitting_out_receive_when_they_pay():
    s = settle_galdins(4, ACT[:2] + (3,), [4, 2, 2], [60, 30, 30], R, Pools())
    assert s.deltas == (2, -6, 2, 2)
    s = settle_galdins(4, (1, 2, 3), [4, 2, 2], [60, 30, 30], Rules(
        all_pass="galdins", sitting_out_pays=False), Pools())
    assert s.deltas == (0, -4, 2, 2)


def test_all_pay_tie_option():
    r = Rules(all_pass="galdins", galdins_tie="all_pay")
    assert galdins_losers([3, 3, 2], [60, 10, 50], r) == [0, 1]
    s = settle_galdins(3, ACT, [3, 3, 2], [60, 10, 50], r, Pools())
    assert s.deltas == (4, -2, -2)


@pytest.mark.parametrize("penalty,deltas", [
    ("one_each", (1, -2, 1)),
    ("per_trick", (4, -8, 4)),
])
def test_penalty_options(penalty, deltas):
    r = Rules(all_pass="galdins", galdins_penalty=penalty)
    assert settle_galdins(3, ACT, [4, 2, 2], [60, 30, 30], r, Pools()).deltas == deltas


def test_points_rate_penalty_uses_points():
    r = Rules(all_pass="galdins", galdins_penalty="points_rate")
    # most points loses, even without the most tricks
    assert settle_galdins(3, ACT, [4, 2, 2], [30, 70, 20], r, Pools()).deltas == (2, 2, -4)
    assert settle_galdins(3, ACT, [2, 4, 2], [10, 95, 15], r, Pools()).deltas == (3, 3, -6)
    assert settle_galdins(3, ACT, [8, 0, 0], [107, 0, 0], r, Pools()).deltas == (4, -8, 4)


HANDS = {1: "QC QS JC AD TD AH TH 9H", 2: "QH QD JS KD AC TC KC 9C",
         0: "JH JD 9D 8D AS TS KS 9S"}


def test_galdins_is_played_after_three_passes():
    s = play(state_from(HANDS, "7D KH", rules=R), "pass", "pass", "pass")
    assert s.contract == "galdins" and s.current_seat == 1
    play_random(s, random.Random(1))
    r = s.result()
    assert sum(r.tricks) == 8 and sum(r.points) == 120 - 4  # the talon stays out
    assert sum(s.settle().deltas) == 0


def test_galdins_talon_lead():
    r = Rules(all_pass="galdins", galdins_talon="lead")
    s = play(state_from(HANDS, "7D KH", rules=r), "pass", "pass", "pass")
    assert s.trick == [C.card("7D")] and s.trick_pos == [TABLE]
    assert s.current_seat == 1
    assert s.observation(0).talon == (C.card("7D"),)
    play(s, "TD", "QH", "JD")  # trump lead from the talon; QH wins
    assert s.completed[0].winner == 2
    assert s.trick == [C.card("KH")]  # the second talon card leads the second trick
    assert s.current_seat == 1
    play(s, "AH", "9C", "9S")  # hearts: AH wins for seat 1
    assert s.completed[1].winner == 1
    assert s.current_seat == 1  # forehand leads the third
    play_random(s, random.Random(3))
    assert len(s.completed) == 8 and sum(len(t.cards) for t in s.completed) == 26


def test_galdins_talon_lead_table_wins():
    r = Rules(all_pass="galdins", galdins_talon="lead")
    s = play(state_from(HANDS, "KH 7D", rules=r), "pass", "pass", "pass")
    play(s, "9H", "9C", "9S")  # KH from the talon beats 9H
    assert s.completed[0].winner == TABLE
    assert s.table_tricks == 1 and s.table_points == 4
    res = s.copy()
    play_random(res, random.Random(0))
    out = res.result()
    assert sum(out.tricks) + res.table_tricks == 8


def test_galdins_talon_last():
    r = Rules(all_pass="galdins", galdins_talon="last")
    s = play(state_from(HANDS, "7D KH", rules=r), "pass", "pass", "pass")
    play(s, "9H", "9C", "9S")  # 7D joins last and wins: the trick stays with the table
    assert len(s.completed) == 1 and s.completed[0].cards[-1] == C.card("7D")
    assert s.completed[0].winner == TABLE
    assert s.trick == [C.card("KH")] and s.current_seat == 1  # the next talon card leads
    play(s, "AH", "KC", "AS")
    assert s.completed[1].winner == 1
    assert s.current_seat == 1
    play_random(s, random.Random(5))
    assert s.is_terminal()


def test_galdins_talon_last_player_wins_first():
    r = Rules(all_pass="galdins", galdins_talon="last")
    s = play(state_from(HANDS, "KH 7D", rules=r), "pass", "pass", "pass")
    play(s, "AH", "9C", "9S")  # KH joins last; AH wins
    assert s.completed[0].winner == 1 and len(s.completed[0].cards) == 4
    assert s.current_seat == 1
    play(s, "TH", "KC", "AS")  # 7D joins the second trick last and wins it
    assert s.completed[1].winner == TABLE
    assert s.current_seat == 1


@pytest.mark.parametrize("talon", ["none", "lead", "last"])
def test_random_galdins_hands_settle(talon):
    rng = random.Random(hash(talon) & 0xFFFF)
    r = Rules(all_pass="galdins", galdins_talon=talon)
    for _ in range(100):
        hands, t = random_deal(rng, 3, 0)
        s = HandState.new(3, 0, hands, t, r)
        for _ in range(3):
            s.apply(26)
        play_random(s, rng)
        res = s.result()
        assert sum(res.points) + s.table_points + (
            C.points_of(C.mask_of(t)) if talon == "none" else 0) == 120
        assert sum(s.settle().deltas) == 0
