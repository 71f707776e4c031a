"""What the table drew where: every piece is noted in ``TableScene.drawn`` as (kind,
rectangle, text), which the layout tests read."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .scene import TableScene


def mark(tb: TableScene, kind: str, rect: pygame.Rect, text: str = "") -> None:
    """Note what was drawn where, and its text (the layout tests read ``drawn``)."""
    tb.drawn.append((kind, pygame.Rect(rect), text))
