"""The master level: offered in New game, saved and loaded, more search than strong."""

from __future__ import annotations

from zole_desktop import saves
from zole_desktop.bots import make_bot
from zole_desktop.bots.master import MasterBot
from zole_desktop.bots.strong import StrongBot
from zole_desktop.ui import texts


def test_master_is_offered_and_labelled():
    assert "master" in texts.LEVELS and "master" in texts.LEVEL_LABELS
    assert isinstance(make_bot("master", 1), MasterBot)


def test_a_table_with_a_master_bot_is_saved_and_read_back():
    t = saves.Table(["You", "Anna", "Jānis"], ["human", "master", "strong"], 7)
    back = saves.Table.from_json(t.to_json(), 3)
    assert back.levels == ["human", "master", "strong"]


def test_master_searches_more_than_strong_and_strong_stays_fast():
    for k in range(3):
        assert MasterBot.budgets[k] > StrongBot.budgets[k]
        assert MasterBot.max_layouts[k] > StrongBot.max_layouts[k]
    # up to about 1.5 s per card decision (the deadline is checked between layouts)
    assert max(MasterBot.budgets) <= 1.4 and max(StrongBot.budgets) <= 0.4
    assert MasterBot.full_probes and not StrongBot.full_probes
