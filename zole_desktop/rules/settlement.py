"""Settlement of a finished hand: game points for every seat, pools included."""

from __future__ import annotations

from dataclasses import dataclass, field

from .options import Rules
from .pools import Pools

# contracts
TAKE, ZOLE, MAZA, DARK, PASSED, GALDINS = "take", "zole", "maza", "dark", "passed", "galdins"

# result bands of the declarer
ALL_TRICKS, WIN_91, WIN_61, LOSS_31, LOSS_JANI, NO_TRICK = (
    "all_tricks", "91", "61", "31", "jani", "no_trick")

_TAKE_VALUES = {ALL_TRICKS: 3, WIN_91: 2, WIN_61: 1, LOSS_31: -2, LOSS_JANI: -3, NO_TRICK: -4}
_ZOLE_STANDARD = {ALL_TRICKS: 7, WIN_91: 6, WIN_61: 5, LOSS_31: -6, LOSS_JANI: -7, NO_TRICK: -8}
_ZOLE_LEICESTER = {ALL_TRICKS: 8, WIN_91: 7, WIN_61: 6, LOSS_31: -6, LOSS_JANI: -7,
                   NO_TRICK: -8}
MAZA_WIN, MAZA_LOSS = 6, -7


def band(points: int, tricks: int) -> str:
    """The declarer's result band: all tricks and no trick count tricks, the rest points."""
    if tricks == 8:
        return ALL_TRICKS
    if tricks == 0:
        return NO_TRICK
    if points >= 91:
        return WIN_91
    if points >= 61:
        return WIN_61
    if points >= 31:
        return LOSS_31
    return LOSS_JANI


def contract_value(contract: str, result_band: str, rules: Rules) -> int:
    """Game points the declarer gets (+) or pays (−) to each opponent in the payments."""
    if contract == TAKE:
        return _TAKE_VALUES[result_band]
    table = _ZOLE_LEICESTER if rules.zole_scoring == "leicester" else _ZOLE_STANDARD
    if contract == ZOLE:
        return table[result_band]
    if contract == DARK:
        return 2 * table[result_band]
    raise ValueError(f"no value table for {contract!r}")


@dataclass(frozen=True, slots=True)
class PoolEvent:
    """What a hand did to the pools, for the summary and the score sheet."""

    kind: str  # "common_added", "personal_added", "closed_own", "closed_common", "closed_other"
    seat: int | None = None  # owner / declarer concerned
    count: int = 1
    paid_by: int | None = None  # owner of another's pool that paid
    amount: int = 0


@dataclass(frozen=True, slots=True)
class Settlement:
    deltas: tuple[int, ...]
    pools: Pools
    events: tuple[PoolEvent, ...] = field(default=())
    losers: tuple[int, ...] = ()  # galdiņš: the seats that paid


def payers_of(players: int, active: tuple[int, ...], exclude: tuple[int, ...],
              rules: Rules) -> list[int]:
    """Seats that take part in the payments, apart from ``exclude``: the active seats, and
    the seats sitting out when ``sitting_out_pays``."""
    seats = range(players) if rules.sitting_out_pays else active
    return [s for s in seats if s not in exclude]


def settle_contract(players: int, active: tuple[int, ...], declarer: int, contract: str,
                    value: int, rules: Rules, pools: Pools) -> Settlement:
    """Deltas for a played contract worth ``value`` per opponent, with the pools rules."""
    deltas = [0] * players
    opponents = payers_of(players, active, (declarer,), rules)
    for s in opponents:
        deltas[s] -= value
    deltas[declarer] += value * len(opponents)
    events: list[PoolEvent] = []
    if contract == TAKE and rules.all_pass == "pules":
        if value < 0:
            exists = pools.common > 0 if rules.personal_pule == "common_only" else pools.any
            if exists:
                pools = pools.add_personal(declarer)
                events.append(PoolEvent("personal_added", declarer))
        elif pools.any:
            if declarer in pools.personal:
                pools = pools.close_personal(declarer)
                events.append(PoolEvent("closed_own", declarer))
            elif pools.common > 0:
                pools = pools.close_common()
                for s in opponents:
                    deltas[s] -= 1
                deltas[declarer] += len(opponents)
                events.append(PoolEvent("closed_common", declarer, amount=len(opponents)))
            else:
                owner = pools.personal[0]
                pools = pools.close_personal(owner)
                amount = len(opponents) + 1
                deltas[owner] -= amount
                deltas[declarer] += amount
                events.append(PoolEvent("closed_other", declarer, paid_by=owner, amount=amount))
    return Settlement(tuple(deltas), pools, tuple(events))


def settle_passed(players: int, pools: Pools) -> Settlement:
    new = pools.add_common(players)
    return Settlement((0,) * players, new,
                      (PoolEvent("common_added", None, count=new.common - pools.common),))


def galdins_losers(tricks: list[int], points: list[int], rules: Rules) -> list[int]:
    """Indices (into the active seats) of the players who pay in galdiņš."""
    if rules.galdins_penalty == "points_rate":
        primary, secondary = points, tricks
    else:
        primary, secondary = tricks, points
    top = max(primary)
    tied = [i for i in range(3) if primary[i] == top]
    if len(tied) == 1 or rules.galdins_tie == "all_pay":
        return tied
    top2 = max(secondary[i] for i in tied)
    return [i for i in tied if secondary[i] == top2]


def settle_galdins(players: int, active: tuple[int, ...], tricks: list[int], points: list[int],
                   rules: Rules, pools: Pools) -> Settlement:
    """``tricks`` and ``points`` are per active seat, in playing order from forehand."""
    losers = galdins_losers(tricks, points, rules)
    loser_seats = tuple(active[i] for i in losers)
    receivers = payers_of(players, active, loser_seats, rules)
    deltas = [0] * players
    for i in losers:
        if rules.galdins_penalty == "two_each":
            amount = 2
        elif rules.galdins_penalty == "one_each":
            amount = 1
        elif rules.galdins_penalty == "per_trick":
            amount = tricks[i]
        else:  # points_rate: as a lost ordinary game
            amount = 4 if tricks[i] == 8 else 3 if points[i] >= 91 else 2
        for s in receivers:
            deltas[s] += amount
            deltas[active[i]] -= amount
    return Settlement(tuple(deltas), pools, (), loser_seats)


def session_end(players: int, pools: Pools) -> tuple[int, ...]:
    """Pools left when a session ends: each personal pool costs its owner 1 to each other
    player (2 in all at a table of three); common pools lapse."""
    deltas = [0] * players
    for owner in pools.personal:
        for s in range(players):
            if s != owner:
                deltas[s] += 1
                deltas[owner] -= 1
    return tuple(deltas)
