"""The seats this computer holds at network tables, kept in the data folder, so a game that
was closed or crashed in the middle of a match comes back to its seat with the same code
(the host knows the seat by its token; a stranger with the code alone cannot take it).

The file is small, read with a size limit and checked field by field; a broken one is
ignored (logged), never trusted.  It holds no card and nothing from the host but the token.
"""

from __future__ import annotations

import logging
from typing import Annotated

import msgspec

from .. import storage
from . import protocol as P

log = logging.getLogger(__name__)

FILE = "net-seats.json"
LIMIT = 16 * 1024  # bytes
KEEP = 8  # the latest tables remembered


class _Seat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    address: Annotated[str, msgspec.Meta(max_length=80)]
    port: Annotated[int, msgspec.Meta(ge=1, le=65535)]
    code: P.Code
    token: P.Token


class _Kept(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    seats: Annotated[list[_Seat], msgspec.Meta(max_length=KEEP)] = []


def _read() -> list[_Seat]:
    path = storage.data_dir() / FILE
    try:
        data = storage.read_regular(path, LIMIT)
    except FileNotFoundError:
        return []
    except OSError as e:
        log.warning("the kept network seats could not be read: %s", e.strerror or e)
        return []
    try:
        return list(msgspec.json.decode(data, type=_Kept).seats)
    except msgspec.DecodeError as e:
        log.warning("the kept network seats are not readable (%s); ignored", str(e)[:200])
        return []


def token_for(address: str, port: int, code: str) -> str | None:
    """The token of our seat at that table, if this computer sat there."""
    for s in _read():
        if (s.address, s.port, s.code) == (address, port, code):
            return s.token
    return None


def keep(address: str, port: int, code: str, token: str | None) -> None:
    """Remember our seat at that table (``token`` None: forget it).  A failure to write is
    logged; the game goes on (only a restart would miss it)."""
    seats = [s for s in _read() if (s.address, s.port, s.code) != (address, port, code)]
    if token is not None:
        try:
            seats.insert(0, msgspec.convert({"address": address, "port": port, "code": code,
                                             "token": token}, _Seat))
        except msgspec.ValidationError as e:
            log.warning("a network seat was not kept: %s", e)
            return
    try:
        storage.atomic_write(storage.data_dir() / FILE,
                             msgspec.json.encode(_Kept(seats[:KEEP])))
    except OSError as e:
        log.warning("the network seat could not be kept: %s", e.strerror or e)
