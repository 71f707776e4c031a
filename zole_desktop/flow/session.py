"""A session at the table: who sits where, the bots, the match so far and the hand being
played.  Saved after every action through :mod:`zole_desktop.saves` (a ``zole-match/1``
record, the hand in progress and our table keys) so that *Continue* picks it up exactly."""

from __future__ import annotations

import logging
import random
import re
import secrets
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path

from .. import saves, storage
from ..bots import make_bot
from ..bots.base import Bot
from ..i18n import _, signed
from ..records import history as match_history
from ..rules import cards as C
from ..rules.match import Match, hand_record
from ..rules.options import Rules
from ..rules.state import HandState
from .people import Names, bot_name, stored
from .saver import Saver, flush_shared

HUMAN = "human"
_HISTORY_NAME = re.compile(r"match-[0-9]{8}-[0-9]{6}-[0-9a-f]{8}\.json")

log = logging.getLogger(__name__)


@dataclass
class Session:
    players: int = 3
    names: list[str] = field(default_factory=list)
    levels: list[str | None] = field(default_factory=list)  # None: a person
    human: int | None = 0
    rules: Rules = field(default_factory=Rules)
    length: int = 12  # hands in the session; 0 = no limit
    seed: int = 1
    # None: a new match, drawn for in __post_init__ (so every reader sees a Match)
    match: Match = None  # type: ignore[assignment]
    serious: bool = False  # a serious match: no undo, no hints
    current: HandState | None = None  # the hand in progress when a save was continued
    practice: bool = False  # never saved, no undo, no hints (the guided game)
    save_to: Path | None = None  # where save() writes (None: the save of the offline game)
    saver: Saver | None = field(default=None, repr=False, compare=False)  # None: write here
    # the latest save on its way to the disk (None once written here, or before the first)
    last_saved: Future | None = field(default=None, init=False, repr=False, compare=False)
    # the hand number whose shuffle every hand is dealt with (None: each its own); a
    # replayed deal (:meth:`replay_of`) plays the same cards again
    deal_of_hand: int | None = None
    # the history file the finished match is kept as, chosen (and saved) before it is
    # written: a program killed between the history copy and the save's removal finds the
    # copy again instead of keeping the match twice (:meth:`archive`)
    history_name: str | None = None

    def __post_init__(self) -> None:
        if self.match is None:
            from ..rules.deal import draw_first_dealer

            self.match = Match(players=self.players, rules=self.rules)
            # everyone draws a card; the highest deals first
            self.match.dealer, _rounds = draw_first_dealer(random.Random(self.seed),
                                                           self.players)
        while len(self.names) < self.players:
            self.names.append(bot_name(len(self.names), taken=self.names))
        if self.human is not None and 0 <= self.human < len(self.names):
            # the person's untyped name is kept empty and shown as "You" when drawn
            self.names[self.human] = stored(self.names[self.human])
        while len(self.levels) < self.players:
            self.levels.append("normal")
        self.bots: dict[int, Bot] = {}
        self.bot_levels: dict[int, str] = {}
        for seat in range(self.players):
            if seat == self.human or self.levels[seat] is None:
                continue  # a person: the player here, or one at another computer
            level = self.levels[seat] or "normal"
            try:
                bot = make_bot(level, self.seed * 101 + seat)
            except ValueError:
                level = "random"
                bot = make_bot("random", self.seed * 101 + seat)
            self.bots[seat] = bot
            self.bot_levels[seat] = level

    @property
    def people(self) -> Names:
        """The names as shown (the person's seat as "You" until they type a name)."""
        return Names(self.names, self.human, self.typed_seats())

    def typed_seats(self) -> set[int]:
        """The seats of people at other computers (their names are shown as typed)."""
        return {s for s, lv in enumerate(self.levels) if lv is None and s != self.human}

    def name(self, seat: int | None) -> str:
        return self.people(seat)

    @property
    def hand_number(self) -> int:
        return len(self.match.rows) + 1

    def over(self) -> bool:
        return bool(self.length) and len(self.match.rows) >= self.length

    def rng_for_hand(self) -> random.Random:
        """The shuffle of the next hand: the same for the same seed and hand number."""
        return saves.hand_rng(self.seed, self.deal_of_hand or self.hand_number)

    def replay_of(self, number: int) -> Session:
        """A practice session of one hand that deals hand ``number`` of this match again:
        the same cards, the same dealer, the same bots and pools (never saved, not counted
        in the match).  ValueError when the match has no such finished hand."""
        if not 1 <= number <= len(self.match.rows):
            raise ValueError(f"hand {number} is not a finished hand of this match")
        played = self.match.hands[number - 1]
        again = Session(players=self.players, names=list(self.names),
                        levels=list(self.levels), human=self.human, rules=self.rules,
                        length=1, seed=self.seed, practice=True, deal_of_hand=number)
        again.match.dealer = played.dealer
        again.match.pools = played.pools
        _deal, state = again.match.deal(again.rng_for_hand())
        if state._initial != played._initial:  # a hand not dealt from this match's seed
            again.current = again.match.hand_from(
                {s: tuple(C.cards_of(played._initial[0][i])) for i, s in enumerate(played.seats)},
                played._initial[1])
        return again

    def take_current(self) -> HandState | None:
        """The continued hand in progress, once (the table rebuilds it)."""
        st, self.current = self.current, None
        return st

    # ------------------------------------------------------------------ persistence
    @property
    def persistent(self) -> bool:
        """False for a practice session (the guided game): it is never written."""
        return not self.practice

    def table(self) -> saves.Table:
        levels = [HUMAN if (seat == self.human or lv is None) else
                  (self.bot_levels.get(seat) or lv) for seat, lv in enumerate(self.levels)]
        return saves.Table([n[:40] for n in self.names[:self.players]], levels[:self.players],
                           self.seed, self.human if self.human is not None else 0)

    def extra(self) -> dict:
        out: dict = {"length": self.length, "serious": self.serious, "human": self.human}
        if self.history_name is not None:
            out["history_name"] = self.history_name
        return out

    def name_history(self) -> str:
        """The finished match's history file name (chosen once; save it before
        :meth:`archive`)."""
        if self.history_name is None:
            self.history_name = (f"match-{time.strftime('%Y%m%d-%H%M%S')}-"
                                 f"{secrets.token_hex(4)}.json")
        return self.history_name

    def save(self, current: HandState | None = None) -> Future | None:
        """Save the match and ``current`` (the hand in progress, if any), atomically: on the
        :class:`Saver`'s threads when the session has one (the future is done once it is on
        disk, also :attr:`last_saved`), else here (OSError when it cannot be written).

        The finished hands' records are kept encoded from one save to the next, with the
        match record's head (:func:`saves.save_bytes`), so that a save costs the same at the
        twelfth hand and at the three hundredth instead of encoding every hand again."""
        data = self.save_bytes(current)
        path = self.save_path()
        if self.saver is None:
            storage.atomic_write(path, data)
            return None
        self.last_saved = self.saver.put(path, data)
        return self.last_saved

    def save_path(self) -> Path:
        """Where the match is saved: ``save_to``, or the offline game's save."""
        return self.save_to or saves.save_path()

    def save_bytes(self, current: HandState | None = None) -> bytes:
        """The save's bytes: the same file as :func:`saves.save` writes."""
        match = self.match
        done = self.__dict__.setdefault("_hand_bytes", [])
        hands = match.hands
        del done[len(hands):]  # hands taken back (never today; cheap to allow)
        while len(done) < len(hands):
            done.append(saves.part_bytes(hand_record(hands[len(done)])))
        head = self.__dict__.get("_head")
        if head is None or head[0] != match.players or head[1] is not match.rules:
            head = self.__dict__["_head"] = (match.players, match.rules,
                                             saves.match_head(match))
        return saves.save_bytes(self.table(), head[2], done, current, self.extra())

    def archive(self) -> Path | None:
        """Keep the finished match in the history folder (for history and statistics)."""
        return match_history.archive(self.match, self.table(), typed=self.typed_seats(),
                                     name=self.history_name)

    def keep_unfinished(self) -> Path | None:
        """Keep this match, left before its end, in the history marked unfinished, with the
        hand it was left in (OSError when it cannot be written; None: nothing was played)."""
        return match_history.archive(self.match, self.table(), typed=self.typed_seats(),
                                     unfinished=True, current=self.current)

    def describe(self) -> str:
        """Where the match stands, in a line: "Hand 3 of 12, your score +4"."""
        n = self.hand_number
        where = (_("Hand {n} of {total}").format(n=n, total=self.length) if self.length
                 else _("Hand {n}").format(n=n))
        if self.human is None:
            return where
        score = self.match.totals[self.human]
        return _("{where}, your score {score}").format(where=where, score=signed(score))

    def clear_save(self) -> None:
        """The save is no longer wanted (its match is in the history): removed after the
        saves still on their way, or here."""
        path = self.save_path()
        if self.saver is None:
            saves.clear(path)
        else:
            self.last_saved = self.saver.put(path, None)

    @staticmethod
    def clear_saved() -> None:
        saves.clear()

    @staticmethod
    def has_saved() -> bool:
        flush_shared()
        try:
            return saves.save_path().is_file()
        except OSError:
            return False

    @classmethod
    def load(cls, messages: list[str] | None = None) -> Session | None:
        """The saved session with its hand in progress, or None.  A save that cannot be
        used is set aside and a one-line message appended to ``messages``."""
        flush_shared()
        saved = saves.load(messages=messages)
        if saved is None:
            return None
        session = cls.from_saved(saved)
        if session.over() and session.current is None:
            cls.keep_finished(session, messages if messages is not None else [])
            return None
        return session

    @staticmethod
    def keep_finished(session: Session, messages: list[str]) -> None:
        """A finished match still saved (its history copy had failed): kept in the history
        now, and only then no longer saved."""
        try:
            session.archive()
            saves.clear()
        except OSError as e:
            log.error("the finished match could not be kept in the history: %s", e)
            messages.append(_("The finished match could not be kept in the history ({error}); "
                              "it stays saved.").format(error=e.strerror or e))
            return
        messages.append(_("The finished match is now kept in the history."))

    @classmethod
    def from_saved(cls, saved: saves.Saved) -> Session:
        t, x, m = saved.table, saved.extra, saved.match
        human = x.get("human", t.human_seat)
        if not (human is None or (isinstance(human, int) and 0 <= human < m.players)):
            human = t.human_seat
        length = x.get("length", 12)
        if not isinstance(length, int) or not 0 <= length <= 10_000:
            length = 12
        levels: list[str | None] = [None if lv == HUMAN else lv for lv in t.levels]
        named = x.get("history_name")
        if not (isinstance(named, str) and _HISTORY_NAME.fullmatch(named)):
            named = None
        return cls(history_name=named,
                   players=m.players, names=list(t.names), levels=levels, human=human,
                   rules=m.rules, length=length, seed=t.seed, match=m,
                   serious=bool(x.get("serious", False)), current=saved.current)
