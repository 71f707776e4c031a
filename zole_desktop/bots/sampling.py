"""Layouts for the ``strong`` bot (:mod:`.strong`): the unseen cards dealt consistently with
what a seat has observed (voids, the bidding, the declarer's burial), the weight the bidding
gives a layout, the contracts' values, and the stopping rules of its sampling (a deadline or
a cancel, and when the best card is settled)."""

from __future__ import annotations

import random
import time

from ..rules.cards import TRUMP_MASK, cards_of
from ..rules.options import Rules
from ..rules.settlement import (
    DARK,
    LOSS_31,
    LOSS_JANI,
    TAKE,
    WIN_61,
    WIN_91,
    ZOLE,
    contract_value,
)
from ..rules.state import (
    PASS,
)
from .heuristic import (
    TAKE_AT,
    hand_strength,
)
from .view import View

_CONTRACT_VALUES = {
    TAKE: (2, 1, -2, -3),
    ZOLE: (6, 5, -6, -7),
    DARK: (12, 10, -12, -14),
}




class _Until:
    """A cancel flag for the solvers that is also set once the clock passes ``at``: one
    long search cannot carry a decision far past its deadline."""

    __slots__ = ("cancel", "at")

    def __init__(self, cancel, at: float) -> None:
        self.cancel = cancel
        self.at = at

    def is_set(self) -> bool:
        return (self.cancel is not None and self.cancel.is_set()) or \
            time.perf_counter() >= self.at


class _Stop:
    """When to stop sampling layouts: a sequential test on the per-layout differences.

    ``add`` takes one layout's weight and the value of every candidate in it (larger is
    better).  ``settled`` once the candidate with the best weighted mean leads each other one
    by more than ``z`` standard errors of the weighted mean of their per-layout differences, or
    equals it in every one of at least ``agree`` layouts so far (then the tie-break chooses, as
    it would at the end).  Running sums keep each test O(candidates²)."""

    __slots__ = ("k", "n", "w", "w2", "s", "p", "q", "differ")

    def __init__(self, k: int) -> None:
        self.k = k
        self.n = 0  # layouts added
        self.w = 0.0  # sum of the weights
        self.w2 = 0.0  # sum of their squares
        self.s = [0.0] * k  # sum of w·x per candidate
        self.p = [0.0] * k  # sum of w²·x
        self.q = [[0.0] * k for _ in range(k)]  # sum of w²·x_i·x_j
        self.differ = [[False] * k for _ in range(k)]

    def add(self, weight: float, values: list[float]) -> None:
        self.n += 1
        w2 = weight * weight
        self.w += weight
        self.w2 += w2
        for i, a in enumerate(values):
            self.s[i] += weight * a
            self.p[i] += w2 * a
            qi, di = self.q[i], self.differ[i]
            for j, b in enumerate(values):
                qi[j] += w2 * a * b
                if a != b:
                    di[j] = True

    def settled(self, z: float, agree: int = 0) -> bool:
        if self.w <= 0.0:
            return False
        b = max(range(self.k), key=self.s.__getitem__)
        q, p = self.q, self.p
        for i in range(self.k):
            if i == b:
                continue
            if not self.differ[b][i]:
                if self.n < agree:
                    return False
                continue
            m = (self.s[b] - self.s[i]) / self.w  # weighted mean difference
            if m <= 0.0:
                return False
            # sum of w²·(d - m)², d the per-layout difference: its variance is that / W²
            var = (q[b][b] - 2 * q[b][i] + q[i][i]) - 2 * m * (p[b] - p[i]) + m * m * self.w2
            if m * m * self.w * self.w <= z * z * max(var, 0.0):
                return False
        return True


class _Tally:
    """One search's weighted sums over its solved layouts, per candidate: the values
    (``totals``) and the weight of the layouts in which the goal holds (``goal``); the number
    of layouts and their total weight."""

    __slots__ = ("totals", "goal", "n", "wsum")

    def __init__(self, k: int) -> None:
        self.totals = [0.0] * k
        self.goal = [0.0] * k
        self.n = 0
        self.wsum = 0.0


def _means(t: _Tally, cands: list[int]
           ) -> tuple[dict[int, float], dict[int, float], dict[int, float]] | None:
    """A search's tally per candidate card: its weighted sums (``totals``), and their means
    over the layouts' weight, of the values and of the goal; ``None`` when no layout was
    solved or their weight is nil."""
    if t.n == 0 or t.wsum <= 0.0:
        return None
    totals = dict(zip(cands, t.totals, strict=True))
    return (totals, {c: totals[c] / t.wsum for c in cands},
            {c: g / t.wsum for c, g in zip(cands, t.goal, strict=True)})


_REJECTED = object()  # a layout the bidding's weight did not keep


def contract_values(contract: str, rules: Rules) -> tuple[int, int, int, int]:
    """The declarer's game points per opponent for 91+, 61-90, 31-60 and 0-30 (the bands the
    probes tell apart), under the table's scoring."""
    return (contract_value(contract, WIN_91, rules), contract_value(contract, WIN_61, rules),
            contract_value(contract, LOSS_31, rules), contract_value(contract, LOSS_JANI, rules))


def _holders(v: View) -> tuple[list[int], list[int], list[int], int]:
    """The other positions, their hand sizes, what each may hold, and the size of the unseen
    pile out of play (a defender's view of the burial; anyone's view of a zole's talon)."""
    others = [p for p in range(3) if p != v.pos]
    sizes = [v.hand_sizes[p] for p in others]
    allowed = [v.may_hold(p) for p in others]
    pile = v.unseen.bit_count() - sum(sizes)
    return others, sizes, allowed, pile


def sample_layout(v: View, rng: random.Random, tries: int = 40) -> tuple[list[int], int] | None:
    """One layout of the unseen cards: hands by position (this seat's own hand included)
    and the pile out of play; ``None`` if no consistent layout was found."""
    others, sizes, allowed, pile = _holders(v)
    unseen = cards_of(v.unseen)
    for _ in range(tries):
        rng.shuffle(unseen)
        # most constrained cards first
        order = sorted(unseen, key=lambda c: ((allowed[0] >> c & 1) + (allowed[1] >> c & 1)))
        cap = [sizes[0], sizes[1], pile]
        got = [0, 0, 0]
        ok = True
        for c in order:
            cand = []
            if allowed[0] >> c & 1 and cap[0]:
                cand.append(0)
            if allowed[1] >> c & 1 and cap[1]:
                cand.append(1)
            if cap[2]:
                cand.append(2)
            if not cand:
                ok = False
                break
            if len(cand) == 1:
                k = cand[0]
            else:
                tot = sum(cap[i] for i in cand)
                r = rng.random() * tot
                k = cand[-1]
                for i in cand:
                    r -= cap[i]
                    if r < 0:
                        k = i
                        break
            cap[k] -= 1
            got[k] |= 1 << c
        if not ok:
            continue
        hands = [0, 0, 0]
        hands[v.pos] = v.hand
        hands[others[0]] = got[0]
        hands[others[1]] = got[1]
        return hands, got[2]
    return None


def _played_by(v: View) -> list[int]:
    out = [0, 0, 0]
    seats = v.obs.seats
    for t in v.obs.tricks:
        for s, c in zip(t.seats, t.cards, strict=True):
            if s in seats:
                out[seats.index(s)] |= 1 << c
    for p, c in v.trick:
        if p >= 0:
            out[p] |= 1 << c
    return out


def _bid_weight(v: View, hands: list[int], pile: int, played: list[int]) -> float:
    """How likely the observed bidding is with this layout (up to a constant)."""
    w = 1.0
    bids = v.obs.bids
    seats = v.obs.seats
    for seat, b in bids:
        p = seats.index(seat)
        if p == v.pos:
            continue
        orig = hands[p] | played[p]
        if b == PASS:
            s = hand_strength(orig, p == 0)
            if s >= TAKE_AT + 1.5:
                w *= 0.1
            elif s >= TAKE_AT:
                w *= 0.35
        elif p == v.decl and v.contract in (ZOLE, DARK):
            s = hand_strength(orig, p == 0)
            if s < TAKE_AT:
                w *= 0.25
        elif p == v.decl and v.contract == TAKE:
            # ten cards seen by the declarer: the talon is two of hand+played+pile
            tr = ((orig | pile) & TRUMP_MASK).bit_count()
            if tr < 5:
                w *= 0.4
    return w
