"""Imports every bot level so that each registers itself with :func:`make_bot`."""

from . import heuristic, master, strong, strong2026  # noqa: F401
