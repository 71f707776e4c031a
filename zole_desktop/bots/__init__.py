"""Bot opponents.  A bot sees one seat's :class:`~zole_desktop.rules.Observation` only."""

from .base import LEVELS, OFFERED, Bot, RandomBot, make_bot

__all__ = ["LEVELS", "OFFERED", "Bot", "RandomBot", "make_bot"]
