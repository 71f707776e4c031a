"""Colours, fonts and cached text: text surfaces are rendered once and reused."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from .. import resources

FELT = (0x1F, 0x5E, 0x3B)
LINEN = (0xF3, 0xEE, 0xE2)
EDGE = (0x1E, 0x1B, 0x18)
CARMINE = (0x9E, 0x30, 0x39)
AMBER = (0xE2, 0xB3, 0x3C)
INK = EDGE
GREY = (0x8C, 0x86, 0x81)
DIM_LINEN = (0xC9, 0xC3, 0xB6)
PANEL_DARK = (0x14, 0x22, 0x1A)

_font_cache: dict[tuple[int, bool], pygame.font.Font] = {}
_text_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_TEXT_CACHE_MAX = 800


def font(size: int, bold: bool = False) -> pygame.font.Font:
    size = max(8, int(size))
    key = (size, bold)
    f = _font_cache.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
        path = resources.fonts_dir() / name
        try:
            f = pygame.font.Font(str(path), size)
        except (OSError, FileNotFoundError, pygame.error):
            f = pygame.font.Font(None, int(size * 1.3))
            f.set_bold(bold)
        _font_cache[key] = f
    return f


def safe(s: str) -> str:
    """``s`` as text rendering takes it: whatever came from a file, a NUL or another control
    character is dropped (tab made a space) and a lone surrogate becomes U+FFFD, where
    SDL_ttf would raise."""
    s = str(s)
    if s.isprintable():
        return s
    out = []
    for ch in s:
        o = ord(ch)
        if 0xD800 <= o <= 0xDFFF:
            out.append("\ufffd")
        elif ch == "\t":
            out.append(" ")
        elif o >= 0x20 and not 0x7F <= o < 0xA0:
            out.append(ch)
    return "".join(out)


def text(s: str, size: int, color=INK, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached by content, size, weight and colour."""
    key = (s, int(size), bold, tuple(color))
    surf = _text_cache.get(key)
    if surf is not None:
        _text_cache.move_to_end(key)
        return surf
    f = font(size, bold)
    try:
        surf = f.render(safe(s), True, color)
    except pygame.error:  # only zero-width characters ("Text has zero width")
        surf = pygame.Surface((0, f.get_height()), pygame.SRCALPHA)
    _text_cache[key] = surf
    if len(_text_cache) > _TEXT_CACHE_MAX:
        _text_cache.popitem(last=False)
    return surf


def text_width(s: str, size: int, bold: bool = False) -> int:
    return font(size, bold).size(safe(s))[0]


def two_lines(s: str, size: int, bold: bool = False) -> tuple[str, str]:
    """``s`` broken at the space that makes its longer line shortest; ``("", s)`` when no
    break makes it narrower (no space in it)."""
    words = s.split(" ")
    best = ("", s)
    widest = text_width(s, size, bold)
    for i in range(1, len(words)):
        a, b = " ".join(words[:i]), " ".join(words[i:])
        w = max(text_width(a, size, bold), text_width(b, size, bold))
        if w < widest:
            best, widest = (a, b), w
    return best


def fit_size(s: str, size: int, width: int, bold: bool = False, minimum: int = 9) -> int:
    """The largest size not above ``size`` at which ``s`` fits in ``width`` pixels."""
    while size > minimum and text_width(s, size, bold) > width:
        size -= 1
    return size


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break ``s`` into lines no wider than ``width`` (words longer than a line stay whole)."""
    f = font(size, bold)
    out: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            cand = word if not line else line + " " + word
            if f.size(safe(cand))[0] <= width or not line:
                line = cand
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def blit_text(surface: pygame.Surface, s: str, size: int, color, pos: tuple[int, int],
              anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
    surf = text(s, size, color, bold)
    r = surf.get_rect(**{anchor: pos})
    surface.blit(surf, r)
    return r


_panel_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()


def panel(w: int, h: int, fill=LINEN, border=EDGE, radius: int | None = None,
          width: int = 2, alpha: int = 255) -> pygame.Surface:
    """A rounded panel surface (cached by size and colours)."""
    w, h = max(1, int(w)), max(1, int(h))
    if radius is None:
        radius = max(4, min(min(w, h) // 8, 22))
    key = (w, h, tuple(fill), tuple(border) if border else None, radius, width, alpha)
    s = _panel_cache.get(key)
    if s is not None:
        _panel_cache.move_to_end(key)
        return s
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    fill_c = (*fill[:3], alpha)
    pygame.draw.rect(s, fill_c, s.get_rect(), border_radius=radius)
    if border and width:
        pygame.draw.rect(s, border, s.get_rect(), width=width, border_radius=radius)
    _panel_cache[key] = s
    if len(_panel_cache) > 300:
        _panel_cache.popitem(last=False)
    return s


def linen_panel(surface: pygame.Surface, wide: float, high: float) -> pygame.Rect:
    """Draws a linen panel with a dark edge in the middle of ``surface``, ``wide`` and
    ``high`` the shares of its width and height it takes; returns where it is."""
    W, H = surface.get_size()
    pw, ph = int(W * wide), int(H * high)
    r = pygame.Rect((W - pw) // 2, (H - ph) // 2, pw, ph)
    surface.blit(panel(pw, ph, fill=LINEN, border=EDGE, width=3), r)
    return r


# symbols (not words: nothing to translate), kept here so that no drawing call takes a literal
ARROW_LEFT = "\u25c0"
ARROW_RIGHT = "\u25b6"
TURN_MARK = "\u25b8 "
SEP = " \u00b7 "
DASH = " \u2014 "
NOTHING = "\u2014"


def signed(n: int) -> str:
    """+3, -2, and 0 without a sign."""
    return f"{n:+d}" if n else str(n)


_vignette_cache: dict[tuple[int, int], pygame.Surface] = {}


def vignette(size: tuple[int, int]) -> pygame.Surface:
    """A soft dark edge: a small radial gradient scaled up once per window size."""
    v = _vignette_cache.get(size)
    if v is not None:
        return v
    sw, sh = 64, 36
    small = pygame.Surface((sw, sh), pygame.SRCALPHA)
    for y in range(sh):
        for x in range(sw):
            dx = (x + 0.5) / sw * 2 - 1
            dy = (y + 0.5) / sh * 2 - 1
            d = min(1.0, (dx * dx + dy * dy) / 2)
            a = int(150 * max(0.0, d - 0.18) ** 1.4)
            small.set_at((x, y), (0, 0, 0, a))
    v = pygame.transform.smoothscale(small, size)
    _vignette_cache.clear()
    _vignette_cache[size] = v
    return v
