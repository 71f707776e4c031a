"""Zole desktop: Latvia's national card game against bots."""

import logging as _logging
import time as _time

from .version import version as _version

__version__ = _version()  # from pyproject.toml, the one place the version is written

# records go to the log file only once logs.setup() has opened it (the game, the demo)
_logging.getLogger(__name__).addHandler(_logging.NullHandler())

# when the package was first imported: start-up times are measured from here
STARTED = _time.perf_counter()
