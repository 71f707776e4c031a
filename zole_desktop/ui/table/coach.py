"""The hook through which a coach (the guided first game) joins the table.

The table calls these at fixed points; a table without a coach simply skips them.  The
director asks the same object's :meth:`~TableCoach.review` before it takes a person's action.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from ...flow.director import Review
from ...rules.state import HandState
from ..scene import Action


class TableCoach(Protocol):
    markers: list[pygame.Rect]  # what the coach marked in the last frame (kept clear)

    def enter(self) -> None:
        """The table has been pushed and laid out."""

    def watch(self) -> None:
        """Called before each step of the hand's script: look at the hand, maybe speak."""

    def holds(self) -> bool:
        """True while the game waits for the person to read the coach."""

    def busy(self) -> bool:
        """True while the coach has something on a timer (a note)."""

    def update(self) -> None:
        """Called after each update step of the table."""

    def review(self, state: HandState, seat: int, action: int) -> Review:
        """The coach's word on a person's action before it is taken."""

    def note(self, text: str) -> None:
        """Show a short note (a move the coach did not ask for)."""

    def handle(self, action: Action) -> bool:
        """An input action first; True when the coach used it."""

    def draw_marks(self, surface: Any) -> None:
        """Draw the coach's marks on the table (under the table's message line)."""

    def draw(self, surface: Any) -> None:
        """Draw the coach's box on top of everything."""
