"""Hand review: a finished hand trick by trick with every hand open, and for ordinary games and
zoles the double-dummy analysis of every card played.

Pure logic (no pygame).  :func:`review_hand` takes a finished :class:`HandState` (the game's
own, or one from ``record.hand_of(data, n)``); :func:`review_file` reads a hand of a
``zole-match/1`` file (``records.load``).  :func:`analyse_cards` is the per-card double-dummy
analysis that the review and ``python -m zole_desktop solve`` share.

The double-dummy value is the declarer's card points (buried cards included) when both sides
play perfectly with all cards open, from the first lead after the burial.  For every card
played the value is taken before and after it: a card after which the value moves against the
side that played it *gave away* that many points.  The first such card is the hand's first
give-away.

The solver is pure Python: the exact value from the first lead can take seconds on a slow
machine.  ``deadline`` (a ``time.monotonic()`` instant), ``cancel`` (an object with
``is_set()``, e.g. ``threading.Event``) and ``node_limit`` bound the work; a review cut short
keeps whatever it finished and says so in ``status``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..bots.solver import NodeLimit, Solver
from ..i18n import _, ngettext
from ..rules import cards as C
from ..rules.match import hand_record
from ..rules.record import hand_of
from ..rules.settlement import DARK, GALDINS, MAZA, PASSED, TAKE, ZOLE
from ..rules.state import BID_BY_NAME, PLAYING, SURRENDER, TABLE, HandState
from .load import load_hand

ANALYSED_CONTRACTS = (TAKE, ZOLE, DARK)

# HandReview.status
DONE = "done"  # every card analysed
PARTIAL = "partial"  # the value from the first lead is known, the cards only in part
NO_TIME = "no_time"  # the budget ran out before the value from the first lead was known
CANCELLED = "cancelled"
FAILED = "failed"  # the analysis stopped on an error (in the log file)
NOT_ANALYSED = "not_analysed"  # passed out, mazā zole, galdiņš


@dataclass(frozen=True, slots=True)
class TrickView:
    """One trick with all hands open: what every active seat held before it."""

    number: int  # from 1
    leader: int  # seat, or TABLE when a talon card led (galdiņš)
    before: dict[int, tuple[int, ...]]  # seat -> cards held before this trick (sorted)
    plays: tuple[tuple[int, int], ...]  # (seat or TABLE, card) in the order played
    winner: int  # seat, or TABLE
    points: int
    first_card: int  # index in the hand's play of this trick's first card by a seat


@dataclass(frozen=True, slots=True)
class CardNote:
    """The double-dummy view of one card played."""

    index: int  # in the hand's play, from 0
    trick: int  # from 1
    seat: int
    card: int
    declarer_side: bool
    before: int  # declarer's double-dummy total (card points, buried included) before it
    after: int  # ... and after it
    best: tuple[int, ...] = ()  # the best cards here (filled for give-aways when time allows)

    @property
    def lost(self) -> int:
        """Points this card gave away to the other side (0 for a double-dummy best card)."""
        return self.before - self.after if self.declarer_side else self.after - self.before


@dataclass
class HandReview:
    players: int
    dealer: int
    seats: tuple[int, int, int]  # active seats from forehand
    contract: str
    declarer: int | None  # seat
    bids: list[tuple[int, str]]  # (seat, bid name)
    talon: tuple[int, ...]
    buried: tuple[int, ...]
    dealt: dict[int, tuple[int, ...]]  # seat -> the 8 cards dealt (sorted)
    start: dict[int, tuple[int, ...]]  # seat -> the cards held at the first lead (sorted)
    tricks: list[TrickView]
    left: dict[int, tuple[int, ...]]  # cards still held at the end (mazā zole, surrender)
    surrendered: bool
    declarer_points: int | None  # as played (buried included)
    status: str = NOT_ANALYSED
    dd_value: int | None = None  # declarer's double-dummy card points from the first lead
    notes: list[CardNote] = field(default_factory=list)
    seconds: float = 0.0
    nodes: int = 0
    # what the result turned on, costliest first (records.review_moments.Moment), when the
    # bids and the burial were judged too (records.review_run)
    moments: list = field(default_factory=list)

    @property
    def analysable(self) -> bool:
        return self.contract in ANALYSED_CONTRACTS and bool(self.tricks)

    @property
    def giveaways(self) -> list[CardNote]:
        return [n for n in self.notes if n.lost > 0]

    @property
    def first_giveaway(self) -> CardNote | None:
        for n in self.notes:
            if n.lost > 0:
                return n
        return None

    def lost_by(self, declarer_side: bool) -> int:
        return sum(n.lost for n in self.notes if n.declarer_side == declarer_side)

    def note_for(self, index: int) -> CardNote | None:
        if 0 <= index < len(self.notes):
            return self.notes[index]
        return None


class Stop:
    """The solver's cancel flag: the caller's flag, or the deadline passed."""

    __slots__ = ("cancel", "deadline")

    def __init__(self, cancel, deadline: float | None) -> None:
        self.cancel = cancel
        self.deadline = deadline

    def is_set(self) -> bool:
        if self.cancel is not None and self.cancel.is_set():
            return True
        return self.deadline is not None and time.monotonic() > self.deadline


def fresh(state: HandState) -> HandState:
    """The same deal before the first bid."""
    rec = hand_record(state)
    hands = {s: C.parse_cards(rec["hands"][s]) for s in state.seats}
    return HandState.new(state.players, state.dealer, hands, C.parse_cards(rec["talon"]),
                         state.rules, state.pools)


def _sorted(mask: int) -> tuple[int, ...]:
    return tuple(C.sort_for_hand(C.cards_of(mask)))


@dataclass(frozen=True)
class Walk:
    """A finished hand walked through again from its deal."""

    dealt: dict[int, tuple[int, ...]]  # seat -> the 8 cards dealt (sorted)
    bids: list[tuple[int, str]]  # (seat, bid name)
    plays: list[tuple[int, int]]  # (seat, card) played by the seats, in order
    at_lead: HandState | None  # the state at the first lead, after the burial (None: no play)
    surrendered: bool


def walk(state: HandState) -> Walk:
    """Replay a finished hand's actions on its deal, noting where the play began."""
    st = fresh(state)
    dealt = {s: _sorted(st.hand_mask(s)) for s in st.seats}
    bids: list[tuple[int, str]] = []
    plays: list[tuple[int, int]] = []
    at_lead: HandState | None = None
    surrendered = False
    for seat, a in state.actions():
        if st.phase == PLAYING and at_lead is None:
            at_lead = st.copy()
        if a == SURRENDER:
            surrendered = True
        elif a >= C.NUM_CARDS:
            bids.append((seat, {v: k for k, v in BID_BY_NAME.items()}[a]))
        elif st.phase == PLAYING:
            plays.append((seat, a))
        st.apply(a)
    if at_lead is None and st.phase == PLAYING:  # pragma: no cover - a hand always ends
        at_lead = st.copy()
    return Walk(dealt, bids, plays, at_lead, surrendered)


@dataclass
class CardAnalysis:
    """The double-dummy view of the cards played from the first lead."""

    status: str  # DONE, PARTIAL, NO_TIME or CANCELLED
    dd_value: int | None  # declarer's card points (buried included) from the first lead
    notes: list[CardNote]
    nodes: int


def analyse_cards(at_lead: HandState, cards: list[int], *, every_best: bool = False,
                  deadline: float | None = None, cancel=None, node_limit: int | None = None,
                  on_note: Callable[[CardNote], None] | None = None) -> CardAnalysis:
    """The one per-card double-dummy analysis (the review and ``solve`` both use it).

    ``at_lead``: an ordinary game, zole or dark at its first lead; ``cards``: the cards played
    from there, in order.  Each card gets the declarer's double-dummy total before and after
    it, and the best cards at its turn: at every card with ``every_best`` (``solve`` prints
    them), else only where points were given away, while time allows (the review).
    ``on_note`` hears of each card's note as soon as its value is known (the review's
    progress), and again when a give-away's best cards are found.
    """
    st = at_lead.copy()
    d = st.declarer
    buried = C.points_of(st.buried) if st.contract == TAKE else 0
    solver = Solver(st.hands, d, node_limit=node_limit, cancel=Stop(cancel, deadline))
    totals: list[int] = []  # the declarer's double-dummy total before each card, and at the end
    spots: list[tuple[int, list, list[int], int, int]] = []  # turn, trick, hands, trick no, seat
    best: list[tuple[int, ...]] = []
    guess = 60
    status = DONE
    try:
        for i in range(len(cards) + 1):
            trick = list(zip(st.trick_pos, st.trick, strict=True))
            v = 0
            if st.phase == PLAYING:
                solver.hands = list(st.hands)
                if every_best and i < len(cards):
                    vals = solver.move_values(st.turn, trick)
                    v = max(vals.values()) if st.turn == d else min(vals.values())
                    best.append(tuple(sorted(c for c, x in vals.items() if x == v)))
                else:
                    v = guess = solver.value(st.turn, trick, guess=guess)
            totals.append(st.points_won[d] + buried + v)
            if on_note is not None and i:
                on_note(CardNote(i - 1, spots[i - 1][3], spots[i - 1][4], cards[i - 1],
                                 spots[i - 1][0] == d, totals[i - 1], totals[i]))
            if i == len(cards):
                break
            spots.append((st.turn, trick, list(st.hands), len(st.completed) + 1,
                          st.seats[st.turn]))
            st.apply(cards[i])
    except NodeLimit:
        stopped = cancel is not None and cancel.is_set()
        status = CANCELLED if stopped else NO_TIME if not totals else PARTIAL
    notes = [CardNote(i, spots[i][3], spots[i][4], cards[i], spots[i][0] == d, totals[i],
                      totals[i + 1], best[i] if i < len(best) else ())
             for i in range(len(totals) - 1)]
    # the best cards where points were given away (while time allows)
    try:
        for j, n in enumerate(notes):
            if n.lost <= 0 or n.best:
                continue
            turn, trick, hands, _t, _s = spots[n.index]
            solver.hands = list(hands)
            vals = solver.move_values(turn, trick)
            want = max(vals.values()) if n.declarer_side else min(vals.values())
            notes[j] = CardNote(n.index, n.trick, n.seat, n.card, n.declarer_side, n.before,
                                n.after, tuple(c for c, x in vals.items() if x == want))
            if on_note is not None:
                on_note(notes[j])
    except NodeLimit:
        pass
    return CardAnalysis(status, totals[0] if totals else None, notes, solver.nodes)


def review_hand(state: HandState, *, deadline: float | None = None, cancel=None,
                node_limit: int | None = None, analyse: bool = True,
                on_note: Callable[[CardNote], None] | None = None) -> HandReview:
    """Review a finished hand.  ``analyse=False`` skips the double-dummy part; ``on_note``:
    as in :func:`analyse_cards`."""
    if not state.is_terminal():
        raise ValueError("only a finished hand can be reviewed")
    t0 = time.perf_counter()
    w = walk(state)
    start = ({s: _sorted(w.at_lead.hand_mask(s)) for s in w.at_lead.seats}
             if w.at_lead is not None else dict(w.dealt))
    # tricks with the hands before each
    held = {s: C.mask_of(v) for s, v in start.items()}
    tricks: list[TrickView] = []
    k = 0
    for i, t in enumerate(state.completed):
        before = {s: _sorted(m) for s, m in held.items()}
        pairs = tuple(zip(t.seats, t.cards, strict=True))
        for s, c in pairs:
            if s != TABLE:
                held[s] &= ~(1 << c)
        tricks.append(TrickView(i + 1, t.leader, before, pairs, t.winner, t.points, k))
        k += sum(1 for s, _c in pairs if s != TABLE)
    result = state.result()
    contract = result.contract
    review = HandReview(
        players=state.players, dealer=state.dealer, seats=state.seats, contract=contract,
        declarer=result.declarer, bids=w.bids, talon=tuple(state.talon_cards),
        buried=tuple(C.cards_of(state.buried)), dealt=w.dealt, start=start, tricks=tricks,
        left={s: _sorted(m) for s, m in held.items()}, surrendered=w.surrendered,
        declarer_points=result.declarer_points)
    if analyse and review.analysable and w.at_lead is not None:
        a = analyse_cards(w.at_lead, [c for _s, c in w.plays], deadline=deadline,
                          cancel=cancel, node_limit=node_limit, on_note=on_note)
        review.status, review.dd_value, review.notes, review.nodes = (
            a.status, a.dd_value, a.notes, a.nodes)
    review.seconds = time.perf_counter() - t0
    return review


def review_record(data, hand_no: int, **kw) -> HandReview:
    """Review hand ``hand_no`` (from 1) of a parsed ``zole-match/1`` record."""
    return review_hand(hand_of(data, hand_no), **kw)


def review_file(path: str, hand_no: int = 1, **kw) -> HandReview:
    """Review hand ``hand_no`` of a record file (RecordError with ``hand N:`` when invalid)."""
    return review_hand(load_hand(path, hand_no), **kw)


# ---------------------------------------------------------------------- words for the player
def _seat_name(seat: int) -> str:
    return _("Seat {n}").format(n=seat + 1)


def card_text(c: int) -> str:
    n = C.CARD_NAMES[c]
    return {"T": "10"}.get(n[0], n[0]) + {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}[n[1]]


def points_text(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def summary_text(review: HandReview, you: int | None = None) -> str:
    """One line: the double-dummy result, or why there is none; spoken to the seat ``you``
    when it played the game."""
    if review.contract == PASSED:
        return _("Everyone passed: no card was played, so there is nothing to analyse.")
    if review.contract == MAZA:
        return _("Small zole is about tricks, not points: the tricks are shown without "
                 "the double-dummy analysis.")
    if review.contract == GALDINS:
        return _("In the small table everyone plays alone: the tricks are shown without "
                 "the double-dummy analysis.")
    if not review.tricks:
        return _("The declarer gave up before the first card: nothing to analyse.")
    if review.status == CANCELLED:
        return _("The analysis was stopped.")
    if review.status == FAILED:
        return _("The analysis failed on an error; the error is in the log file.")
    if review.dd_value is None:
        if review.status == NOT_ANALYSED:
            return _("Not analysed yet.")
        return _("The analysis ran out of time before it found the best result.")
    v = review.dd_value
    if you is not None and review.declarer == you:
        return ngettext("With all cards open and perfect play from the first lead, you take "
                        "{p} card point, the defenders {q}.",
                        "With all cards open and perfect play from the first lead, you take "
                        "{p} card points, the defenders {q}.", v).format(p=v, q=120 - v)
    return ngettext("With all cards open and perfect play from the first lead, the declarer "
                    "takes {p} card point, the defenders {q}.",
                    "With all cards open and perfect play from the first lead, the declarer "
                    "takes {p} card points, the defenders {q}.", v).format(p=v, q=120 - v)


def giveaway_text(note: CardNote | None, review: HandReview,
                  name_of: Callable[[int], str] | None = None, you: int | None = None) -> str:
    """The first give-away in one line (:func:`card_line`) with the best cards."""
    name_of = name_of or _seat_name
    if review.dd_value is None:
        return ""
    if note is None:
        if review.status == PARTIAL:
            return _("No points given away in the cards analysed (the analysis ran out of "
                     "time after card {n}).").format(n=len(review.notes))
        return _("Nobody gave away points: both sides played as well as with all cards open.")
    line = card_line(note, name_of, you)
    if note.best:
        line += " " + _("(best: {cards})").format(
            cards=" ".join(card_text(c) for c in note.best))
    return line


def card_line(note: CardNote, name_of: Callable[[int], str], you: int | None = None) -> str:
    """A card that gave points away, in one person: "Trick 3: you played Q♦ and gave away
    6 points" to the seat ``you``, "Trick 3: Anna played Q♦ and gave away 6 points" of the
    others."""
    n, card = note.lost, card_text(note.card)
    if note.seat == you:
        return ngettext("Trick {t}: you played {card} and gave away {n} point",
                        "Trick {t}: you played {card} and gave away {n} points", n).format(
            t=note.trick, card=card, n=n)
    return ngettext("Trick {t}: {name} played {card} and gave away {n} point",
                    "Trick {t}: {name} played {card} and gave away {n} points", n).format(
        t=note.trick, name=name_of(note.seat), card=card, n=n)


def result_text(review: HandReview, you: int | None = None) -> str:
    """How the hand went against the double-dummy value (to the seat ``you`` when it played
    the game)."""
    if review.dd_value is None or review.declarer_points is None:
        return ""
    got = review.declarer_points
    diff = got - review.dd_value
    if you is not None and review.declarer == you and not review.surrendered:
        if diff == 0:
            return ngettext("You took {p} card point: exactly the double-dummy result.",
                            "You took {p} card points: exactly the double-dummy result.",
                            got).format(p=got)
        if diff > 0:
            return ngettext("You took {p} card point: {n} more than the double-dummy result.",
                            "You took {p} card points: {n} more than the double-dummy result.",
                            got).format(p=got, n=diff)
        return ngettext("You took {p} card point: {n} fewer than the double-dummy result.",
                        "You took {p} card points: {n} fewer than the double-dummy result.",
                        got).format(p=got, n=-diff)
    if review.surrendered:
        return ngettext("The declarer surrendered with {p} card point.",
                        "The declarer surrendered with {p} card points.", got).format(p=got)
    if diff == 0:
        return ngettext("The declarer took {p} card point: exactly the double-dummy result.",
                        "The declarer took {p} card points: exactly the double-dummy result.",
                        got).format(p=got)
    if diff > 0:
        return ngettext("The declarer took {p} card point: {n} more than the double-dummy "
                        "result.", "The declarer took {p} card points: {n} more than the "
                        "double-dummy result.", got).format(p=got, n=diff)
    return ngettext("The declarer took {p} card point: {n} fewer than the double-dummy "
                    "result.", "The declarer took {p} card points: {n} fewer than the "
                    "double-dummy result.", got).format(p=got, n=-diff)


def lines(review: HandReview, name_of: Callable[[int], str] | None = None,
          you: int | None = None) -> list[str]:
    """The whole review as text (tests, logs); the seat ``you`` is spoken to."""
    name_of = name_of or _seat_name
    out = [summary_text(review, you)]
    g = giveaway_text(review.first_giveaway, review, name_of, you)
    if g:
        out.append(g)
    r = result_text(review, you)
    if r:
        out.append(r)
    for t in review.tricks:
        cards = " ".join(card_text(c) for _s, c in t.plays)
        if t.winner != TABLE and t.winner == you:
            out.append(ngettext("Trick {t}: {cards} — you take {n} point",
                                "Trick {t}: {cards} — you take {n} points", t.points).format(
                t=t.number, cards=cards, n=t.points))
            continue
        who = name_of(t.winner) if t.winner != TABLE else _("the talon")
        out.append(ngettext("Trick {t}: {cards} — {name} takes {n} point",
                            "Trick {t}: {cards} — {name} takes {n} points", t.points).format(
            t=t.number, cards=cards, name=who, n=t.points))
    return out


__all__ = [
    "CANCELLED", "DONE", "FAILED", "NOT_ANALYSED", "NO_TIME", "PARTIAL", "CardAnalysis",
    "CardNote", "HandReview", "TrickView", "Walk", "analyse_cards", "card_line", "card_text",
    "giveaway_text", "lines", "result_text", "review_file", "review_hand", "review_record",
    "summary_text", "walk",
]
