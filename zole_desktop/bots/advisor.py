"""Hints for the person at the table, from one seat's observation only.

* :func:`estimate_bids` — while bidding: the expected game points of each bid for this seat,
  by simulation (:mod:`.bidsim`, which the strong bot also bids by).
* :func:`suggest_card` — while playing: the strong bot's card (with a deadline) and a short
  reason derived from the situation (:func:`card_reason`).

Both are bounded by a ``deadline`` (``time.perf_counter()``) and stop early on ``cancel``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from ..i18n import N_
from ..rules.cards import (
    FOLLOW_MASK,
    FULL_DECK,
    POINTS,
    TRUMP_MASK,
    beats,
    cards_of,
    mask_of,
)
from ..rules.settlement import GALDINS, MAZA
from ..rules.state import PLAYING, TABLE, Observation
from .bidsim import BidEstimate, estimate_bids
from .heuristic import heuristic_card
from .strong import StrongBot
from .view import View

log = logging.getLogger(__name__)

__all__ = ["BidEstimate", "CardHint", "card_reason", "estimate_bids", "suggest_card"]


@dataclass
class CardHint:
    card: int
    reason: str  # an N_() message id; translate when drawing


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
    except Exception:  # a bot bug must not cost the player the game: a simpler hint
        log.exception("the strong bot failed on a hint; the normal bot's card is suggested")
        c = None
    if c not in legal:
        c = heuristic_card(View(obs), "normal")
        if c not in legal:
            c = legal[0]
    return CardHint(c, card_reason(obs, c))

