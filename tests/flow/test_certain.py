"""The rest of a hand is certain only when every way of playing it out gives every seat the
same tricks and card points (checked against a plain enumeration without memory or budget)."""

import random

from zole_desktop.flow.certain import rest_is_certain, rest_of_hand
from zole_desktop.rules import cards as C
from zole_desktop.rules.match import Match
from zole_desktop.rules.state import PASS, PLAYING, SURRENDER, TAKE_BID, HandState


def tally(st):
    return (*st.tricks_won, *st.points_won, st.table_tricks, st.table_points)


def all_ends(st, out):
    """Every continuation's final tally, by plain enumeration."""
    if st.is_terminal():
        out.add(tally(st))
        return
    for a in st.legal_actions():
        if a == SURRENDER:
            continue
        n = st.copy()
        n.apply(a)
        all_ends(n, out)


def late_positions(seed, left=3, hands=60):
    rng = random.Random(seed)
    for _ in range(hands):
        _d, st = Match(3).deal(rng)
        st.apply(TAKE_BID)
        while st.phase != PLAYING:
            st.apply(st.legal_actions()[0])
        while st.phase == PLAYING and 8 - len(st.completed) > left or st.trick:
            st.apply(rng.choice([a for a in st.legal_actions() if a != SURRENDER]))
        if st.phase == PLAYING:
            yield st


def test_certain_agrees_with_every_continuation_played_out():
    certain = uncertain = 0
    for st in late_positions(seed=11):
        ends = set()
        all_ends(st, ends)
        assert rest_is_certain(st, budget=10**6) == (len(ends) == 1), st
        certain += len(ends) == 1
        uncertain += len(ends) > 1
    assert certain >= 3 and uncertain >= 3  # both answers were put to the test


def test_the_remembered_positions_do_not_mix_up_paths():
    # two paths to the same cards left with different points taken: a memory of the end
    # tally (not of what the rest adds) would call a mixed rest certain, or the reverse
    for st in late_positions(seed=4, left=4, hands=40):
        ends = set()
        all_ends(st, ends)
        assert rest_is_certain(st, budget=10**6) == (len(ends) == 1)


def test_all_the_top_trumps_lead_make_the_rest_certain():
    mine = [C.card(n) for n in ("QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD")]
    rest = [c for c in range(26) if c not in mine]
    st = HandState.new(3, 2, {0: mine, 1: rest[:8], 2: rest[8:16]}, rest[16:18])
    st.apply(TAKE_BID)
    st.apply(rest[16])
    st.apply(rest[17])  # the talon buried again
    for _ in range(5):  # five tricks led with top trumps
        for _seat in range(3):
            st.apply(st.legal_actions()[0] if st.legal_actions()[0] != SURRENDER
                     else st.legal_actions()[1])
    assert rest_is_certain(st)
    played = rest_of_hand(st)
    assert len(played) == 9
    end = st.copy()
    for _seat, c in played:
        end.apply(c)
    assert end.is_terminal() and end.tricks_won[0] == 8


def test_nothing_is_certain_while_bidding_or_with_one_trick_left():
    rng = random.Random(2)
    _d, st = Match(3).deal(rng)
    assert not rest_is_certain(st)  # bidding
    for st in late_positions(seed=3, left=1, hands=5):
        assert not rest_is_certain(st)  # the last trick plays itself anyway


def test_a_rest_too_long_to_prove_is_not_offered():
    rng = random.Random(8)
    _d, st = Match(3).deal(rng)
    st.apply(TAKE_BID)
    while st.phase != PLAYING:
        st.apply(st.legal_actions()[0])
    assert not rest_is_certain(st, budget=50)


def test_every_card_a_winner_is_certain_from_the_first_trick_at_once():
    # the leader holds the eight top trumps: certain from the first lead, with no search
    mine = [C.card(n) for n in ("QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD")]
    rest = [c for c in range(26) if c not in mine]
    st = HandState.new(3, 2, {0: mine, 1: rest[:8], 2: rest[8:16]}, rest[16:18])
    st.apply(TAKE_BID)
    st.apply(rest[16])
    st.apply(rest[17])
    assert rest_is_certain(st, budget=1)
    # a plain ace is no sure winner while a defender still holds a trump
    aces = [C.card(n) for n in ("QC", "QS", "QH", "QD", "JC", "JS", "AC", "AH")]
    rest = [c for c in range(26) if c not in aces]
    st = HandState.new(3, 2, {0: aces, 1: rest[:8], 2: rest[8:16]}, rest[16:18])
    st.apply(TAKE_BID)
    st.apply(rest[16])
    st.apply(rest[17])
    assert not rest_is_certain(st, budget=1)  # no sure winner each: not proven at once


def mid_trick_positions(seed, left=3, hands=60):
    rng = random.Random(seed)
    for _ in range(hands):
        _d, st = Match(3).deal(rng)
        st.apply(TAKE_BID)
        while st.phase != PLAYING:
            st.apply(st.legal_actions()[0])
        while st.phase == PLAYING and (8 - len(st.completed) > left or not st.trick):
            st.apply(rng.choice([a for a in st.legal_actions() if a != SURRENDER]))
        if st.phase == PLAYING:
            yield st


def test_certain_in_the_middle_of_a_trick_agrees_with_every_continuation():
    certain = 0
    for st in mid_trick_positions(seed=21, left=3, hands=80):
        assert st.trick
        ends = set()
        all_ends(st, ends)
        assert rest_is_certain(st, budget=10**6) == (len(ends) == 1), st
        certain += len(ends) == 1
    assert certain >= 3


def test_the_top_trumps_second_in_a_trick_are_certain_at_once():
    mine = [C.card(n) for n in ("QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD")]
    rest = [c for c in range(26) if c not in mine]
    st = HandState.new(3, 0, {0: mine, 1: rest[:8], 2: rest[8:16]}, rest[16:18])
    st.apply(PASS)
    st.apply(PASS)
    st.apply(TAKE_BID)  # I (seat 0) speak last, take and bury the talon again
    st.apply(rest[16])
    st.apply(rest[17])
    st.apply(st.legal_actions()[0])  # seat 1 leads
    st.apply(st.legal_actions()[0])  # seat 2 follows
    assert st.current_seat == 0 and len(st.trick) == 2
    assert rest_is_certain(st, budget=1)  # whatever I play wins, then every lead of mine
