"""Bots-only hands through the table with every contract the options allow (no crash, every
card ends in a pile, on the table or in a hand)."""

import pytest

from zole_desktop.bots import base
from zole_desktop.bots.base import RandomBot
from zole_desktop.flow.session import Session
from zole_desktop.rules.options import Rules
from zole_desktop.rules.state import PASS
from zole_desktop.ui.hand_end import HandSummary
from zole_desktop.ui.table.scene import TableScene


class Passer(RandomBot):
    """Passes whenever it may, else plays at random: every hand becomes the small table."""

    level = "test-passer"

    def choose(self, obs, deadline=None, cancel=None):
        return PASS if PASS in obs.legal else super().choose(obs, deadline, cancel)


@pytest.fixture
def passer(monkeypatch):
    """The passer as a bot level for this test only (taken out of the registry after it)."""
    monkeypatch.setitem(base._LEVELS, Passer.level, Passer)
    return Passer.level


@pytest.mark.parametrize("level,rules,want", [
    ("test-passer", dict(all_pass="galdins", galdins_talon="lead"), "galdins"),
    ("test-passer", dict(all_pass="galdins", galdins_talon="last"), "galdins"),
    ("test-passer", dict(all_pass="galdins", galdins_penalty="points_rate"), "galdins"),
    ("random", dict(maza_zole=True, zole_in_dark=True, deal="fours"), None),
])
def test_bots_play_variants(make_app, passer, level, rules, want):
    app = make_app(animation="instant")
    contracts = set()
    for seed in range(1, 7):
        s = Session(players=3, names=["A", "B", "C"], levels=[level] * 3, human=None,
                    length=1, seed=seed, rules=Rules(**rules))
        table = TableScene(s, demo=True)
        app.stack.push(table)
        for _ in range(20000):
            if any(isinstance(x, HandSummary) for x in app.stack.scenes):
                break
            app.step()
        assert table.state.is_terminal()
        contracts.add(s.match.rows[-1].contract)
        placed = (len(table.view.deck) + len(table.view.talon) + len(table.view.trick)
                  + sum(len(v) for v in table.view.holding.values())
                  + sum(len(v) for v in table.view.piles.values()) + len(table.view.buried))
        assert placed == 26
        app.stack.clear()
    assert contracts
    if want:
        assert contracts == {want}
