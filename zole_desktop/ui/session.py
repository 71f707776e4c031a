"""A session at the table: who sits where, the bots, the match so far; saved after every
hand (a ``zole-match/1`` record plus our extra keys) so that *Continue* can pick it up."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from .. import storage
from ..bots import make_bot
from ..bots.base import Bot
from ..rules.match import Match
from ..rules.options import Rules

BOT_NAMES = ("Anna", "Jānis", "Ilze", "Pēteris")
SAVE_NAME = "session.json"
MAX_SAVE_BYTES = 4 * 1024 * 1024


@dataclass
class Session:
    players: int = 3
    names: list[str] = field(default_factory=list)
    levels: list[str | None] = field(default_factory=list)  # None: a person
    human: int | None = 0
    rules: Rules = field(default_factory=Rules)
    length: int = 12  # hands in the session; 0 = no limit
    seed: int = 1
    match: Match | None = None

    def __post_init__(self) -> None:
        if self.match is None:
            from ..rules.deal import draw_first_dealer

            self.match = Match(players=self.players, rules=self.rules)
            # everyone draws a card; the highest deals first
            self.match.dealer, _rounds = draw_first_dealer(random.Random(self.seed),
                                                           self.players)
        while len(self.names) < self.players:
            self.names.append(BOT_NAMES[len(self.names) % len(BOT_NAMES)])
        while len(self.levels) < self.players:
            self.levels.append("normal")
        self.bots: dict[int, Bot] = {}
        self.bot_levels: dict[int, str] = {}
        for seat in range(self.players):
            if seat == self.human:
                continue
            level = self.levels[seat] or "normal"
            try:
                bot = make_bot(level, self.seed * 101 + seat)
            except ValueError:
                level = "random"
                bot = make_bot("random", self.seed * 101 + seat)
            self.bots[seat] = bot
            self.bot_levels[seat] = level

    @property
    def hand_number(self) -> int:
        return len(self.match.rows) + 1

    def over(self) -> bool:
        return bool(self.length) and len(self.match.rows) >= self.length

    def rng_for_hand(self) -> random.Random:
        return random.Random(self.seed * 1_000_003 + len(self.match.rows))

    # ------------------------------------------------------------------ persistence
    def to_json(self) -> dict:
        rec = self.match.to_record()
        rec["zole_desktop"] = {"names": self.names, "levels": self.levels, "human": self.human,
                               "length": self.length, "seed": self.seed}
        return rec

    def save(self) -> None:
        storage.atomic_write(storage.data_dir() / SAVE_NAME,
                             json.dumps(self.to_json(), ensure_ascii=False))

    @staticmethod
    def clear_saved() -> None:
        try:
            (storage.data_dir() / SAVE_NAME).unlink()
        except OSError:
            pass

    @staticmethod
    def has_saved() -> bool:
        try:
            return (storage.data_dir() / SAVE_NAME).is_file()
        except OSError:
            return False

    @classmethod
    def load(cls) -> Session:
        """The saved session; ValueError with a one-line reason when it cannot be used."""
        from ..rules.record import RecordError, replay

        path = storage.data_dir() / SAVE_NAME
        try:
            if path.stat().st_size > MAX_SAVE_BYTES:
                raise ValueError("the saved game is too large")
            data = json.loads(path.read_text("utf-8"))
            extra = data["zole_desktop"]
            rep = replay(data)
            players = rep.match.players
            names = [str(n)[:20] for n in extra["names"]][:players]
            levels = [lv if lv is None else str(lv) for lv in extra["levels"]][:players]
            human = extra["human"]
            if human is not None and not (isinstance(human, int) and 0 <= human < players):
                raise ValueError("bad seat")
            return cls(players=players, names=names, levels=levels, human=human,
                       rules=rep.match.rules, length=int(extra.get("length", 12)),
                       seed=int(extra.get("seed", 1)), match=rep.match)
        except (OSError, ValueError, KeyError, TypeError, RecordError) as e:
            raise ValueError(f"the saved game cannot be continued ({e})") from None
