"""The hand as the person sees it, step by step: the shuffle and the deal, each bid in a
bubble, the talon picked up, each card travelling to the trick and the trick to its winner,
then the screen between hands.

Each function is a generator that the table's driver runs: it yields a condition from
:mod:`.conditions` and is resumed when it holds.  The rules are the director's: the script
asks it whose turn it is and hands it every action; it never changes the hand's state
itself.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from ...i18n import N_, _
from ...rules.deal import TALON, Deal
from ...rules.state import BIDDING, BURYING, PASS, PLAYING, SURRENDER, HandState
from . import buttons, finish, pace
from .commands import Choose, GiveUp, TakeBack
from .conditions import (
    UNDO,
    BotAnswer,
    BotTurn,
    Condition,
    Gather,
    Hold,
    HumanTurn,
    Saved,
    SceneClosed,
    Settle,
    Wait,
)
from .layout import DECK_SCALE

if TYPE_CHECKING:
    from .scene import TableScene

Script = Generator[Condition, Any, Any]

log = logging.getLogger(__name__)

TALON_FLIP = 0.3  # seconds the talon takes to turn face up when I take it
TALON_VIEW = 0.8  # seconds it shows face up before it goes into my hand
AUTO_PLAY_PAUSE = 0.45  # seconds before a forced card plays itself
ALL_PASSED_VIEW = 1.2  # seconds every "Pass" shows before the summary (at least, any speed)


def _pusher(t: TableScene, make: Callable[[], TableScene]) -> Callable[[], None]:
    """A button's click that opens the scene ``make`` gives on the table's stack."""
    return lambda: t.stack.push(make())


def replay_maker(t: TableScene, number: int) -> Callable[[], TableScene] | None:
    """What "Play this deal again" opens after hand ``number``: the same cards and dealer as
    a practice hand of its own (:meth:`Session.replay_of`), not counted in the match.  Offered
    at an offline table of a person against bots (the network table and the guided game have
    flows of their own; the demo has nobody to play it)."""
    Table = type(t)
    if Table.__name__ != "TableScene" or t.demo or t.human is None:  # not a subclass
        return None
    if not t.score_sheets or not t.session.persistent:
        return None

    def make() -> TableScene:
        again = Table(t.session.replay_of(number), score_sheets=False)
        again.last_label = N_("Back to the match")
        return again

    return make


def run_session(t: TableScene) -> Script:
    """Hand after hand until the session's length is reached (or the table is left); after
    each hand the one screen between hands (:class:`~..hand_end.HandSummary`), which at the
    end of the match is its final."""
    from ..hand_end import HandSummary

    while not t.closed:
        yield from run_hand(t)
        if t.closed:
            return
        row = t.director.finish_hand()
        yield Saved()
        final = t.score_sheets and t.director.over()
        again = replay_maker(t, row.number)
        assert t.state is not None
        summary = HandSummary(
            t.session, t.state, row, t.auto_continue, viewer=t.viewer, final=final,
            replay=_pusher(t, again) if again else None,
            next_label=None if t.score_sheets else t.last_label)
        t.stack.push(summary)
        t.app.moment("match-end" if final else "hand-summary")
        yield SceneClosed(summary)
        if not t.score_sheets:  # one hand (the guided game, a deal played again), then back
            t.finished = True
            t.stack.remove(t)
            return
        if final:
            t.director.finish_session()
            t.stack.remove(t)
            if summary.choice == "new":  # the menu under the table offers the New game form
                start = getattr(t.stack.top, "new_game", None)
                if callable(start):
                    start()
            return


def run_hand(t: TableScene) -> Script:
    state = t.director.start_hand()
    t.commands.drop(TakeBack)
    t.reset_view()
    t.setup_seats(state)
    buttons.build_corner(t)  # the last hand's corner (its Surrender) does not stay
    if t.director.resumed:
        yield from resume_hand(t, state)
    else:
        deal = t.director.deal
        assert deal is not None
        yield from deal_hand(t, deal, state)
    yield from play_hand(t, state)


def resume_hand(t: TableScene, state: HandState) -> Script:
    """A continued hand: the cards settle where they were; the play goes on from there."""
    t.view.rebuild(state)
    t.selected = []
    t.show_last = False
    human_spoke = any(seat == t.human for seat, _a in state.actions())
    t.view.cards_seen = not (t.human is not None and state.rules.zole_in_dark
                             and t.human in state.seats and state.phase == BIDDING
                             and not human_spoke)
    if state.phase == BIDDING:
        t.view.bubbles = dict(state.actions())
    t.relayout()
    t.app.moment("resumed")
    yield Settle()


def deal_hand(t: TableScene, deal: Deal, state: HandState) -> Script:
    v = t.view
    v.start_deal(state)
    v.cards_seen = not (t.human is not None and state.rules.zole_in_dark
                        and t.human in state.seats)
    # gather every card to the dealer, in the order before the cut
    v.deck = list(deal.deck[-deal.cut:] + deal.deck[:-deal.cut]) if deal.cut else \
        list(deal.deck)
    first = not any(s.visible for s in t.sprites)
    t.relayout(snap=first)
    t.director.persist()  # the new deal: Continue starts this hand, not another
    yield Settle()
    riffles, gap, cut = pace.deal_style(t)
    if riffles or cut:
        t.app.sound.play("riffle")
    yield from shuffle_and_cut(t, deal, riffles, cut)
    v.deck = list(deal.deck)
    t.relayout(dur=0.0)
    for k, p in enumerate(deal.packets):
        if k == len(deal.packets) * 2 // 3:
            t.app.moment("deal")
        for c in p.cards:
            v.deck.remove(c)
            if p.to == TALON or isinstance(p.to, str):
                v.talon.append(c)
            else:
                v.holding[p.to].append(c)
        t.relayout(dur=pace.CARD_MOVE if gap < 0.05 else None)
        t.slide_sound()
        yield t.wait(gap)
    yield Settle()


def shuffle_and_cut(t: TableScene, deal: Deal, riffles: int = 1, show_cut: bool = True) -> Script:
    """``riffles`` riffles (two halves apart and back) and the cut (the top lifted and put
    under) when ``show_cut``."""
    if t.f <= 0:
        return
    v = t.view
    x, y = t.geo.L["deck"]
    sx, sy = t.geo.L["cut"]  # the cut goes away from the dealer's plate
    assert t.geo.images is not None
    cw = t.geo.images.w * DECK_SCALE
    half = len(v.deck) // 2
    for _rep in range(riffles):
        for i, c in enumerate(v.deck):
            dx = -0.6 * cw if i < half else 0.6 * cw
            t.sprites[c].move(t.clock, x + dx, y, DECK_SCALE, False, 0.13 * t.f)
        yield Settle()
        interleaved = [c for pair in zip(v.deck[:half], v.deck[half:], strict=False)
                       for c in pair]
        interleaved += [c for c in v.deck if c not in interleaved]
        v.deck = interleaved
        t.relayout(dur=0.13)
        yield Settle()
    if deal.cut and show_cut:
        for c in v.deck[:deal.cut]:
            t.sprites[c].move(t.clock, x + sx * 0.9 * cw, y + sy * 0.35 * cw, DECK_SCALE,
                              False, 0.15 * t.f)
        yield Settle()
        v.deck = list(deal.deck)
        t.relayout(dur=0.16)
        yield Settle()


def play_hand(t: TableScene, state: HandState) -> Script:
    d, v = t.director, t.view
    while state.phase == BIDDING and not t.closed:
        seat = state.current_seat
        assert seat is not None
        if seat == t.human:
            a = yield from human_turn(t, "bid")
        else:
            a = yield from bot_turn(t, seat)
        if a == UNDO or d.act(seat, a) is None:
            continue
        yield Saved()
        v.bubbles[seat] = a
        t.app.invalidate()
        if seat != t.human:
            t.app.moment("bidding")
        yield t.wait(pace.PASS_VIEW if a == PASS else pace.BID_VIEW)
    if t.closed:
        return
    if not v.cards_seen:
        v.cards_seen = True
        t.relayout()
        yield Settle()
    if state.phase == BURYING:
        yield from bury(t, state)
    if state.is_terminal():  # all passed, pools (or a continued hand that had ended)
        # every "Pass" stays in its bubble a while before the summary covers the table (the
        # last bot's was gone almost as soon as it was said)
        t.app.invalidate()
        yield Wait(t.clock + max(ALL_PASSED_VIEW, ALL_PASSED_VIEW * t.f))
        return
    yield t.wait(pace.PLAY_START)
    v.bubbles = {}
    v.sync_table_cards(state)
    t.relayout()
    yield Settle()
    yield from play_tricks(t, state)


def bury(t: TableScene, state: HandState) -> Script:
    """The declarer picks up the talon and buries two cards."""
    d, v = t.director, t.view
    decl = state.declarer_seat
    assert decl is not None
    mine = decl == t.viewer
    if mine and v.talon:  # I see what I take: face up where it lies, then into my hand
        v.talon_shown = True
        t.relayout(dur=TALON_FLIP)
        yield Settle()
        t.app.moment("talon-shown")
        yield Wait(t.clock + max(0.4, TALON_VIEW * t.f))  # seen at any speed
    v.from_talon = [c for c in state.talon_cards if c in v.holding.get(decl, ())
                    or c in v.talon] if mine else []
    v.take_talon(decl)
    t.relayout()
    t.slide_sound()
    yield Settle()
    t.app.moment("burying")
    if decl == t.human:
        t.bury_need = 2 - state.buried.bit_count()
        cards = yield from human_turn(t, "bury")
        done = [c for c in cards if d.act(decl, c) is not None]
        yield Saved()
        for c in done:
            v.bury(decl, c)
        t.selected = []
    else:
        while state.phase == BURYING:
            c = yield from bot_turn(t, decl)
            if c == UNDO or d.act(decl, c) is None:
                continue
            yield Saved()
            v.bury(decl, c)
            t.relayout()  # each card goes under as soon as it is chosen
    v.from_talon = []  # the burial is done: the talon's cards are like any other
    t.relayout()
    t.slide_sound()
    yield Settle()


def play_tricks(t: TableScene, state: HandState) -> Script:
    d, v = t.director, t.view
    while not state.is_terminal() and not t.closed:
        seat = state.current_seat
        assert seat is not None
        if t.commands.take(GiveUp) is not None:
            if t.human is not None and d.surrender(t.human) is not None:
                break
        if finish.mode(t) == "always" and finish.certain_now(t, state):
            yield from finish.play_out(t, state)
            break
        if seat == t.human:
            a = yield from human_turn(t, "play")
        else:
            a = yield from bot_turn(t, seat)
        if a == UNDO:
            if t.take_back():
                yield Settle()
            continue
        if a == finish.FINISH:
            yield from finish.play_out(t, state)
            break
        if a == SURRENDER:
            decl = state.declarer_seat
            if decl is not None and d.surrender(decl) is not None:
                yield Saved()
                v.bubbles[decl] = SURRENDER
                yield t.wait(0.8)
                break
            continue
        applied = d.act(seat, a)
        if applied is None:
            continue
        yield Saved()
        v.play(seat, a, applied.trick)
        t.relayout(dur=pace.CARD_MOVE)
        t.slide_sound()
        yield Hold(0.0, settle=True)
        t.app.sound.play("tap", 0.5)
        trick = applied.trick
        if trick is not None:
            t.app.moment("trick")
            yield from hold_trick(t)
            if t.commands.waiting(TakeBack) and t.can_undo():
                continue  # taken back before the trick was swept
            v.sweep(trick)
            v.sync_table_cards(state)
            t.relayout(dur=pace.SWEEP)
            t.slide_sound()
            if state.current_seat != t.human or state.is_terminal():
                yield Settle()  # (my turn comes while the trick flies to its pile)
    t.commands.drop(TakeBack)
    yield t.wait(pace.HAND_END)


def hold_trick(t: TableScene) -> Script:
    """The won trick stays in the middle: the trick pause, or until a click."""
    pause = pace.trick_pause(t)
    if pause is None:
        t.app.invalidate()  # the note under the trick says what to do
        yield Gather()
    else:
        yield Hold(t.clock + pause * t.f)


def bot_turn(t: TableScene, seat: int) -> Script:
    """The seat's bot decides on the worker; the table waits a human-looking moment."""
    state = t.state
    assert state is not None
    bot = t.session.bots[seat]
    obs = state.observation(seat)
    assert t.workers is not None
    job = t.workers.decide(bot, obs)
    pause = pace.bot_pause(t, state.phase != PLAYING) * t.f
    r: BotAnswer = yield BotTurn(job, t.clock + pause)
    if t.workers.stale(job) or t.closed:
        return obs.legal[0]
    if r.outcome == "surrender":
        return SURRENDER
    if r.outcome == "undo":
        return UNDO
    legal = state.legal_actions()
    if r.outcome == "ok" and r.action in legal:
        return r.action
    # a bot that fails or answers illegally: any legal action instead, logged and said
    if r.outcome == "ok":
        log.error("%s at seat %d answered an illegal action %r", type(bot).__name__, seat,
                    r.action)
    t.app.toast(_("A bot failed, and a random legal move was made for it; the error "
                  "is in the log file."))
    return t.rng.choice([a for a in legal if a != SURRENDER])


def human_turn(t: TableScene, kind: str) -> Script:
    """The person decides: buttons for a bid or a burial, the hand's cards for play."""
    t.commands.drop(Choose)
    t.selected = []
    if kind == "play" and t.app.settings.auto_play_forced:
        forced = t.forced_card()
        if forced is not None:
            # the only card: it plays itself after a short pause (raised meanwhile)
            t.pointer.auto_card = forced
            t.relayout(dur=0.12)
            yield Wait(t.clock + max(0.25, AUTO_PLAY_PAUSE * t.f))
            t.pointer.auto_card = None
            if t.commands.waiting(TakeBack) and t.can_undo():
                t.commands.drop(TakeBack)
                return UNDO
            return forced
    buttons.build(t, kind)
    if kind == "play":
        finish.offer(t)  # the rest is certain: finish the hand?
    if kind in ("play", "bury"):
        t.pointer.focus_card(t.default_card_focus(kind))
    else:
        t.pointer.focus_button(0)
    t.relayout(dur=0.12)
    t.hints.start(kind)
    r = yield HumanTurn(kind)
    t.hints.stop()
    t.buttons = []
    t.button_actions = []
    t.disarm_surrender()
    buttons.build_corner(t)
    return r
