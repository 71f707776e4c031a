"""What a table at the host is to be: its seats, rules, length, code and save."""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from ..bots import LEVELS
from ..rules.options import Rules


@dataclass
class TableSpec:
    """A table to host.  ``seats``: None for a person, else a bot's level."""

    name: str = "Zole"
    seats: list[str | None] = field(default_factory=lambda: [None, None, "normal"])
    rules: Rules = field(default_factory=Rules)
    length: int = 12
    serious: bool = False
    seed: int | None = None
    code: str | None = None
    grace: float | None = 120.0  # a dropped person's seat goes to a bot after this
    grace_level: str = "normal"
    save_to: Path | None = None  # the host's save of this table (None: not saved)
    fresh: bool = False  # a new match whatever ``save_to`` holds (serve --new)


def parse_seats(text: str) -> list[str | None]:
    """``human,human,bot:strong`` -> ``[None, None, "strong"]`` (``bot`` alone: normal)."""
    out: list[str | None] = []
    for part in text.split(","):
        part = part.strip().lower()
        if part in ("human", "person", "people"):
            out.append(None)
        elif part == "bot":
            out.append("normal")
        elif part.startswith("bot:") and part[4:] in LEVELS:
            out.append(part[4:])
        else:
            raise ValueError(f"seat {part!r}: use human, bot or bot:LEVEL "
                             f"({', '.join(LEVELS)})")
    if len(out) not in (3, 4, 5):
        raise ValueError(f"a table has 3, 4 or 5 seats, not {len(out)}")
    if None not in out:
        raise ValueError("a table needs at least one person")
    return out


def new_code(rng: random.Random | None = None) -> str:
    return f"{(rng or secrets.SystemRandom()).randrange(10_000):04d}"
