"""The table: shuffle, cut, deal, bidding, burying, play, trick sweeps and the hand's end.

The hand runs as a script (a generator) that yields what it waits for: a pause, the cards to
settle, a person's choice, a bot's answer from the worker thread, or an overlay to close.  The
cards are drawn from a small view model (deck, hands, talon, trick, piles) that the script
changes; every change re-targets the card sprites, which then travel there on eased arcs.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from concurrent.futures import Future
from concurrent.futures import wait as wait_for_futures

import pygame

from ..i18n import N_, _, decimal, language, ngettext
from ..rules.cards import POINTS, cards_of, points_of, sort_for_hand
from ..rules.deal import TALON
from ..rules.settlement import TAKE
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
)
from . import gfx, texts
from .scene import (
    BACK,
    CLICK,
    CONFIRM,
    DOWN,
    DRAG,
    DROP,
    KEY,
    LEFT,
    MOTION,
    NEXT,
    PRESS,
    PREV,
    RIGHT,
    UP,
    Action,
    Scene,
)
from .session import Session
from .sprites import CardImages, CardSprite
from .widgets import Button, draw_outline

CARD_FRACTION = {"small": 0.19, "normal": 0.22, "large": 0.25}
MOVE = 0.32  # seconds for a card move at normal speed
PACKET_GAP = 0.10
TRICK_VIEW = 0.8
SMALL = 0.55  # bots' hands (at most FAN_HEIGHT of the window's height)
PILE_SCALE = 0.6  # won tricks (at most PILE_HEIGHT of the window's height)
FAN_HEIGHT = 0.12
PILE_HEIGHT = 0.132
DECK_SCALE = 0.55
TRICK_SCALE = 1.0  # the trick in the middle: as large as the cards in the hand
TALON_SCALE = 0.66
HOVER_LIFT = 0.1  # of a card's height: the hovered or focused card in the hand
UNDO = -2  # the script's answer when the person takes back a card
AUTO_PLAY_PAUSE = 0.45  # seconds before a forced card plays itself


log = logging.getLogger(__name__)


def decide(bot, obs) -> int:
    """Run in the worker thread: the bot's action for this observation."""
    if obs.can_surrender and SURRENDER in obs.legal:
        try:
            if bot.surrender(obs):
                return SURRENDER
        except Exception:  # a bot bug must not stop the game: no surrender, and logged
            log.exception("%s.surrender failed; the bot plays on", type(bot).__name__)
    return bot.choose(obs)


class TableScene(Scene):
    """``viewer``: the seat drawn at the bottom (the person's; in the demo, seat 0)."""

    def __init__(self, session: Session, demo: bool = False,
                 auto_continue: float | None = None) -> None:
        super().__init__()
        self.session = session
        self.demo = demo
        self.auto_continue = auto_continue
        self.human = None if demo else session.human
        self.viewer = session.human if session.human is not None else 0
        self.sprites = [CardSprite(c) for c in range(26)]
        self.clock = 0.0
        self.generation = 0
        self.closed = False
        self.state: HandState | None = None
        self.deal = None
        self.rng = random.Random(session.seed * 7 + 3)
        self.script = None
        self.cond: tuple | None = None
        self.human_result = None
        self.surrender_request = False
        self.surrender_armed = False
        self.buttons: list[Button] = []
        self.corner: list[Button] = []
        self.focus: tuple[str, int] = ("card", 0)
        self.hover_card: int | None = None
        self._was_animating = False
        self.keyboard = False  # keyboard focus shows only once the keyboard is used
        self.drag_card: int | None = None
        self.selected: list[int] = []
        self.message = ""
        self.message_until = 0.0
        self.show_last = False
        self.images: CardImages | None = None
        self._reset_view()
        self.sides: dict[int, str] = {}
        self.out_seats: list[int] = []
        self.L: dict = {}
        self._last_slide = -1.0
        self._static_key = None
        self.hand_no = session.hand_number
        self.undo_request = False
        self.bury_need = 2
        self.auto_card: int | None = None
        # hints: the advisor runs on its own worker; results are keyed by the decision
        self.hint_seconds = {"bid": 1.0, "play": 0.5}
        self.hint_key: tuple | None = None
        self.hint_future: Future | None = None
        self.hint_cancel: threading.Event | None = None
        self.hint = None  # BidEstimate or CardHint for hint_key
        self.button_actions: list[int | None] = []
        self._save_failed = False
        self.drawn: list[tuple[str, pygame.Rect, str]] = []  # what the last frame drew, where
        self._lang = language()

    # ------------------------------------------------------------------ view model
    def _reset_view(self) -> None:
        self.deck: list[int] = list(range(26))
        self.holding: dict[int, list[int]] = {}
        self.talon_view: list[int] = []
        self.trick_view: list[tuple[int, int]] = []
        self.piles: dict[int, list[int]] = {}
        self.pile_tricks: dict[int, int] = {}
        self.buried_view: list[int] = []
        self.cards_seen = True
        self.bubbles: dict[int, int] = {}  # what each seat said (translated when drawn)
        self.selected = []

    @property
    def f(self) -> float:
        return self.app.anim_factor if self.app else 1.0

    # ------------------------------------------------------------------ scene API
    def enter(self) -> None:
        self.layout()
        self.script = self.run_session()
        self.cond = None

    def exit(self) -> None:
        self.closed = True
        self.generation += 1
        self.cond = None
        self.stop_hint()

    def resize(self, size) -> None:
        self.layout(snap=True)

    def busy(self) -> bool:
        if self.closed:
            return False
        if any(s.moving(self.clock) for s in self.sprites):
            return True
        c = self.cond
        if c is None:
            return True
        if c[0] in ("wait", "settle", "bot"):
            return True
        return self.clock < self.message_until

    def animating(self) -> bool:
        now = self.clock
        return any(s.dragging or s.moving(now) for s in self.sprites)

    # ------------------------------------------------------------------ script driver
    def update(self, dt: float) -> None:
        if self.closed or self.script is None:
            return
        self.clock += dt
        for _i in range(400):
            value = self._ready()
            if value is _NOT_READY:
                break
            self.cond = None
            try:
                self.cond = self.script.send(value)
            except StopIteration:
                self.script = None
                break
        self.poll_hint()
        anim = self.animating()
        if self._was_animating and not anim:
            self.app.invalidate()  # draw the cards where they came to rest
        self._was_animating = anim
        if self.message and self.clock >= self.message_until:
            self.message = ""
            self.app.invalidate()

    def _ready(self):
        c = self.cond
        if c is None:
            return None
        kind = c[0]
        if kind == "wait":
            return None if self.clock >= c[1] else _NOT_READY
        if kind == "settle":
            return None if not any(s.moving(self.clock) for s in self.sprites) else _NOT_READY
        if kind == "human":
            if self.surrender_request and c[1] == "play":
                self.surrender_request = False
                return SURRENDER
            if self.undo_request and c[1] == "play":
                self.undo_request = False
                return UNDO
            if self.human_result is not None:
                r, self.human_result = self.human_result, None
                return r
            return _NOT_READY
        if kind == "bot":
            fut: Future = c[1]
            if self.surrender_request:
                self.surrender_request = False
                return ("surrender",)
            if self.undo_request and self.state is not None and self.state.phase == PLAYING:
                self.undo_request = False
                return ("undo",)
            if not fut.done() and self.clock >= c[2] and self.app.fast:
                # demo, bench and tests step without sleeping: let the bot's thread finish
                # rather than spin through thousands of steps without the GIL
                wait_for_futures([fut], timeout=0.05)
            if fut.done() and self.clock >= c[2]:
                try:
                    return ("ok", fut.result())
                except Exception as e:  # a bot bug: play on with any legal action
                    return ("error", e)
            return _NOT_READY
        if kind == "scene":
            return None if c[1] not in self.stack.scenes else _NOT_READY
        return None

    def wait(self, seconds: float):
        return ("wait", self.clock + max(0.0, seconds) * self.f)

    # ------------------------------------------------------------------ the session
    def run_session(self):
        from .sheet import HandSummary, ScoreSheet

        while not self.closed:
            yield from self.run_hand()
            if self.closed:
                return
            state = self.state
            row = self.session.match.finish(state)
            self.persist(finished=True)
            summary = HandSummary(self.session, state, row, self.auto_continue,
                                  viewer=self.viewer)
            self.stack.push(summary)
            self.app.moment("hand-summary")
            yield ("scene", summary)
            final = self.session.over()
            sheet = ScoreSheet(self.session, final=final, auto_continue=self.auto_continue,
                               from_table=True)
            self.stack.push(sheet)
            self.app.moment("score-sheet")
            yield ("scene", sheet)
            if final:
                self.finish_session()
                self.stack.remove(self)
                return

    def finish_session(self) -> None:
        """The session is over: keep it in the history, and no Continue for it."""
        if not (self.app.save_enabled and self.session.persistent):
            return
        try:
            self.session.archive()
        except OSError as e:
            self.app.file_error(_("The match could not be kept in the history ({error}); it "
                                  "stays saved for Continue.").format(error=e.strerror or e))
            return  # never delete the save before its history copy is safely on disk
        try:
            Session.clear_saved()
        except OSError:
            pass

    def persist(self, finished: bool = False) -> None:
        """Save the match and the hand in progress (after every action; atomic)."""
        if self.app is None or not self.app.save_enabled or not self.session.persistent:
            return
        try:
            self.session.save(None if finished else self.state)
            self._save_failed = False
        except OSError as e:
            if not self._save_failed:  # say it once, not after every card
                self.app.file_error(_("The game could not be saved: {error}").format(
                    error=e.strerror or e))
            self._save_failed = True

    def setup_seats(self, state: HandState) -> None:
        players = self.session.players
        active = list(state.seats)
        v = self.viewer
        self.sides = {}
        order = [(v + k) % players for k in range(players)]  # clockwise from the viewer
        others = [s for s in order if s in active and s != v]
        if v in active:
            self.sides[v] = "bottom"
            self.sides[others[0]] = "left"
            self.sides[others[1]] = "right"
        else:
            self.sides[others[0]] = "left"
            self.sides[others[1]] = "top"
            self.sides[others[2]] = "right"
        self.out_seats = [s for s in order if s not in active and s != v]
        if v not in active:
            self.sides[v] = "bottom-out"
        for s in self.out_seats:
            self.sides[s] = "out"
        self.layout()

    def rebuild_view(self) -> None:
        """Put every card where the hand's state says it is (a continued hand, an undo)."""
        st = self.state
        self.deck = []
        self.holding = {s: list(st.hand_of(s)) for s in st.seats}
        self.trick_view = list(st.current_trick())
        self.piles = {s: [] for s in st.seats}
        self.piles[TABLE] = []
        self.pile_tricks = {}
        for t in st.completed:
            self.piles.setdefault(t.winner, []).extend(t.cards)
            self.pile_tricks[t.winner] = self.pile_tricks.get(t.winner, 0) + 1
        self.buried_view = cards_of(st.buried) if st.contract == TAKE else []
        placed = set(self.buried_view)
        for cards in list(self.holding.values()) + list(self.piles.values()):
            placed.update(cards)
        placed.update(c for _s, c in self.trick_view)
        self.talon_view = [c for c in st.talon_cards if c not in placed]
        self.selected = []
        self.show_last = False

    def run_hand(self):
        match = self.session.match
        resumed = self.session.take_current()
        if resumed is not None:
            deal, state = None, resumed
        else:
            deal, state = match.deal(self.session.rng_for_hand())
        self.hand_no = len(match.rows) + 1
        self.deal, self.state = deal, state
        self.undo_request = False
        self._reset_view()
        self.setup_seats(state)
        if resumed is not None:
            yield from self.resume_hand(state)
        else:
            yield from self.deal_hand(deal, state)
        yield from self.play_hand(state)

    def resume_hand(self, state: HandState):
        """A continued hand: the cards settle where they were; the play goes on from there."""
        self.rebuild_view()
        human_spoke = any(seat == self.human for seat, _a in state.actions())
        self.cards_seen = not (self.human is not None and state.rules.zole_in_dark
                               and self.human in state.seats and state.phase == BIDDING
                               and not human_spoke)
        if state.phase == BIDDING:
            self.bubbles = dict(state.actions())
        self.relayout()
        self.app.moment("resumed")
        yield ("settle",)

    def deal_hand(self, deal, state: HandState):
        self.holding = {s: [] for s in state.seats}
        self.piles = {s: [] for s in state.seats}
        self.piles[TABLE] = []
        self.cards_seen = not (self.human is not None and state.rules.zole_in_dark
                               and self.human in state.seats)
        # gather every card to the dealer, in the order before the cut
        before_cut = list(deal.deck[-deal.cut:] + deal.deck[:-deal.cut]) if deal.cut else \
            list(deal.deck)
        self.deck = before_cut
        first = not any(s.visible for s in self.sprites)
        self.relayout(snap=first)
        self.persist()  # the new deal: Continue starts this hand, not another
        yield ("settle",)
        self.app.sound.play("riffle")
        yield from self.shuffle_and_cut(deal)
        self.deck = list(deal.deck)
        self.relayout(dur=0.0)
        for k, p in enumerate(deal.packets):
            if k == len(deal.packets) * 2 // 3:
                self.app.moment("deal")
            for c in p.cards:
                self.deck.remove(c)
                if p.to == TALON:
                    self.talon_view.append(c)
                else:
                    self.holding[p.to].append(c)
            self.relayout()
            self.slide_sound()
            yield self.wait(PACKET_GAP)
        yield ("settle",)

    def play_hand(self, state: HandState):
        # bidding
        while state.phase == BIDDING and not self.closed:
            seat = state.current_seat
            if seat == self.human:
                a = yield from self.human_turn("bid")
            else:
                a = yield from self.bot_turn(seat)
            if a == UNDO or a not in state.legal_actions():
                continue
            state.apply(a)
            self.persist()
            self.bubbles[seat] = a
            self.app.invalidate()
            if seat != self.human:
                self.app.moment("bidding")
            yield self.wait(0.45 if a == PASS else 0.7)
        if self.closed:
            return
        if not self.cards_seen:
            self.cards_seen = True
            self.relayout()
            yield ("settle",)
        if state.phase == BURYING:
            decl = state.declarer_seat
            for c in self.talon_view:
                if c not in self.holding[decl]:
                    self.holding[decl].append(c)
            self.talon_view = []
            self.relayout()
            self.slide_sound()
            yield ("settle",)
            self.app.moment("burying")
            if decl == self.human:
                self.bury_need = 2 - state.buried.bit_count()
                cards = yield from self.human_turn("bury")
                for c in cards:
                    state.apply(c)
                    self._bury(decl, c)
                    self.persist()
                self.selected = []
            else:
                while state.phase == BURYING:
                    c = yield from self.bot_turn(decl)
                    if c == UNDO:
                        continue
                    state.apply(c)
                    self._bury(decl, c)
                    self.persist()
                    self.relayout()  # each card goes under as soon as it is chosen
            self.relayout()
            self.slide_sound()
            yield ("settle",)
        if state.is_terminal():  # all passed, pools (or a continued hand that had ended)
            self.bubbles = {}
            self.app.invalidate()
            yield self.wait(0.6)
            return
        yield self.wait(0.5)
        self.bubbles = {}
        self.sync_table_cards()
        self.relayout()
        yield ("settle",)
        while not state.is_terminal() and not self.closed:
            seat = state.current_seat
            if self.surrender_request:
                self.surrender_request = False
                if state.can_surrender() and state.declarer_seat == self.human:
                    state.apply(SURRENDER)
                    self.persist()
                    break
            if seat == self.human:
                a = yield from self.human_turn("play")
            else:
                a = yield from self.bot_turn(seat)
            if a == UNDO:
                if self.take_back():
                    yield ("settle",)
                continue
            if a == SURRENDER:
                if state.can_surrender():
                    state.apply(SURRENDER)
                    self.persist()
                    self.bubbles[state.declarer_seat] = SURRENDER
                    yield self.wait(0.8)
                    break
                continue
            n_before = len(state.completed)
            state.apply(a)
            self.persist()
            self.holding[seat].remove(a)
            self.trick_view.append((seat, a))
            done = len(state.completed) > n_before
            if done:
                for s, c in zip(state.completed[-1].seats, state.completed[-1].cards,
                                strict=True):
                    if s == TABLE and c in self.talon_view:
                        self.talon_view.remove(c)
                        self.trick_view.append((TABLE, c))
            self.relayout()
            self.slide_sound()
            yield ("settle",)
            self.app.sound.play("tap", 0.5)
            if done:
                trick = state.completed[-1]
                self.app.moment("trick")
                yield self.wait(TRICK_VIEW)
                if self.undo_request and self.can_undo():
                    continue  # taken back before the trick was swept
                self.piles.setdefault(trick.winner, []).extend(trick.cards)
                self.pile_tricks[trick.winner] = self.pile_tricks.get(trick.winner, 0) + 1
                self.trick_view = []
                self.sync_table_cards()
                self.relayout()
                self.slide_sound()
                yield ("settle",)
        self.undo_request = False
        yield self.wait(0.5)

    def shuffle_and_cut(self, deal):
        """A riffle (two halves apart and back) and the cut (the top lifted and put under)."""
        if self.f <= 0:
            return
        x, y = self.L["deck"]
        sx, sy = self.L["cut"]  # the cut goes away from the dealer's plate
        cw = self.images.w * DECK_SCALE
        half = len(self.deck) // 2
        for rep in range(2):
            for i, c in enumerate(self.deck):
                dx = -0.6 * cw if i < half else 0.6 * cw
                self.sprites[c].move(self.clock, x + dx, y, DECK_SCALE, False, 0.16 * self.f)
            yield ("settle",)
            interleaved = [c for pair in zip(self.deck[:half], self.deck[half:], strict=False)
                           for c in pair]
            interleaved += [c for c in self.deck if c not in interleaved]
            self.deck = interleaved
            self.relayout(dur=0.16)
            yield ("settle",)
            del rep
        if deal.cut:
            top = self.deck[:deal.cut]
            for c in top:
                self.sprites[c].move(self.clock, x + sx * 0.9 * cw, y + sy * 0.35 * cw, DECK_SCALE,
                                     False, 0.2 * self.f)
            yield ("settle",)
            self.deck = list(deal.deck)
            self.relayout(dur=0.22)
            yield ("settle",)

    def _bury(self, seat: int, c: int) -> None:
        self.holding[seat].remove(c)
        self.buried_view.append(c)

    def sync_table_cards(self) -> None:
        """Galdiņš: a talon card that leads a trick moves from the talon into it."""
        st = self.state
        for pos, c in zip(st.trick_pos, st.trick, strict=True):
            if pos == TABLE and c in self.talon_view:
                self.talon_view.remove(c)
                self.trick_view.append((TABLE, c))

    def slide_sound(self) -> None:
        if self.clock - self._last_slide > 0.05:
            self._last_slide = self.clock
            self.app.sound.play("slide", 0.45)

    # ------------------------------------------------------------------ turns
    def bot_turn(self, seat: int):
        state = self.state
        bot = self.session.bots[seat]
        obs = state.observation(seat)
        fut = self.app.executor.submit(_guarded, self.app, decide, bot, obs)
        pause = self.rng.uniform(0.3, 0.7) * self.f
        gen = self.generation
        r = yield ("bot", fut, self.clock + pause)
        if gen != self.generation or self.closed:
            return obs.legal[0]
        if r[0] == "surrender":
            return SURRENDER
        if r[0] == "undo":
            return UNDO
        legal = state.legal_actions()
        if r[0] == "ok" and r[1] in legal:
            return r[1]
        # a bot that fails or answers illegally: any legal action instead, logged and said
        if r[0] == "ok":
            log.error("%s at seat %d answered an illegal action %r",
                      type(bot).__name__, seat, r[1])
        self.app.toast(_("A bot failed, and a random legal move was made for it; the error "
                         "is in the log file."))
        choices = [a for a in legal if a != SURRENDER]
        return self.rng.choice(choices)

    def human_turn(self, kind: str):
        self.human_result = None
        self.selected = []
        if kind == "play" and self.app.settings.auto_play_forced:
            forced = self.forced_card()
            if forced is not None:
                # the only card: it plays itself after a short pause (raised meanwhile)
                self.auto_card = forced
                self.relayout(dur=0.12)
                yield ("wait", self.clock + max(0.25, AUTO_PLAY_PAUSE * self.f))
                self.auto_card = None
                if self.undo_request and self.can_undo():
                    self.undo_request = False
                    return UNDO
                return forced
        self.build_buttons(kind)
        if kind in ("play", "bury"):
            self.focus = ("card", self._default_card_focus())
        else:
            self.focus = ("button", 0)
        self.relayout(dur=0.12)
        self.start_hint(kind)
        r = yield ("human", kind)
        self.stop_hint()
        self.buttons = []
        self.button_actions = []
        self.surrender_armed = False
        self.build_corner()
        return r

    def forced_card(self) -> int | None:
        """My only legal card, when there is exactly one and nothing else to decide."""
        st = self.state
        if st is None or st.phase != PLAYING or st.current_seat != self.human:
            return None
        legal = st.legal_actions()
        cards = [a for a in legal if 0 <= a < 26]
        if len(cards) != 1 or SURRENDER in legal:
            return None
        return cards[0]

    # ------------------------------------------------------------------ undo
    def undo_allowed(self) -> bool:
        """The table allows taking back a card: a person against bots, not a serious
        match, not the guided game."""
        return (self.human is not None and not self.demo and not self.session.serious
                and self.session.persistent)

    def undo_count(self) -> int:
        """How many actions go back to before my last card (0: nothing to take back)."""
        st = self.state
        if st is None or st.phase != PLAYING or st.is_terminal():
            return 0
        acts = st.actions()
        start = len(st.bids) + (2 if st.contract == TAKE else 0)
        for i in range(len(acts) - 1, start - 1, -1):
            seat, a = acts[i]
            if seat == self.human and 0 <= a < 26:
                return len(acts) - i
        return 0

    def can_undo(self) -> bool:
        return self.undo_allowed() and not self.closed and self.undo_count() > 0

    def request_undo(self) -> None:
        if not self.undo_allowed():
            return
        if not self.can_undo():
            self.say(_("There is no card of yours to take back in this hand"))
            return
        self.undo_request = True
        self.app.invalidate()

    def take_back(self) -> bool:
        """Undo my last card and the bots' cards after it; the cards travel back."""
        n = self.undo_count()
        if not n:
            return False
        self.stop_hint()
        self.state.undo(n)
        self.generation += 1  # a bot still thinking about the old position is ignored
        self.bubbles = {}
        self.rebuild_view()
        self.relayout()
        self.slide_sound()
        self.persist()
        return True

    # ------------------------------------------------------------------ hints
    def hints_on(self) -> bool:
        return (self.human is not None and not self.demo and not self.session.serious
                and self.session.persistent and bool(self.app.settings.hints))

    def start_hint(self, kind: str) -> None:
        """Ask the advisor about this decision on its worker (bounded by a deadline)."""
        self.stop_hint()
        self.hint = None
        if not self.hints_on() or kind not in ("bid", "play") or self.state is None:
            self.hint_key = None
            return
        st = self.state
        obs = st.observation(self.human)
        key = (self.hand_no, len(st.actions()), kind, self.cards_seen)
        self.hint_key = key
        cancel = threading.Event()
        self.hint_cancel = cancel
        seconds = self.hint_seconds.get(kind, 0.5)
        seed = self.session.seed * 31 + len(st.actions())
        self.hint_future = self.app.hint_executor.submit(
            _guarded, self.app, _advise, key, kind, obs, seconds, cancel, seed, st.pools,
            not self.cards_seen)

    def stop_hint(self) -> None:
        if self.hint_cancel is not None:
            self.hint_cancel.set()
        self.hint_cancel = None
        self.hint_future = None

    def poll_hint(self) -> None:
        fut = self.hint_future
        if fut is None or not fut.done():
            return
        self.hint_future = None
        try:
            key, value = fut.result()
        except Exception:  # an advisor bug (logged by _guarded): no hint, the game goes on
            self.app.toast(_("No hint this time: the advisor failed; the error is in the log "
                             "file."))
            return
        if key == self.hint_key and self.waiting_for() is not None:
            self.hint = value
            self.app.invalidate()

    def hint_card(self) -> int | None:
        h = self.hint
        if h is None or self.waiting_for() != "play" or not self.hints_on():
            return None
        c = getattr(h, "card", None)
        return c if c in self.legal_cards() else None

    def hint_bid(self) -> tuple[int | None, dict]:
        h = self.hint
        if h is None or self.waiting_for() != "bid" or not self.hints_on():
            return None, {}
        return getattr(h, "best", None), dict(getattr(h, "values", {}) or {})

    def _default_card_focus(self) -> int:
        hand = self.my_hand()
        legal = self.legal_cards()
        for i, c in enumerate(hand):
            if c in legal:
                return i
        return 0

    def my_hand(self) -> list[int]:
        if self.viewer not in self.holding:
            return []
        return sort_for_hand(self.holding[self.viewer])

    def waiting_for(self) -> str | None:
        c = self.cond
        if c and c[0] == "human":
            return c[1]
        return None

    def legal_cards(self) -> set[int]:
        kind = self.waiting_for()
        st = self.state
        if kind == "play":
            return {a for a in st.legal_actions() if a < 26}
        if kind == "bury":
            return set(self.holding.get(self.viewer, []))
        return set()

    def build_buttons(self, kind: str) -> None:
        st = self.state
        bs: list[Button] = []
        acts: list[int | None] = []
        if kind == "bid":
            legal = st.legal_actions()
            if not self.cards_seen:
                if DARK_BID in legal:
                    bs.append(Button(texts.BID_LABELS[DARK_BID],
                                     lambda: self._answer(DARK_BID), primary=True))
                    acts.append(DARK_BID)
                bs.append(Button(N_("Look at your cards"), self._look))
                acts.append(PASS)  # looking is the way on to passing or taking
            else:
                for a in legal:
                    if a == DARK_BID:
                        continue
                    bs.append(Button(texts.BID_LABELS[a], (lambda a=a: self._answer(a)),
                                     primary=a != PASS))
                    acts.append(a)
        elif kind == "bury":
            bs.append(Button(self._bury_label, self._confirm_bury,
                             enabled=lambda: len(self.selected) == self.bury_need,
                             primary=True))
        self.buttons = bs
        self.button_actions = acts
        self.build_corner()
        self.layout_buttons()

    def _bury_label(self) -> str:
        left = self.bury_need - len(self.selected)
        if left > 0:
            return ngettext("Bury {n} more card", "Bury {n} more cards", left).format(n=left)
        return _("Bury these two") if self.bury_need == 2 else _("Bury this card")

    def build_corner(self) -> None:
        st = self.state
        cs = [Button(lambda: _("Last trick (L)"), self.toggle_last,
                     enabled=lambda: bool(self.state and self.state.completed))]
        if self.undo_allowed():
            cs.append(Button(lambda: _("Undo (Ctrl+Z)"), self.request_undo,
                             enabled=lambda: self.can_undo() and not self.undo_request))
        if (self.human is not None and st is not None and st.phase == PLAYING
                and st.declarer_seat == self.human and st.rules.surrender):
            cs.append(Button(lambda: _("Really give up?") if self.surrender_armed
                             else _("Surrender"), self._surrender,
                             enabled=lambda: self.can_surrender_now()))
        cs.append(Button(lambda: _("Menu (Esc)"), self.open_pause))
        self.corner = cs
        self.layout_buttons()

    def can_surrender_now(self) -> bool:
        st = self.state
        return bool(st and st.can_surrender() and st.declarer_seat == self.human
                    and not self.trick_view and not self.closed)

    def _surrender(self) -> None:
        if not self.can_surrender_now():
            return
        if not self.surrender_armed:
            self.surrender_armed = True
            return
        self.surrender_armed = False
        if self.waiting_for() == "play":
            self.human_result = SURRENDER
        else:
            self.surrender_request = True

    def _answer(self, a) -> None:
        if self.waiting_for() is not None:
            self.human_result = a

    def _look(self) -> None:
        self.cards_seen = True
        self.build_buttons("bid")
        self.relayout()
        self.start_hint("bid")

    def _confirm_bury(self) -> None:
        if self.waiting_for() == "bury" and len(self.selected) == self.bury_need:
            self.human_result = tuple(self.selected)

    def toggle_last(self) -> None:
        if self.state and self.state.completed:
            self.show_last = not self.show_last

    def open_guide(self) -> None:
        """The rules guide on top; the table waits (bots and timers) until it closes."""
        from .menus import guide_scene

        cls = guide_scene()
        if cls is not None:
            self.stack.push(cls())

    def open_pause(self) -> None:
        from .menus import PauseMenu

        self.stack.push(PauseMenu(self))

    def say(self, msg: str) -> None:
        self.message = msg
        self.message_until = self.clock + 3.5
        self.app.invalidate()

    def try_card(self, c: int) -> None:
        """A click, drop or Enter on one of my cards."""
        kind = self.waiting_for()
        if kind == "play":
            legal = self.legal_cards()
            if c in legal:
                self.human_result = c
                self.hover_card = None
            else:
                lead = self.state.trick[0] if self.state.trick else None
                self.say(texts.refusal(self.holding[self.viewer], lead, c))
                self.relayout(dur=0.12)
        elif kind == "bury":
            if c in self.selected:
                self.selected.remove(c)
            elif len(self.selected) < self.bury_need:
                self.selected.append(c)
            else:
                self.say(_("Two cards are chosen; click one of them to change your mind"))
            self.relayout(dur=0.12)
        elif kind == "bid" and not self.cards_seen:
            self.say(_("Choose first: zole in the dark, or look at your cards"))
        elif self.human is not None and self.state is not None and \
                self.state.current_seat != self.human and self.state.phase == PLAYING:
            self.say(_("Wait for your turn"))

    # ------------------------------------------------------------------ input
    def card_at(self, pos) -> int | None:
        hand = self.my_hand()
        for c in reversed(hand):
            r = self.card_rect(c)
            if r is not None and r.collidepoint(pos):
                return c
        return None

    def card_rect(self, c: int) -> pygame.Rect | None:
        sp = self.sprites[c]
        if not sp.visible or self.images is None:
            return None
        x, y, s, _face, _wf = sp.state(self.clock)
        w, h = self.images.size(s)
        return pygame.Rect(int(x - w / 2), int(y - h / 2), w, h)

    def all_buttons(self) -> list[Button]:
        return self.buttons + self.corner

    def handle(self, a: Action) -> None:
        k = a.kind
        if k == BACK:
            if self.show_last:
                self.show_last = False
            else:
                self.open_pause()
            return
        if k == KEY and a.value == pygame.K_l:
            self.toggle_last()
            return
        if k == KEY and a.value == pygame.K_F1:
            self.open_guide()
            return
        if k == KEY and a.value == pygame.K_z and a.text == "ctrl+z":
            self.request_undo()
            return
        if k == MOTION:
            if self.keyboard:
                self.keyboard = False
                self.relayout(dur=0.1)
            for b in self.all_buttons():
                b.hover = b.rect.collidepoint(a.pos)
            c = self.card_at(a.pos) if self.waiting_for() in ("play", "bury") else None
            if c != self.hover_card:
                self.hover_card = c
                self.relayout(dur=0.1)
            return
        if k == PRESS:
            c = self.card_at(a.pos) if self.waiting_for() in ("play", "bury") else None
            self.drag_card = c
            return
        if k == DRAG:
            c = self.drag_card
            if c is not None:
                sp = self.sprites[c]
                sp.dragging = True
                sp.dx, sp.dy = a.pos
                sp.z = 500
            return
        if k == DROP:
            c = self.drag_card
            self.drag_card = None
            if c is None:
                return
            sp = self.sprites[c]
            sp.dragging = False
            sp.x0, sp.y0 = a.pos  # the card travels back (or on) from where it was let go
            sp.x1, sp.y1 = a.pos
            sp.dur = 0
            if a.pos[1] < self.L["hand_top"] - self.L["H"] * 0.04:
                self.try_card(c)
            self.relayout(dur=0.2)
            return
        if k == CLICK:
            self.drag_card = None
            if self.show_last:
                self.show_last = False
                return
            for b in self.all_buttons():
                if b.rect.collidepoint(a.pos):
                    b.activate()
                    return
            c = self.card_at(a.pos)
            if c is not None:
                self.try_card(c)
            return
        # keyboard
        group, i = self.focus
        if not self.keyboard and k in (LEFT, RIGHT, UP, DOWN, NEXT, PREV, CONFIRM):
            self.keyboard = True
            self.relayout(dur=0.1)
            if k == CONFIRM and group == "card":
                return  # the first Enter shows which card has the focus
        hand = self.my_hand()
        if k in (LEFT, RIGHT):
            d = -1 if k == LEFT else 1
            if group == "card" and hand:
                self.focus = ("card", (i + d) % len(hand))
                self.relayout(dur=0.1)
            elif group == "button" and self.buttons:
                self.focus = ("button", (i + d) % len(self.buttons))
            return
        if k in (UP, PREV) and self.buttons:
            self.focus = ("button", 0 if group != "button" else i)
            self.relayout(dur=0.1)
            return
        if k in (DOWN, NEXT) and hand and self.waiting_for() in ("play", "bury"):
            self.focus = ("card", self._default_card_focus() if group != "card" else i)
            self.relayout(dur=0.1)
            return
        if k == CONFIRM:
            if group == "button" and self.buttons:
                self.buttons[min(i, len(self.buttons) - 1)].activate()
            elif group == "card" and hand and self.waiting_for() in ("play", "bury"):
                self.try_card(hand[min(i, len(hand) - 1)])
            elif self.buttons:
                self.buttons[0].activate()

    # ------------------------------------------------------------------ layout
    def layout(self, snap: bool = False) -> None:
        """Where everything sits, in fractions of the window.

        The sides: each opponent's name plate, their hand as a small fan below it and their
        won tricks below that.  The bottom: my hand in the middle, my plate at the left with
        my tricks above it, the corner buttons at the right.  The middle: the trick, as large
        as the cards in my hand, the talon just above it, and between the trick and my hand
        one line for a hint or a message, above the "Hint" tag of a lifted card.  When I sit
        out, the third player sits at the top and the talon lies below the trick."""
        if self.app is None:
            return
        W, H = self.app.size
        ch = int(H * CARD_FRACTION.get(self.app.settings.card_size, 0.22))
        if self.images is None or self.images.h != ch or self.images.theme is not self.app.theme:
            self.images = CardImages(self.app.theme, ch)
        cw, ch = self.images.w, self.images.h
        m = int(min(W, H) * 0.02)
        fan_s = min(SMALL, H * FAN_HEIGHT / ch)
        pile_s = min(PILE_SCALE, H * PILE_HEIGHT / ch)
        L: dict = {"W": W, "H": H, "ch": ch, "cw": cw, "m": m, "fan_s": fan_s, "pile_s": pile_s}
        hand_cy = H - m - ch / 2 - H * 0.012
        L["hand_cy"] = hand_cy
        L["hand_top"] = hand_top = hand_cy - ch / 2
        # name plates
        pw, ph = max(160, int(W * 0.19)), max(56, int(H * 0.125))
        bpw = max(140, min(pw, int(W * 0.19) - 2 * m))  # left of my hand at its widest
        opw, oph = int(pw * 0.85), max(40, int(H * 0.08))
        L["plate"] = (pw, ph)
        n_out = len(self.out_seats)
        top_limit = m + oph + m if n_out else m  # below the seats that sit out
        plates: dict[int, pygame.Rect] = {}
        for seat, side in self.sides.items():
            if side == "left":
                plates[seat] = pygame.Rect(m, int(H * 0.165), pw, ph)
            elif side == "right":
                plates[seat] = pygame.Rect(W - m - pw, int(H * 0.165), pw, ph)
            elif side in ("bottom", "bottom-out"):
                plates[seat] = pygame.Rect(m, H - m - ph, bpw, ph)
            elif side == "top":
                plates[seat] = pygame.Rect((W - pw) // 2, top_limit, pw, ph)
        if n_out:
            gap = int(W * 0.015)
            total = n_out * opw + (n_out - 1) * gap
            x0 = (W - total) // 2
            for i, s in enumerate(self.out_seats):
                plates[s] = pygame.Rect(x0 + i * (opw + gap), m, opw, oph)
        L["plates"] = plates
        L["bubble_size"] = bubble_size = max(14, int(H * 0.03))
        L["bubble_h"] = int(bubble_size * 2.1)
        L["bubble_gap"] = max(10, int(bubble_size * 0.7))  # room for the tail
        # the opponents' fans and won tricks; mine just above my plate
        fcw, fch = cw * fan_s, ch * fan_s
        pcw, pch = cw * pile_s, ch * pile_s
        fans: dict[int, tuple[float, float, float, bool]] = {}  # x, y, step, right-aligned
        piles: dict[int, tuple[float, float]] = {}
        pile_dir: dict[int, int] = {}  # which way the trick count (and buried cards) go
        for seat, r in plates.items():
            side = self.sides.get(seat)
            if side == "left":
                fans[seat] = (r.x + fcw / 2, r.bottom + m + fch / 2, fcw * 0.24, False)
                piles[seat] = (r.x + pcw / 2, r.bottom + 2 * m + fch + pch / 2)
                pile_dir[seat] = 1
            elif side == "right":
                fans[seat] = (r.right - fcw / 2, r.bottom + m + fch / 2, fcw * 0.24, True)
                piles[seat] = (r.right - pcw / 2, r.bottom + 2 * m + fch + pch / 2)
                pile_dir[seat] = -1
            elif side == "top":
                fans[seat] = (r.right + m + fcw / 2, r.centery, fcw * 0.24, False)
                piles[seat] = (r.x - m - pcw / 2, r.centery)
                pile_dir[seat] = -1
            elif side == "bottom":
                piles[seat] = (r.x + pcw / 2, r.y - m - pch / 2)
                pile_dir[seat] = 1
        L["fans"], L["piles"], L["pile_dir"] = fans, piles, pile_dir
        # the line for hints and messages: above a lifted card and its "Hint" tag
        small = max(11, int(H * 0.021))
        L["tag_h"] = int(small * 1.5)
        L["outline"] = max(2, cw // 22)
        L["line_play"] = int(hand_top - HOVER_LIFT * ch - L["outline"] - 3 - L["tag_h"]
                             - max(3, m // 3))
        msg_size = max(13, int(H * 0.026))
        msg_h = gfx.font(msg_size).get_height() + int(msg_size * 0.8)
        # the trick: as large as it can be, up to TRICK_SCALE, between what is above and below
        tcw_t, tch_t = cw * TALON_SCALE, ch * TALON_SCALE
        cx = W / 2
        viewer_out = any(side == "top" for side in self.sides.values())
        if not viewer_out:
            bottom = L["line_play"] - msg_h - m // 2
            # side cards from cy - 0.58 th; my card down to cy + 0.95 th; the talon above
            th = min(ch * TRICK_SCALE, (bottom - top_limit - m - tch_t) / 1.53)
            ts = max(0.5, th / ch)
            th, tw = ch * ts, cw * ts
            cy = bottom - 0.95 * th
            slots = {"bottom": (cx, cy + th * 0.45), "left": (cx - tw * 0.9, cy - th * 0.08),
                     "right": (cx + tw * 0.9, cy - th * 0.08), "top": (cx, cy - th * 0.5),
                     "table": (cx + tw * 0.12, cy - th * 0.08)}  # galdiņš: a talon card led
            L["talon"] = (cx, cy - 0.58 * th - m - tch_t / 2)
        else:
            top = next(r for s, r in plates.items() if self.sides.get(s) == "top")
            room = H - m - top.bottom - m - m - tch_t
            th = min(ch * TRICK_SCALE, room / 1.42)
            ts = max(0.5, th / ch)
            th, tw = ch * ts, cw * ts
            ty = top.bottom + m + th / 2
            slots = {"top": (cx, ty), "left": (cx - tw * 0.9, ty + th * 0.42),
                     "right": (cx + tw * 0.9, ty + th * 0.42), "bottom": (cx, ty + th * 0.42),
                     "table": (cx + tw * 0.12, ty + th * 0.42)}
            L["talon"] = (cx, ty + 0.92 * th + m + tch_t / 2)
        L["trick_s"] = ts
        L["slots"] = slots
        L["talon_half"] = tcw_t * 1.04
        L["table_pile"] = (cx + L["talon_half"] + m + pcw / 2, L["talon"][1])
        # the deck beside the dealer's plate, with room for the riffle and the cut
        dcw, dch = cw * DECK_SCALE, ch * DECK_SCALE
        dealer = self.state.dealer if self.state is not None else 0
        pr = plates.get(dealer)
        side = self.sides.get(dealer)
        spread = 1.1 * dcw + 26 * 0.4  # half a riffle's width, and the stack's slant
        if pr is None:
            L["deck"], L["cut"] = (cx, H * 0.4), (1, 1)
        elif side == "left":
            L["deck"], L["cut"] = (pr.right + m + spread, pr.centery), (1, 1)
        elif side == "right":
            L["deck"], L["cut"] = (pr.x - m - spread + 26 * 0.4, pr.centery), (-1, 1)
        elif side in ("bottom", "bottom-out"):
            L["deck"], L["cut"] = (pr.centerx, pr.y - m - dch / 2 - 0.35 * dcw), (1, -1)
        else:
            L["deck"], L["cut"] = (pr.centerx + 26 * 0.4, pr.bottom + m + dch / 2 + 26 * 0.4), \
                (1, 1)
        for sc in (fan_s, pile_s, DECK_SCALE, ts, TALON_SCALE):
            self.images.at_scale(sc)  # scale once now, never while drawing
        self.L = L
        self.layout_buttons()
        self.relayout(snap=True if snap else None, dur=0.0 if snap else None)

    def layout_buttons(self) -> None:
        if not self.L:
            return
        W, H = self.L["W"], self.L["H"]
        bh = max(40, int(H * 0.075))
        n = len(self.buttons)
        if n:
            widths = [max(int(W * 0.13), gfx.text_width(b.text(), int(bh * 0.42), True) + bh)
                      for b in self.buttons]
            gap = int(W * 0.015)
            total = sum(widths) + gap * (n - 1)
            x = (W - total) // 2
            y = int(self.L["hand_top"] - bh - H * 0.06)
            for b, w in zip(self.buttons, widths, strict=True):
                b.rect = pygame.Rect(x, y, w, bh)
                x += w + gap
        ch = max(34, int(H * 0.058))
        cw = max(150, int(W * 0.15))
        m = int(min(W, H) * 0.02)
        y = H - m - ch
        for b in reversed(self.corner):
            b.rect = pygame.Rect(W - m - cw, y, cw, ch)
            y -= ch + m // 2

    def targets(self) -> dict[int, tuple[float, float, float, bool, int]]:
        """Where each card belongs now: x, y, scale, face up, z."""
        L = self.L
        out: dict[int, tuple[float, float, float, bool, int]] = {}
        cw, ch = L["cw"], L["ch"]
        dx, dy = L["deck"]
        n = len(self.deck)
        for i, c in enumerate(self.deck):
            out[c] = (dx - i * 0.4, dy - i * 0.4, DECK_SCALE, False, 100 + n - i)
        tx, ty = L["talon"]
        tcw = cw * TALON_SCALE
        for i, c in enumerate(self.talon_view):
            out[c] = (tx + (i - 0.5) * tcw * 1.08, ty, TALON_SCALE, False, 150 + i)
        kind = self.waiting_for()
        legal = self.legal_cards() if kind in ("play", "bury") else set()
        for seat, cards in self.holding.items():
            side = self.sides.get(seat)
            if side == "bottom":
                hand = sort_for_hand(cards)
                k = len(hand)
                step = min(cw * 0.62, (L["W"] * 0.62 - cw) / max(1, k - 1))
                x0 = L["W"] / 2 - (k - 1) * step / 2
                face = self.cards_seen or self.demo
                for i, c in enumerate(hand):
                    off = (i - (k - 1) / 2) / max(1, k)
                    y = L["hand_cy"] + off * off * ch * 0.16
                    lift = 0.0
                    if c in legal and kind == "play":
                        lift = 0.04
                    if c == self.hover_card or (self.keyboard and self.focus == ("card", i)
                                                and kind in ("play", "bury")):
                        lift = HOVER_LIFT if (c in legal) else 0.02
                    if c in self.selected or c == self.auto_card:
                        lift = 0.16
                    out[c] = (x0 + i * step, y - lift * ch, 1.0, face, 200 + i)
            elif seat in L["fans"]:
                fx, fy, st, right = L["fans"][seat]
                if right:  # the last card at the plate's right edge
                    fx -= st * (len(cards) - 1)
                for i, c in enumerate(cards):
                    out[c] = (fx + i * st, fy, L["fan_s"], False, 200 + i)
            else:
                px, py = L["deck"]
                for c in cards:
                    out[c] = (px, py, L["fan_s"], False, 200)
        slots = L["slots"]
        for i, (seat, c) in enumerate(self.trick_view):
            side = "table" if seat == TABLE else self.sides.get(seat, "top")
            sx, sy = slots.get(side, slots["top"])
            out[c] = (sx, sy, L["trick_s"], True, 300 + i)
        pile_s = L["pile_s"]
        for seat, cards in self.piles.items():
            if seat == TABLE:
                px, py = L["table_pile"]
            else:
                px, py = L["piles"].get(seat, L["deck"])
            for i, c in enumerate(cards):
                tilt = ((i // 3) % 3 - 1) * 1.5
                out[c] = (px + tilt, py - (i // 3) * 1.2, pile_s, False, 50 + i)
        decl = self.state.declarer_seat if self.state is not None else None
        if self.buried_view and decl is not None:
            px, py = L["piles"].get(decl, L["deck"])
            d = L["pile_dir"].get(decl, 1)
            for i, c in enumerate(self.buried_view):
                out[c] = (px + d * (cw * pile_s * 0.3 + i * 3), py + 3, pile_s, False, 40 + i)
        return out

    def relayout(self, snap: bool | None = None, dur: float | None = None) -> None:
        if not self.L or self.images is None:
            return
        now = self.clock
        d = MOVE if dur is None else dur
        d *= self.f
        moved = 0
        for c, (x, y, s, face, z) in self.targets().items():
            sp = self.sprites[c]
            if sp.dragging:
                continue
            sp.z = z
            if snap or not sp.visible:
                sp.place(x, y, s, face)
                continue
            dist = ((sp.x1 - x) ** 2 + (sp.y1 - y) ** 2) ** 0.5
            arc = min(dist * 0.12, self.L["H"] * 0.05) if d > 0.15 else 0.0
            if sp.move(now, x, y, s, face, d, arc=arc):
                moved += 1
        if self.app is not None:
            self.app.invalidate()

    def layout_rects(self) -> list[pygame.Rect]:
        """Every card's resting rectangle and every button (for layout tests)."""
        rects = []
        for c, (x, y, s, _face, _z) in self.targets().items():
            w, h = self.images.size(s)
            rects.append(pygame.Rect(int(x - w / 2), int(y - h / 2), w, h))
            del c
        rects += [b.rect for b in self.all_buttons()]
        rects += list(self.L["plates"].values())
        return rects

    # ------------------------------------------------------------------ drawing
    def draw(self, surface) -> None:
        app = self.app
        surface.blit(app.felt(), (0, 0))
        self.drawn = []
        L = self.L
        if not L:
            return
        if self._lang != language():  # the buttons fit their labels in the new language
            self._lang = language()
            self.layout_buttons()
        self.draw_plates(surface)
        self.draw_panels(surface)
        now = self.clock
        imgs = self.images
        kind = self.waiting_for()
        legal = self.legal_cards() if kind == "play" else None
        groups = self.card_groups()
        order = sorted((s for s in self.sprites if s.visible),
                       key=lambda s: (s.dragging or s.moving(now), s.z))
        for sp in order:
            x, y, s, face, wf = sp.state(now)
            moving = sp.moving(now) or sp.dragging
            img = imgs.image(sp.card, face, s, wf, moving)
            w, h = img.get_size()
            r = img.get_rect(center=(int(x), int(y)))
            surface.blit(imgs.shadow(w, h), r.move(max(1, w // 40), max(2, w // 30)))
            surface.blit(img, r)
            self._mark(("moving:" if moving else "card:") + groups.get(sp.card, "other"), r)
            if legal is not None and sp.card in self.holding.get(self.viewer, ()) and \
                    sp.card not in legal and not moving:
                surface.blit(imgs.dim(w, h), r)
            if sp.card in self.selected or (
                    kind in ("play", "bury") and self.focus[0] == "card" and self.keyboard
                    and self._focused_card() == sp.card and not moving):
                draw_outline(surface, r, max(3, w // 12), max(3, h // 45))
        self.draw_labels(surface)
        for seat, a in self.bubbles.items():
            self.draw_bubble(surface, seat, texts.bid_label(a))
        for i, b in enumerate(self.buttons):
            b.draw(surface, self.focus == ("button", i) and (self.keyboard or not self.hints_on()))
            self._mark("button", b.rect.union(b.rect.move(0, -max(1, b.rect.h // 16))),
                       b.text())
        for b in self.corner:
            b.draw(surface, False)
            self._mark("corner", b.rect, b.text())
        self.draw_hints(surface)
        if self.message:
            self.draw_message(surface, self.message)
        if self.show_last and self.state and self.state.completed:
            self.draw_last_trick(surface)

    def _mark(self, kind: str, rect: pygame.Rect, text: str = "") -> None:
        """Note what was drawn where, and its text (the layout tests read ``drawn``)."""
        self.drawn.append((kind, pygame.Rect(rect), text))

    def card_groups(self) -> dict[int, str]:
        """Where each card is in the view: deck, talon, hand (mine), fan (an opponent's
        hand), trick, pile or buried."""
        g: dict[int, str] = {}
        for c in self.deck:
            g[c] = "deck"
        for c in self.talon_view:
            g[c] = "talon"
        for seat, cards in self.holding.items():
            for c in cards:
                g[c] = "hand" if seat == self.viewer else "fan"
        for _s, c in self.trick_view:
            g[c] = "trick"
        for cards in self.piles.values():
            for c in cards:
                g[c] = "pile"
        for c in self.buried_view:
            g[c] = "buried"
        return g

    def draw_hints(self, surface) -> None:
        """The advisor's suggestion: the card (amber outline and a tag above it) with its
        reason, or each bid's expected game points with the advised bid tagged."""
        if not self.hints_on():
            return
        L = self.L
        H = L["H"]
        small = max(11, int(H * 0.021))
        kind = self.waiting_for()
        quiet = bool(self.message)  # a message has the line for now
        if kind == "play":
            c = self.hint_card()
            if c is None:
                if self.hint_future is not None and not quiet:
                    self._hint_line(surface, _("Hint: thinking…"), small, dim=True)
                return
            r = self.card_rect(c)
            if r is None or self.sprites[c].moving(self.clock):
                return
            w = max(2, r.w // 22)
            pygame.draw.rect(surface, gfx.AMBER, r.inflate(2 * w + 4, 2 * w + 4), width=w,
                             border_radius=max(4, r.w // 12) + w)
            reason = getattr(self.hint, "reason", "")
            if reason and not quiet:
                self._hint_line(surface, _("Hint: {reason}").format(reason=_(reason)), small)
            self._hint_tag(surface, r.centerx, r.y - w - 3, small)
            return
        if kind != "bid":
            return
        best, values = self.hint_bid()
        if not values:
            if self.hint_future is not None and self.buttons and not quiet:
                self._hint_line(surface, _("Hint: weighing the bids…"), small, dim=True)
            return
        for b, a in zip(self.buttons, self.button_actions, strict=False):
            if a is None or a not in values or (not self.cards_seen and a != DARK_BID):
                continue
            v = round(values[a], 1) + 0.0  # no "-0.0"
            t = _("≈ {value} game points").format(value=decimal(v, 1, sign=True))
            self._mark("bid-value", gfx.blit_text(
                surface, t, gfx.fit_size(t, small, b.rect.w), gfx.LINEN,
                (b.rect.centerx, b.rect.bottom + 4), "midtop", bold=a == best), t)
        if best is None:
            return
        # the advised bid; before I look at my cards, "look at your cards" (its action: PASS)
        want = best if (self.cards_seen or best == DARK_BID) else PASS
        for b, a in zip(self.buttons, self.button_actions, strict=False):
            if a == want:
                self._hint_tag(surface, b.rect.centerx,
                               b.rect.y - max(1, b.rect.h // 16) - 3, small)
        if not self.cards_seen:
            if best == DARK_BID:
                line = _("Hint: zole in the dark pays off on average")
            else:
                line = _("Hint: look at your cards first")
        else:
            line = _("Hint: {bid}. Under each bid: your expected game points").format(
                bid=texts.bid_label(best))
        if self.buttons and not quiet:
            self._hint_line(surface, line, small)

    def _hint_tag(self, surface, x: int, bottom: int, size: int) -> None:
        """The small amber "Hint" label on what the advisor suggests."""
        tag = _("Hint")
        tr = pygame.Rect(0, 0, gfx.text_width(tag, size, True) + size, self.L["tag_h"])
        tr.midbottom = (x, bottom)
        surface.blit(gfx.panel(tr.w, tr.h, fill=gfx.AMBER, border=gfx.EDGE, radius=tr.h // 2,
                               width=1), tr)
        gfx.blit_text(surface, tag, size, gfx.INK, tr.center, "center", bold=True)
        self._mark("hint-tag", tr, tag)

    def line_bottom(self) -> int:
        """Where the line for a hint or a message ends: above the bid buttons and the tag on
        them, or, with no buttons, above a lifted card and its "Hint" tag."""
        L = self.L
        if self.buttons:
            top = min(b.rect.y - max(1, b.rect.h // 16) for b in self.buttons)
            return int(top - 3 - L["tag_h"] - max(3, L["m"] // 3))
        return L["line_play"]

    def _hint_line(self, surface, text: str, size: int, dim: bool = False) -> None:
        L = self.L
        W = L["W"]
        size = gfx.fit_size(text, size, int(W * 0.6))
        t = gfx.text(text, size, gfx.DIM_LINEN if dim else gfx.LINEN)
        r = t.get_rect(midbottom=(W // 2, self.line_bottom() - int(size * 0.35)))
        bg = r.inflate(size * 1.4, size * 0.7)
        surface.blit(gfx.panel(bg.w, bg.h, fill=gfx.EDGE, border=gfx.AMBER, alpha=215,
                               width=1), bg)
        surface.blit(t, r)
        self._mark("hint-line", bg, text)

    def _focused_card(self) -> int | None:
        hand = self.my_hand()
        i = self.focus[1]
        return hand[i] if 0 <= i < len(hand) else None

    def seat_name(self, seat: int) -> str:
        """The seat's name as shown (the person's as "You" until they type a name)."""
        return self.session.name(seat)

    def draw_plates(self, surface) -> None:
        """Who is who: each seat's name and score in large type; below, the bot's level (or
        "you") with dealer or forehand; and the seat's part in this hand as a tag:
        declarer, defender.  The seats that sit out get a smaller, greyed plate."""
        L = self.L
        H = L["H"]
        st = self.state
        totals = self.session.match.totals
        playing = st is not None and st.phase != DONE
        decl = st.declarer_seat if st is not None else None
        for seat, r in L["plates"].items():
            side = self.sides.get(seat)
            out = side in ("out", "bottom-out")
            compact = side == "out"
            big = max(13, int(H * (0.024 if compact else 0.034)))
            small = max(11, int(H * (0.019 if compact else 0.022)))
            pad = max(4, int(H * (0.008 if compact else 0.012)))
            fill = gfx.DIM_LINEN if out else gfx.LINEN
            turn = playing and st.current_seat == seat and not out
            surface.blit(gfx.panel(r.w, r.h, fill=(0, 0, 0), border=None, alpha=60),
                         r.move(2, 3))
            surface.blit(gfx.panel(r.w, r.h, fill=fill, border=gfx.EDGE, width=2), r)
            ow = max(3, r.h // 14)
            if turn:
                draw_outline(surface, r, max(4, min(r.w, r.h) // 8), ow)
            self._mark("plate", r.inflate(2 * ow + 2, 2 * ow + 2), self.seat_name(seat))
            ink = gfx.INK if not out else (0x55, 0x50, 0x4B)
            score = gfx.signed(totals[seat])
            sr = gfx.blit_text(surface, score, big, ink, (r.right - pad, r.y + pad), "topright",
                               bold=True)
            self._mark("plate-text", sr, score)
            name = self.seat_name(seat)
            if turn:
                name = gfx.TURN_MARK + name
            nw = sr.x - pad - (r.x + pad)
            self._mark("plate-text", gfx.blit_text(
                surface, name, gfx.fit_size(name, big, nw, True), ink, (r.x + pad, r.y + pad),
                bold=True), name)
            if seat == self.human:
                sub = _("you")
            else:
                lv = self.session.bot_levels.get(seat, "")
                sub = _(texts.LEVEL_LABELS.get(lv, lv)) if lv else ""
            marks = [sub] if sub and not compact else []
            if out:
                marks.append(_("sits out"))
            if st is not None and seat == st.dealer:
                marks.append(_("dealer"))
            if st is not None and not out and seat == st.forehand:
                marks.append(_("forehand"))
            line = gfx.SEP.join(marks)
            y2 = r.y + pad + int(big * 1.25)
            if line:
                self._mark("plate-text", gfx.blit_text(
                    surface, line, gfx.fit_size(line, small, r.w - 2 * pad), ink, (r.x + pad, y2)),
                    line)
            if compact or out or decl is None or st.phase == BIDDING:
                continue
            # the part in this hand, as a tag that reads at a glance
            if seat == decl:
                role, chip = _("declarer"), gfx.CARMINE
            else:
                role, chip = _("defender"), gfx.EDGE
            rs = gfx.fit_size(role, small, r.w - 2 * pad - small, True)
            cr = pygame.Rect(0, 0, gfx.text_width(role, rs, True) + small, int(small * 1.45))
            cr.bottomleft = (r.x + pad, r.bottom - pad)
            surface.blit(gfx.panel(cr.w, cr.h, fill=chip, border=None, radius=cr.h // 2), cr)
            gfx.blit_text(surface, role, rs, gfx.LINEN, cr.center, "center", bold=True)
            self._mark("plate-text", cr, role)

    def draw_labels(self, surface) -> None:
        """Trick counts beside the piles (on the side away from the plate's edge)."""
        L = self.L
        st = self.state
        if st is None:
            return
        size = max(12, int(L["H"] * 0.024))
        pcw = L["cw"] * L["pile_s"]
        gap = max(6, L["m"] // 2)
        for seat, cards in self.piles.items():
            if not cards or seat == TABLE:
                continue
            px, py = L["piles"].get(seat, L["deck"])
            d = L["pile_dir"].get(seat, 1)
            n = self.pile_tricks.get(seat, 0)
            t = ngettext("{n} trick", "{n} tricks", n).format(n=n)
            x = px + d * (pcw / 2 + gap)
            if seat == st.declarer_seat and self.buried_view:
                x += d * (pcw * 0.3 + 3 * len(self.buried_view))
            anchor = "midleft" if d > 0 else "midright"
            self._mark("pile-label", gfx.blit_text(surface, t, size, gfx.LINEN,
                                                   (int(x), int(py)), anchor, bold=True), t)

    def draw_panels(self, surface) -> None:
        L = self.L
        W, H = L["W"], L["H"]
        st = self.state
        m = int(min(W, H) * 0.02)
        pw = int(W * 0.22)
        size = max(11, int(H * 0.022))
        small = max(10, int(H * 0.019))
        # left: contract, declarer, card points
        pad = max(6, int(H * 0.012))
        lines: list[tuple[str, int, bool, tuple]] = []
        if st is not None:
            if st.contract:
                c = texts.contract_label(st.contract)
                if self.session.people.is_you(st.declarer_seat):
                    c = _("{contract}: you").format(contract=c)
                elif st.declarer_seat is not None:
                    c = _("{contract}: {name}").format(contract=c,
                                                       name=self.seat_name(st.declarer_seat))
                lines.append((c, size, True, gfx.AMBER))
            elif st.phase == BIDDING and not self.deck:
                lines.append((_("Bidding"), size, True, gfx.AMBER))
            else:
                lines.append((_("Shuffling and dealing"), size, True, gfx.AMBER))
            if st.declarer_seat is not None and st.phase != BIDDING:
                d = st.declarer_seat
                dp = sum(st.points_won[i] for i, s in enumerate(st.seats) if s == d)
                op = sum(st.points_won[i] for i, s in enumerate(st.seats) if s != d)
                if d == self.human or st.phase == DONE:
                    # the buried cards count for the declarer; only the declarer knows them
                    # before the end
                    dp += points_of(st.buried)
                lines.append((_("Declarer: {n} points").format(n=dp), small, False, gfx.LINEN))
                lines.append((_("Defenders: {n} points").format(n=op), small, False,
                              gfx.LINEN))
            elif st.contract == "galdins":
                for i, s in enumerate(st.seats):
                    lines.append((ngettext("{name}: {t} trick, {p} points",
                                           "{name}: {t} tricks, {p} points",
                                           st.tricks_won[i]).format(
                        name=self.seat_name(s), t=st.tricks_won[i], p=st.points_won[i]),
                        small, False, gfx.LINEN))
        self.draw_info(surface, pygame.Rect(m, m, pw, 0), lines[:4], pad)
        # right: hand number and pools
        s = self.session
        if s.length:
            t = _("Hand {n} of {total}").format(n=self.hand_no, total=s.length)
        else:
            t = _("Hand {n}").format(n=self.hand_no)
        lines = [(t, size, True, gfx.AMBER)]
        pools = s.match.pools
        pl = []
        if pools.common:
            pl.append(ngettext("{n} common pool", "{n} common pools", pools.common).format(
                n=pools.common))
        counts = pools.personal_counts(s.players)
        for seat, n in enumerate(counts):
            if n:
                pl.append(ngettext("{name}: {n} personal pool", "{name}: {n} personal pools",
                                   n).format(name=self.seat_name(seat), n=n))
        if not pl:
            pl.append(_("No pools"))
        lines += [(t, small, False, gfx.LINEN) for t in pl[:3]]
        self.draw_info(surface, pygame.Rect(W - m - pw, m, pw, 0), lines, pad)

    def draw_info(self, surface, r: pygame.Rect, lines, pad: int) -> None:
        """A dark corner panel sized to its lines."""
        if not lines:
            return
        h = pad * 2 + sum(int(sz * 1.2) + pad // 2 for _t, sz, _b, _c in lines) - pad // 2
        r = pygame.Rect(r.x, r.y, r.w, h)
        surface.blit(gfx.panel(r.w, r.h, fill=gfx.EDGE, border=gfx.AMBER, alpha=200, width=1),
                     r)
        self._mark("panel", r)
        y = r.y + pad
        for t, sz, bold, col in lines:
            sz2 = gfx.fit_size(t, sz, r.w - 2 * pad, bold)
            self._mark("panel-text", gfx.blit_text(surface, t, sz2, col, (r.x + pad, y),
                                                   bold=bold), t)
            y += int(sz * 1.2) + pad // 2

    def draw_bubble(self, surface, seat: int, t: str) -> None:
        """What a seat said (its bid), in a speech bubble beside its plate."""
        L = self.L
        r = L["plates"].get(seat)
        if r is None:
            return
        side = self.sides.get(seat)
        W = L["W"]
        size = L["bubble_size"]
        g = L["bubble_gap"]
        tail_w = max(6, size // 3)
        if side == "left":  # up to the talon in the middle
            room = int(W / 2 - L["talon_half"] - L["m"] - (r.right + g))
        elif side == "right":
            room = int(r.x - g - (W / 2 + L["talon_half"] + L["m"]))
        else:
            room = int(W * 0.3)
        size = gfx.fit_size(t, size, room - size * 2, True)
        bw, bh = gfx.text_width(t, size, True) + size * 2, L["bubble_h"]
        if side == "left":
            b = pygame.Rect(r.right + g, r.centery - bh // 2, bw, bh)
            tail = [(b.x + 1, b.centery - tail_w), (r.right + 2, b.centery),
                    (b.x + 1, b.centery + tail_w)]
        elif side == "right":
            b = pygame.Rect(r.x - g - bw, r.centery - bh // 2, bw, bh)
            tail = [(b.right - 1, b.centery - tail_w), (r.x - 2, b.centery),
                    (b.right - 1, b.centery + tail_w)]
        elif side == "top":
            b = pygame.Rect(r.centerx - bw // 2, r.bottom + g, bw, bh)
            tail = [(b.centerx - tail_w, b.y + 1), (b.centerx, r.bottom + 2),
                    (b.centerx + tail_w, b.y + 1)]
        else:  # above my plate, or above my tricks and buried cards when there are some
            top = r.y
            st = self.state
            if seat in L["piles"] and (self.piles.get(seat) or (
                    self.buried_view and st is not None and st.declarer_seat == seat)):
                top = int(L["piles"][seat][1] - L["ch"] * L["pile_s"] / 2) - 6
            b = pygame.Rect(r.x + 10, top - g - bh, bw, bh)
            tail = [(b.x + 16, b.bottom - 1), (b.x + 22, top - 2), (b.x + 30, b.bottom - 1)]
        pygame.draw.polygon(surface, gfx.LINEN, tail)
        pygame.draw.lines(surface, gfx.EDGE, False, tail, 2)
        surface.blit(gfx.panel(bw, bh, fill=gfx.LINEN, border=gfx.EDGE, radius=bh // 2), b)
        gfx.blit_text(surface, t, size, gfx.INK, b.center, "center", bold=True)
        self._mark("bubble", b, t)

    def draw_message(self, surface, msg: str) -> None:
        """A message to me (why a card may not be played, …) in the line above my hand."""
        L = self.L
        W, H = L["W"], L["H"]
        size = gfx.fit_size(msg, max(13, int(H * 0.026)), int(W * 0.7))
        t = gfx.text(msg, size, gfx.INK)
        r = t.get_rect(midbottom=(W // 2, self.line_bottom() - int(size * 0.4)))
        bg = r.inflate(size * 1.4, size * 0.8)
        surface.blit(gfx.panel(bg.w, bg.h, fill=gfx.LINEN, border=gfx.CARMINE, width=3), bg)
        surface.blit(t, r)
        self._mark("message", bg, msg)

    def draw_last_trick(self, surface) -> None:
        L = self.L
        W, H = L["W"], L["H"]
        trick = self.state.completed[-1]
        imgs = self.images
        s = 0.7
        w, h = imgs.size(s)
        n = len(trick.cards)
        gap = int(w * 0.25)
        size = max(11, int(H * 0.02))
        pw = n * w + (n + 1) * gap
        ph = h + size * 5
        r = pygame.Rect((W - pw) // 2, int(H * 0.2), pw, ph)
        surface.blit(gfx.panel(r.w, r.h, fill=gfx.EDGE, border=gfx.AMBER, alpha=235), r)
        if self.session.people.is_you(trick.winner):
            t = _("Last trick: you took it")
        else:
            t = _("Last trick: {name} took it").format(name=self.seat_name(trick.winner))
        gfx.blit_text(surface, t, gfx.fit_size(t, size, pw - 2 * gap, True), gfx.AMBER,
                      (r.centerx, r.y + size), "midtop", bold=True)
        for i, (seat, c) in enumerate(zip(trick.seats, trick.cards, strict=True)):
            x = r.x + gap + i * (w + gap)
            img = imgs.image(c, True, s)
            surface.blit(img, (x, r.y + size * 2.6))
            nm = self.seat_name(seat)
            gfx.blit_text(surface, nm, gfx.fit_size(nm, size, w + gap), gfx.LINEN,
                          (x + w // 2, r.bottom - size * 0.6), "midbottom")


class _NotReady:
    pass


_NOT_READY = _NotReady()


def _advise(key, kind, obs, seconds, cancel, seed, pools, hidden):
    """Run in the hint worker: (key, the advisor's answer)."""
    from ..bots import advisor

    deadline = time.perf_counter() + seconds
    if kind == "bid":
        return key, advisor.estimate_bids(obs, deadline, cancel, seed=seed, pools=pools,
                                          hidden=hidden)
    return key, advisor.suggest_card(obs, deadline, cancel, seed=seed)


def _guarded(app, fn, *args):
    """Run in a worker: ``fn``, its error logged with the traceback (and raised on to the
    future), and the loop woken either way."""
    try:
        return fn(*args)
    except Exception:
        log.exception("%s failed in a worker", getattr(fn, "__name__", fn))
        raise
    finally:
        app.wake()


def points_of_cards(cards) -> int:
    return sum(POINTS[c] for c in cards)
