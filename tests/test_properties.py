"""Property tests: random deals and random legal games under random table options."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import play_random, random_match, random_rules
from zole_desktop.rules import cards as C
from zole_desktop.rules.deal import shuffle_and_deal
from zole_desktop.rules.match import Match
from zole_desktop.rules.options import Rules
from zole_desktop.rules.record import replay
from zole_desktop.rules.state import DONE, PLAYING

seeds = st.integers(min_value=0, max_value=2**32 - 1)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(seed=seeds, players=st.sampled_from([3, 4, 5]), pattern=st.sampled_from(["twos", "fours"]))
def test_deal_is_a_partition_of_the_deck(seed, players, pattern):
    rng = random.Random(seed)
    d = shuffle_and_deal(rng, players, rng.randrange(players), pattern)
    held = [c for h in d.hands.values() for c in h]
    assert len(held) == 24 and len(d.talon) == 2
    assert C.mask_of(held) | C.mask_of(d.talon) == C.FULL_DECK
    assert len(set(held) | set(d.talon)) == 26


@SETTINGS
@given(seed=seeds, players=st.sampled_from([3, 4, 5]))
def test_random_games_reach_a_settlement_that_sums_to_zero(seed, players):
    rng = random.Random(seed)
    rules = random_rules(rng)
    m = Match(players=players, rules=rules, dealer=rng.randrange(players))
    for _ in range(3):
        _deal, s = m.deal(rng)
        play_random(s, rng, surrender_rate=0.1)
        assert s.phase == DONE
        r = s.result()
        row = m.finish(s)
        assert sum(row.deltas) == 0
        if r.contract in ("take", "zole", "dark") and not r.surrendered:
            # tricks plus buried plus talon hold 120 points
            talon = C.points_of(C.mask_of(s.talon_cards))
            buried = C.points_of(s.buried)
            in_tricks = sum(t.points for t in s.completed)
            assert in_tricks + (buried if r.contract == "take" else talon) == 120
            assert r.declarer_points + sum(
                p for i, p in enumerate(r.points) if i != s.declarer) + (
                talon if r.contract != "take" else 0) == 120
        if r.contract == "galdins":
            assert sum(t.points for t in s.completed) + (
                C.points_of(C.mask_of(s.talon_cards)) if rules.galdins_talon == "none" else 0
            ) == 120
    assert sum(m.totals) == 0
    assert sum(m.session_end()) == 0


@SETTINGS
@given(seed=seeds, players=st.sampled_from([3, 4, 5]))
def test_write_and_replay_gives_the_same_settlement(seed, players):
    rng = random.Random(seed)
    m = random_match(rng, players, random_rules(rng), 4, surrender_rate=0.15)
    rec = json.loads(json.dumps(m.to_record()))
    rep = replay(rec)
    assert [r.to_json(players) for r in rep.rows] == [r.to_json(players) for r in m.rows]
    assert rep.match.totals == m.totals


@SETTINGS
@given(seed=seeds)
def test_observation_and_copy_do_not_disturb_the_state(seed):
    rng = random.Random(seed)
    _d, s = Match(3, Rules()).deal(rng)
    while s.phase != DONE:
        before = s.actions()
        c = s.copy()
        for seat in range(3):
            o = s.observation(seat)
            others = set()
            for other in range(3):
                if other != seat:
                    others |= set(s.hand_of(other))
            assert not others & set(o.hand)
            if s.phase == PLAYING and seat == s.current_seat:
                assert set(o.legal) - {31} <= set(o.hand)
        play_random(c, random.Random(seed + 1))
        assert s.actions() == before
        s.apply(rng.choice([a for a in s.legal_actions() if a != 31]))


VALUES = [None, 0, 1, -1, 3, 99, 2.5, True, False, "", "QC", "x", [], [None], {}, {"a": 1},
          "pass", "take", ["QC", "QS"], "zole-match/1", 10**30]


def _paths(obj, prefix=()):
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, prefix + (i,))


@SETTINGS
@given(seed=seeds, players=st.sampled_from([3, 4, 5]), n=st.integers(1, 3))
def test_corrupted_records_settle_or_are_refused_in_one_line(seed, players, n):
    from zole_desktop.rules.record import RecordError

    rng = random.Random(seed)
    rec = json.loads(json.dumps(random_match(rng, players, random_rules(rng), 3).to_record()))
    for _ in range(n):
        path = rng.choice(list(_paths(rec))[1:])
        parent = rec
        for k in path[:-1]:
            parent = parent[k]
        k = path[-1]
        r = rng.random()
        if r < 0.4:
            parent[k] = rng.choice(VALUES)
        elif r < 0.6 and isinstance(parent, dict):
            del parent[k]
        elif isinstance(parent, list) and len(parent) > 1:
            j = rng.randrange(len(parent))
            parent[k], parent[j] = parent[j], parent[k]
        else:
            parent[k] = rng.choice(VALUES)
    try:
        rep = replay(rec)
    except RecordError as e:
        assert str(e).startswith("hand ") and "\n" not in str(e)
    else:
        assert sum(rep.match.totals) == 0
