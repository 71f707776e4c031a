"""The strong bot bids mazā zole where the table allows it and the search says it pays."""

from __future__ import annotations

import pytest

from zole_desktop.bots import strong
from zole_desktop.bots.heuristic import maza_risk
from zole_desktop.bots.strong import StrongBot
from zole_desktop.rules.cards import FULL_DECK, cards_of, mask_of, parse_cards
from zole_desktop.rules.options import Rules
from zole_desktop.rules.state import MAZA_BID, PASS, HandState

LOW = parse_cards(["9C", "KC", "9S", "KS", "9H", "7D", "8D", "9D"])
HIGH = parse_cards(["QC", "QS", "QH", "AC", "AS", "AH", "TD", "AD"])


def _obs(mine: list[int], maza: bool = True):
    rest = cards_of(FULL_DECK & ~mask_of(mine))
    hands = {1: mine, 2: rest[:8], 0: rest[8:16]}  # dealer 0: seat 1 is forehand
    st = HandState.new(3, 0, hands, rest[16:18], Rules(maza_zole=maza))
    return st.observation(1)


def test_the_search_tells_a_safe_hand_from_a_hopeless_one():
    assert maza_risk(mask_of(LOW)) <= StrongBot.maza_window
    low = StrongBot(3, layouts=12).maza_caught(_obs(LOW), None, None)
    high = StrongBot(3, layouts=12).maza_caught(_obs(HIGH), None, None)
    assert low is not None and high is not None
    assert low < 0.3 and high == 1.0


@pytest.mark.parametrize("caught, expected", [(0.2, MAZA_BID), (0.8, PASS)])
def test_the_bid_follows_the_search(monkeypatch, caught, expected):
    monkeypatch.setattr(strong.StrongBot, "maza_caught", lambda self, o, d, c: caught)
    assert StrongBot(1).choose(_obs(LOW)) == expected


def test_no_maza_where_the_table_does_not_allow_it(monkeypatch):
    monkeypatch.setattr(strong.StrongBot, "maza_caught", lambda self, o, d, c: 0.0)
    assert StrongBot(1).choose(_obs(LOW, maza=False)) == PASS
