"""Imports every bot level so that each registers itself with :func:`make_bot`."""

from . import heuristic, master, strong  # noqa: F401
