"""A ``zole-match/1`` record read from a file: the command line's ``replay`` and ``solve``, and
the review of a hand of a file, read it here.  Every fault is a :class:`RecordError` whose
message starts ``hand N:`` (``hand 1:`` for a file that cannot be read)."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

from ..rules.record import MAX_BYTES, RecordError, hand_of, parse_json
from ..rules.state import HandState
from ..storage import read_regular


def read_record(path: str | Path) -> Any:
    """The parsed JSON of a record file (a regular file, at most ``MAX_BYTES``)."""
    try:
        data = read_regular(path, MAX_BYTES)
    except OSError as e:
        if e.errno == errno.EFBIG:
            raise RecordError(1, f"the record is larger than {MAX_BYTES // (1024 * 1024)} MB"
                              ) from None
        raise RecordError(1, f"cannot read {path}: {e.strerror or e}") from None
    return parse_json(data)


def load_hand(path: str | Path, number: int) -> HandState:
    """Hand ``number`` (from 1) of a record file, finished as it was played."""
    return hand_of(read_record(path), number)
