"""Card sprites that move on eased arcs, and the card image cache they draw from."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ..i18n import language
from . import gfx
from .theme import CARD_CODES, Theme

READABLE_PX = 12  # the smallest type a card's name plate is drawn in (pixels)
VOWELS = set("aeiouyāēīōū" "аеёиоуыэюя")  # where a hyphenated name may break
SQUEEZE = 0.72  # a long single word may be drawn this much narrower, no more


def ease_out_cubic(u: float) -> float:
    u = 1.0 - u
    return 1.0 - u * u * u


class CardSprite:
    """One card's place on the table.  Positions are card centres; ``scale`` is relative to
    the hand card size; a change of face while moving flips the card at mid-flight."""

    __slots__ = ("card", "x0", "y0", "s0", "f0", "x1", "y1", "s1", "f1", "t0", "dur", "arc",
                 "z", "visible", "dragging", "dx", "dy")

    def __init__(self, card: int) -> None:
        self.card = card
        self.x0 = self.x1 = 0.0
        self.y0 = self.y1 = 0.0
        self.s0 = self.s1 = 0.5
        self.f0 = self.f1 = False
        self.t0 = 0.0
        self.dur = 0.0
        self.arc = 0.0
        self.z = 0
        self.visible = False
        self.dragging = False
        self.dx = self.dy = 0.0

    def moving(self, now: float) -> bool:
        return self.dur > 0 and now < self.t0 + self.dur

    def state(self, now: float) -> tuple[float, float, float, bool, float]:
        """x, y, scale, face up, width factor (for the flip)."""
        if self.dragging:
            return self.dx, self.dy, self.s1, self.f1, 1.0
        if self.dur <= 0 or now >= self.t0 + self.dur:
            return self.x1, self.y1, self.s1, self.f1, 1.0
        if now <= self.t0:
            return self.x0, self.y0, self.s0, self.f0, 1.0
        u = (now - self.t0) / self.dur
        e = ease_out_cubic(u)
        x = self.x0 + (self.x1 - self.x0) * e
        y = self.y0 + (self.y1 - self.y0) * e - self.arc * math.sin(math.pi * e)
        s = self.s0 + (self.s1 - self.s0) * e
        if self.f0 != self.f1:
            wf = abs(1.0 - 2.0 * e)
            return x, y, s, (self.f0 if e < 0.5 else self.f1), max(0.04, wf)
        return x, y, s, self.f1, 1.0

    def place(self, x: float, y: float, s: float, face: bool) -> None:
        """Put the card there without moving (first appearance, window resize)."""
        self.x0 = self.x1 = x
        self.y0 = self.y1 = y
        self.s0 = self.s1 = s
        self.f0 = self.f1 = face
        self.dur = 0.0
        self.visible = True

    def move(self, now: float, x: float, y: float, s: float, face: bool, dur: float,
             delay: float = 0.0, arc: float = 0.0) -> bool:
        """Start moving to the target; False if already there (or heading there)."""
        if (abs(self.x1 - x) < 0.5 and abs(self.y1 - y) < 0.5 and abs(self.s1 - s) < 1e-3
                and self.f1 == face) and not self.dragging:
            return False
        cx, cy, cs, cf, _wf = self.state(now)
        self.dragging = False
        self.x0, self.y0, self.s0, self.f0 = cx, cy, cs, cf
        self.x1, self.y1, self.s1, self.f1 = x, y, s, face
        self.t0 = now + delay
        self.dur = dur
        self.arc = arc
        self.visible = True
        if dur <= 0:
            self.x0, self.y0, self.s0, self.f0 = x, y, s, face
        return True


# ------------------------------------------------------------------ name plates
@dataclass(frozen=True)
class CaptionStyle:
    """A theme's ``[table_caption]``: the box (fractions of the card) that holds the printed
    caption on its illustrated cards, and the plate's colours."""

    box: tuple[float, float, float, float]
    fill: tuple[int, int, int]
    ink: tuple[int, int, int]
    edge: tuple[int, int, int]


@dataclass(frozen=True)
class NamePlate:
    """What was drawn on one card image: the plate, the type size, the lines and where each
    line's text landed (image coordinates)."""

    rect: pygame.Rect
    size: int
    lines: tuple[str, ...]
    text_rects: tuple[pygame.Rect, ...]

    @property
    def name(self) -> str:
        """The name as it reads (a word hyphenated across the lines joined again)."""
        out = ""
        for t in self.lines:
            out += t[:-1] if t.endswith("-") else t + " "
        return out.rstrip()


def _colour(v) -> tuple[int, int, int] | None:
    if isinstance(v, str) and len(v) == 7 and v.startswith("#"):
        try:
            return tuple(int(v[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]
        except ValueError:
            return None
    return None


def caption_style(theme: Theme) -> CaptionStyle | None:
    """The theme's table caption, or None (no illustrated captions, or a malformed entry:
    then the faces are drawn as they are)."""
    if theme.faces is None:
        return None
    tc = theme.meta.get("table_caption")
    if not isinstance(tc, dict):
        return None
    box = tc.get("box")
    if not (isinstance(box, list) and len(box) == 4
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in box)):
        return None
    x0, y0, x1, y1 = (float(v) for v in box)
    if not (0.0 <= x0 < x1 <= 1.0 and 0.0 <= y0 < y1 <= 1.0):
        return None
    fill, ink = _colour(tc.get("fill")), _colour(tc.get("ink"))
    if fill is None or ink is None:
        return None
    return CaptionStyle((x0, y0, x1, y1), fill, ink, _colour(tc.get("edge")) or ink)


def table_name(theme: Theme, code: str) -> str:
    """The name a card carries at table size: the theme's short name, else the character's
    name up to its first comma or bracket; "" for a card without one."""
    info = theme.card_info(code)
    name = info.get("short") or info.get("character", "").split(",")[0].split("(")[0]
    return " ".join(name.split())[:40]


def plate_text(name: str, width: int, height: int,
               most: int | None = None) -> tuple[int, tuple[str, ...], float]:
    """Type size, lines and horizontal squeeze (1 = none) for ``name`` on a plate ``width``
    pixels wide whose printed caption is ``height`` pixels high.  Never below READABLE_PX:
    one line if it fits, else two lines at a space, else drawn narrower (down to SQUEEZE),
    else cut short with an ellipsis.  ``most``: the largest size to use (one size for a
    deck's names)."""
    top = max(READABLE_PX, int(height * 0.6))
    if most is not None:
        top = max(READABLE_PX, min(top, most))
    sizes = range(top, READABLE_PX - 1, -1)
    one = next((size for size in sizes if gfx.text_width(name, size, True) <= width), None)
    two = None
    if " " in name:
        two = next((size for size in sizes
                    if max(gfx.text_width(t, size, True) for t in gfx.two_lines(name, size, True))
                    <= width), None)
    # one line unless two lines read clearly larger (at one size for a deck: any larger)
    if one is not None and (two is None or one >= two - (0 if most is not None else 2)):
        return one, (name,), 1.0
    if two is not None:
        return two, gfx.two_lines(name, two, True), 1.0
    for size in sizes:
        tw = gfx.text_width(name, size, True)
        if tw * SQUEEZE <= width:
            return size, (name,), width / tw
        if " " in name:
            lines = gfx.two_lines(name, size, True)
            tw = max(gfx.text_width(t, size, True) for t in lines)
            if tw * SQUEEZE <= width:
                return size, lines, min(1.0, width / tw)
    for size in sizes:  # a long word in two lines, hyphenated near its middle
        for lines in _hyphenated(name):
            tw = max(gfx.text_width(t, size, True) for t in lines)
            if tw * SQUEEZE <= width:
                return size, lines, min(1.0, width / tw)
    cut = name
    while len(cut) > 1 and gfx.text_width(cut + "…", READABLE_PX, True) * SQUEEZE > width:
        cut = cut[:-1].rstrip()
    text = cut + "…"
    tw = gfx.text_width(text, READABLE_PX, True)
    return READABLE_PX, (text,), min(1.0, width / tw)


def _caption_box(w: int, h: int, style: CaptionStyle) -> pygame.Rect:
    x0, y0, x1, y1 = style.box
    box = pygame.Rect(round(x0 * w), round(y0 * h), 0, 0)
    box.w, box.h = round(x1 * w) - box.x, round(y1 * h) - box.y
    return box


def _text_width(w: int, box: pygame.Rect, strip: float) -> int:
    """The room for a name: the plate, inside the ``strip`` of the card a fan shows."""
    pad = max(2, w // 40)
    return max(1, min(box.right, int(strip * w)) - box.x - 2 * pad)


def plate_size(names: list[str], w: int, h: int, style: CaptionStyle, strip: float = 1.0) -> int:
    """One type size for all of a deck's names on cards ``w``×``h``: the largest every name
    fits at (see :func:`plate_text`)."""
    box = _caption_box(w, h, style)
    width = _text_width(w, box, strip)
    return min((plate_text(n, width, box.h)[0] for n in names), default=READABLE_PX)


def _hyphenated(name: str) -> list[tuple[str, str]]:
    """``name`` broken into two lines inside its longest word with a hyphen: splits between
    syllables first (before a consonant and a vowel), then those nearest the middle of the
    word (each part at least three letters)."""
    words = name.split(" ")
    k = max(range(len(words)), key=lambda i: len(words[i]))
    word = words[k]

    def tier(i: int) -> int:  # 0: vowel | consonant vowel ("Vecmā-miņa"), 1: C | CV, 2: other
        v = [word[j].lower() in VOWELS for j in (i - 1, i, i + 1)]
        if not v[1] and v[2]:
            return 0 if v[0] else 1
        return 2

    cuts = sorted(range(3, len(word) - 2), key=lambda i: (tier(i), abs(i - len(word) / 2)))
    out = []
    for i in cuts:
        first = " ".join(words[:k] + [word[:i]]) + "-"
        out.append((first, " ".join([word[i:]] + words[k + 1:])))
    return out


def draw_name_plate(img: pygame.Surface, name: str, style: CaptionStyle, strip: float = 1.0,
                    most: int | None = None) -> NamePlate:
    """Cover the printed caption of ``img`` with a plate naming the card in type drawn at
    this size (the printed caption, scaled down, cannot be read on the table).  The name
    stays inside the left ``strip`` of the card (what the fan of my hand shows of it), in
    type of at most ``most`` pixels."""
    w, h = img.get_size()
    box = _caption_box(w, h, style)
    pad = max(2, w // 40)
    size, lines, squeeze = plate_text(name, _text_width(w, box, strip), box.h, most)
    f = gfx.font(size, True)
    line_h = f.get_ascent() - f.get_descent() + 1
    need = line_h * len(lines) + 2 * pad
    rect = box.copy()
    if need > rect.h:  # two lines, or a small card: the plate grows upwards
        rect.y -= need - rect.h
        rect.h = need
    edge = max(1, round(h / 160))
    radius = max(2, rect.h // 6)
    pygame.draw.rect(img, style.fill, rect, border_radius=radius)
    pygame.draw.rect(img, style.ink, rect, width=edge, border_radius=radius)
    if rect.h >= line_h * len(lines) + 2 * pad + 2 * edge:
        pygame.draw.line(img, style.edge, (rect.x + radius, rect.y + edge + 1),
                         (rect.right - radius - 1, rect.y + edge + 1), edge)
    y = rect.y + (rect.h - line_h * len(lines)) // 2
    placed = []
    for t in lines:
        surf = f.render(t, True, style.ink)
        if squeeze < 0.999:
            surf = pygame.transform.smoothscale(
                surf, (max(1, int(surf.get_width() * squeeze)), surf.get_height()))
        # ink from the ascent line down: keep the accents, trim the font's leading
        r = surf.get_rect(topleft=(rect.x + pad, y - (f.get_height() - line_h) // 2))
        img.blit(surf, r)
        placed.append(r.clip(rect))
        y += line_h
    return NamePlate(rect, size, lines, tuple(placed))


class CardImages:
    """Scaled card images per size, from the theme's cache, plus shadows and dim masks.

    On a theme with illustrated captions (``[table_caption]`` in theme.toml), each image at
    each size gets a name plate drawn at that size in the current language."""

    def __init__(self, theme: Theme, card_h: int) -> None:
        self.theme = theme
        self.h = max(20, int(card_h))
        self.w = max(14, self.h * 5 // 7)
        self.style = caption_style(theme)
        self.raw = theme.cards(self.w, self.h)
        self.revision = theme.poll()  # a game deck's crisp pictures replace their stand-ins
        self.lang = ""
        self.strip = 1.0  # the part of a card's width the fan of my hand shows
        self.plates: dict[tuple[int, str], NamePlate] = {}
        self._full: dict[str, pygame.Surface] = self.raw
        self._by_scale: dict[int, dict[str, pygame.Surface]] = {}
        self._shadow: dict[tuple[int, int], pygame.Surface] = {}
        self._dim: dict[tuple[int, int], pygame.Surface] = {}
        self._follow_language()

    def _follow_language(self) -> None:
        """The names on the plates follow a language switch (and crisp pictures come)."""
        if self.theme.poll() != self.revision:
            self.revision = self.theme.poll()
            self.raw = self.theme.cards(self.w, self.h)
            self._by_scale.clear()
            self._full = self.raw
            self.lang = ""
        if self.style is None or self.lang == language():
            return
        self.lang = language()
        self.plates.clear()
        self._by_scale.clear()
        self._full = self._labelled(self.raw, 100)

    def set_strip(self, strip: float) -> None:
        """The names keep inside the left ``strip`` of a card (the table's fan shows that)."""
        strip = round(min(1.0, max(0.3, strip)), 3)
        if strip == self.strip:
            return
        self.strip = strip
        if self.style is not None:
            self.plates.clear()
            self._by_scale.clear()
            self._full = self._labelled(self.raw, 100)

    @property
    def full(self) -> dict[str, pygame.Surface]:
        self._follow_language()
        return self._full

    def _labelled(self, imgs: dict[str, pygame.Surface], key: int) -> dict[str, pygame.Surface]:
        if self.style is None:
            return imgs
        out = dict(imgs)
        names = {code: table_name(self.theme, code) for code in CARD_CODES if code in imgs}
        names = {code: n for code, n in names.items() if n}
        if not names:
            return out
        w, h = next(iter(imgs[c] for c in names)).get_size()
        most = plate_size(list(names.values()), w, h, self.style, self.strip)
        for code, name in names.items():
            img = imgs[code].copy()
            self.plates[(key, code)] = draw_name_plate(img, name, self.style, self.strip, most)
            out[code] = img
        return out

    def size(self, s: float) -> tuple[int, int]:
        return max(4, int(self.w * s)), max(6, int(self.h * s))

    def at_scale(self, s: float) -> dict[str, pygame.Surface]:
        """Cached images for a rest scale (hundredths)."""
        self._follow_language()
        key = round(s * 100)
        if key == 100:
            return self._full
        got = self._by_scale.get(key)
        if got is None:
            size = self.size(key / 100)
            got = {k: pygame.transform.smoothscale(v, size) for k, v in self.raw.items()}
            got = self._labelled(got, key)
            self._by_scale[key] = got
        return got

    def plate(self, card: int, s: float = 1.0) -> NamePlate | None:
        """The name plate drawn on a face at a rest scale, if it has one."""
        self.at_scale(s)
        return self.plates.get((round(s * 100), CARD_CODES[card]))

    def image(self, card: int, face: bool, s: float, wf: float = 1.0,
              moving: bool = False) -> pygame.Surface:
        code = CARD_CODES[card] if face else "back"
        if self.theme.vector is not None:  # on screen: drawn crisp before the others
            self.theme.vector.want(code, self.w, self.h)
        key = round(s * 100)
        if not moving or key in self._by_scale or key == 100:
            img = self.at_scale(s)[code]
        else:
            img = pygame.transform.scale(self.full[code], self.size(s))
        if wf < 0.999:
            img = pygame.transform.scale(img, (max(2, int(img.get_width() * wf)),
                                               img.get_height()))
        return img

    def _card_shape(self, cache: dict, w: int, h: int, fill, alpha: int) -> pygame.Surface:
        """A translucent card-shaped panel of one size, made once."""
        sh = cache.get((w, h))
        if sh is None:
            sh = gfx.panel(w, h, fill=fill, border=None, radius=max(3, w // 12), alpha=alpha)
            cache[(w, h)] = sh
        return sh

    def shadow(self, w: int, h: int) -> pygame.Surface:
        return self._card_shape(self._shadow, w, h, (0, 0, 0), 70)

    def dim(self, w: int, h: int) -> pygame.Surface:
        return self._card_shape(self._dim, w, h, (20, 20, 24), 120)
