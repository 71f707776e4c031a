"""Bot opponents.  A bot sees one seat's :class:`~zole_desktop.rules.Observation` only."""

from .base import Bot, RandomBot, make_bot

__all__ = ["Bot", "RandomBot", "make_bot"]
