"""Decoded pictures kept by their bytes (ui/png_cache.py): the same pixels as a fresh
decode, a copy that no caller can spoil, a changed file decoded anew, a bounded count."""

import io

import pygame
import pytest

from zole_desktop.ui import png_cache


def _png(colour) -> bytes:
    s = pygame.Surface((20, 30), pygame.SRCALPHA, 32)
    s.fill(colour)
    out = io.BytesIO()
    pygame.image.save(s, out, "x.png")
    return out.getvalue()


@pytest.fixture
def kept():
    png_cache.keep(0)  # forget what the suite kept
    png_cache.keep(2)
    yield png_cache
    png_cache.keep(0)
    png_cache.keep(96)


def test_a_kept_picture_is_a_copy_no_caller_can_spoil(kept):
    red = _png((200, 10, 10, 255))
    first = kept.decode(red, "a.png")
    first.fill((0, 0, 0, 255))  # a caller paints over its picture
    again = kept.decode(red, "a.png")
    assert again is not first and again.get_at((5, 5)) == (200, 10, 10, 255)
    assert len(kept._kept) == 1


def test_changed_bytes_are_a_new_picture_and_the_count_is_bounded(kept):
    pics = [_png((c, c, c, 255)) for c in (10, 20, 30)]
    got = [kept.decode(p, "b.png").get_at((0, 0))[0] for p in pics]
    assert got == [10, 20, 30] and len(kept._kept) == 2
    assert kept.decode(pics[0], "b.png").get_at((0, 0))[0] == 10  # the oldest, decoded anew


def test_off_keeps_nothing():
    png_cache.keep(0)
    try:
        png_cache.decode(_png((1, 2, 3, 255)), "c.png")
        assert not png_cache._kept
    finally:
        png_cache.keep(96)
