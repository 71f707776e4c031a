"""An independent settlement of ``zole-match/1`` records, written from ../shared/RULES.md and
../shared/HAND_RECORD.md alone (not from zole_desktop.rules), checked against the engine.

The model below reads a record the way an outside checker would: it deals nothing, trusts
nothing the engine computed, finds every trick's winner from the cards, and settles each hand
(contract bands, surrender, mazā zole, melnais, zole_scoring, galdiņš with its talon, penalty
and tie options, who pays, the pools and the personal_pule option).  The engine plays many
seeded random matches under every option that matters, and each hand's settlement, the pools
and the totals must agree; so must the example records and their .expect.json.  The other way
round, records the model makes itself from the rules text (its own deal, legal random play)
must be accepted by the engine's replay and settled the same.

Where RULES.md can be read two ways the model follows the engine and says so (``# reading:``);
the other reading is named beside it.

zole_desktop.rules is imported only to drive the engine's games (Match, HandState, Rules) and to
replay the records it writes.
"""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.helpers import ROOT, shared_dir
from zole_desktop.rules import cards as engine_cards
from zole_desktop.rules.match import Match
from zole_desktop.rules.options import CHOICES, Rules
from zole_desktop.rules.record import RecordError, replay, replay_text
from zole_desktop.rules.state import BID_ACTIONS, BID_BY_NAME, DONE, PASS, PLAYING, SURRENDER

# ------------------------------------------------------------------------------------------
# The model: RULES.md, "Cards"
TRUMPS = "QC QS QH QD JC JS JH JD AD TD KD 9D 8D 7D".split()  # high to low
PLAIN_RANKS = "ATK9"  # A > 10 > K > 9
CARD_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
DECK = set(TRUMPS) | {r + s for r in PLAIN_RANKS for s in "CSH"}
assert len(DECK) == 26 and sum(CARD_POINTS[c[0]] for c in DECK) == 120

TABLE = "table"  # who "wins" a galdiņš trick that a talon card takes


def points(cards: list[str]) -> int:
    return sum(CARD_POINTS[c[0]] for c in cards)


def is_trump(card: str) -> bool:
    return card in TRUMPS


def follow_suit(card: str) -> str:
    return "trump" if is_trump(card) else card[1]


def trick_winner(cards: list[str]) -> int:
    """Index of the winning card: the highest trump, else the highest card of the suit led."""
    led = follow_suit(cards[0])

    def strength(card: str) -> int:
        if is_trump(card):
            return 100 - TRUMPS.index(card)
        if follow_suit(card) == led:
            return 10 - PLAIN_RANKS.index(card[0])
        return 0

    return max(range(len(cards)), key=lambda i: strength(cards[i]))


# RULES.md, "Seats, dealing, turn order"
def active_seats(players: int, dealer: int) -> list[int]:
    """The three who get cards, from forehand clockwise."""
    if players == 5:  # the dealer and the 3rd to his left sit out
        offsets = (1, 2, 4)
    else:  # 3: everyone; 4: the dealer sits out
        offsets = (1, 2, 3)
    return [(dealer + k) % players for k in offsets]


# RULES.md, "Settlement"
BANDS = ("all_tricks", "91", "61", "31", "0_30", "no_trick")
RATE = {
    "take": dict(zip(BANDS, (3, 2, 1, -2, -3, -4), strict=True)),
    "zole": dict(zip(BANDS, (7, 6, 5, -6, -7, -8), strict=True)),
    "dark": dict(zip(BANDS, (14, 12, 10, -12, -14, -16), strict=True)),
}


def declarer_band(tricks: int, card_points: int) -> str:
    if tricks == 8:
        return "all_tricks"
    if tricks == 0:
        return "no_trick"
    if card_points >= 91:
        return "91"
    if card_points >= 61:
        return "61"
    if card_points >= 31:
        return "31"
    return "0_30"


def contract_value(contract: str, band: str, scoring: str) -> int:
    """Game points per opponent for the declarer (+ he wins, - he loses)."""
    value = RATE[contract][band]
    if scoring == "leicester" and value > 0:
        # "a won zole scores one more: 6/7/8".  reading: melnais, "paid at double the zole
        # rate", doubles the Leicester rate too (12/14/16 won).  The other reading keeps the
        # table's 10/12/14.  The engine takes the first.
        if contract == "zole":
            value += 1
        elif contract == "dark":
            value += 2
    return value


@dataclass
class PoolBook:
    """Pools (RULES.md "When everyone passes", pules): the common pools and the personal
    pools in the order they were written (the oldest first), as their owners' seats."""

    common: int = 0
    personal: list[int] = field(default_factory=list)

    def any(self) -> bool:
        return self.common > 0 or bool(self.personal)

    def to_json(self, players: int) -> dict:
        counts = Counter(self.personal)
        return {"common": self.common, "personal": [counts[s] for s in range(players)]}


@dataclass
class ModelHand:
    contract: str
    declarer: int | None
    declarer_points: int | None
    declarer_tricks: int | None
    deltas: list[int]
    pools: dict
    tricks: list[int] | None = None  # galdiņš: per active seat from forehand
    points: list[int] | None = None
    band: str | None = None
    pool_event: str | None = None
    pool_owner: int | None = None  # whose personal pool another declarer closed

    def to_json(self) -> dict:
        out: dict[str, Any] = {"contract": self.contract, "declarer": self.declarer,
                               "declarer_points": self.declarer_points,
                               "declarer_tricks": self.declarer_tricks}
        if self.contract == "galdins":
            out["tricks"] = self.tricks
            out["points"] = self.points
        out["deltas"] = self.deltas
        out["pools"] = self.pools
        return out


class RecordBroken(AssertionError):
    """The record breaks what the model can check (a card played by a seat that lacks it)."""


def legal_cards(hand: list[str], trick: list[str]) -> list[str]:
    """ "You must follow the suit led: a trump lead requires a trump; a plain lead requires a
    card of that plain suit.  Holding none, you may play any card." """
    if not trick:
        return list(hand)
    same = [c for c in hand if follow_suit(c) == follow_suit(trick[0])]
    return same or list(hand)


def run_tricks(order: list[int], hands: dict[int, list[str]], choose, *,
               talon: list[str] = (), talon_mode: str = "none",
               stop_when_won_by: int | None = None) -> list[tuple[Any, list[str]]]:
    """Play tricks from forehand (``order[0]``) on: ``choose(seat, legal, trick_number,
    first)`` gives each card, or None at the first card of a trick to stop there (the end of
    a record's cards, or a surrender).  Returns (winner, cards) per trick; the winner is
    TABLE for a galdiņš trick a talon card won.  ``stop_when_won_by``: mazā zole ends as soon
    as that seat takes a trick.  ``talon_mode`` puts a galdiņš's talon cards in as RULES.md's
    galdins_talon says."""
    held = {s: list(h) for s, h in hands.items()}
    forehand = order[0]
    tricks: list[tuple[Any, list[str]]] = []
    leader: Any = forehand
    spare = list(talon) if talon_mode != "none" else []
    while len(tricks) < 8:
        lead_card: list[str] = []
        last_card: list[str] = []
        if talon_mode == "lead" and spare and len(tricks) < 2:
            # "each talon card in turn is turned up and leads one of the first two tricks"
            lead_card = [spare.pop(0)]
        elif talon_mode == "last" and spare and leader == TABLE:
            # "if it wins it leads the second": the next talon card leads
            lead_card = [spare.pop(0)]
        elif talon_mode == "last" and spare and len(tricks) < 2:
            # reading: "the talon card is played last in the first trick" - the engine plays
            # each talon card in turn last in one of the first two tricks (a talon card that
            # led trick 2 after the table won trick 1 used the second one).  The other
            # reading: only the first talon card plays; when a player wins the first trick
            # the second talon card stays out.
            last_card = [spare.pop(0)]
        if lead_card or leader == TABLE:
            # reading: after a talon card's lead "the players follow from forehand" (the
            # engine's words; RULES.md does not say who plays first after it)
            who: list[Any] = list(order)
        else:
            start = order.index(leader)
            who = [order[(start + k) % 3] for k in range(3)]
        cards = list(lead_card)
        for k, seat in enumerate(who):
            card = choose(seat, legal_cards(held[seat], cards), len(tricks), k == 0)
            if card is None:
                if k:
                    raise RecordBroken("the cards stop in the middle of a trick")
                return tricks
            held[seat].remove(card)
            cards.append(card)
        seats = [TABLE] * len(lead_card) + who + [TABLE] * len(last_card)
        cards += last_card
        winner = seats[trick_winner(cards)]
        tricks.append((winner, cards))
        if stop_when_won_by is not None and winner == stop_when_won_by:
            break
        if talon_mode == "lead" and len(tricks) == 2:
            leader = forehand  # "forehand leads the third"
        elif winner == TABLE and not spare:
            # reading: the table won a trick and has no talon card left to lead: forehand
            # leads (the engine's words)
            leader = forehand
        else:
            leader = winner
    return tricks


def replay_tricks(order: list[int], hands: dict[int, list[str]], play: list[str],
                  **kw: Any) -> list[tuple[Any, list[str]]]:
    """The tricks a record's ``play`` makes; every card must be legal, and no card may
    follow the end of the hand."""
    cards = iter(play)

    def choose(seat: int, legal: list[str], _trick: int, _first: bool) -> str | None:
        card = next(cards, None)
        if card is not None and card not in legal:
            raise RecordBroken(f"seat {seat} cannot play {card} (legal: {legal})")
        return card

    tricks = run_tricks(order, hands, choose, **kw)
    if next(cards, None) is not None:
        raise RecordBroken("cards after the end of the hand")
    return tricks


def settle_galdins(rules: dict, players: int, order: list[int], sitting: list[int],
                   tricks_by: dict[int, int], points_by: dict[int, int]) -> list[int]:
    """RULES.md "galdins": who loses, how much each other player in the payments gets."""
    penalty = rules["galdins_penalty"]
    if penalty == "points_rate":
        # "the player with the most card points loses"; a tie is settled by tricks
        first, second = points_by, tricks_by
    else:
        first, second = tricks_by, points_by
    top = max(first[s] for s in order)
    losers = [s for s in order if first[s] == top]
    if len(losers) > 1 and rules["galdins_tie"] == "points":
        # "Tied on tricks, the one with more card points pays.  Still tied: each tied
        # player pays 2 to each player who is not tied."
        top2 = max(second[s] for s in losers)
        losers = [s for s in losers if second[s] == top2]
    # reading: "Still tied: each tied player" are those tied on both counts; when all three
    # tie on tricks (the table took 2) and two of them on the most points, those two pay the
    # third.  The other reading: all three "tied" pay, so nobody gets anything.
    # galdins_tie all_pay: "everyone tied on most tricks pays, whatever the points".
    # reading: under points_rate it is everyone tied on the most card points (the count
    # that decides); the other reading takes "most tricks" literally there too.
    payees = [s for s in order if s not in losers]
    if rules["sitting_out_pays"]:
        payees += sitting  # "each other player in the payments"
    deltas = [0] * players
    for loser in losers:
        if penalty == "two_each":
            amount = 2
        elif penalty == "one_each":
            amount = 1
        elif penalty == "per_trick":
            amount = tricks_by[loser]
        else:  # points_rate: "as a lost ordinary game: 2; 3 with 91 or more; 4 with all tricks"
            amount = 4 if tricks_by[loser] == 8 else 3 if points_by[loser] >= 91 else 2
        # Tied losers would pay each other the same amount both ways: paying only the players
        # who are not tied is the same in sum.
        for p in payees:
            deltas[loser] -= amount
            deltas[p] += amount
    return deltas


def model_hand(players: int, rules: dict, h: dict, book: PoolBook) -> ModelHand:
    dealer = h["dealer"]
    order = active_seats(players, dealer)
    sitting = [s for s in range(players) if s not in order]
    dealt = {s: list(h["hands"][s]) for s in order}
    for s in sitting:
        assert h["hands"][s] is None, f"seat {s} sits out but has cards"
    talon = list(h["talon"])
    assert sorted(sum(dealt.values(), []) + talon) == sorted(DECK)
    bids = h["bids"]
    assert len(bids) <= 3
    declarer = next((order[i] for i, b in enumerate(bids) if b != "pass"), None)
    play = list(h.get("play") or [])
    payers = [s for s in order if s != declarer]
    if rules["sitting_out_pays"]:
        payers += sitting

    if declarer is None:
        assert bids == ["pass"] * 3
        if rules["all_pass"] == "pules":
            # "A common pool is written: one, or with 4 people at the table two if no
            # common pool exists yet."
            book.common += 2 if players == 4 and book.common == 0 else 1
            return ModelHand("passed", None, None, None, [0] * players,
                             book.to_json(players))
        tricks = replay_tricks(order, dealt, play, talon=talon,
                               talon_mode=rules["galdins_talon"])
        assert len(tricks) == 8
        tricks_by = {s: sum(1 for w, _ in tricks if w == s) for s in order}
        points_by = {s: sum(points(c) for w, c in tricks if w == s) for s in order}
        deltas = settle_galdins(rules, players, order, sitting, tricks_by, points_by)
        return ModelHand("galdins", None, None, None, deltas, book.to_json(players),
                         tricks=[tricks_by[s] for s in order],
                         points=[points_by[s] for s in order])

    contract = bids[-1]
    assert contract in ("take", "zole", "maza", "dark"), contract
    surrendered = bool(h.get("surrender", False))
    buried: list[str] = []
    if contract == "take":
        buried = list(h["discard"])
        ten = dealt[declarer] + talon
        assert len(buried) == 2 and all(c in ten for c in buried)
        dealt[declarer] = [c for c in ten if c not in buried]
    tricks = replay_tricks(order, dealt, play,
                           stop_when_won_by=declarer if contract == "maza" else None)
    d_tricks = sum(1 for w, _ in tricks if w == declarer)
    # reading: a surrendered take's declarer_points ("what the declarer had taken when giving
    # up") counts his buried cards too, as every take's does
    d_points = sum(points(c) for w, c in tricks if w == declarer) + points(buried)
    deltas = [0] * players
    event = None
    band: str
    if contract == "maza":
        assert not surrendered
        assert len(tricks) == 8 or d_tricks == 1
        band = "maza_win" if d_tricks == 0 else "maza_loss"
        value = 6 if d_tricks == 0 else -7  # "no trick taken +6, any trick -7"
    elif surrendered:
        assert len(play) % 3 == 0 and len(play) <= 6
        band = "surrender"
        # "settled as a plain loss (31-60 points) of that contract"
        value = contract_value(contract, "31", rules["zole_scoring"])
    else:
        assert len(tricks) == 8
        band = declarer_band(d_tricks, d_points)
        value = contract_value(contract, band, rules["zole_scoring"])
    for p in payers:
        deltas[p] -= value
        deltas[declarer] += value
    if contract == "take" and rules["all_pass"] == "pules":
        if value < 0:
            if book.common > 0 or (rules["personal_pule"] == "any" and book.personal):
                book.personal.append(declarer)
                event = "personal_written"
        elif book.any():
            if declarer in book.personal:  # 1. his own oldest personal pool
                book.personal.remove(declarer)
                event = "own_closed"
            elif book.common > 0:  # 2. a common pool: each other player pays 1 more
                book.common -= 1
                for p in payers:
                    deltas[p] -= 1
                    deltas[declarer] += 1
                event = "common_closed"
            else:  # 3. the oldest personal pool of another player
                owner = book.personal.pop(0)
                sits_out = owner in sitting
                # "its owner pays him the number of players in the payments (3, or 4 when a
                # sitting-out player pays)".  reading: 5 with two sitting-out players paying
                # at 5 people (the parenthesis names only 3 and 4; the other reading caps it
                # at 4); and an owner who sits out this hand pays even without
                # sitting_out_pays (the other reading: he is not in the payments, so he
                # does not).  The engine takes the first of each.
                n_paying = len(payers) + 1
                deltas[owner] -= n_paying
                deltas[declarer] += n_paying
                event = "other_closed_owner_out" if sits_out else "other_closed"
    return ModelHand(contract, declarer,
                     None if contract == "maza" else d_points, d_tricks, deltas,
                     book.to_json(players), band=band, pool_event=event)


def model_session_end(players: int, rules: dict, book: PoolBook) -> list[int]:
    """ "Pools left when a session ends: each personal pool costs its owner 1 to each other
    player in the payments (2 in all at a table of three); common pools lapse." """
    deltas = [0] * players
    for owner in book.personal:
        # reading: with 4 or 5 people everybody else at the table gets 1, with or without
        # sitting_out_pays (there is no hand, so nobody sits out).  The other reading: without
        # sitting_out_pays only 2 others (as "at a table of three") - but which two?  The
        # engine's Match.session_end takes the first.
        others = [s for s in range(players) if s != owner]
        for o in others:
            deltas[owner] -= 1
            deltas[o] += 1
    return deltas


def model_settle(record: dict) -> tuple[list[ModelHand], list[int], PoolBook]:
    """Settle a whole record: every hand, the running totals, the pools left."""
    assert record["format"] == "zole-match/1"
    players = record["players"]
    rules = Rules().to_dict() | dict(record.get("rules") or {})  # a missing key: its default
    book = PoolBook()
    totals = [0] * players
    out = []
    expected_dealer = None
    for h in record["hands"]:
        if expected_dealer is not None:  # "the deal passes clockwise every hand"
            assert h["dealer"] == expected_dealer
        expected_dealer = (h["dealer"] + 1) % players
        mh = model_hand(players, rules, h, book)
        assert sum(mh.deltas) == 0, "every hand's deltas sum to zero"
        totals = [t + d for t, d in zip(totals, mh.deltas, strict=True)]
        out.append(mh)
    return out, totals, book


def model_json(record: dict) -> dict:
    hands, totals, _ = model_settle(record)
    return {"hands": [m.to_json() for m in hands], "totals": totals}


# ------------------------------------------------------------------------------------------
# Driving the engine

def _strength(action: int) -> tuple[int, int]:
    name = engine_cards.name(action)
    rank = 100 - TRUMPS.index(name) if is_trump(name) else 10 - PLAIN_RANKS.index(name[0])
    return CARD_POINTS[name[0]], rank


def play_styled(state, rng: random.Random, pass_rate: float, surrender_rate: float) -> None:
    """Bids: pass with ``pass_rate``, else any legal bid.  Cards: each seat plays at random,
    its strongest or its weakest legal card; in one hand of four the declarer plays his
    strongest and the defenders their weakest, or the other way round (so that every band,
    all tricks and no trick too, comes up)."""
    while state.phase not in (DONE, PLAYING):
        legal = state.legal_actions()
        if legal[0] in BID_ACTIONS:
            bids = [a for a in legal if a != PASS]
            state.apply(PASS if rng.random() < pass_rate or not bids else rng.choice(bids))
        else:  # burying
            state.apply(rng.choice(legal))
    style = {s: rng.choice(("random", "random", "high", "low")) for s in range(5)}
    declarer = state.declarer_seat
    if declarer is not None and rng.random() < 0.25:
        strong = rng.random() < 0.5
        style = {s: "high" if (s == declarer) == strong else "low" for s in range(5)}
    _play_cards(state, rng, style, surrender_rate)


def engine_match(seed: int, players: int, rules: Rules, n_hands: int) -> Match:
    rng = random.Random(seed)
    m = Match(players=players, rules=rules, dealer=rng.randrange(players))
    pass_rate = rng.choice((0.3, 0.5, 0.7))
    for _ in range(n_hands):
        _deal, st = m.deal(rng)
        play_styled(st, rng, pass_rate, surrender_rate=0.08)
        m.finish(st)
    return m


def _play_cards(state, rng: random.Random, style: dict, surrender_rate: float = 0.0) -> None:
    while state.phase != DONE:
        if state.phase == PLAYING and state.can_surrender() and rng.random() < surrender_rate:
            state.apply(SURRENDER)
            continue
        legal = [a for a in state.legal_actions() if a != SURRENDER]
        s = style.get(state.current_seat, "random")
        if state.phase != PLAYING or s == "random":
            state.apply(rng.choice(legal))
        elif s == "high":
            state.apply(max(legal, key=_strength))
        else:
            state.apply(min(legal, key=_strength))


def _reached(goal: str, st, rules: Rules) -> bool:
    """Whether a finished hand is the one the steered match wanted (steering only: the
    engine's own result picks the deals; the model checks them afterwards)."""
    r = st.result()
    if goal == "win":
        return r.contract == "take" and r.value > 0
    if goal == "lose":
        return r.contract == "take" and r.value < 0
    if goal == "pass":
        return True
    if "/" in goal:
        contract, band = goal.split("/")
        if r.contract != contract:
            return False
        if band == "surrender":
            return r.surrendered
        return not r.surrendered and declarer_band(r.declarer_tricks, r.declarer_points) == band
    first, second = r.tricks, r.points
    if rules.galdins_penalty == "points_rate":
        first, second = second, first
    top = max(first)
    tied = [i for i in range(3) if first[i] == top]
    if goal == "tie3":
        return len(tied) == 3
    if goal == "still_tied":
        return len(tied) == 2 and second[tied[0]] == second[tied[1]]
    if goal == "slam":
        return max(r.tricks) == 8
    if goal == "p91":
        return max(r.points) >= 91
    raise ValueError(goal)


def steered_match(seed: int, players: int, rules: Rules, goals: list[str]) -> Match:
    """A match whose hands are dealt again (up to a bound) until each comes out as its goal
    says: "pass" (all pass), "win" / "lose" (a take by a random seat, won or lost),
    "CONTRACT/BAND" (e.g. "zole/all_tricks", "dark/surrender"), or for a galdiņš "tie3",
    "still_tied", "slam", "p91".  Pools, the rare bands and galdiņš ties come up this way far
    more often than in random play."""
    rng = random.Random(seed)
    m = Match(players=players, rules=rules, dealer=rng.randrange(players))
    for goal in goals:
        rare = goal in ("tie3", "still_tied", "slam", "p91") or "/" in goal
        for _attempt in range(300 if rare else 40):
            _deal, st = m.deal(rng)
            seats = st.seats
            k = rng.randrange(3)
            contract, band = goal.split("/") if "/" in goal else ("take", goal)
            if band in ("all_tricks", "91"):  # the seat with the most trumps bids
                k = max(range(3), key=lambda i: sum(
                    is_trump(engine_cards.name(c)) for c in st.hand_of(seats[i])))
            if "/" in goal or goal in ("win", "lose"):
                bids = ["pass"] * k + [contract]
            else:
                bids = ["pass"] * 3
            for b in bids:
                st.apply(BID_BY_NAME[b])
            if band in ("win", "all_tricks", "91", "61"):
                style = {s: "high" if s == seats[k] else rng.choice(("low", "random"))
                         for s in seats}
            elif band in ("lose", "31", "0_30", "no_trick", "surrender"):
                style = {s: "low" if s == seats[k] else rng.choice(("high", "random"))
                         for s in seats}
            elif goal == "slam":
                style = {s: "high" if i == k else "low" for i, s in enumerate(seats)}
            else:
                style = {s: rng.choice(("random", "random", "high", "low")) for s in seats}
            surrender_rate = {"lose": 0.2, "surrender": 1.0}.get(band, 0.0)
            _play_cards(st, rng, style, surrender_rate)
            if _reached(goal, st, rules):
                break
        m.finish(st)
    return m


def option_combinations() -> list[tuple[int, Rules]]:
    """Every combination of the options that can change a settlement, at 3, 4 and 5 people:
    with pools every combination of deal, maza_zole, zole_in_dark, surrender,
    sitting_out_pays, personal_pule and zole_scoring; with galdiņš every combination of deal,
    sitting_out_pays, galdins_talon, galdins_penalty and galdins_tie (the other options are
    drawn, seeded)."""
    rng = random.Random(2026)
    combos = []
    for players, deal, maza, dark, surrender, sop, personal, scoring in itertools.product(
            (3, 4, 5), ("twos", "fours"), (False, True), (False, True), (True, False),
            (True, False), ("any", "common_only"), ("standard", "leicester")):
        combos.append((players, Rules(
            deal=deal, all_pass="pules", maza_zole=maza, zole_in_dark=dark, surrender=surrender,
            sitting_out_pays=sop, personal_pule=personal, zole_scoring=scoring,
            galdins_talon=rng.choice(("none", "lead", "last")))))
    for players, deal, sop, talon, penalty, tie in itertools.product(
            (3, 4, 5), ("twos", "fours"), (True, False), ("none", "lead", "last"),
            ("two_each", "one_each", "per_trick", "points_rate"), ("points", "all_pay")):
        combos.append((players, Rules(
            deal=deal, all_pass="galdins", sitting_out_pays=sop, galdins_talon=talon,
            galdins_penalty=penalty, galdins_tie=tie, maza_zole=rng.random() < 0.5,
            zole_in_dark=rng.random() < 0.5, surrender=rng.random() < 0.5,
            personal_pule=rng.choice(("any", "common_only")),
            zole_scoring=rng.choice(("standard", "leicester")))))
    return combos


HANDS_PER_MATCH = 8


def compare_match(m: Match) -> list[ModelHand]:
    """The engine's sheet (as played and as replayed from its record) against the model."""
    record = json.loads(json.dumps(m.to_record()))
    hands, totals, book = model_settle(record)
    engine = [r.to_json(m.players) for r in m.rows]
    for i, (mh, row) in enumerate(zip(hands, engine, strict=True)):
        assert mh.to_json() == row, (
            f"hand {i + 1} of {m.players} players, rules {m.rules}:\n"
            f"record {json.dumps(record['hands'][i])}\nmodel  {mh.to_json()}\nengine {row}")
    assert list(m.totals) == totals
    assert replay(record).to_json() == {"hands": engine, "totals": list(m.totals)}
    assert list(m.session_end()) == model_session_end(m.players, m.rules.to_dict(), book), (
        f"session end, {m.players} players, rules {m.rules}, pools {book}")
    return hands


def test_engine_settles_as_the_independent_model():
    """672 seeded matches of 8 hands, one per option combination (option_combinations):
    every hand's settlement and pools, the totals, the replayed record and the session's end
    as the model says."""
    t0 = time.perf_counter()
    seen: Counter = Counter()
    n_hands = 0
    for i, (players, rules) in enumerate(option_combinations()):
        m = engine_match(1000 + i, players, rules, HANDS_PER_MATCH)
        for mh in compare_match(m):
            n_hands += 1
            seen[(mh.contract, mh.band)] += 1
            if mh.pool_event:
                seen[mh.pool_event] += 1
            if mh.contract == "galdins":
                seen[("galdins", rules.galdins_penalty, rules.galdins_talon)] += 1
    # the run must have met every case the settlement has, or it proves little
    wanted = [(c, b) for c in ("take", "zole", "dark") for b in ("61", "31", "surrender")]
    wanted += [("maza", "maza_win"), ("maza", "maza_loss"), ("passed", None)]
    wanted += ["personal_written", "own_closed", "common_closed"]
    wanted += [("galdins", p, t) for p in ("two_each", "one_each", "per_trick", "points_rate")
               for t in ("none", "lead", "last")]
    missing = [w for w in wanted if not seen[w]]
    assert not missing, f"never came up: {missing}"
    elapsed = time.perf_counter() - t0
    print(f"{n_hands} hands in {len(option_combinations())} matches, {elapsed:.1f} s")


# ------------------------------------------------------------------------------------------
# The example records

EXAMPLES = shared_dir() / "examples"
RECORDS = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expect.json"))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_examples_model_and_cli_agree(path):
    expected = json.loads(path.with_name(path.stem + ".expect.json").read_text())
    assert model_json(json.loads(path.read_text())) == expected
    assert replay_text(path.read_bytes()).to_json() == expected


def test_examples_through_the_replay_command():
    """``python3 -m zole_desktop replay --json`` on every example, one process for all."""
    if not RECORDS:
        pytest.skip(f"no records in {EXAMPLES}")
    script = ("import json, sys, subprocess\n"
              "out = {}\n"
              "for p in sys.argv[1:]:\n"
              "    r = subprocess.run([sys.executable, '-m', 'zole_desktop', 'replay', '--json',"
              " p], capture_output=True, text=True)\n"
              "    out[p] = [r.returncode, r.stdout, r.stderr]\n"
              "print(json.dumps(out))\n")
    res = subprocess.run([sys.executable, "-c", script, *map(str, RECORDS)],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert res.returncode == 0, res.stderr
    for p, (rc, stdout, stderr) in json.loads(res.stdout).items():
        path = EXAMPLES / p.rsplit("/", 1)[-1]
        expected = json.loads(path.with_name(path.stem + ".expect.json").read_text())
        assert rc == 0 and stderr == "", (p, stderr)
        assert json.loads(stdout) == expected == model_json(json.loads(path.read_text()))


def test_pools_stories_settle_as_the_model():
    """Steered matches of 40 hands (all pass, takes won and lost by random seats) at every
    table size, with and without sitting_out_pays, under both personal_pule options: every
    way a pool is written and closed comes up for each."""
    seen: Counter = Counter()
    n = 0
    for i, (players, sop, personal, scoring) in enumerate(itertools.product(
            (3, 4, 5), (True, False), ("any", "common_only"), ("standard", "leicester"))):
        for seed in range(3):
            rng = random.Random(f"pools {i} {seed}")
            goals = rng.choices(("pass", "lose", "win"), (1, 3, 4), k=40)
            rules = Rules(sitting_out_pays=sop, personal_pule=personal, zole_scoring=scoring,
                          surrender=rng.random() < 0.7)
            for mh in compare_match(steered_match(rng.randrange(10**9), players, rules, goals)):
                n += 1
                seen[(mh.pool_event, players, sop, personal)] += 1
                if mh.pool_event == "other_closed_owner_out":
                    seen[("other_closed", players, sop, personal)] += 1
    missing = [(e, p, sop, per) for e in ("personal_written", "own_closed", "common_closed",
                                          "other_closed")
               for p in (3, 4, 5) for sop in (True, False) for per in ("any", "common_only")
               if not seen[(e, p, sop, per)]]
    assert not missing, f"never came up: {missing}"
    for players in (4, 5):  # a pool whose owner sits out when another declarer closes it
        assert any(seen[("other_closed_owner_out", players, sop, per)]
                   for sop in (True, False) for per in ("any", "common_only")), players
    print(f"{n} hands in pools stories")


def test_galdins_ties_and_extremes_settle_as_the_model():
    """Galdiņš hands dealt again until the rare cases come up: all three tied (only when the
    table can take tricks), two tied on both counts, one player with every trick, one with 91
    or more card points; under every talon, penalty and tie option, at 3, 4 and 5 people."""
    seen: Counter = Counter()
    n = 0
    for i, (players, talon, penalty, tie) in enumerate(itertools.product(
            (3, 4, 5), ("none", "lead", "last"),
            ("two_each", "one_each", "per_trick", "points_rate"), ("points", "all_pay"))):
        rng = random.Random(f"galdins {i}")
        goals = ["still_tied", "slam", "p91", "pass"]
        if talon != "none" and penalty != "points_rate":
            goals.append("tie3")
        rng.shuffle(goals)
        rules = Rules(all_pass="galdins", galdins_talon=talon, galdins_penalty=penalty,
                      galdins_tie=tie, sitting_out_pays=rng.random() < 0.5)
        m = steered_match(rng.randrange(10**9), players, rules, goals)
        compare_match(m)
        for row in m.rows:
            n += 1
            for goal in goals:
                if _reached(goal, m.hands[row.number - 1], rules):
                    seen[(goal, talon, penalty, tie)] += 1
    reached = {(g, p, ti) for g, _t, p, ti in seen}
    missing = [(g, p, ti) for g in ("still_tied", "slam", "p91")
               for p in ("two_each", "one_each", "per_trick", "points_rate")
               for ti in ("points", "all_pay") if (g, p, ti) not in reached]
    missing += [("tie3", p, ti) for p in ("two_each", "one_each", "per_trick")
                for ti in ("points", "all_pay") if ("tie3", p, ti) not in reached]
    assert not missing, f"never came up: {missing}"
    print(f"{n} galdins hands")


def test_galdins_three_tied_on_tricks_two_on_points():
    """All three take 2 tricks (the table the other 2) and two of them have the same, higher
    card points: under galdins_tie "points" those two pay the third ("Still tied: each tied
    player pays 2 to each player who is not tied"); under "all_pay" all three pay, so nobody
    gets anything at a table of three.  Dealt again until it comes up (about 1 in 1,000)."""
    found = []
    for talon in ("lead", "last"):
        for tie in ("points", "all_pay"):
            rules = Rules(all_pass="galdins", galdins_talon=talon, galdins_tie=tie)
            rng = random.Random(5)
            m = Match(players=3, rules=rules)
            for _attempt in range(3000):
                _deal, st = m.deal(rng)
                for _ in range(3):
                    st.apply(PASS)
                _play_cards(st, rng, {s: rng.choice(("random", "high", "low")) for s in st.seats})
                r = st.result()
                if len(set(r.tricks)) == 1 and r.points.count(max(r.points)) == 2:
                    m.finish(st)
                    break
            assert m.rows, (talon, tie)
            (mh,) = compare_match(m)
            found.append(sorted(mh.deltas))
    assert found == [[-2, -2, 4], [0, 0, 0]] * 2


def test_every_band_of_every_contract():
    """Each band of the settlement table (all tricks, 91-120, 61-90, 31-60, 0-30, no trick,
    and a surrender) for ņemu, zole and melnais, under both zole_scoring options, at 3, 4 and
    5 people with and without sitting_out_pays; hands dealt again until the band comes up."""
    seen: Counter = Counter()
    for i, (players, scoring, sop) in enumerate(itertools.product(
            (3, 4, 5), ("standard", "leicester"), (True, False))):
        rng = random.Random(f"bands {i}")
        goals = [f"{c}/{b}" for c in ("take", "zole", "dark") for b in BANDS + ("surrender",)]
        rng.shuffle(goals)
        rules = Rules(zole_in_dark=True, zole_scoring=scoring, sitting_out_pays=sop)
        m = steered_match(rng.randrange(10**9), players, rules, goals)
        for mh in compare_match(m):
            seen[(mh.contract, mh.band, scoring)] += 1
    missing = [(c, b, sc) for c in ("take", "zole", "dark") for b in BANDS + ("surrender",)
               for sc in ("standard", "leicester") if not seen[(c, b, sc)]]
    assert not missing, f"never came up: {missing}"


# ------------------------------------------------------------------------------------------
# Records the engine never wrote

def _random_player(rng: random.Random, played: list[str], gave_up: list[int],
                   surrender_rate: float):
    """A ``choose`` for run_tricks: a random legal card, appended to ``played``; at the start
    of one of the first three tricks it gives up with ``surrender_rate`` (noted in
    ``gave_up``)."""

    def choose(seat: int, legal: list[str], trick: int, first: bool) -> str | None:
        if first and trick < 3 and rng.random() < surrender_rate:
            gave_up.append(trick)
            return None
        played.append(rng.choice(legal))
        return played[-1]

    return choose


def generate_record(rng: random.Random, players: int, rules: dict, n_hands: int,
                    pass_rate: float, surrender_rate: float) -> dict:
    """A match record made from RULES.md alone (the model's own deal, bids, burial and legal
    random play; surrender by a take or zole declarer before the third trick is led), the
    kind an outside program might write."""
    dealer = rng.randrange(players)
    hands = []
    bid_choice = ["take", "zole"] + ["maza"] * rules["maza_zole"] + ["dark"] * rules["zole_in_dark"]
    for _ in range(n_hands):
        order = active_seats(players, dealer)
        deck = sorted(DECK)
        rng.shuffle(deck)
        dealt = {s: deck[8 * i:8 * i + 8] for i, s in enumerate(order)}
        talon = deck[24:]
        bids: list[str] = []
        for _seat in order:
            bids.append("pass" if rng.random() < pass_rate else rng.choice(bid_choice))
            if bids[-1] != "pass":
                break
        h: dict[str, Any] = {"dealer": dealer, "hands": [dealt.get(s) for s in range(players)],
                             "talon": talon, "bids": bids}
        declarer = order[len(bids) - 1] if bids[-1] != "pass" else None
        contract = bids[-1]
        if contract == "take":
            ten = dealt[declarer] + talon
            h["discard"] = rng.sample(ten, 2)
            dealt[declarer] = [c for c in ten if c not in h["discard"]]
        played: list[str] = []
        gave_up: list[int] = []
        choose = _random_player(rng, played, gave_up, surrender_rate if (
            rules["surrender"] and contract in ("take", "zole")) else 0.0)
        if declarer is not None:
            run_tricks(order, dealt, choose,
                       stop_when_won_by=declarer if contract == "maza" else None)
            h["play"] = played
            h["surrender"] = bool(gave_up)
        elif rules["all_pass"] == "galdins":
            run_tricks(order, dealt, choose, talon=talon, talon_mode=rules["galdins_talon"])
            h["play"] = played
        hands.append(h)
        dealer = (dealer + 1) % players
    return {"format": "zole-match/1", "players": players, "rules": rules, "hands": hands}


def test_records_from_the_rules_text_are_accepted_and_settled_as_the_model():
    """400 records of 10 hands from generate_record, options drawn: the engine accepts each
    (replay raises nothing) and settles it as the model does."""
    n = 0
    for seed in range(400):
        rng = random.Random(f"outside {seed}")
        rules = {k: rng.choice(v) for k, v in CHOICES.items()}
        players = rng.choice((3, 4, 5))
        record = generate_record(rng, players, rules, 10, pass_rate=rng.choice((0.3, 0.6)),
                                 surrender_rate=0.1)
        record = json.loads(json.dumps(record))
        try:
            engine = replay(record).to_json()
        except RecordError as e:  # pragma: no cover - the failure message
            raise AssertionError(f"engine refuses a record of seed {seed}: {e}") from e
        assert engine == model_json(record), f"seed {seed}"
        n += len(record["hands"])
    assert n == 4000
