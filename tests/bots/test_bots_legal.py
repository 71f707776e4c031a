"""Every bot level returns a legal action in every phase, under every table option."""

from __future__ import annotations

import random

import pytest

from zole_desktop.bots import make_bot
from zole_desktop.bots.strong import StrongBot
from zole_desktop.rules.deal import active_seats, shuffle_and_deal
from zole_desktop.rules.options import Rules
from zole_desktop.rules.state import DONE, PLAYING, SURRENDER, HandState

VARIANTS = [
    Rules(),
    Rules(maza_zole=True, zole_in_dark=True),
    Rules(all_pass="galdins"),
    Rules(all_pass="galdins", galdins_talon="lead"),
    Rules(all_pass="galdins", galdins_talon="last", maza_zole=True),
    Rules(surrender=False, deal="fours"),
]


def _bot(level: str, seed: int):
    if level == "strong":
        return StrongBot(seed, budget_scale=0.02)
    return make_bot(level, seed)


def play_hand(levels: list[str], rules: Rules, seed: int, players: int = 3,
              force: list[int] | None = None) -> HandState:
    """Play one hand; ``force`` gives the first bids (to reach every contract)."""
    rng = random.Random(seed)
    dealer = rng.randrange(players)
    d = shuffle_and_deal(rng, players, dealer, rules.deal)
    st = HandState.new(players, dealer, d.hands, d.talon, rules)
    bots = {s: _bot(levels[i % len(levels)], seed + s)
            for i, s in enumerate(active_seats(players, dealer))}
    forced = list(force or [])
    while st.phase != DONE:
        seat = st.current_seat
        obs = st.observation(seat)
        if forced and st.phase == "bidding":
            a = forced.pop(0)
            if a in obs.legal:
                st.apply(a)
                continue
        if obs.can_surrender:
            if bots[seat].surrender(obs):
                st.apply(SURRENDER)
                break
        a = bots[seat].choose(obs)
        assert a in obs.legal, (levels, a, obs.legal)
        assert a != SURRENDER
        st.apply(a)
    st.settle()
    return st


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_fast_levels_legal_everywhere(level):
    for i in range(60):
        rules = VARIANTS[i % len(VARIANTS)]
        players = (3, 4, 5)[i % 3]
        force = [[], [26, 26, 26], [27], [28], [29], [30], [26, 29]][i % 7]
        play_hand([level], rules, 1000 + i, players, force)


def test_strong_legal_everywhere():
    for i in range(8):
        rules = VARIANTS[i % len(VARIANTS)]
        force = [[27], [28], [26, 26, 26], [29], [26, 27], [30], [26, 26, 28], []][i]
        play_hand(["strong", "normal", "easy"], rules, 2000 + i, (3, 4, 5)[i % 3], force)


def test_mixed_table_plays_to_settlement():
    for i in range(20):
        st = play_hand(["normal", "easy", "random"], Rules(), 3000 + i)
        assert st.phase == DONE
        assert sum(st.settle().deltas) == 0


def test_strong_cancel_returns_a_legal_card():
    import threading

    ev = threading.Event()
    ev.set()
    rng = random.Random(4)
    d = shuffle_and_deal(rng, 3, 0)
    st = HandState.new(3, 0, d.hands, d.talon, Rules())
    st.apply(28)  # forehand plays a zole
    bot = StrongBot(1)
    obs = st.observation(st.current_seat)
    assert st.phase == PLAYING
    a = bot.choose(obs, cancel=ev)
    assert a in obs.legal and a != SURRENDER


def test_bidding_with_pools_standing():
    from zole_desktop.rules.pools import Pools

    for i in range(30):
        rng = random.Random(5000 + i)
        d = shuffle_and_deal(rng, 3, 0)
        st = HandState.new(3, 0, d.hands, d.talon, Rules(),
                           Pools(common=1, personal=(i % 3,)))
        for level in ("easy", "normal", "strong"):
            obs = st.observation(st.current_seat)
            assert _bot(level, i).choose(obs) in obs.legal


def test_defender_does_not_lead_an_ace_of_a_suit_it_holds_whole():
    """Holding all four clubs, an ace led only gives the declarer a ruff."""
    from zole_desktop.rules.cards import card, parse_cards

    hands = {1: parse_cards("9C KC TC AC TH 9D JD JC".split()),
             2: parse_cards("9S AS 9H AH 7D 8D QD QH".split()),
             0: parse_cards("KH KD TD AD JH JS QS QC".split())}
    st = HandState.new(3, 0, hands, parse_cards(["KS", "TS"]), Rules())
    st.apply(26)  # forehand passes
    st.apply(26)
    st.apply(27)  # the dealer takes
    st.apply(card("KS"))
    st.apply(card("TS"))
    assert st.phase == PLAYING and st.current_seat == 1
    for level in ("normal", "strong"):
        bot = StrongBot(3, layouts=6) if level == "strong" else make_bot(level, 3)
        assert bot.choose(st.observation(1)) != card("AC"), level
