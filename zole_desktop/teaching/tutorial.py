"""The guided first game: a prepared deal and a coach who explains each step as it comes.

The player sits at seat 0 and is forehand (the dealer is seat 2).  The coach speaks on game
events, so the lesson holds whatever the player chooses; ``advice`` names the move the coach
recommends at each decision, and the scene highlights it.

The coach's cards agree with the hand review: at every card ``advice`` keeps only the moves
that the double-dummy solver (the review's analysis) rates best, and among those picks the one
the beginner's rule of thumb (``rule_of_thumb``: lead the highest trump, win a trick cheaply,
else give the fewest points away) would pick.  Where the rule of thumb would cost points,
``deviation`` names the coach's message that says so.  The burial is fixed for this deal: the
nine of spades and the ten of hearts, the best burial with all cards open (94 card points
against 64 for the ten and king of hearts).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bots.solver import Solver
from ..i18n import N_
from ..rules import cards as C
from ..rules.state import BIDDING, BURYING, PLAYING, TAKE_BID, HandState

DEALER = 2
PLAYER = 0
# a strong hand for the player: six trumps and the ace of hearts
HANDS = {
    0: "QC QS JC JH AD TD AH 9S",
    1: "QH JS KD 9D AC KC TS 9H",
    2: "QD JD 8D 7D TC 9C AS KS",
}
TALON = "TH KH"
# the coach's burial: a void in spades (the defenders' spades can be trumped) and the ten of
# hearts safe in the pile
BURY = ("9S", "TH")


@dataclass(frozen=True)
class Step:
    event: str  # when the coach speaks
    text: str  # N_-marked, translated when shown


STEPS: tuple[Step, ...] = (
    Step("start", N_("Welcome to the table! You sit at the bottom. The dealer is on your right, "
                     "so you are forehand: you speak first and you lead to the first trick.")),
    Step("your_bid", N_("Look at your cards: the queens of clubs and spades, two jacks, the "
                        "ace and ten of diamonds — six trumps and the ace of hearts. That is "
                        "a strong hand. Choose “Take” to pick up the talon and play alone "
                        "against the other two.")),
    Step("bury", N_("The two talon cards joined your hand. Now bury (norakt) two cards: they "
                    "count for you at the end. Bury the nine of spades and the ten of hearts: "
                    "with no spade left you can trump the defenders' spades, and the ten's 10 "
                    "points are safe in your pile. Keep the ace and king of hearts: only one "
                    "heart is left outside your hand.")),
    Step("first_lead", N_("You lead to the first trick. Leading a high trump draws the "
                          "defenders' trumps: try the queen of clubs, the highest card in "
                          "the game.")),
    Step("must_follow_trumps", N_("A trump was led, so you must play a trump if you have one: "
                                  "every queen, jack and diamond is a trump.")),
    Step("must_follow_plain", N_("A plain suit was led: you must follow it if you hold a card "
                                 "of that suit. Queens and jacks don't count as that suit — "
                                 "they are trumps.")),
    Step("free_choice", N_("You hold no card of the suit led, so you may play any card — a "
                           "trump wins the trick, a low card saves your trumps.")),
    Step("lead_low_trump", N_("This time lead a lower trump (marked ▼), not your highest. A "
                              "defender still holds a trump that beats this one but not your "
                              "highest: let it win a cheap trick now, and your highest trump "
                              "stays to win a richer one later.")),
    Step("coach_looks", N_("Here the rule of thumb would cost points: the coach has looked at "
                           "all the cards and marks a better card (▼). The review after the "
                           "hand shows what every card was worth.")),
    Step("trick_won", N_("You won the trick: the highest trump wins; with no trump in it, "
                         "the highest card of the suit led. You lead next.")),
    Step("trick_lost", N_("The defenders took that trick; their card points count "
                          "together. The winner leads next.")),
    Step("draw_trumps", N_("You lead again. The defenders still hold {trumps} (count them: 14 "
                           "in all, less yours and those played). While they have any, an ace "
                           "of yours can be trumped: draw them first.")),
    Step("cash_winners", N_("You lead again, and the defenders have no trumps left: all 14 are "
                            "played or in your hand. Now a highest card of a suit cannot be "
                            "beaten: cash it.")),
    Step("follow_win", N_("You can win this trick. Last to play, put your richest winning "
                          "card in it; with a player still to come, win it as cheaply as you "
                          "can.")),
    Step("follow_lose", N_("You cannot win this trick: give away your cheapest card and keep "
                           "your points for a trick you win.")),
    Step("last_trick", N_("The last trick: one card each. Its winner takes its points as well.")),
    Step("halfway", N_("Halfway. In your tricks and the buried cards: {mine}; in the "
                       "defenders' tricks: {theirs}. You need 61, and {left} are still in "
                       "the hands.")),
    Step("end_won", N_("You made 61 points or more and won the game: each defender pays you. "
                       "With 91 or more the defenders are in jāņi and pay 2 each.")),
    Step("end_lost", N_("You took 60 points or fewer, so the defenders won this time. Try "
                        "again, or read the rules guide (F1).")),
)

STEP_BY_EVENT = {s.event: s for s in STEPS}
TAUGHT_FROM = 3  # from the fourth trick on, each of the player's cards gets a word
HALFWAY = 4  # tricks played when the coach counts the points


def step_of(event: str) -> Step | None:
    """The step of an event; ``"name@n"`` is step ``name`` said at trick ``n``."""
    return STEP_BY_EVENT.get(event.split("@")[0])


def trick_lesson(state: HandState) -> tuple[str, dict[str, int]] | None:
    """From the fourth trick on, the coach's word at the player's card: (step, its numbers:
    ``trumps`` counts trumps, any other card points).
    What it says is what the position shows: the defenders' trumps are counted from the
    cards (every trump not played is in a hand or buried)."""
    if state.phase != PLAYING or state.current_seat != PLAYER:
        return None
    if len(state.completed) < TAUGHT_FROM:
        return None
    if len(state.completed) == 7:
        return "last_trick", {}
    if not state.trick:
        if state.declarer_seat != PLAYER:
            return None
        theirs = 0
        for s in state.seats:
            if s != PLAYER:
                theirs |= state.hand_mask(s) & C.TRUMP_MASK
        n = bin(theirs).count("1")
        return ("draw_trumps", {"trumps": n}) if n else ("cash_winners", {})
    best = state.trick[0]
    for c in state.trick[1:]:
        if C.beats(c, best):
            best = c
    if any(C.beats(c, best) for c in C.cards_of(state.legal_cards_mask())):
        return "follow_win", {}
    return "follow_lose", {}


def halfway_count(state: HandState) -> dict[str, int]:
    """The card points the player (the declarer) has in tricks and burial, the defenders'
    in their tricks, and the points still in the hands."""
    mine = sum(C.POINTS[c] for c in C.cards_of(state.buried)) + state.points_won[PLAYER]
    theirs = sum(state.points_won[s] for s in state.seats if s != PLAYER)
    return {"mine": mine, "theirs": theirs, "left": C.TOTAL_POINTS - mine - theirs}


def tutorial_state() -> HandState:
    return HandState.new(3, DEALER, {s: C.parse_cards(h.split()) for s, h in HANDS.items()},
                         C.parse_cards(TALON.split()))


def _rule(state: HandState, cards: list[int]) -> int:
    """The beginner's rule of thumb among ``cards`` (legal, not empty)."""
    if not state.trick:
        # lead the highest trump while trumps are out, else the highest card
        return max(cards)
    # follow: take the trick with the cheapest card that wins it, else give the fewest
    # points away
    best = state.trick[0]
    for c in state.trick[1:]:
        if C.beats(c, best):
            best = c
    winners = [c for c in cards if C.beats(c, best)]
    if winners:
        if len(state.trick) == 2:  # last to play: the trick is ours, put points in it
            return max(winners, key=lambda c: (C.POINTS[c], -c))
        return min(winners, key=lambda c: (C.POINTS[c], c))
    return min(cards, key=lambda c: (C.POINTS[c], c))


def rule_of_thumb(state: HandState) -> int | None:
    """The card the beginner's rule of thumb plays now (the player to move, playing)."""
    if state.phase != PLAYING:
        return None
    return _rule(state, C.cards_of(state.legal_cards_mask()))


def card_values(state: HandState) -> dict[int, int]:
    """Double-dummy value of every legal card of the player to move: the declarer's card
    points from here on (the current trick included), as the hand review counts them."""
    solver = Solver(state.hands, state.declarer)
    return solver.move_values(state.turn, list(zip(state.trick_pos, state.trick, strict=True)))


def best_cards(state: HandState, values: dict[int, int] | None = None) -> list[int]:
    """The cards the solver rates best for the player to move."""
    values = card_values(state) if values is None else values
    declarer = state.turn == state.declarer
    want = max(values.values()) if declarer else min(values.values())
    return [c for c, v in values.items() if v == want]


def advice(state: HandState, values: dict[int, int] | None = None) -> int | None:
    """The move the coach recommends to the player now, if any.  In play: the rule of
    thumb's choice among the solver's best cards (``values`` from :func:`card_values`, worked
    out here when not given)."""
    if state.current_seat != PLAYER:
        return None
    if state.phase == BIDDING:
        return TAKE_BID
    if state.phase == BURYING:
        for name in BURY:
            c = C.card(name)
            if state.hand_mask(PLAYER) >> c & 1:
                return c
        return None
    if state.phase == PLAYING:
        return _rule(state, best_cards(state, values))
    return None


def deviation(state: HandState, card: int | None) -> str | None:
    """When the coach's card is not the rule of thumb's: the message that says why."""
    if card is None or state.phase != PLAYING or state.current_seat != PLAYER:
        return None
    if card == rule_of_thumb(state):
        return None
    if not state.trick and C.is_trump(card):
        mine = state.hand_mask(PLAYER) & C.TRUMP_MASK
        theirs = 0
        for s in state.seats:
            if s != PLAYER:
                theirs |= state.hand_mask(s) & C.TRUMP_MASK
        top = max(C.cards_of(mine))
        if theirs and card < top and card < max(C.cards_of(theirs)) < top:
            return "lead_low_trump"
    return "coach_looks"


def follow_event(state: HandState) -> str | None:
    """When the player must answer a trick: which follow-suit lesson fits."""
    if state.phase != PLAYING or state.current_seat != PLAYER or not state.trick:
        return None
    led = state.trick[0]
    hand = state.hand_mask(PLAYER)
    if hand & C.FOLLOW_MASK[led]:
        return "must_follow_trumps" if C.is_trump(led) else "must_follow_plain"
    return "free_choice"
