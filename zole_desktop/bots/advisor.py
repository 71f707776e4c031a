"""Hints for the person at the table, from one seat's observation only.

* :func:`estimate_bids` — while bidding: the expected game points of each bid for this seat.
  Layouts of the unseen cards are sampled (a player who passed with a clear take is kept
  only now and then), the rest of the bidding is played by the normal bot's rule, and each
  resulting game is solved double-dummy by the strong bot's solver with null-window probes
  (does the declarer reach 61, then 91 or 31?).  Mazā zole and galdiņš are played out by
  the normal bot's card rules.  Every bid is judged on the same layouts.
* :func:`suggest_card` — while playing: the strong bot's card (with a deadline) and a short
  reason derived from the situation (:func:`card_reason`).

Both are bounded by a ``deadline`` (``time.perf_counter()``) and stop early on ``cancel``.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from itertools import combinations

from ..i18n import N_
from ..rules.cards import (
    FOLLOW_MASK,
    FULL_DECK,
    POINTS,
    TRUMP_MASK,
    beats,
    cards_of,
    mask_of,
    points_of,
)
from ..rules.pools import Pools
from ..rules.settlement import (
    DARK,
    GALDINS,
    MAZA,
    TAKE,
    ZOLE,
    band,
    contract_value,
    settle_contract,
)
from ..rules.state import (
    BIDDING,
    BURYING,
    DARK_BID,
    DONE,
    PASS,
    PLAYING,
    SURRENDER,
    TABLE,
    HandState,
    Observation,
)
from .heuristic import TAKE_AT, ZOLE_AT, burial_score, hand_strength, heuristic_bid, heuristic_card
from .solver import NodeLimit, Solver
from .strong import StrongBot
from .view import View

__all__ = ["BidEstimate", "CardHint", "card_reason", "estimate_bids", "suggest_card"]

PARTNERSHIP = (TAKE, ZOLE, DARK)
NODE_LIMIT = 6_000  # per solver; past it the hand is played out by the normal bot's rules


@dataclass
class BidEstimate:
    """``values``: bid action -> mean game points for the seat; ``best``: the advice."""

    values: dict[int, float] = field(default_factory=dict)
    best: int | None = None
    layouts: int = 0


@dataclass
class CardHint:
    card: int
    reason: str  # an N_() message id; translate when drawing


# ---------------------------------------------------------------------------- bidding
def _sample(obs: Observation, rng: random.Random, hidden: bool) -> tuple[list[int], int]:
    """Hands by position (this seat's own, unless ``hidden``) and the talon."""
    pos = obs.seats.index(obs.seat)
    mine = mask_of(obs.hand)
    rest = cards_of(FULL_DECK if hidden else FULL_DECK & ~mine)
    rng.shuffle(rest)
    hands = [0, 0, 0]
    k = 0
    for p in range(3):
        if p == pos and not hidden:
            hands[p] = mine
            continue
        hands[p] = mask_of(rest[k:k + 8])
        k += 8
    return hands, mask_of(rest[k:k + 2])


def _plausible(obs: Observation, hands: list[int], rng: random.Random) -> bool:
    """Keep a layout with the probability that the passes so far fit it."""
    w = 1.0
    for seat, b in obs.bids:
        if seat == obs.seat or b != PASS:
            continue
        p = obs.seats.index(seat)
        s = hand_strength(hands[p], p == 0)
        if s >= TAKE_AT + 1.5:
            w *= 0.1
        elif s >= TAKE_AT:
            w *= 0.35
    return w >= 1.0 or rng.random() < w


def _band_of(s: Solver, base: int) -> str:
    """The declarer's band by probes (tricks are not counted: 61-90 style bands only)."""
    if s.reaches(0, [], 61 - base):
        return band(91, 4) if s.reaches(0, [], 91 - base) else band(61, 4)
    return band(31, 4) if s.reaches(0, [], 31 - base) else band(0, 4)


def _play_out(st: HandState) -> None:
    """Finish a hand with the normal bot's card rules (mazā zole, galdiņš)."""
    while st.phase == PLAYING:
        obs = st.observation(st.current_seat)
        c = heuristic_card(View(obs), "normal")
        if c not in obs.legal or c == SURRENDER:
            c = next(a for a in obs.legal if a != SURRENDER)
        st.apply(c)


def _outcome(st: HandState, seat: int, cancel) -> float:
    """Game points for ``seat`` once the bidding of ``st`` is over."""
    if st.phase == BURYING:
        d = st.declarer
        hand10 = st.hands[d]
        pair = max(combinations(cards_of(hand10), 2),
                   key=lambda p: (burial_score(hand10, p), -p[0], -p[1]))
        for c in pair:
            st.apply(c)
    if st.phase == DONE or st.contract in (MAZA, GALDINS):
        _play_out(st)
        return float(st.settle().deltas[seat])
    contract = st.contract
    d = st.declarer
    base = points_of(st.buried) if contract == TAKE else 0
    s = Solver(list(st.hands), d, node_limit=NODE_LIMIT, cancel=cancel)
    try:
        value = contract_value(contract, _band_of(s, base), st.rules)
    except NodeLimit:
        if cancel is not None and cancel.is_set():
            raise
        _play_out(st)
        return float(st.settle().deltas[seat])
    settled = settle_contract(st.players, st.seats, st.seats[d], contract, value, st.rules,
                              st.pools)
    return float(settled.deltas[seat])


def estimate_bids(obs: Observation, deadline: float, cancel=None, seed: int = 0,
                  pools: Pools | None = None, hidden: bool = False,
                  max_layouts: int = 80) -> BidEstimate:
    """Expected game points of each legal bid for ``obs.seat`` (whose turn it is to bid).

    ``hidden``: the seat has not looked at its cards (zole in the dark): its own hand is
    sampled too, and only the dark bid is estimated against passing.
    """
    out = BidEstimate()
    if obs.phase != BIDDING or obs.seat not in obs.seats or not obs.legal:
        return out
    rng = random.Random(seed)
    options = [b for b in obs.legal if b != SURRENDER]
    if hidden:
        options = [b for b in options if b in (DARK_BID, PASS)]
    else:
        options = [b for b in options if b != DARK_BID]
    totals = dict.fromkeys(options, 0.0)
    n = 0
    tries = 0
    while n < max_layouts and tries < max_layouts * 6:
        tries += 1
        if time.perf_counter() >= deadline or (cancel is not None and cancel.is_set()):
            break
        hands, talon = _sample(obs, rng, hidden)
        if not _plausible(obs, hands, rng):
            continue
        st0 = HandState.new(obs.players, obs.dealer,
                            {s: cards_of(hands[p]) for p, s in enumerate(obs.seats)},
                            cards_of(talon), obs.rules, pools)
        for _seat, b in obs.bids:
            st0.apply(b)
        res = {}
        try:
            for b in options:
                st = st0.copy()
                st.apply(b)
                while st.phase == BIDDING:
                    o = st.observation(st.current_seat)
                    a = heuristic_bid(o, TAKE_AT, ZOLE_AT)
                    st.apply(a if a in o.legal and a != DARK_BID else PASS)
                res[b] = _outcome(st, obs.seat, cancel)
        except NodeLimit:
            continue
        for b in options:
            totals[b] += res[b]
        n += 1
    out.layouts = n
    if n:
        out.values = {b: totals[b] / n for b in options}
        # a tie goes to passing (the safer call)
        out.best = max(options, key=lambda b: (round(out.values[b], 6), b == PASS))
    return out


# ---------------------------------------------------------------------------- card play
def _winning(trick: tuple[tuple[int, int], ...]) -> tuple[int, int] | None:
    """(seat, card) of the card that wins the trick so far."""
    if not trick:
        return None
    best = trick[0]
    for sc in trick[1:]:
        if beats(sc[1], best[1]):
            best = sc
    return best


def card_reason(obs: Observation, card: int) -> str:
    """Why ``card`` is a good play here, in a few words (an ``N_`` message id)."""
    legal = [a for a in obs.legal if 0 <= a < 26]
    hand = mask_of(obs.hand)
    contract = obs.contract
    trick = obs.trick
    if len(legal) == 1:
        return N_("The only card you may play")
    if contract in (MAZA, GALDINS):
        win = _winning(trick)
        if win is not None and not beats(card, win[1]):
            return N_("Stay under: this card does not take the trick")
        if not trick:
            return N_("Lead low: make someone else take the trick")
        return N_("Every card you may play takes this trick: give away the fewest points")
    played = 0
    for t in obs.tricks:
        played |= mask_of(t.cards)
    played |= mask_of(c for _s, c in trick)
    unseen = FULL_DECK & ~hand & ~played & ~mask_of(obs.buried)
    declarer = obs.declarer
    me_decl = declarer == obs.seat
    if not trick:
        if card >= 12:
            higher_out = [c for c in cards_of(unseen & TRUMP_MASK) if c > card]
            if not higher_out:
                return N_("Draw trumps: you hold the highest ones")
            return N_("Lead a trump to pull the opponents' trumps")
        suit_out = unseen & FOLLOW_MASK[card]
        if not [c for c in cards_of(suit_out) if c > card]:
            return N_("Cash your winner: no higher card of the suit is out")
        if POINTS[card] == 0:
            return N_("Lead low: keep your strong cards for later")
        return N_("Best on average over the possible deals")
    win = _winning(trick)
    assert win is not None
    partner_wins = (not me_decl and win[0] != declarer and win[0] != TABLE
                    and declarer is not None)
    rest_to_play = 3 - len(trick) - 1  # players after me in this trick
    last_to_play = rest_to_play == 0
    follows = bool(hand & FOLLOW_MASK[trick[0][1]])
    takes = beats(card, win[1])
    winners = [c for c in legal if beats(c, win[1])]
    if partner_wins and not takes:
        if POINTS[card] >= 10 and (last_to_play or POINTS[card] == max(POINTS[c] for c in legal)):
            return N_("Smear points: your partner wins this trick")
        if POINTS[card] > 0 and last_to_play:
            return N_("Smear points: your partner wins this trick")
    if takes:
        cheapest = min(winners, key=lambda c: (POINTS[c], c))
        if card == cheapest or (last_to_play and POINTS[card] == POINTS[cheapest]):
            return N_("Win cheaply with the lowest card that takes the trick")
        return N_("Take the trick: it is worth having")
    if not winners:
        low = min(POINTS[c] for c in legal)
        if POINTS[card] == low:
            return N_("Lowest card: this trick is lost anyway")
    if follows and POINTS[card] == min(POINTS[c] for c in legal):
        return N_("Follow with the lowest card of the suit")
    return N_("Best on average over the possible deals")


def suggest_card(obs: Observation, deadline: float, cancel=None, seed: int = 0,
                 layouts: int | None = None) -> CardHint | None:
    """The strong bot's card for this observation (its turn to play) and the reason."""
    legal = [a for a in obs.legal if 0 <= a < 26]
    if obs.phase != PLAYING or not legal:
        return None
    bot = StrongBot(seed, layouts=layouts)
    try:
        c = bot.choose(obs, deadline=deadline, cancel=cancel)
    except Exception:  # a bot bug must not cost the player the game
        c = None
    if c not in legal:
        c = heuristic_card(View(obs), "normal")
        if c not in legal:
            c = legal[0]
    return CardHint(c, card_reason(obs, c))

