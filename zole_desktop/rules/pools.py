"""Pools (*pules*): the common pool and personal pools, kept in the order they were written."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pools:
    """Pools standing at the table.

    ``personal`` lists the owner of every personal pool, oldest first, so that "the oldest
    personal pool of another player" is the first entry not owned by the declarer.
    """

    common: int = 0
    personal: tuple[int, ...] = ()

    @property
    def any(self) -> bool:
        return self.common > 0 or bool(self.personal)

    def personal_counts(self, players: int) -> list[int]:
        counts = [0] * players
        for owner in self.personal:
            counts[owner] += 1
        return counts

    def add_common(self, players: int) -> Pools:
        """All passed: one common pool, or two at a table of four when none exists yet."""
        n = 2 if players == 4 and self.common == 0 else 1
        return Pools(self.common + n, self.personal)

    def add_personal(self, owner: int) -> Pools:
        return Pools(self.common, self.personal + (owner,))

    def close_personal(self, owner: int) -> Pools:
        """Close the oldest personal pool of ``owner``."""
        i = self.personal.index(owner)
        return Pools(self.common, self.personal[:i] + self.personal[i + 1:])

    def close_common(self) -> Pools:
        return Pools(self.common - 1, self.personal)

    def to_json(self, players: int) -> dict:
        return {"common": self.common, "personal": self.personal_counts(players)}
