import random

import pytest

from tests.helpers import play, play_random, random_deal, state_from
from zole_desktop.rules import cards as C
from zole_desktop.rules.options import Rules
from zole_desktop.rules.state import (
    BURYING,
    DARK_BID,
    DONE,
    MAZA_BID,
    PASS,
    PLAYING,
    SURRENDER,
    TAKE_BID,
    ZOLE_BID,
    HandState,
    IllegalAction,
)

# seat 0 is the dealer; forehand is seat 1
HANDS = {
    1: "QC QS JC AD TD AH TH 9H",
    2: "QH QD JS KD AC TC KC 9C",
    0: "JH JD 9D 8D AS TS KS 9S",
}
TALON = "7D KH"


def fresh(**rules):
    return state_from(HANDS, TALON, dealer=0, rules=Rules(**rules))


def test_forehand_bids_first_and_the_first_non_pass_declares():
    s = fresh()
    assert s.current_seat == 1
    assert s.legal_actions() == [PASS, TAKE_BID, ZOLE_BID]
    play(s, "pass")
    assert s.current_seat == 2
    play(s, "take")
    assert s.declarer_seat == 2 and s.contract == "take" and s.phase == BURYING
    assert len(s.legal_actions()) == 10  # the talon joined the hand


def test_options_add_maza_and_dark():
    s = fresh(maza_zole=True, zole_in_dark=True)
    assert s.legal_actions() == [PASS, TAKE_BID, ZOLE_BID, MAZA_BID, DARK_BID]
    with pytest.raises(IllegalAction, match="mazā zole"):
        fresh().apply(MAZA_BID)
    with pytest.raises(IllegalAction, match="dark"):
        fresh().apply(DARK_BID)


def test_forehand_leads_even_when_another_declares():
    s = play(fresh(), "pass", "pass", "zole")
    assert s.declarer_seat == 0 and s.phase == PLAYING
    assert s.current_seat == 1


def test_burying_then_forehand_leads():
    s = play(fresh(), "pass", "take", "KC", "9C")
    assert s.phase == PLAYING and s.current_seat == 1
    assert C.points_of(s.buried) == 4


def test_cannot_bury_a_card_not_held():
    s = play(fresh(), "pass", "take")
    with pytest.raises(IllegalAction, match="not among the cards held"):
        play(s, "QC")


def test_must_follow_suit_and_trumps():
    s = play(fresh(), "pass", "pass", "zole")
    play(s, "AH")  # seat 1 leads hearts
    # seat 2 has no plain heart: anything goes
    assert sorted(s.legal_actions()) == sorted(C.card(n) for n in HANDS[2].split())
    play(s, "9C")
    # seat 0 holds no heart either (JH is a trump!)
    assert C.card("JH") in s.legal_actions()
    play(s, "JH")
    assert s.current_seat == 0  # JH won
    play(s, "9D")  # trump lead
    assert set(s.legal_actions()) == {C.card(n) for n in "QC QS JC AD TD".split()}
    with pytest.raises(IllegalAction, match="must follow suit"):
        play(s, "TH")


def test_plain_lead_requires_that_suit_not_a_queen_of_it():
    s = play(fresh(), "pass", "pass", "zole")
    play(s, "9H", "KC")
    # seat 0 holds no plain heart; QH and JH are trumps
    assert C.card("AS") in s.legal_actions()


def test_refuses_card_of_another_seat():
    s = play(fresh(), "pass", "pass", "zole")
    with pytest.raises(IllegalAction, match="does not hold"):
        play(s, "QH")


def test_full_hand_points_and_tricks_add_up():
    rng = random.Random(3)
    for _ in range(200):
        hands, talon = random_deal(rng, 3, 0)
        s = play_random(HandState.new(3, 0, hands, talon), rng)
        r = s.result()
        if r.contract == "passed":
            continue
        if r.contract in ("take", "zole", "dark") and not r.surrendered:
            total = sum(r.points) + (C.points_of(C.mask_of(talon)) if r.contract != "take" else 0)
            assert total == 120
            assert sum(r.tricks) == 8


def test_surrender_timing():
    s = play(fresh(), "pass", "pass", "zole")
    assert s.can_surrender()
    play(s, "AH", "9C", "JH")  # trick 1
    assert s.can_surrender()
    play(s, "9D")
    assert not s.can_surrender()  # mid-trick
    with pytest.raises(IllegalAction, match="before the third trick"):
        s.apply(SURRENDER)
    play(s, "QC", "QD")  # trick 2 done, won by seat 1 (QC)
    assert s.can_surrender()  # before the third trick is led
    play(s, "QS", "QH", "JD")  # trick 3
    assert not s.can_surrender()
    with pytest.raises(IllegalAction):
        s.apply(SURRENDER)


def test_surrender_settles_as_a_plain_loss():
    s = play(fresh(), "pass", "take", "KC", "9C", "surrender")
    assert s.is_terminal()
    r = s.result()
    assert r.surrendered and r.value == -2
    assert s.settle().deltas == (2, 2, -4)
    z = play(fresh(), "zole", "surrender")
    assert z.settle().deltas == (6, -12, 6)
    d = play(fresh(zole_in_dark=True), "dark", "surrender")
    assert d.settle().deltas == (12, -24, 12)


def test_surrender_not_allowed_when_option_off_or_maza():
    s = play(fresh(surrender=False), "zole")
    assert not s.can_surrender()
    with pytest.raises(IllegalAction, match="not allowed"):
        s.apply(SURRENDER)
    m = play(fresh(maza_zole=True), "maza")
    assert not m.can_surrender()
    with pytest.raises(IllegalAction):
        m.apply(SURRENDER)


def test_surrender_in_legal_actions_only_for_declarer_on_turn():
    s = play(fresh(), "zole")
    assert SURRENDER in s.legal_actions()  # seat 1 is declarer and leads
    s2 = play(fresh(), "pass", "zole")
    assert SURRENDER not in s2.legal_actions()
    assert s2.observation(2).can_surrender
    assert not s2.observation(1).can_surrender


def test_maza_zole_ends_when_declarer_takes_a_trick():
    s = play(fresh(maza_zole=True), "maza")  # seat 1 promises no trick
    play(s, "9H", "9C", "9S")  # seat 1 wins with 9H (only hearts... 9S is spades)
    assert s.is_terminal()
    r = s.result()
    assert r.contract == "maza" and r.declarer_tricks == 1 and r.declarer_points is None
    assert s.settle().deltas == (7, -14, 7)
    with pytest.raises(IllegalAction, match="over"):
        play(s, "QC")


def test_dark_doubles_zole():
    s = play(fresh(zole_in_dark=True), "dark")
    play_random(s, random.Random(1))
    z = play(fresh(), "zole")
    play_random(z, random.Random(1))
    assert s.result().value == 2 * z.result().value


def test_all_pass_pules_is_not_played():
    s = play(fresh(), "pass", "pass", "pass")
    assert s.is_terminal() and s.result().contract == "passed"
    assert s.settle().deltas == (0, 0, 0)
    assert s.settle().pools.common == 1


def test_observation_never_shows_hidden_cards():
    s = play(fresh(), "pass", "take")
    for seat in (0, 1):
        o = s.observation(seat)
        assert o.talon == () and o.buried == ()
        assert set(o.hand) == {C.card(n) for n in HANDS[seat].split()}
    o2 = s.observation(2)
    assert set(o2.talon) == {C.card("7D"), C.card("KH")}
    play(s, "KC", "9C")
    assert set(s.observation(2).buried) == {C.card("KC"), C.card("9C")}
    assert s.observation(1).buried == ()
    # an outsider seat at a 4-table sees no cards at all
    four = state_from({1: HANDS[1], 2: HANDS[2], 3: HANDS[0]}, TALON, dealer=0, players=4)
    o = four.observation(0)
    assert o.hand == () and o.talon == () and o.legal == ()


def test_observation_of_zole_talon_is_hidden_until_the_end():
    s = play(fresh(), "zole")
    assert all(s.observation(x).talon == () for x in range(3))
    play_random(s, random.Random(2))
    assert s.observation(0).talon


def test_copy_is_independent():
    s = play(fresh(), "zole", "AH")
    c = s.copy()
    play(c, "9C", "JH")
    assert len(s.trick) == 1 and len(c.completed) == 1
    assert s.hand_mask(2) != c.hand_mask(2)


def test_undo_goes_back():
    s = play(fresh(), "pass", "take", "KC", "9C", "QC")
    before = s.observation(2)
    play(s, "QH")
    s.undo()
    assert s.observation(2) == before
    s.undo(3)
    assert s.phase == BURYING and s.buried == 0
    s.undo(2)
    assert s.phase != DONE and s.current_seat == 1 and s.bids == ()
    with pytest.raises(IllegalAction):
        s.undo()


def test_actions_log():
    s = play(fresh(), "pass", "zole", "AH")
    assert s.actions() == [(1, PASS), (2, ZOLE_BID), (1, C.card("AH"))]


def test_bad_construction():
    with pytest.raises(ValueError):
        state_from({1: HANDS[1], 2: HANDS[2], 0: HANDS[0]}, "7D 7D")
    with pytest.raises(ValueError):
        state_from({1: HANDS[1], 2: HANDS[2]}, TALON)
    with pytest.raises(ValueError):
        HandState.new(6, 0, {}, ())


def test_illegal_action_carries_its_kind():
    s = play(fresh(), "pass", "pass", "zole", "AH")
    with pytest.raises(IllegalAction) as e:
        play(s, "QC")  # seat 1's card, while seat 2 is to play
    assert e.value.kind == "not_held"
    s = play(fresh(), "pass", "pass", "zole", "AH", "9C", "JH", "9D")
    with pytest.raises(IllegalAction) as e:
        play(s, "TH")
    assert e.value.kind == "follow_suit" and e.value.suit == C.TRUMPS
    assert s.current_trick() == ((0, C.card("9D")),)
