"""Hints for the person at the table, from one seat's observation only.

* :func:`estimate_bids` — while bidding: the expected game points of each bid for this seat,
  by simulation (:mod:`.bidsim`, which the strong bot also bids by).
* :func:`suggest_card` — while playing: the strong bot's card (with a deadline) and the
  reason, from what the search found (:func:`search_reason`: "A♥ keeps 61 within reach in
  78% of the layouts, Q♠ in 64%"); where no search ran (one card to play, a galdiņš talon
  trick, no layout solved in time) a rule label from the situation (:func:`card_reason`).
* :func:`suggest_burial` — while burying: the strong bot's pair, with the share of the
  layouts played out in which the game is won with it and with the best other pair.

All are bounded by a ``deadline`` (``time.perf_counter()``) and stop early on ``cancel``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from ..i18n import N_, LiveText, _, decimal, ngettext
from ..rules.cards import (
    CARD_NAMES,
    FOLLOW_MASK,
    FULL_DECK,
    POINTS,
    SUIT_NAMES,
    SUIT_OF,
    TRUMP_BASE,
    TRUMP_MASK,
    beats,
    cards_of,
    mask_of,
)
from ..rules.settlement import GALDINS, MAZA
from ..rules.state import BURYING, PLAYING, TABLE, Observation
from .bidsim import BidEstimate, estimate_bids
from .heuristic import best_burial, heuristic_card
from .strong import StrongBot
from .view import View

log = logging.getLogger(__name__)

__all__ = ["BidEstimate", "BurialHint", "CardHint", "Reason", "card_reason", "estimate_bids",
           "search_reason", "suggest_burial", "suggest_card"]


@dataclass
class CardHint:
    card: int
    reason: str  # an N_() message id, or a Reason; translate (``_()``) when drawing


class Reason(LiveText):
    """A hint's reason, written in the language current when it is shown
    (``_("Hint: {reason}").format(reason=...)`` renders it afresh): in a player's words,
    with the advisor's figures in ``details`` (shown on request), or None."""

    details: LiveText | None = None


def explained(words: LiveText | str, details) -> Reason:
    """A reason in words (a Reason, or an ``N_`` id translated when shown) with its figures
    (a function giving them in the current language)."""
    r = Reason(lambda: str(_(words)) if not isinstance(words, LiveText) else str(words))
    r.details = LiveText(details)
    return r


def _known_voids(obs: Observation) -> dict[int, int]:
    """Per seat, the suits (as follow masks) it is known from play to hold no card of."""
    out: dict[int, int] = {}
    tricks = [tuple(zip(t.seats, t.cards, strict=True)) for t in obs.tricks]
    if obs.trick:
        tricks.append(tuple(obs.trick))
    for t in tricks:
        led = t[0][1]
        for seat, c in t[1:]:
            if not FOLLOW_MASK[led] >> c & 1:
                out[seat] = out.get(seat, 0) | FOLLOW_MASK[led]
    return out


def _opponents(obs: Observation) -> list[int]:
    """The seats on the other side from mine (in galdiņš and unknown contracts: everyone)."""
    seats = set(obs.tricks_won) | {s for s, _c in obs.trick} - {TABLE}
    others = [s for s in seats if s != obs.seat]
    if obs.declarer is None or obs.declarer == obs.seat:
        return others
    return [obs.declarer]


def card_label(c: int) -> str:
    """A card as the table writes it: A♥, 10♣, Q♠ (the same in every language)."""
    n = CARD_NAMES[c]
    return {"T": "10"}.get(n[0], n[0]) + {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}[n[1]]


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
        return N_("Every card you may play takes this trick: play the one with the fewest points")
    played = 0
    for t in obs.tricks:
        played |= mask_of(t.cards)
    played |= mask_of(c for _s, c in trick)
    unseen = FULL_DECK & ~hand & ~played & ~mask_of(obs.buried)
    declarer = obs.declarer
    me_decl = declarer == obs.seat
    if not trick:
        if card >= TRUMP_BASE:
            higher_out = [c for c in cards_of(unseen & TRUMP_MASK) if c > card]
            if not higher_out:
                return N_("Draw trumps: you hold the highest ones")
            return N_("Lead a trump to pull the opponents' trumps")
        suit_out = unseen & FOLLOW_MASK[card]
        if not [c for c in cards_of(suit_out) if c > card]:
            voids = _known_voids(obs)
            if unseen & TRUMP_MASK and any(voids.get(s, 0) & FOLLOW_MASK[card]
                                           for s in _opponents(obs)):
                return N_("The highest card of its suit left, but an opponent has shown "
                          "none of the suit and may trump it")
            if unseen & TRUMP_MASK:
                return N_("No higher card of the suit is out: it wins unless an opponent "
                          "is out of the suit and trumps it")
            return N_("Take your sure trick: no higher card of the suit is out, nor any "
                      "trump")
        if POINTS[card] == 0:
            return N_("Lead low: keep your strong cards for later")
        return N_("Best against the cards the others may hold")
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
            return N_("Add points: your partner wins this trick")
        if POINTS[card] > 0 and last_to_play:
            return N_("Add points: your partner wins this trick")
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
    return N_("Best against the cards the others may hold")


def _pct(x: float) -> int:
    return int(round(100 * x))


def _galdins_reason(obs: Observation, bot: StrongBot, v: View, a: str, mine: int,
                    others: list[int]) -> Reason:
    """Galdiņš: what the others can still push on me from here on (less is better), in what
    the table's rule counts: tricks, or card points under ``galdins_penalty=points_rate``.
    The values are in the search goal's units (with the other measure as a tie-break, 4096
    per trick or card point, it changes the shown figure by less than 0.03).  When the
    measure is the same whatever I play and the rule breaks a tie by the other measure
    (``galdins_tie=points``), the reason says that the other one decides (kept short: the
    hint line is one line)."""
    vals = bot.last_values
    other = min(others, key=lambda c: vals[c])
    unit = max(bot._avoid_goal(v)[1:3])
    x, y, b = vals[mine] / unit, vals[other] / unit, card_label(other)
    rules = obs.rules
    by_points = rules.galdins_penalty == "points_rate"
    if abs(x - y) >= 0.05:
        if by_points:
            return Reason(lambda: _("Card points the others can still push on you: {card} "
                                    "{points}, {other} {other_points}").format(
                card=a, points=decimal(x, 1), other=b, other_points=decimal(y, 1)))
        return Reason(lambda: _("Tricks the others can still push on you: {card} {tricks}, "
                                "{other} {other_tricks}").format(
            card=a, tricks=decimal(x, 1), other=b, other_tricks=decimal(y, 1)))
    tie_break = rules.galdins_tie == "points"
    if by_points and tie_break:
        return Reason(lambda: _("{card}: as many card points whatever you play ({points} on "
                                "average); tricks decide the tie").format(
            card=a, points=decimal(x, 1)))
    if by_points:
        return Reason(lambda: _("{card}: the others can push as many card points on you "
                                "whatever you play ({points} on average)").format(
            card=a, points=decimal(x, 1)))
    if tie_break:
        return Reason(lambda: _("{card}: as many tricks whatever you play ({tricks} on "
                                "average); card points decide the tie").format(
            card=a, tricks=decimal(x, 1)))
    return Reason(lambda: _("{card}: the others can push as many tricks on you "
                            "whatever you play ({tricks} on average)").format(
        card=a, tricks=decimal(x, 1)))


def search_reason(obs: Observation, bot: StrongBot, card: int) -> Reason | None:
    """Why ``card``, from the bot's last search: the share of the sampled layouts in which
    it keeps my side's goal (or, in galdiņš, the tricks or card points the others can still
    push on me: :func:`_galdins_reason`), against the best other card.  ``None`` if the
    search did not judge ``card``."""
    v = View(obs)
    vals = bot.last_values
    mine = next((c for c in vals if bot._same_class(v, card, c)), None)
    if mine is None or len(vals) < 2:
        return None
    others = [c for c in vals if c != mine]
    a, n = card_label(card), bot.last_layouts
    if obs.contract == GALDINS:
        return _galdins_reason(obs, bot, v, a, mine, others)
    goal = bot.last_goal
    if mine not in goal:
        return None
    other = max(others, key=lambda c: (goal.get(c, 0.0), vals[c]))
    p, q, b = _pct(goal[mine]), _pct(goal.get(other, 0.0)), card_label(other)
    if p == q:
        # the goal is as likely either way: the expected game points decide
        gain = vals[mine] - vals[other]
        if abs(gain) < 0.005:
            # a tie: the search says so, and the rules' reason for this card breaks it
            rule = card_reason(obs, card)
            return explained(rule, lambda: ngettext(
                "every card scores the same in the {n} deal of the unseen cards tried",
                "every card scores the same in the {n} deals of the unseen cards tried",
                n).format(n=n))
        if gain < 0:
            return None
        return explained(Reason(lambda: _(
            "{card} and {other} win as often, but {card} wins more or loses less").format(
            card=a, other=b)), lambda: ngettext(
            "{points} game points more on average in the {n} deal of the unseen cards tried",
            "{points} game points more on average in the {n} deals of the unseen cards tried",
            n).format(points=decimal(gain, 2), n=n))
    def details() -> str:
        return ngettext(
            "{card} {pct}%, {other} {other_pct}% of the {n} deal of the unseen cards tried",
            "{card} {pct}%, {other} {other_pct}% of the {n} deals of the unseen cards tried",
            n).format(card=a, pct=p, other=b, other_pct=q, n=n)

    rule = card_reason(obs, card)
    if obs.contract == MAZA:
        if obs.declarer == obs.seat:
            return explained(Reason(lambda: _("{card}: your best chance to take no trick at "
                                              "all").format(card=a)), details)
        return explained(Reason(lambda: _("{card}: your best chance to make the declarer "
                                          "take a trick").format(card=a)), details)
    if obs.declarer == obs.seat:
        return explained(Reason(lambda: _("{rule}. {card} gives you a better chance of 61 "
                                          "than {other}").format(rule=_(rule), card=a,
                                                                 other=b)), details)
    return explained(Reason(lambda: _("{rule}. {card} gives a better chance to hold the "
                                      "declarer under 61 than {other}").format(
        rule=_(rule), card=a, other=b)), details)


@dataclass
class BurialHint:
    cards: tuple[int, int]
    reason: str  # a Reason, or an N_() message id where no layout was played out


def suggest_burial(obs: Observation, deadline: float, cancel=None, seed: int = 0,
                   layouts: int | None = None) -> BurialHint | None:
    """The strong bot's burial for this observation (the declarer's ten cards) and the
    reason: in what share of the layouts played out the game is won with it, against the
    best other pair it judged."""
    if obs.phase != BURYING or obs.buried or len(obs.hand) != 10:
        return None
    hand = mask_of(obs.hand)
    bot = StrongBot(seed, layouts=layouts)
    if layouts is not None:
        deadline = float("inf")
    try:
        pair = bot._choose_burial(obs, hand, deadline, cancel)
    except Exception:  # a bot bug must not cost the player the game: the heuristic's pair
        log.exception("the strong bot failed on a burial hint; the heuristic's is suggested")
        pair = best_burial(hand)
        return BurialHint(pair, N_("The pair the rules of thumb would bury"))
    stats = bot.last_burial
    key = next((p for p in stats if set(p) == set(pair)), None)
    if key is None or len(stats) < 2:
        return BurialHint(pair, N_("The pair the rules of thumb would bury"))
    n = bot.last_layouts
    # the best other pair by what the bot chose by, the mean game points
    other = max((p for p in stats if p != key), key=lambda p: stats[p])
    a = " ".join(card_label(c) for c in sorted(pair, key=lambda c: -c))
    b = " ".join(card_label(c) for c in sorted(other, key=lambda c: -c))
    p, q = _pct(stats[key][1]), _pct(stats[other][1])
    voids = _burial_voids(hand, pair)
    if p >= q:
        return BurialHint(pair, explained(Reason(lambda: (_(
            "Bury {cards}: {why}, and you win the game at least as often as with {other}")
            if voids else _("Bury {cards}: you win the game at least as often as with "
                               "{other}"))
            .format(cards=a, why=_(voids), other=b)), lambda: ngettext(
            "the game is won with {cards} in {pct}%, with {other} in {other_pct}% of the {n} "
            "deal of the unseen cards tried",
            "the game is won with {cards} in {pct}%, with {other} in {other_pct}% of the {n} "
            "deals of the unseen cards tried", n).format(cards=a, pct=p, n=n, other=b,
                                                        other_pct=q)))
    # the other pair wins the game as often or more often but scores less (it loses
    # bigger, or wins smaller): the win shares would not explain the choice, the game
    # points do
    gain = stats[key][0] - stats[other][0]
    if gain < 0.005:
        return BurialHint(pair, N_("The pair the rules of thumb would bury"))
    return BurialHint(pair, explained(Reason(lambda: (_(
        "Bury {cards}: {why}; on average it scores more than {other}")
        if voids else _("Bury {cards}: on average it scores more than {other}"))
        .format(cards=a, why=_(voids), other=b)), lambda: ngettext(
        "{points} game points more than {other} on average in the {n} deal of the unseen "
        "cards tried", "{points} game points more than {other} on average in the {n} deals "
        "of the unseen cards tried", n).format(points=decimal(gain, 2), other=b, n=n)))


def _burial_voids(hand: int, pair: tuple[int, int]) -> str | LiveText:
    """What a burial does for the hand, in a player's words (an ``N_`` id): a void made
    (the suit can be trumped), or points put safe; "" when neither."""
    kept = hand & ~mask_of(pair)
    for c in pair:
        if c < TRUMP_BASE and not kept & FOLLOW_MASK[c] and hand & FOLLOW_MASK[c]:
            suit = SUIT_NAMES[SUIT_OF[c]]

            def why(suit: str = suit) -> str:
                return _("it empties your {suit}, so you can trump them").format(
                    suit=_(suit))
            return LiveText(why)
    if sum(POINTS[c] for c in pair) >= 10:
        return N_("their points are safe in your pile")
    return ""


def suggest_card(obs: Observation, deadline: float, cancel=None, seed: int = 0,
                 layouts: int | None = None) -> CardHint | None:
    """The strong bot's card for this observation (its turn to play) and the reason: what
    its search found, or a rule label where it did not search."""
    legal = [a for a in obs.legal if 0 <= a < 26]
    if obs.phase != PLAYING or not legal:
        return None
    bot = StrongBot(seed, layouts=layouts)
    try:
        c = bot.choose(obs, deadline=deadline, cancel=cancel)
    except Exception:  # a bot bug must not cost the player the game: a simpler hint
        log.exception("the strong bot failed on a hint; the normal bot's card is suggested")
        c = None
    if c not in legal:
        c = heuristic_card(View(obs), "normal")
        if c not in legal:
            c = legal[0]
        return CardHint(c, card_reason(obs, c))
    reason: str | None = search_reason(obs, bot, c)
    return CardHint(c, reason or card_reason(obs, c))

