"""The lesson on defending: a real deal, dealt by the rules core from a fixed seed, in which
the player (seat 0, forehand) passes and the bot on the left (seat 1) takes the talon; the
player and the bot on the right (seat 2) defend together.

The coach's card is the one the double-dummy solver rates best for the defenders (fewest
card points for the declarer) and, among those, the defenders' rule of thumb
(:func:`defence_rule`).  What the coach says about a card comes from the position and from
that card (:func:`card_lesson`), so it never claims what the cards do not show: "give your
partner points" only where the partner is winning the trick and the declarer has already
played to it, "keep your trump" only where the player could trump and the coach's card is not
a trump, and so on.
"""

from __future__ import annotations

from ..i18n import N_
from ..rules import cards as C
from ..rules.state import BIDDING, PASS, PLAYING, HandState
from .lesson import Step, best_cards, best_so_far, pos_of

SEED = 194  # the session's seed: hand 1 is dealt by ``hand_rng(SEED, 1)``
DEALER = 2  # the player is forehand
PLAYER = 0
DECLARER = 1  # the bot on the player's left takes the talon
PARTNER = 2
BOT_LEVEL = "easy"

STEPS: tuple[Step, ...] = (
    Step("start", N_("This lesson is about defending. You sit at the bottom and speak "
                     "first. When someone else takes the talon, the other two play "
                     "together against that player: the defenders (mazie).")),
    Step("your_bid", N_("Your hand is not strong enough to play alone: choose “Pass”. Let "
                        "the one who takes the talon try to make 61.")),
    Step("partner", N_("{declarer} took the talon and plays alone. {partner} is your "
                       "partner now: your tricks and points go into one pile. The "
                       "declarer needs 61 card points, so your side wins with 60.")),
    Step("lead_through", N_("You lead, the declarer plays next and your partner last. "
                            "Leading a plain suit through the declarer makes the declarer "
                            "choose first: your partner then sees that card and wins the "
                            "trick cheaply or throws a low card.")),
    Step("lead_through_trump", N_("You lead, the declarer plays next and your partner last. "
                                  "A trump led through the declarer must be answered with a "
                                  "trump if the declarer has one, and your partner plays "
                                  "after that.")),
    Step("lead_last", N_("You lead, and the declarer plays last this time. Lead a card "
                         "that costs little if the declarer wins it, or one that cannot "
                         "be beaten.")),
    Step("give_points", N_("Your partner is winning this trick and the declarer has "
                           "already played: give your partner points. {card} adds "
                           "{points} to your side's pile.")),
    Step("keep_trump", N_("You could trump, but your partner already has this trick: keep "
                          "your trump for the declarer's cards and throw {card} instead.")),
    Step("trump_it", N_("The declarer is winning this trick and you hold none of the suit "
                        "led: trump it, and its points come to your side.")),
    Step("take_it", N_("You can beat the declarer's card: take the trick for your side.")),
    Step("cheap", N_("Your side cannot take this trick: play your cheapest card and keep "
                     "your points for your partner's tricks.")),
    Step("partner_behind", N_("Your partner still plays after the declarer. Play low "
                              "here and let your partner deal with the declarer's card.")),
    Step("partner_led", N_("Your partner led and the declarer plays after you, seeing "
                           "both cards. Don't give points the declarer could take: play "
                           "low.")),
    Step("keep_strong", N_("Your side cannot take this trick. Play {card} and keep your "
                           "stronger cards for tricks your side can still win.")),
    Step("trick_ours", N_("Your side took that trick: its points go into the defenders' "
                          "pile. The one who took it leads next.")),
    Step("trick_theirs", N_("The declarer took that trick. The two buried cards count "
                            "for the declarer too, and you cannot see them.")),
    Step("halfway", N_("Halfway. Your side has {ours} in tricks; the declarer has {theirs} "
                       "and the two buried cards. Your side needs 60.")),
    Step("last_trick", N_("The last trick: one card each. Its winner takes its points "
                          "as well.")),
    Step("end_won", N_("Your side took 60 card points or more: the declarer lost and pays "
                       "each of you.")),
    Step("end_lost", N_("The declarer made 61 or more this time, and each defender "
                        "pays. Every point your side takes still counts: under 91 the "
                        "declarer wins only 1 game point from each of you.")),
)

BLOCKING = ("start", "partner", "trick_ours", "trick_theirs", "halfway", "end_won",
            "end_lost")
HALFWAY = 4


def _partner_of(state: HandState, seat: int) -> int:
    return next(s for s in state.seats if s not in (seat, state.declarer_seat))


def defence_rule(state: HandState, cards: list[int]) -> int:
    """The defenders' rule of thumb among ``cards`` (legal, not empty): lead the highest
    plain card (an ace is cashed before the declarer can throw that suit away), else the
    lowest trump; to a trick, give points when the partner has it, take it from the
    declarer as cheaply as possible, else play the cheapest card."""
    if not state.trick:
        plain = [c for c in cards if not C.is_trump(c)]
        return max(plain, key=lambda c: (C.POINTS[c], c)) if plain else min(cards)
    who, best = best_so_far(state)
    decl = state.declarer
    if who != decl and decl in state.trick_pos:  # the partner has it: give points
        return max(cards, key=lambda c: (C.POINTS[c], -C.is_trump(c), -c))
    winners = [c for c in cards if C.beats(c, best)]
    if winners and decl in state.trick_pos:
        return min(winners, key=lambda c: (C.POINTS[c], c))
    return min(cards, key=lambda c: (C.POINTS[c], c))


def advice(state: HandState, values: dict[int, int] | None = None) -> int | None:
    """The coach's move for the player now: Pass in the bidding; in play the rule of thumb's
    card among the solver's best for the defenders."""
    if state.current_seat != PLAYER:
        return None
    if state.phase == BIDDING:
        return PASS
    if state.phase == PLAYING:
        return defence_rule(state, best_cards(state, values))
    return None


def card_lesson(state: HandState, card: int | None) -> tuple[str, dict[str, object]] | None:
    """What the coach says about its card ``card`` for the player to move: (step, its
    fields).  Each step is said only where the position shows it."""
    if card is None or state.phase != PLAYING or state.current_seat != PLAYER or \
            state.declarer_seat in (None, PLAYER):
        return None
    me = pos_of(state, PLAYER)
    decl = state.declarer
    if not state.trick:
        if (me + 1) % 3 == decl:
            return ("lead_through_trump" if C.is_trump(card) else "lead_through"), {}
        return "lead_last", {}
    who, best = best_so_far(state)
    led = state.trick[0]
    hand = state.hand_mask(PLAYER)
    void = not hand & C.FOLLOW_MASK[led]
    if who != decl and decl in state.trick_pos:
        can_trump = void and bool(hand & C.TRUMP_MASK) and not C.is_trump(led)
        if can_trump and not C.is_trump(card):
            return "keep_trump", {"card": card}
        if C.POINTS[card] >= 10 and not C.beats(card, best):
            return "give_points", {"card": card, "points": C.POINTS[card]}
        return None
    legal = C.cards_of(state.legal_cards_mask())
    cheapest = C.POINTS[card] == min(C.POINTS[c] for c in legal)
    if decl not in state.trick_pos:  # the partner led and the declarer plays after me
        return ("partner_led", {}) if cheapest else None
    if C.beats(card, best):
        if void and C.is_trump(card) and not C.is_trump(led):
            return "trump_it", {}
        return "take_it", {}
    if not cheapest:
        stronger = any(C.beats(c, card) for c in legal if c != card)
        return ("keep_strong", {"card": card}) if stronger and len(state.trick) == 2 else None
    return ("partner_behind", {}) if len(state.trick) == 1 else ("cheap", {})


def halfway_count(state: HandState) -> dict[str, int]:
    """What a defender can count: the defenders' card points in tricks and the declarer's
    (without the burial, which a defender does not see)."""
    decl = state.declarer
    theirs = state.points_won[decl]
    ours = sum(state.points_won[p] for p in range(3) if p != decl)
    return {"ours": ours, "theirs": theirs}
