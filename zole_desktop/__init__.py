"""Zole desktop: Latvia's national card game against bots."""

import time as _time

from .version import version as _version

__version__ = _version()  # from pyproject.toml, the one place the version is written

# when the package was first imported: start-up times are measured from here
STARTED = _time.perf_counter()
