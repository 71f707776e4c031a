"""Decoded PNG pictures kept by their bytes, for a process that opens many windows on the
same deck (the test suite: each test opens its own window and loads the deck again, 28
decodes of 6 ms each).  Off unless asked for (:func:`keep`): the game loads a deck once and
holds its pictures, and a copy kept here would double what they weigh."""

from __future__ import annotations

import hashlib
import io
import threading
from collections import OrderedDict

import pygame

_lock = threading.Lock()
_kept: OrderedDict[bytes, pygame.Surface] = OrderedDict()
_limit = 0


def keep(pictures: int) -> None:
    """Keep up to ``pictures`` decoded pictures (0: none, and forget those kept)."""
    global _limit
    with _lock:
        _limit = max(0, pictures)
        while len(_kept) > _limit:
            _kept.popitem(last=False)


def decode(data: bytes, name: str) -> pygame.Surface:
    """``pygame.image.load`` of the bytes; a picture seen before is a copy of the one kept,
    which no caller can change (the key is the bytes' own hash: a changed file is new)."""
    if _limit <= 0:
        return pygame.image.load(io.BytesIO(data), name)
    key = hashlib.blake2b(data, digest_size=16).digest()
    with _lock:
        hit = _kept.get(key)
        if hit is not None:
            _kept.move_to_end(key)
    if hit is not None:
        return hit.copy()
    surf = pygame.image.load(io.BytesIO(data), name)
    with _lock:
        _kept[key] = surf.copy()
        while len(_kept) > _limit:
            _kept.popitem(last=False)
    return surf
