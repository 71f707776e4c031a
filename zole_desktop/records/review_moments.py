"""What a hand's result turned on: the bids, the burial and the cards, each judged by the code
the in-game hints use, and ranked by what it cost in game points.

Pure logic (no pygame).

* A bid: :func:`..bots.advisor.estimate_bids` (the bid hint) at the seat's turn, on a fixed
  seed; named when another bid was better by :data:`BID_CLEAR` game points on average.
* The burial: the strong bot's burial judgement (the burial hint: the heuristic's most
  promising pairs played out on the same sampled deals), with the pair actually buried among
  the pairs judged; named when the best pair scores :data:`BURIAL_CLEAR` more on average.
* A card: the double-dummy notes of :mod:`.review`; its cost in game points is what the change
  of the declarer's double-dummy total does to the contract's band (a card that keeps the
  band costs card points only, and ranks after every cost in game points).

Every cost is in game points: a bid's for the seat that bid, a burial's for the declarer (who
collects from two opponents, so a game point per opponent counts twice), a card's for its
side (the two defenders alike).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from ..bots.advisor import estimate_bids
from ..bots.heuristic import ranked_burials
from ..bots.solver import NodeLimit, Solver
from ..bots.strong import StrongBot
from ..rules import cards as C
from ..rules.settlement import band, contract_value
from ..rules.state import (
    BIDDING,
    BURYING,
    DARK_BID,
    SURRENDER,
    HandState,
    Observation,
)
from .review import CardNote, HandReview, Stop, TrickView, fresh

log = logging.getLogger(__name__)

BID, BURIAL, CARD = "bid", "burial", "card"
BURIAL_DD = "burial_dd"  # the progress' stage: the burial solved again in this deal
BID_CLEAR = 1.0  # game points on average: a bid this much worse than the best is named
BURIAL_CLEAR = 0.5  # game points on average (the declarer's): a burial this much worse
BURIAL_SHARE = 0.10  # ... or winning the game this much less often
BID_LAYOUTS = 40
MIN_LAYOUTS = 8  # a bid is judged on at least this many deals (as the strong bot bids)
BURIAL_LAYOUTS = 30
OPPONENTS = 2  # the declarer's opponents in a hand (three play)


@dataclass(frozen=True)
class Why:
    """Why a card gave points away, from the hand as it was played."""

    won: bool  # the card won its trick
    alt: int | None  # the best card named (one of the note's best)
    alt_wins: bool  # that card would have won the trick too, whatever came after it
    later: tuple[int, int] | None  # (trick, card): a later trick the seat's side lost, that
    # the card played here would have won (it was legal there and beats the winning card)
    to_them: int  # card points the card itself put into a trick the other side won


@dataclass(frozen=True)
class Moment:
    """One choice that cost something.  ``cost``: game points (the chooser's own) against
    the best choice; ``points``: card points given away (cards only); ``trick``: the trick
    it belongs to (0: before the play, for bids and the burial)."""

    kind: str
    seat: int
    trick: int
    cost: float
    points: int = 0
    order: int = 0  # its place in the hand, for ties
    chosen: tuple[int, ...] = ()  # the bid action, the pair buried, the card played
    better: tuple[int, ...] = ()  # the better bid, pair or cards
    values: tuple[float, float] = (0.0, 0.0)  # bid: expected game points (chosen, better);
    # burial: mean game points per opponent (chosen, better)
    shares: tuple[float, float] = (0.0, 0.0)  # burial: share of the deals won (chosen, better)
    layouts: int = 0  # the deals of the unseen cards tried (bid, burial)
    note: CardNote | None = None
    why: Why | None = None
    dd: tuple[int, int] | None = None  # burial: the declarer's double-dummy card points from
    # the first lead in this very deal (with the pair buried, with the better pair)

    @property
    def key(self) -> tuple:
        """The ranking: the game points lost first, then the card points, then the earliest."""
        return (-round(self.cost, 3), -self.points, self.order)


def ranked(moments: list[Moment]) -> list[Moment]:
    return sorted(moments, key=lambda m: m.key)


# ------------------------------------------------------------------ decisions before the play
@dataclass(frozen=True)
class Decisions:
    """The observations at each bid (seat, its observation, the bid made) and at the burial
    (the declarer's observation with ten cards, the pair buried)."""

    bids: list[tuple[int, Observation, int]]
    burial: tuple[int, Observation, tuple[int, int]] | None


def decisions(state: HandState) -> Decisions:
    st = fresh(state)
    bids: list[tuple[int, Observation, int]] = []
    burial: tuple[int, Observation, tuple[int, int]] | None = None
    buried: list[int] = []
    at_burial: tuple[int, Observation] | None = None
    for seat, a in state.actions():
        if st.phase == BIDDING and a != SURRENDER:
            bids.append((seat, st.observation(seat), a))
        elif st.phase == BURYING and a < C.NUM_CARDS:
            if at_burial is None:
                at_burial = (seat, st.observation(seat))
            buried.append(a)
        st.apply(a)
    if at_burial is not None and len(buried) == 2:
        burial = (at_burial[0], at_burial[1], (buried[0], buried[1]))
    return Decisions(bids, burial)


def bid_moment(seat: int, obs: Observation, bid: int, order: int, deadline: float,
               cancel=None, seed: int = 0) -> Moment | None:
    """The bid made, against the bid hint's values at that turn (None: the bid was as good,
    or the hint found nothing in time).  A bid in the dark is not judged (nobody saw the
    cards)."""
    if bid == DARK_BID or len([b for b in obs.legal if b != SURRENDER]) < 2:
        return None
    est = estimate_bids(obs, deadline, cancel, seed=seed, pools=obs.pools,
                        max_layouts=BID_LAYOUTS)
    if est.best is None or bid not in est.values or est.layouts < MIN_LAYOUTS:
        return None
    gain = est.values[est.best] - est.values[bid]
    if est.best == bid or gain < BID_CLEAR:
        return None
    return Moment(BID, seat, 0, gain, order=order, chosen=(bid,), better=(est.best,),
                  values=(est.values[bid], est.values[est.best]), layouts=est.layouts)


def burial_moment(seat: int, obs: Observation, pair: tuple[int, int], order: int,
                  cancel=None, seed: int = 0,
                  layouts: int = BURIAL_LAYOUTS) -> Moment | None:
    """The pair buried, against the burial hint's judgement of the same hand (the pair
    buried is judged with the hint's candidates).  None: as good, or nothing judged."""
    hand = C.mask_of(obs.hand)
    order_of = ranked_burials(hand)
    mine = next(i for i, p in enumerate(order_of) if set(p) == set(pair))
    bot = StrongBot(seed, layouts=layouts)
    bot.burial_cands = max(StrongBot.burial_cands, mine + 1)
    bot._choose_burial(obs, hand, float("inf"), cancel)
    stats = bot.last_burial
    if not stats:
        return None
    key = next(p for p in stats if set(p) == set(pair))
    best = max(stats, key=lambda p: (stats[p][0], p == key))
    if best == key:
        return None
    loss = OPPONENTS * (stats[best][0] - stats[key][0])
    shares = (stats[key][1], stats[best][1])
    if loss < BURIAL_CLEAR and shares[1] - shares[0] < BURIAL_SHARE:
        return None
    return Moment(BURIAL, seat, 0, max(0.0, loss), order=order,
                  chosen=tuple(sorted(pair, reverse=True)),
                  better=tuple(sorted(best, reverse=True)),
                  values=(stats[key][0], stats[best][0]), shares=shares, layouts=bot.last_layouts)


def dd_with_burial(at_lead: HandState, pair: tuple[int, ...], deadline: float | None = None,
                   cancel=None, node_limit: int | None = None) -> int | None:
    """The declarer's double-dummy card points from the first lead of this deal, had ``pair``
    been buried instead (the buried points included); None when not solved in time."""
    d = at_lead.declarer
    assert d is not None, "a hand in play has a declarer"
    hands = list(at_lead.hands)
    hands[d] = (hands[d] | at_lead.buried) & ~C.mask_of(pair)
    solver = Solver(hands, d, node_limit=node_limit, cancel=Stop(cancel, deadline))
    try:
        return C.points_of(C.mask_of(pair)) + solver.value(at_lead.turn, [], guess=60)
    except NodeLimit:
        return None


def burial_in_this_deal(review: HandReview, m: Moment, better: int, rules) -> Moment:
    """The burial's moment with its cost in this very deal: what the declarer's double-dummy
    total with the better pair buried (``better``) does to the contract's value."""
    assert review.dd_value is not None, "the deal was analysed"
    mine = review.dd_value

    def value(points: int) -> int:
        return contract_value(review.contract, band(points, 4), rules)

    cost = max(0.0, float(OPPONENTS * (value(better) - value(mine))))
    return replace(m, cost=cost, points=max(0, better - mine), dd=(mine, better))


# ------------------------------------------------------------------ cards
def card_cost(review: HandReview, note: CardNote, rules) -> float:
    """What the card's change of the double-dummy total does to the contract's value, in
    the game points of its side (the declarer's two opponents pay, or are paid, alike)."""
    def value(points: int) -> int:
        return contract_value(review.contract, band(points, 4), rules)

    per_opponent = value(note.before) - value(note.after)
    return float(OPPONENTS * (per_opponent if note.declarer_side else -per_opponent))


def _winner(plays: list[tuple[int, int]]) -> tuple[int, int]:
    best = plays[0]
    for sc in plays[1:]:
        if C.beats(sc[1], best[1]):
            best = sc
    return best


def _legal(held: tuple[int, ...], led: int | None) -> list[int]:
    if led is None:
        return list(held)
    follow = [c for c in held if C.FOLLOW_MASK[led] >> c & 1]
    return follow or list(held)


def why(review: HandReview, note: CardNote) -> Why:
    """Why ``note``'s card gave points away, from the trick it was in and the tricks after."""
    t: TrickView = review.tricks[note.trick - 1]
    plays = list(t.plays)
    pos = next(i for i, (s, c) in enumerate(plays) if s == note.seat and c == note.card)
    decl = review.declarer

    def side(seat: int) -> bool:
        return seat == decl

    won = t.winner == note.seat
    to_them = C.POINTS[note.card] if side(t.winner) != note.declarer_side else 0
    # the best card shown: one that surely wins the trick too when the card played won it
    alt, alt_wins = None, False
    for b in sorted(note.best, key=lambda c: (C.POINTS[c], c)):
        prefix = plays[:pos] + [(note.seat, b)]
        led = prefix[0][1]
        sure = _winner(prefix)[0] == note.seat and all(
            not any(C.beats(c, b) for c in _legal(t.before[s], led)) for s, _c in plays[pos + 1:])
        if alt is None or (sure and not alt_wins):
            alt, alt_wins = b, sure
    later = None
    if won:
        for u in review.tricks[note.trick:]:
            mine = next(((i, c) for i, (s, c) in enumerate(u.plays) if s == note.seat), None)
            if mine is None or side(u.winner) == note.declarer_side:
                continue
            lead: int | None = u.plays[0][1] if mine[0] else None
            kept = tuple(sorted(set(u.before[note.seat]) | {note.card}))
            if note.card not in _legal(kept, lead):
                continue
            swapped = list(u.plays)
            swapped[mine[0]] = (note.seat, note.card)
            if _winner(swapped)[0] == note.seat:
                later = (u.number, _winner(list(u.plays))[1])
                break
    return Why(won, alt, alt_wins, later, to_them)


def card_moment(review: HandReview, note: CardNote, rules) -> Moment:
    return Moment(CARD, note.seat, note.trick, card_cost(review, note, rules), note.lost,
                  order=10 + note.index, chosen=(note.card,), better=note.best, note=note,
                  why=why(review, note) if note.best else None)


def card_moments(review: HandReview, rules) -> list[Moment]:
    return [card_moment(review, n, rules) for n in review.notes if n.lost > 0]


__all__ = ["BID", "BURIAL", "BURIAL_DD", "CARD", "Decisions", "Moment", "Why", "bid_moment",
           "burial_in_this_deal", "burial_moment", "card_cost", "card_moment", "card_moments",
           "dd_with_burial", "decisions", "ranked",
           "why"]
