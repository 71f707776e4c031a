"""One search core (bots/search.py) under the three double-dummy searchers: the trick's
state, equivalent moves, node cap, bounds per trick start and MTD(f) are written once."""

from __future__ import annotations

import inspect
import random
import re

import pytest

from zole_desktop.bots import avoid, galdins, search, solver
from zole_desktop.rules.cards import NUM_CARDS, mask_of


def test_the_searchers_are_built_on_the_core():
    assert issubclass(solver.Solver, search.TrickSearch)
    assert issubclass(avoid.AvoidSolver, search.TrickSearch)
    assert solver.NodeLimit is search.NodeLimit


@pytest.mark.parametrize("module", [solver, avoid, galdins])
def test_no_searcher_writes_the_core_again(module):
    src = inspect.getsource(module)
    # the MTD(f) loop, a bound store and the node cap are the core's
    assert "while lo < hi" not in src
    assert not re.search(r"lo = hi = v", src)
    assert "nodes > " not in src and "s.nodes += 1" not in src
    assert "(nx & -nx) & moves" not in src


def test_store_and_probe_keep_what_a_search_proves():
    tt: dict[int, tuple[int, int]] = {}
    search.store(tt, 1, 30, 40, 41, 120)  # failed low: at most 30
    assert tt[1] == (0, 30)
    assert search.probe(tt, 1, 35, 36)[0] == 30
    search.store(tt, 1, 25, 10, 11, 120)  # failed high: at least 25
    assert tt[1] == (25, 30)
    hit, a, b = search.probe(tt, 1, 20, 40)
    assert hit is None and (a, b) == (25, 30)
    search.store(tt, 1, 27, 20, 40, 120)
    assert tt[1] == (27, 27)


def test_mtdf_finds_the_value_of_a_fail_soft_search():
    def fs(alpha: int, beta: int) -> int:
        return 42  # a search whose value is 42 answers 42 in any window
    assert search.mtdf(fs, 0, 1000) == 42
    assert search.mtdf(fs, 90, 1000) == 42


def test_distinct_moves_keep_one_of_a_run():
    runs = solver._RUN_ABOVE
    # ♠Q and ♣Q (cards 24 and 25: equal points, nothing between them) are one move
    both = mask_of([24, 25])
    assert search.distinct_moves(both, both, runs) == [25]
    # ♥Q and ♣Q with the ♠Q still out between them: two moves
    assert search.distinct_moves(mask_of([23, 25]), mask_of([23, 24, 25]), runs) == [23, 25]


def test_node_cap_raises_node_limit():
    rng = random.Random(7)
    cards = list(range(NUM_CARDS))
    rng.shuffle(cards)
    hands = [mask_of(cards[i:i + 8]) for i in (0, 8, 16)]
    with pytest.raises(search.NodeLimit):
        solver.Solver(hands, 0, node_limit=50).value(0)
    with pytest.raises(search.NodeLimit):
        avoid.AvoidSolver(hands, 0, node_limit=50).value(0)
