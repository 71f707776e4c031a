"""The person's commands to the table, waiting until the table's script takes them.

Input (a click, a key, a coach's step, a network table's report) turns into one of these; the
script's driver (:mod:`.driver`) takes the one it can answer its condition with:

- :class:`Choose`: the person's decision at their turn (a bid, a card, the two cards buried,
  the finish of a certain hand, or giving up at their own turn);
- :class:`GiveUp`: giving up while it is not the person's turn (a bot thinks);
- :class:`TakeBack`: undo my last card (and the bots' cards after it).

At most one command of each kind waits: a second replaces the first.  No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar


@dataclass(frozen=True)
class Choose:
    action: Any  # an action of the rules core, or the tuple of two cards buried


@dataclass(frozen=True)
class GiveUp:
    pass


@dataclass(frozen=True)
class TakeBack:
    pass


Command = Choose | GiveUp | TakeBack
C = TypeVar("C", Choose, GiveUp, TakeBack)


class Commands:
    """What the person asked for and the table has not yet taken."""

    def __init__(self) -> None:
        self._waiting: dict[type, Command] = {}

    def give(self, command: Command) -> None:
        self._waiting[type(command)] = command

    def waiting(self, kind: type[C]) -> bool:
        return kind in self._waiting

    def take(self, kind: type[C]) -> C | None:
        """The waiting command of this kind, now taken (None when there is none)."""
        command = self._waiting.pop(kind, None)
        assert command is None or isinstance(command, kind)
        return command

    def drop(self, kind: type[C]) -> None:
        self._waiting.pop(kind, None)

    def __repr__(self) -> str:
        return f"Commands({list(self._waiting.values())!r})"  # i18n: ok (debugging only)
