"""The double-dummy solver against plain minimax on small endgames."""

from __future__ import annotations

import random

from zole_desktop.bots.solver import NodeLimit, Solver, brute_force
from zole_desktop.rules.cards import FOLLOW_MASK, cards_of, mask_of


def _endgame(rng: random.Random, tricks: int):
    deck = list(range(26))
    rng.shuffle(deck)
    hands = [mask_of(deck[i * tricks:(i + 1) * tricks]) for i in range(3)]
    return hands, rng.randrange(3), rng.randrange(3)


def test_exact_values_match_brute_force():
    rng = random.Random(7)
    for _ in range(150):
        hands, decl, turn = _endgame(rng, rng.choice([2, 3]))
        want = brute_force(hands, decl, turn)
        assert Solver(hands, decl).value(turn) == want
        for target in (1, 15, 31, 61):
            assert Solver(hands, decl).reaches(turn, (), target) == (want >= target)


def test_mid_trick_positions_match_brute_force():
    rng = random.Random(8)
    checked = 0
    while checked < 80:
        hands, decl, turn = _endgame(rng, 3)
        # play one or two legal cards into the current trick
        trick = []
        p = turn
        for _ in range(rng.choice([1, 2])):
            h = hands[p]
            moves = h & FOLLOW_MASK[trick[0][1]] if trick else h
            c = rng.choice(cards_of(moves or h))
            hands[p] ^= 1 << c
            trick.append((p, c))
            p = (p + 1) % 3
        want = brute_force(hands, decl, p, trick)
        s = Solver(hands, decl)
        assert s.value(p, trick) == want
        vals = s.move_values(p, trick)
        assert (max if p == decl else min)(vals.values()) == want
        checked += 1


def test_shared_table_across_probes_stays_exact():
    rng = random.Random(9)
    for _ in range(40):
        hands, decl, turn = _endgame(rng, 3)
        s = Solver(hands, decl)
        want = brute_force(hands, decl, turn)
        for target in (61, 31, 91, 10, 45):
            assert s.reaches(turn, (), target) == (want >= target)
        assert s.value(turn) == want


def test_node_limit_raises():
    rng = random.Random(10)
    hands, decl, turn = _endgame(rng, 8)
    s = Solver(hands, decl, node_limit=50)
    try:
        s.value(turn)
    except NodeLimit:
        return
    raise AssertionError("expected NodeLimit")
