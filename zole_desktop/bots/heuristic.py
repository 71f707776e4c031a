"""Rule-based bots: ``easy`` (a beginner's habits) and ``normal`` (sound heuristics).

The normal bot counts trumps and points, remembers the played cards and the voids they
reveal, plays as a partnership on defence (smears points on a partner who wins, leads
through the declarer) and buries to create voids.  Its bidding is a static hand evaluator
(:func:`hand_strength`) whose thresholds were calibrated by self-play.
"""

from __future__ import annotations

from itertools import combinations

from ..rules.cards import (
    BEATS,
    POINTS,
    SUIT_MASKS,
    SUIT_OF,
    TRUMP_BASE,
    TRUMP_MASK,
    cards_of,
    mask_of,
    points_of,
)
from ..rules.settlement import GALDINS, MAZA
from ..rules.state import (
    BIDDING,
    BURYING,
    MAZA_BID,
    PASS,
    TAKE_BID,
    ZOLE_BID,
    Observation,
)
from .base import Bot, register
from .view import NEXT, View

__all__ = ["EasyBot", "NormalBot", "hand_strength", "best_burial", "heuristic_card"]

# ---------------------------------------------------------------------------- evaluation
_TRUMP_W = {
    25: 4.0, 24: 3.6, 23: 3.3, 22: 3.0, 21: 2.7, 20: 2.5, 19: 2.3, 18: 2.1,
    17: 1.9, 16: 1.8, 15: 1.6, 14: 1.4, 13: 1.4, 12: 1.4,
}
PLAIN = (0, 1, 2)

# thresholds on hand_strength (8 cards), calibrated by self-play of the normal bot
TAKE_AT = 15.0
ZOLE_AT = 19.0
EASY_TAKE_AT = 17.0
EASY_ZOLE_AT = 21.5


def hand_strength(hand: int, forehand: bool = False) -> float:
    """A static value of a hand for the declarer: trumps by rank, plain aces and guarded
    tens, voids when there are trumps to use them, and the forehand's first lead."""
    s = 0.0
    trumps = hand & TRUMP_MASK
    for c in cards_of(trumps):
        s += _TRUMP_W[c]
    nt = trumps.bit_count()
    for suit in PLAIN:
        m = hand & SUIT_MASKS[suit]
        if not m:
            if nt >= 4:
                s += 0.6
            continue
        ace = m >> (4 * suit + 3) & 1
        ten = m >> (4 * suit + 2) & 1
        if ace:
            s += 1.6
            if ten:
                s += 0.8
        elif ten:
            s += 0.2 if m.bit_count() >= 2 else -0.3
    if forehand:
        s += 0.5
    return s


def maza_risk(hand: int) -> float:
    """How likely a hand is to take a trick in mazā zole (lower is safer)."""
    r = 0.0
    for c in cards_of(hand & TRUMP_MASK):
        r += 0.6 + (c - TRUMP_BASE) * 0.35
    for suit in PLAIN:
        m = hand & SUIT_MASKS[suit]
        n = m.bit_count()
        for c in cards_of(m):
            rank = c & 3  # 0 nine, 1 king, 2 ten, 3 ace
            r += (0.0, 0.5, 1.2, 2.2)[rank] * (1.0 if n <= 2 else 1.4)
    return r


def burial_score(hand10: int, pair: tuple[int, int]) -> float:
    """How good it is to bury ``pair`` from the ten cards: secured points, voids created,
    trumps kept, no unguarded tens left."""
    b = (1 << pair[0]) | (1 << pair[1])
    rest = hand10 & ~b
    s = float(points_of(b))
    s -= 14.0 * (b & TRUMP_MASK).bit_count()
    for suit in PLAIN:
        m = rest & SUIT_MASKS[suit]
        if not m:
            if hand10 & SUIT_MASKS[suit]:
                s += 9.0
            continue
        ace = m >> (4 * suit + 3) & 1
        ten = m >> (4 * suit + 2) & 1
        n = m.bit_count()
        if ten and not ace:
            s -= 6.0 if n == 1 else 3.0
        if not ace:
            s -= 2.0 * n  # losers
    return s


def ranked_burials(hand10: int) -> list[tuple[int, int]]:
    """Every pair of the ten cards, the most promising burial first (:func:`burial_score`;
    ties by the lower cards)."""
    return sorted(combinations(cards_of(hand10), 2), key=lambda p: _burial_rank(hand10, p))


def best_burial(hand10: int) -> tuple[int, int]:
    """The first of :func:`ranked_burials`, without sorting the rest."""
    return min(combinations(cards_of(hand10), 2), key=lambda p: _burial_rank(hand10, p))


def _burial_rank(hand10: int, pair: tuple[int, int]) -> tuple[float, tuple[int, int]]:
    return -burial_score(hand10, pair), pair


# ---------------------------------------------------------------------------- card play
def _beats(c: int, best: int) -> bool:
    return BEATS[best][c]


def _trick_state(v: View) -> tuple[int, int, int]:
    """(best card, its position, points on the table)."""
    best, bpos = v.trick[0][1], v.trick[0][0]
    pts = 0
    for p, c in v.trick:
        pts += POINTS[c]
        if _beats(c, best):
            best, bpos = c, p
    return best, bpos, pts


def _lowest(cards: list[int]) -> int:
    """The cheapest card to give away: fewest points, plain before trump, weakest."""
    return min(cards, key=lambda c: (POINTS[c] + (6 if c >= 18 else 0), c >= TRUMP_BASE, c))


def _smear(cards: list[int]) -> int:
    """The card that gives a winning partner most points without wasting high trumps."""
    return max(cards, key=lambda c: (POINTS[c] - (8 if c >= 18 else 0), -c))


def _cheapest_winner(cards: list[int]) -> int:
    return min(cards, key=lambda c: (c >= TRUMP_BASE, c if c >= TRUMP_BASE else -POINTS[c]))


def _is_master(v: View, c: int, against: int) -> bool:
    """No unseen card that ``against`` (a mask of possible cards) can play beats ``c``."""
    if c >= TRUMP_BASE:
        return not against & TRUMP_MASK & ~((1 << (c + 1)) - 1)
    suit = SUIT_OF[c]
    higher = against & SUIT_MASKS[suit] & ~((1 << (c + 1)) - 1)
    return not higher


def _can_ruff(v: View, p: int, suit: int) -> bool:
    """Might position p trump a lead of this plain suit?"""
    return v.void_in(p, suit) and bool(v.may_hold(p) & TRUMP_MASK)


def heuristic_card(v: View, habits: str = "normal") -> int:
    legal = [a for a in v.legal if a < 26]
    if len(legal) == 1:
        return legal[0]
    if v.contract == GALDINS:
        return _avoid_tricks(v, legal)
    if v.contract == MAZA:
        return _maza_card(v, legal)
    if habits == "easy":
        return _easy_card(v, legal)
    if not v.trick:
        return _lead(v, legal)
    return _follow(v, legal)


def _easy_card(v: View, legal: list[int]) -> int:
    """Beginner: lead the highest card; win when it can, with the highest winner; else
    throw the lowest card."""
    if not v.trick:
        return max(legal)
    best, _bpos, _pts = _trick_state(v)
    win = [c for c in legal if _beats(c, best)]
    if win:
        return max(win)
    return _lowest(legal)


def _lead(v: View, legal: list[int]) -> int:
    hand = v.hand
    my_trumps = [c for c in legal if c >= TRUMP_BASE]
    if v.is_decl:
        opp = v.unseen  # for the declarer in take this is exactly the defenders' cards
        opp_trumps = opp & TRUMP_MASK
        if my_trumps and opp_trumps:
            top = max(my_trumps)
            if top > opp_trumps.bit_length() - 1:
                return top
            if len(my_trumps) >= opp_trumps.bit_count():
                return min(my_trumps, key=lambda c: (POINTS[c], c))
        # cash plain masters (aces), the suit not likely ruffed
        plain = [c for c in legal if c < TRUMP_BASE]
        masters = [c for c in plain if _is_master(v, c, opp)
                   and not (opp_trumps and any(_can_ruff(v, p, SUIT_OF[c])
                                               for p in range(3) if p != v.pos))]
        if masters:
            return max(masters, key=lambda c: POINTS[c])
        if my_trumps and opp_trumps:
            return min(my_trumps, key=lambda c: (POINTS[c], c))
        if plain:
            # lowest card of the shortest plain suit
            return min(plain, key=lambda c: ((hand & SUIT_MASKS[SUIT_OF[c]]).bit_count(),
                                             POINTS[c], c))
        return max(legal)
    # defender on lead
    d = v.decl
    decl_next = NEXT[v.pos] == d
    plain = [c for c in legal if c < TRUMP_BASE]
    # an ace of a suit someone else may still hold (holding the whole suit, an ace led only
    # gives the declarer a ruff and the partner a discard)
    aces = [c for c in plain if c & 3 == 3 and not v.void_in(d, SUIT_OF[c])
            and v.unseen & SUIT_MASKS[SUIT_OF[c]]]
    if aces:
        # the suit longest outside (least likely to be ruffed)
        return max(aces, key=lambda c: (v.unseen & SUIT_MASKS[SUIT_OF[c]]).bit_count())
    if plain:
        if decl_next:
            # through the declarer: a low card of a suit the declarer still follows
            follow = [c for c in plain if not v.void_in(d, SUIT_OF[c])]
            pool = follow or plain
            return min(pool, key=lambda c: (POINTS[c], -(hand & SUIT_MASKS[SUIT_OF[c]])
                                            .bit_count(), c))
        # partner next, declarer last: a short suit, low
        return min(plain, key=lambda c: ((hand & SUIT_MASKS[SUIT_OF[c]]).bit_count(),
                                         POINTS[c], c))
    # only trumps: a master to pull, else the cheapest
    opp = v.may_hold(d) & TRUMP_MASK
    top = max(legal)
    if not opp or top > opp.bit_length() - 1:
        return top
    return min(legal, key=lambda c: (POINTS[c], c))


def _follow(v: View, legal: list[int]) -> int:
    best, bpos, pts = _trick_state(v)
    me = v.pos
    n = len(v.trick)
    my_side = v.side(me)
    winning_mine = v.side(bpos) == my_side
    win = [c for c in legal if _beats(c, best)]
    if n == 2:  # last to play
        if winning_mine:
            return _smear(legal)
        if win:
            plain_w = [c for c in win if c < TRUMP_BASE]
            if plain_w:
                return max(plain_w, key=lambda c: POINTS[c])
            # points trumps (♦A, ♦10) if they win, else the lowest winning trump
            rich = [c for c in win if c in (16, 17)]
            if rich:
                return max(rich, key=lambda c: POINTS[c])
            return min(win)
        return _lowest(legal)
    # second to play: the third player is next
    third = NEXT[me]
    third_cards = v.may_hold(third)
    lead_suit = SUIT_OF[v.trick[0][1]]
    if winning_mine:
        # partner led; is partner's card safe from the third (the declarer)?
        third_follows = not v.void_in(third, lead_suit) and bool(
            third_cards & SUIT_MASKS[lead_suit])
        if third_follows or lead_suit == 3:
            safe = _is_master(v, best, third_cards)
        else:
            safe = not third_cards & TRUMP_MASK
        if safe:
            return _smear(legal)
        masters = [c for c in win if _is_master(v, c, third_cards)]
        if masters and pts >= 10:
            return min(masters)
        return _lowest(legal)
    # an opponent leads
    masters = [c for c in win if _wins_against(v, c, third, lead_suit)]
    if masters:
        if v.is_decl or v.side(third) != my_side:
            return max(masters, key=lambda c: (POINTS[c] if c < TRUMP_BASE else 0, -c))
        # partner plays last: win only with a cheap master or when points are there
        if pts >= 10:
            return _cheapest_winner(masters)
    if win and v.side(third) != my_side and pts >= 10:
        return max(win)
    if v.side(third) == my_side and not v.is_decl:
        # partner plays after the declarer: keep points for a smear only if partner is strong
        return _lowest(legal)
    return _lowest(legal)


def _wins_against(v: View, c: int, third: int, lead_suit: int) -> bool:
    cards = v.may_hold(third)
    if c >= TRUMP_BASE:
        return _is_master(v, c, cards)
    # plain winner: safe if the third can follow suit with nothing higher, or has no trumps
    if v.void_in(third, lead_suit) or not cards & SUIT_MASKS[lead_suit]:
        return not cards & TRUMP_MASK
    return _is_master(v, c, cards)


def _avoid_tricks(v: View, legal: list[int]) -> int:
    """Galdiņš (and the mazā zole declarer): take as few tricks as possible."""
    if not v.trick:
        return min(legal, key=lambda c: (c >= TRUMP_BASE, c & 3 if c < TRUMP_BASE else c))
    best, _bpos, _pts = _trick_state(v)
    under = [c for c in legal if not _beats(c, best)]
    if under:
        return max(under, key=lambda c: (c >= TRUMP_BASE, c))
    return max(legal)


def _maza_card(v: View, legal: list[int]) -> int:
    if v.is_decl:
        return _avoid_tricks(v, legal)
    # defenders: make the declarer win a trick
    d = v.decl
    if not v.trick:
        return min(legal, key=lambda c: (c & 3 if c < TRUMP_BASE else c - 8))
    best, bpos, _pts = _trick_state(v)
    played = {p for p, _ in v.trick}
    if bpos == d:
        under = [c for c in legal if not _beats(c, best)]
        if under:
            return max(under)
        return min(legal)
    if d not in played:
        # the declarer plays after me: stay low so that the declarer must overtake
        under = [c for c in legal if not _beats(c, best)]
        return min(under or legal)
    # the declarer ducked already: dump the highest card
    return max(legal)


# ---------------------------------------------------------------------------- bidding
def bid_strength(obs: Observation) -> float:
    """The static value of the seat's hand as a bid: its strength, plus a little when a won
    game would also close a pool."""
    s = hand_strength(mask_of(obs.hand), obs.seat == obs.seats[0])
    pools = getattr(obs, "pools", None)
    if pools is not None and getattr(pools, "any", False):
        s += 0.5
    return s


def heuristic_bid(obs: Observation, take_at: float, zole_at: float) -> int:
    hand = mask_of(obs.hand)
    s = bid_strength(obs)
    legal = set(obs.legal)
    if s >= zole_at and ZOLE_BID in legal:
        return ZOLE_BID
    if s >= take_at and TAKE_BID in legal:
        return TAKE_BID
    if MAZA_BID in legal and maza_risk(hand) <= 2.0:
        return MAZA_BID
    return PASS


class NormalBot(Bot):
    level = "normal"
    habits = "normal"
    take_at = TAKE_AT
    zole_at = ZOLE_AT

    def choose(self, obs: Observation, deadline: float | None = None, cancel=None) -> int:
        if obs.phase == BIDDING:
            return heuristic_bid(obs, self.take_at, self.zole_at)
        if obs.phase == BURYING:
            return self._bury(obs, deadline, cancel)
        v = View(obs)
        return heuristic_card(v, self.habits)

    def _bury(self, obs: Observation, deadline: float | None = None, cancel=None) -> int:
        """The card to bury now; ``deadline`` and ``cancel`` as in :meth:`Bot.choose` (this
        level decides at once and ignores them; the strong level searches)."""
        hand = mask_of(obs.hand)
        if obs.buried:
            # the second card: bury the best partner of the first
            first = obs.buried[0]
            both = hand | (1 << first)
            return max(cards_of(hand),
                       key=lambda c: (burial_score(both, (first, c)), -c))
        return best_burial(hand)[0]

    def surrender(self, obs: Observation) -> bool:
        v = View(obs)
        if v.n_tricks < 2 or v.tricks_won[v.pos] > 0:
            return False
        opp_pts = sum(v.points_won) - v.points_won[v.pos]
        return v.trump_count() <= 2 and opp_pts >= 40


class EasyBot(NormalBot):
    """A beginner who knows the rules: bids only strong hands, buries its highest plain
    points, leads high, wins when it can, never thinks about partners."""

    level = "easy"
    habits = "easy"
    take_at = EASY_TAKE_AT
    zole_at = EASY_ZOLE_AT

    def choose(self, obs: Observation, deadline: float | None = None, cancel=None) -> int:
        if obs.phase == BIDDING:
            legal = set(obs.legal)
            s = hand_strength(mask_of(obs.hand))
            if s >= self.zole_at and ZOLE_BID in legal:
                return ZOLE_BID
            if s >= self.take_at and TAKE_BID in legal:
                return TAKE_BID
            return PASS
        if obs.phase == BURYING:
            plain = [c for c in obs.hand if c < TRUMP_BASE]
            pool = plain or list(obs.hand)
            return max(pool, key=lambda c: (POINTS[c], -c))
        return heuristic_card(View(obs), "easy")

    def surrender(self, obs: Observation) -> bool:
        return False


register("easy", EasyBot)
register("normal", NormalBot)
