"""Imports every bot level so that each registers itself with :func:`make_bot`."""
