"""The table's one line of words for a while: a refused card, a note of what to do next, or
what giving up costs while the Surrender button is armed (its first click).  No pygame."""

from __future__ import annotations


class Notice:
    def __init__(self) -> None:
        self.text = ""
        self.until = 0.0  # on the table's clock
        self.surrender_armed = False
        self._surrender_note = ""

    def say(self, text: str, now: float, seconds: float) -> None:
        self.text, self.until = text, now + seconds

    def clear(self) -> None:
        self.text, self.until = "", 0.0

    def shown(self, now: float) -> bool:
        return now < self.until

    def expire(self, now: float) -> bool:
        """The line goes when its time is up: True when it went now."""
        if self.text and now >= self.until:
            self.text = ""
            return True
        return False

    def arm_surrender(self, note: str, now: float) -> None:
        """The first click on Surrender: armed, its cost said for 8 seconds."""
        self.surrender_armed, self._surrender_note = True, note
        self.say(note, now, 8.0)

    def disarm_surrender(self) -> None:
        """Surrender goes back to its first state, and its note with it."""
        if self.surrender_armed and self.text == self._surrender_note:
            self.clear()
        self.surrender_armed = False
