"""The strong bot bids by simulating the contracts where its static value is not clear."""

from __future__ import annotations

import random

import pytest

from zole_desktop.bots import strong
from zole_desktop.bots.bidsim import BidEstimate
from zole_desktop.bots.heuristic import bid_strength
from zole_desktop.bots.strong import StrongBot
from zole_desktop.rules.cards import cards_of
from zole_desktop.rules.deal import shuffle_and_deal
from zole_desktop.rules.options import Rules
from zole_desktop.rules.state import PASS, TAKE_BID, ZOLE_BID, HandState


def _first_bids(count: int = 400):
    """The forehand's first bid in many deals: (state, observation, strength)."""
    for i in range(count):
        rng = random.Random(7000 + i)
        d = shuffle_and_deal(rng, 3, 0)
        st = HandState.new(3, 0, d.hands, d.talon, Rules())
        obs = st.observation(st.current_seat)
        yield st, obs, bid_strength(obs)


def _near(target: float, window: float = 1.0):
    return next((st, obs) for st, obs, s in _first_bids() if abs(s - target) <= window)


class _FakeSim:
    def __init__(self, values: dict[int, float]) -> None:
        self.values = values
        self.calls: list[tuple[int, ...]] = []

    def __call__(self, obs, deadline, cancel=None, seed=0, pools=None, max_layouts=80,
                 only=None):
        self.calls.append(tuple(only))
        return BidEstimate(values={b: self.values[b] for b in only}, layouts=20)


@pytest.mark.parametrize("take_value, expected", [(1.0, TAKE_BID), (-1.0, PASS)])
def test_near_the_take_threshold_the_simulation_decides(monkeypatch, take_value, expected):
    _st, obs = _near(StrongBot.take_at)
    fake = _FakeSim({PASS: 0.0, TAKE_BID: take_value - StrongBot.bid_allowance[TAKE_BID]})
    monkeypatch.setattr(strong, "estimate_bids", fake)
    assert StrongBot(1).choose(obs) == expected
    assert fake.calls == [(PASS, TAKE_BID)]


@pytest.mark.parametrize("zole_value, expected", [(1.0, ZOLE_BID), (-1.0, TAKE_BID)])
def test_near_the_zole_threshold_take_and_zole_are_compared(monkeypatch, zole_value,
                                                           expected):
    _st, obs = _near(StrongBot.zole_at)
    allowance = StrongBot.bid_allowance
    fake = _FakeSim({TAKE_BID: -allowance[TAKE_BID],
                     ZOLE_BID: zole_value - allowance[ZOLE_BID]})
    monkeypatch.setattr(strong, "estimate_bids", fake)
    assert StrongBot(1).choose(obs) == expected
    assert fake.calls == [(TAKE_BID, ZOLE_BID)]


def test_clear_hands_are_bid_without_simulating(monkeypatch):
    def boom(*_a, **_k):
        raise AssertionError("simulated a clear hand")

    monkeypatch.setattr(strong, "estimate_bids", boom)
    w = StrongBot.bid_window
    weak = next(obs for _st, obs, s in _first_bids() if s < StrongBot.take_at - w)
    assert StrongBot(1).choose(weak) == PASS
    solid = next(obs for _st, obs, s in _first_bids()
                 if StrongBot.take_at + w < s < StrongBot.zole_at - w)
    assert StrongBot(1).choose(solid) == TAKE_BID


def test_too_few_layouts_fall_back_to_the_static_bid(monkeypatch):
    _st, obs = _near(StrongBot.take_at, 0.3)
    monkeypatch.setattr(strong, "estimate_bids",
                        lambda *a, **k: BidEstimate(values={PASS: 0.0, TAKE_BID: 9.0},
                                                    layouts=2))
    static = TAKE_BID if bid_strength(obs) >= StrongBot.take_at else PASS
    assert StrongBot(1).choose(obs) == static


def test_simulated_bid_ignores_the_hidden_cards():
    """Same own hand, the other hands and the talon re-dealt: the same bid."""
    rng = random.Random(3)
    compared = 0
    for st, obs, s in _first_bids(200):
        if abs(s - StrongBot.take_at) > StrongBot.bid_window:
            continue
        mine = st.hands[st.seats.index(obs.seat)]
        rest = cards_of(((1 << 26) - 1) & ~mine)
        rng.shuffle(rest)
        hands = {obs.seat: cards_of(mine)}
        others = [x for x in st.seats if x != obs.seat]
        hands[others[0]], hands[others[1]] = rest[:8], rest[8:16]
        twin = HandState.new(3, st.dealer, hands, rest[16:], Rules())
        o2 = twin.observation(obs.seat)
        assert o2 == obs and twin.hands != st.hands
        assert StrongBot(5, layouts=6).choose(obs) == StrongBot(5, layouts=6).choose(o2)
        compared += 1
        if compared == 3:
            break
    assert compared == 3
