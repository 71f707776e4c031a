import pytest

from zole_desktop.rules.options import Rules
from zole_desktop.rules.pools import Pools
from zole_desktop.rules.settlement import (
    band,
    contract_value,
    session_end,
    settle_contract,
    settle_passed,
)

R = Rules()


@pytest.mark.parametrize("points,tricks,take,zole", [
    (120, 8, 3, 7), (91, 7, 2, 6), (90, 6, 1, 5), (61, 4, 1, 5), (60, 4, -2, -6),
    (31, 2, -2, -6), (30, 2, -3, -7), (0, 1, -3, -7), (14, 0, -4, -8), (0, 0, -4, -8),
    # all tricks and no trick count tricks, not points
    (110, 8, 3, 7), (95, 0, -4, -8),
])
def test_value_table(points, tricks, take, zole):
    b = band(points, tricks)
    assert contract_value("take", b, R) == take
    assert contract_value("zole", b, R) == zole
    assert contract_value("dark", b, R) == 2 * zole


def test_leicester_zole_scores_one_more_when_won():
    L = Rules(zole_scoring="leicester")
    assert [contract_value("zole", band(p, t), L) for p, t in ((120, 8), (95, 6), (61, 3))] == [
        8, 7, 6]
    assert [contract_value("zole", band(p, t), L) for p, t in ((60, 3), (20, 1), (0, 0))] == [
        -6, -7, -8]
    assert contract_value("take", band(61, 3), L) == 1


def test_deltas_three_four_five_players():
    d = settle_contract(3, (1, 2, 0), 2, "zole", 5, R, Pools()).deltas
    assert d == (-5, -5, 10)
    d4 = settle_contract(4, (1, 2, 3), 1, "take", -2, R, Pools()).deltas
    assert d4 == (2, -6, 2, 2)  # seat 0 sits out and counts as a defender
    d4off = settle_contract(4, (1, 2, 3), 1, "take", -2, Rules(sitting_out_pays=False),
                            Pools()).deltas
    assert d4off == (0, -4, 2, 2)
    d5 = settle_contract(5, (1, 2, 4), 4, "zole", 6, R, Pools()).deltas
    assert d5 == (-6, -6, -6, -6, 24)
    d5off = settle_contract(5, (1, 2, 4), 4, "zole", 6, Rules(sitting_out_pays=False),
                            Pools()).deltas
    assert d5off == (0, -6, -6, 0, 12)


def test_pools_passed_hands():
    assert settle_passed(3, Pools()).pools == Pools(1)
    assert settle_passed(3, Pools(1)).pools == Pools(2)
    assert settle_passed(4, Pools()).pools == Pools(2)  # two at a table of four
    assert settle_passed(4, Pools(2)).pools == Pools(3)
    assert settle_passed(5, Pools()).pools == Pools(1)


def test_lost_take_writes_a_personal_pool_only_while_pools_exist():
    s = settle_contract(3, (1, 2, 0), 1, "take", -2, R, Pools())
    assert s.pools == Pools()
    s = settle_contract(3, (1, 2, 0), 1, "take", -2, R, Pools(1))
    assert s.pools == Pools(1, (1,)) and s.deltas == (2, -4, 2)
    s = settle_contract(3, (1, 2, 0), 1, "take", -3, R, Pools(0, (2,)))
    assert s.pools == Pools(0, (2, 1))
    # common_only: a personal pool alone does not make a new one
    co = Rules(personal_pule="common_only")
    assert settle_contract(3, (1, 2, 0), 1, "take", -2, co, Pools(0, (2,))).pools == Pools(0, (2,))
    assert settle_contract(3, (1, 2, 0), 1, "take", -2, co, Pools(1)).pools == Pools(1, (1,))


def test_zole_ignores_pools():
    s = settle_contract(3, (1, 2, 0), 1, "zole", -6, R, Pools(2, (0,)))
    assert s.pools == Pools(2, (0,)) and s.deltas == (6, -12, 6)
    s = settle_contract(3, (1, 2, 0), 1, "zole", 5, R, Pools(2, (1,)))
    assert s.pools == Pools(2, (1,))


def test_win_closes_own_oldest_personal_pool_first():
    s = settle_contract(3, (1, 2, 0), 1, "take", 1, R, Pools(1, (2, 1, 1)))
    assert s.pools == Pools(1, (2, 1)) and s.deltas == (-1, 2, -1)
    assert s.events[0].kind == "closed_own"


def test_win_closes_common_pool_with_one_more_from_each():
    s = settle_contract(3, (1, 2, 0), 1, "take", 2, R, Pools(2, (0,)))
    assert s.pools == Pools(1, (0,)) and s.deltas == (-3, 6, -3)
    s4 = settle_contract(4, (1, 2, 3), 1, "take", 1, R, Pools(1))
    assert s4.deltas == (-2, 6, -2, -2)
    s4off = settle_contract(4, (1, 2, 3), 1, "take", 1, Rules(sitting_out_pays=False), Pools(1))
    assert s4off.deltas == (0, 4, -2, -2)


def test_win_closes_anothers_oldest_personal_pool():
    s = settle_contract(3, (1, 2, 0), 1, "take", 1, R, Pools(0, (2, 0, 2)))
    assert s.pools == Pools(0, (0, 2))
    assert s.deltas == (-1, 2 + 3, -1 - 3)  # the owner pays the number in the payments: 3
    s4 = settle_contract(4, (1, 2, 3), 1, "take", 1, R, Pools(0, (0,)))
    assert s4.deltas == (-1 - 4, 3 + 4, -1, -1)  # 4 when a sitting-out player pays
    s4off = settle_contract(4, (1, 2, 3), 1, "take", 1, Rules(sitting_out_pays=False),
                            Pools(0, (0,)))
    assert s4off.deltas == (-3, 2 + 3, -1, -1)


def test_pools_unused_in_galdins_mode():
    g = Rules(all_pass="galdins")
    s = settle_contract(3, (1, 2, 0), 1, "take", -2, g, Pools())
    assert s.pools == Pools()


def test_session_end():
    assert session_end(3, Pools(2, (0, 0, 1))) == (-4 + 1, 2 - 2, 2 + 1)
    assert session_end(4, Pools(3)) == (0, 0, 0, 0)
    assert sum(session_end(5, Pools(0, (4, 1)))) == 0
