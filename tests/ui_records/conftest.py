"""UI tests for the records scenes (statistics, history, hand review): headless pygame."""

import random

import pytest

from zole_desktop import saves, storage
from zole_desktop.records import history as match_history
from zole_desktop.rules.match import Match
from zole_desktop.rules.options import Rules


def make_history(count: int = 2, hands: int = 4, players=(3, 4)) -> list:
    """Finished matches in the history folder, played by easy bots (fast)."""
    from zole_desktop.bots import make_bot
    from zole_desktop.rules.state import DONE

    paths = []
    for i in range(count):
        rng = random.Random(100 + i)
        n = players[i % len(players)]
        m = Match(players=n, rules=Rules(), dealer=0)
        bots = [make_bot("easy", i * 10 + s) for s in range(n)]
        for _h in range(hands):
            _d, st = m.deal(rng)
            while st.phase != DONE:
                seat = st.current_seat
                st.apply(bots[seat].choose(st.observation(seat)))
            m.finish(st)
        names = ["Laima", "Anna", "Jānis", "Ilze", "Pēteris"][:n]
        table = saves.Table(names, ["human"] + ["easy"] * (n - 1), 1, 0)
        paths.append(match_history.archive(m, table, when=f"2025010{i + 1}-120000"))
    return paths


@pytest.fixture
def app():
    from zole_desktop.ui.app import App

    a = App((1280, 720), storage.Settings(sound=False), fast=True, save=False)
    yield a
    a.shutdown()
