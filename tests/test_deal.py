import random

import pytest

from zole_desktop.rules import cards as C
from zole_desktop.rules.deal import (
    TALON,
    active_seats,
    deal_packets,
    draw_first_dealer,
    next_dealer,
    shuffle_and_deal,
    sitting_out,
)


def test_active_seats_three_four_five():
    assert active_seats(3, 0) == (1, 2, 0)
    assert active_seats(3, 2) == (0, 1, 2)
    assert active_seats(4, 0) == (1, 2, 3)
    assert sitting_out(4, 0) == (0,)
    assert active_seats(4, 3) == (0, 1, 2)
    # five: 1st, 2nd and 4th to the dealer's left play; the dealer and the 3rd sit out
    assert active_seats(5, 0) == (1, 2, 4)
    assert sitting_out(5, 0) == (0, 3)
    assert active_seats(5, 3) == (4, 0, 2)
    assert sitting_out(5, 3) == (1, 3)


def test_deal_passes_to_the_left():
    assert [next_dealer(4, d) for d in range(4)] == [1, 2, 3, 0]


def test_twos_pattern_packets():
    deck = list(range(26))
    d = deal_packets(deck, 3, 0, "twos")
    assert [(p.to, len(p.cards)) for p in d.packets] == [
        (1, 2), (2, 2), (0, 2), (1, 2), (2, 2), (0, 2), (TALON, 2),
        (1, 2), (2, 2), (0, 2), (1, 2), (2, 2), (0, 2)]
    assert d.hands[1] == (0, 1, 6, 7, 14, 15, 20, 21)
    assert d.talon == (12, 13)


def test_fours_pattern_packets():
    d = deal_packets(list(range(26)), 5, 0, "fours")
    assert [(p.to, len(p.cards)) for p in d.packets] == [
        (1, 4), (2, 4), (4, 4), (TALON, 2), (1, 4), (2, 4), (4, 4)]
    assert d.talon == (12, 13)
    assert set(d.hands) == {1, 2, 4}


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("pattern", ["twos", "fours"])
def test_deal_is_a_partition(players, pattern):
    rng = random.Random(players * 7 + len(pattern))
    for dealer in range(players):
        d = shuffle_and_deal(rng, players, dealer, pattern)
        cards = [c for h in d.hands.values() for c in h] + list(d.talon)
        assert sorted(cards) == list(range(26))
        assert all(len(h) == 8 for h in d.hands.values())
        replayed = [c for p in d.packets for c in p.cards]
        assert sorted(replayed) == list(range(26))
        assert replayed == list(d.deck)
        assert 3 <= d.cut <= 23


def test_deal_refuses_a_bad_deck():
    with pytest.raises(ValueError):
        deal_packets([0] * 26, 3, 0)
    with pytest.raises(ValueError):
        deal_packets(list(range(26)), 3, 0, "threes")


def test_shuffle_is_seeded():
    a = shuffle_and_deal(random.Random(5), 3, 0)
    b = shuffle_and_deal(random.Random(5), 3, 0)
    assert a == b


def test_first_dealer_draw_highest_deals():
    for seed in range(50):
        dealer, rounds = draw_first_dealer(random.Random(seed), 4)
        last = rounds[-1].cards
        best = max(C.draw_strength(c) for c in last.values())
        assert C.draw_strength(last[dealer]) == best
        assert sum(1 for c in last.values() if C.draw_strength(c) == best) == 1
        for r in rounds[:-1]:  # earlier rounds were ties at the top
            top = max(C.draw_strength(c) for c in r.cards.values())
            assert sum(1 for c in r.cards.values() if C.draw_strength(c) == top) > 1
