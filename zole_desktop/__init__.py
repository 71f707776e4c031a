"""Zole desktop: Latvia's national card game against bots."""

import time as _time

__version__ = "0.1.0"

# when the package was first imported: start-up times are measured from here
STARTED = _time.perf_counter()
