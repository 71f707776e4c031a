"""Card themes: ``art/themes/<id>/`` with ``theme.toml``, 26 faces, ``back.png``, ``felt.png``.

Themes are treated as untrusted input: only the expected file names are read, every path must
stay inside the theme folder, files are size-bounded, and images must have sane dimensions.
A broken theme gives one line naming the file and falls back to ``classic``; without
``classic`` the cards are drawn procedurally so that the game still works.
"""

from __future__ import annotations

import errno
import logging
import math
import os
import sys
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from .. import resources, storage
from ..decks import meta_text as _tri  # a text or an {lv, en, ru} table
from ..decks import png_size
from ..i18n import _, language
from ..rules.cards import CARD_NAMES, is_trump
from . import gfx

if TYPE_CHECKING:
    from .vector_cards import VectorCards

log = logging.getLogger(__name__)

MAX_IMAGE_BYTES = 8 * 1024 * 1024
MAX_TOML_BYTES = 256 * 1024
MAX_IMAGE_SIDE = 4096
FALLBACK = "classic"
KNOWN_ORDER = ("classic", "rainis-1", "rainis-2")
CARD_CODES = CARD_NAMES
CARD_FILES = tuple(f"{c}.png" for c in CARD_CODES)


class ThemeError(Exception):
    """A theme that cannot be used; ``str()`` is one line naming the file."""


def available_themes(player: bool = True) -> list[str]:
    """Ids of the theme folders that have a theme.toml (known ones first), then the decks
    the player added (``themes/`` in the data folder; broken ones too, so that they can be
    listed with the reason)."""
    root = resources.themes_dir()
    try:
        found = sorted(p.name for p in root.iterdir()
                       if p.is_dir() and (p / "theme.toml").is_file())
    except OSError:
        found = []
    ordered = [t for t in KNOWN_ORDER if t in found]
    ordered += [t for t in found if t not in ordered]
    if player:
        from .. import decks

        ordered += [t for t in decks.player_theme_ids() if t not in ordered]
    return ordered


def is_player_theme(theme_id: str) -> bool:
    """A deck the player added (not one of the game's own folders)."""
    from .. import decks

    return bool(decks.ID_RE.fullmatch(theme_id)) and \
        not (resources.themes_dir() / theme_id).is_dir() and \
        (decks.user_themes_dir() / theme_id).is_dir()


def _read_bounded(path: Path, limit: int) -> bytes:
    """A regular file of at most ``limit`` bytes (a FIFO or a device is refused unread)."""
    if not os.path.lexists(path):
        raise ThemeError(_("{file} is missing").format(file=path.name))
    try:
        return storage.read_regular(path, limit)
    except OSError as e:
        if e.errno == errno.EFBIG:
            raise ThemeError(_("{file} is larger than {size}").format(
                file=path.name, size=storage.size_text(limit))) from None
        raise ThemeError(_("{file} cannot be read ({error})").format(
            file=path.name, error=e.strerror or e)) from None


def _parse_toml(data: bytes) -> dict:
    try:
        return tomllib.loads(data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise ThemeError(_("theme.toml is not valid TOML ({error})").format(
            error=str(e).splitlines()[0])) from None
    except RecursionError:
        raise ThemeError(_("theme.toml is not valid TOML ({error})").format(
            error=_("nested too deeply"))) from None
    except ValueError:  # a number of more than 4,300 digits (the int-to-string limit)
        raise ThemeError(_("theme.toml is not valid TOML ({error})").format(
            error=_("a number with too many digits"))) from None


def _load_image(folder: Path, name: str) -> pygame.Surface:
    try:
        path = resources.within(folder, name)
    except ValueError:
        raise ThemeError(_("{file} points outside the deck folder").format(file=name)) from None
    if path.suffix.lower() != ".png":
        raise ThemeError(_("{file} is not a .png file").format(file=name))
    data = _read_bounded(path, MAX_IMAGE_BYTES)
    size = png_size(data)
    if size is None:
        raise ThemeError(_("{file} is not a PNG file").format(file=name))
    # refused from the header, before decoding: a few hundred bytes may claim 65535x65535
    if not (16 <= size[0] <= MAX_IMAGE_SIDE and 16 <= size[1] <= MAX_IMAGE_SIDE):
        raise ThemeError(_("{file} has unusable dimensions {width}×{height}").format(
            file=name, width=size[0], height=size[1]))
    from . import png_cache

    try:
        surf = png_cache.decode(data, name)
    except (pygame.error, ValueError) as e:
        raise ThemeError(_("{file} is not a readable PNG ({error})").format(
            file=name, error=e)) from None
    w, h = surf.get_size()
    if surf.get_bitsize() not in (24, 32):
        full = pygame.Surface((w, h), pygame.SRCALPHA, 32)
        full.blit(surf, (0, 0))
        surf = full
    if not (16 <= w <= MAX_IMAGE_SIDE and 16 <= h <= MAX_IMAGE_SIDE):
        raise ThemeError(_("{file} has unusable dimensions {width}×{height}").format(
            file=name, width=w, height=h))
    return surf


class Theme:
    """A loaded theme: full-size images (faces may be ``None`` for the procedural theme); a
    game deck's ``vector`` draws its cards at the size they are shown."""

    def __init__(self, theme_id: str, meta: dict, faces: dict[str, pygame.Surface] | None,
                 back: pygame.Surface | None, felt: pygame.Surface | None) -> None:
        self.id = theme_id
        self.meta = meta
        self.faces: Mapping[str, pygame.Surface] | None = faces
        self.back = back
        self.felt = felt
        fc = meta.get("felt_color")
        self.felt_color = gfx.FELT
        if isinstance(fc, str) and len(fc) == 7 and fc.startswith("#"):
            try:
                r, g, b = (int(fc[i:i + 2], 16) for i in (1, 3, 5))
                self.felt_color = (r, g, b)
            except ValueError:
                pass
        self._scaled: dict[tuple[int, int], dict[str, pygame.Surface]] = {}
        self.player = False  # a deck the player added (themes/ in the data folder)
        self.four = False  # ♦ and ♣ shown in four colours
        self.four_asked = False  # the four-colour setting it was loaded for
        self.vector: VectorCards | None = None  # a game deck: drawn from its vector masters

    @property
    def procedural(self) -> bool:
        return self.faces is None

    def name(self) -> str:
        return _tri(self.meta.get("name"), language()) or self.id

    def card_info(self, code: str) -> dict[str, str]:
        cards = self.meta.get("cards")
        entry = cards.get(code) if isinstance(cards, dict) else None
        lang = language()
        out = {}
        if isinstance(entry, dict):
            for k in ("character", "short", "play", "description", "story"):
                t = _tri(entry.get(k), lang)
                if t:
                    out[k] = t
        return out

    def suit_name(self, suit: str) -> str:
        suits = self.meta.get("suits")
        entry = suits.get(suit) if isinstance(suits, dict) else None
        if isinstance(entry, dict):
            return _tri(entry.get("name"), language())
        return ""

    def poll(self) -> int:
        """Take the crisp pictures drawn meanwhile: a count that changes when some came."""
        return self.vector.poll() if self.vector is not None else 0

    def card(self, code: str, w: int, h: int) -> pygame.Surface:
        """One face (or ``"back"``) at ``w`` x ``h`` (not cached here for a player deck)."""
        if self.vector is not None:
            return self.vector.card(code, int(w), int(h))
        if self.faces is None:
            return procedural_back(w, h) if code == "back" else procedural_face(code, w, h)
        src = self.back if code == "back" else self.faces[code]
        return _scale(src, (w, h)) if src is not None else procedural_back(w, h)

    def cards(self, w: int, h: int) -> dict[str, pygame.Surface]:
        """Every face and ``"back"`` at ``w``x``h`` (drawn at it, or scaled), cached."""
        if self.vector is not None:
            return self.vector.cards(int(w), int(h))
        key = (int(w), int(h))
        got = self._scaled.get(key)
        if got is not None:
            return got
        if len(self._scaled) > 6:
            self._scaled.pop(next(iter(self._scaled)))
        out: dict[str, pygame.Surface] = {}
        if self.faces is None:
            for code in CARD_CODES:
                out[code] = procedural_face(code, *key)
            out["back"] = procedural_back(*key)
        else:
            for code, img in self.faces.items():
                out[code] = _scale(img, key)
            out["back"] = _scale(self.back, key) if self.back else procedural_back(*key)
        self._scaled[key] = out
        return out


def _scale(img: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    s = pygame.transform.smoothscale(img, size)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        s = s.convert_alpha()
    return s


def load_theme(theme_id: str, root: Path | None = None, four: bool = False) -> Theme:
    """Load one theme folder strictly; raises :class:`ThemeError` with a one-line reason.
    ``four``: the four-colour setting: the game's own decks show ♦ and ♣ in blue and green
    (drawn so by their vector masters); a player's deck brings its own pictures and keeps
    them."""
    theme_id = RETIRED.get(theme_id, theme_id)
    if root is None and is_player_theme(theme_id):
        th = load_player_theme(theme_id)
        th.four_asked = four
        return th
    root = root or resources.themes_dir()
    if not theme_id or "/" in theme_id or "\\" in theme_id or theme_id.startswith("."):
        raise ThemeError(_("{id} is not a deck's name").format(id=repr(theme_id)))
    try:
        folder = resources.within(root, theme_id)
    except ValueError:
        raise ThemeError(_("{id} is not a deck's name").format(id=repr(theme_id))) from None
    if not folder.is_dir():
        raise ThemeError(_("the folder {folder} is missing").format(folder=f"{theme_id}/"))
    meta = _parse_toml(_read_bounded(folder / "theme.toml", MAX_TOML_BYTES))
    back_name = meta.get("back", "back.png")
    felt_name = meta.get("felt", "felt.png")
    if back_name != "back.png" or felt_name != "felt.png":
        raise ThemeError(_("theme.toml may name only back.png and felt.png"))
    vector = root == resources.themes_dir() and theme_id in _vector_ids()
    faces = {}
    if not vector:
        for code, fname in zip(CARD_CODES, CARD_FILES, strict=True):
            faces[code] = _load_image(folder, fname)
    back = _load_image(folder, "back.png")
    felt = _load_image(folder, "felt.png")
    _add_stories(meta, folder)
    th = Theme(theme_id, meta, faces, back, felt)
    th.four_asked = four
    if vector:
        _game_deck(th, folder, four)
    return th


STORIES = "stories.toml"  # a game deck's stories: [QC] lv = "…", en = "…", ru = "…"


def _add_stories(meta: dict, folder: Path) -> None:
    """The gallery's stories of a game deck (``stories.toml`` beside its theme.toml, kept
    apart from the generated theme.toml) as each card's ``story``, the key a player deck
    writes in its ``[cards.XX]``."""
    path = folder / STORIES
    if not path.is_file():
        return
    try:
        stories = _parse_toml(_read_bounded(path, MAX_TOML_BYTES))
    except ThemeError as e:
        log.warning("%s: %s", path, e)
        return
    cards = meta.setdefault("cards", {})
    if not isinstance(cards, dict):
        return
    for code, text in stories.items():
        if code in CARD_CODES and isinstance(text, dict):
            entry = cards.setdefault(code, {})
            if isinstance(entry, dict):
                entry["story"] = text


RETIRED = {"classic-4c": "classic"}  # storage.RETIRED_DECKS: now a setting (four_colour)


def _vector_ids() -> tuple[str, ...]:
    from ..art.vector import DECK_IDS

    return DECK_IDS


def _game_deck(th: Theme, folder: Path, four: bool) -> None:
    """A game deck drawn from its vector masters at the size shown (the PNGs: stand-ins)."""
    from .vector_cards import ShippedFaces, VectorCards

    def shipped(code: str) -> pygame.Surface:
        try:
            return _load_image(folder, f"{code}.png")
        except ThemeError as e:
            log.warning("%s %s: %s; drawing it without its picture", th.id, code, e)
            return procedural_face(code, 640, 896)

    th.faces = faces = ShippedFaces(shipped)
    back = th.back or procedural_back(640, 896)
    th.vector = VectorCards(th.id, four, lambda c, size: _scale(
        back if c == "back" else faces[c], size), quick=lambda c, size: procedural_back(
            *size) if c == "back" else procedural_face(c, *size))
    th.four = four and not th.vector.failed


PLAYER_MAX_HEIGHT = 896  # a player's faces are kept at most this high (the game's own size)


def _player_surface(role: str, img) -> pygame.Surface:
    """A decoded player picture (Pillow RGBA) as a surface: cards no higher than the game's
    own and with its rounded corners, the felt as it is."""
    from PIL import Image, ImageDraw

    if role != "felt":
        w, h = img.size
        if h > PLAYER_MAX_HEIGHT:
            img = img.resize((max(1, round(w * PLAYER_MAX_HEIGHT / h)), PLAYER_MAX_HEIGHT),
                             Image.Resampling.LANCZOS)
        mask = Image.new("L", img.size, 0)
        ImageDraw.Draw(mask).rounded_rectangle([0, 0, img.size[0] - 1, img.size[1] - 1],
                                               radius=max(3, img.size[0] // 22), fill=255)
        alpha = img.getchannel("A")
        img.putalpha(Image.composite(alpha, mask, mask))
    return pygame.image.frombytes(img.tobytes(), img.size, "RGBA")


def load_player_theme(theme_id: str, root: Path | None = None) -> Theme:
    """A deck the player added, after the same checks as ``zole theme check``; raises
    :class:`ThemeError` with the first problem (and how many more)."""
    from .. import decks

    root = root or decks.user_themes_dir()
    if not decks.ID_RE.fullmatch(theme_id):
        raise ThemeError(_("{id} is not a deck's name").format(id=repr(theme_id)))
    folder = root / theme_id
    if folder.is_symlink() or not folder.is_dir():
        raise ThemeError(_("the folder {folder} is missing").format(folder=f"{theme_id}/"))
    try:
        meta, faces, back, felt = decks.load_checked(folder, _player_surface)
    except decks.DeckError as e:
        raise ThemeError(str(e)) from None
    except (pygame.error, MemoryError) as e:
        raise ThemeError(_("the pictures cannot be shown ({error})").format(error=e)) from None
    if meta.get("trump_mark") is True:
        for code, face in faces.items():
            if is_trump(CARD_CODES.index(code)):
                mark_trump(face)
    th = Theme(theme_id, meta, faces, back, felt)
    th.player = True
    return th


# the star under the corner index, as on the game's own decks (where a fan of cards shows it):
# centred in the index column (STAR_X of the card's width from the left), STAR_TOP from the
# top, STAR_SIZE of its height; turned, in the bottom right corner
STAR_SIZE, STAR_X, STAR_TOP = 0.062, 0.14, 0.285


def star_box(w: int, h: int) -> tuple[int, int, int]:
    """Where :func:`mark_trump` puts the star on a ``w`` x ``h`` face: left, top, size."""
    size = max(8, round(STAR_SIZE * h))
    return round(STAR_X * w - size / 2), round(STAR_TOP * h), size


def mark_trump(face: pygame.Surface) -> None:
    """The game's trump star (gold, outlined in ink) under the corner index of a player's
    trump, top left and, turned, bottom right (``trump_mark = true`` in theme.toml)."""
    w, h = face.get_size()
    size = max(8, round(STAR_SIZE * h))
    big = size * 4
    star = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    for r_out, ratio, colour in ((c, 0.45, gfx.EDGE), (c * 0.8, 0.42, gfx.AMBER)):
        pts = []
        for i in range(10):
            r = r_out if i % 2 == 0 else r_out * ratio
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((c + r * math.cos(a), c + r * math.sin(a) + big * 0.04))
        pygame.draw.polygon(star, colour, pts)
    star = pygame.transform.smoothscale(star, (size, size))
    x, y, _size = star_box(w, h)
    face.blit(star, (x, y))
    face.blit(pygame.transform.rotate(star, 180), (w - x - size, h - y - size))


def procedural_theme() -> Theme:
    return Theme("procedural", {"name": {"lv": "Vienkāršās", "en": "Plain", "ru": "Простые"}},
                 None, None, None)


def load_with_fallback(theme_id: str, messages: list[str] | None = None,
                       root: Path | None = None, four: bool = False) -> Theme:
    """The theme, else ``classic``, else procedural cards.  Every problem is one line in
    ``messages`` and on stderr."""
    messages = messages if messages is not None else []
    tried = []
    for tid in dict.fromkeys([theme_id, FALLBACK]):
        try:
            return load_theme(tid, root, four)
        except ThemeError as e:
            tried.append(tid)
            if tid != FALLBACK:
                msg = _("Deck {theme}: {problem}; using {fallback} instead.").format(
                    theme=repr(tid), problem=e, fallback=repr(FALLBACK))
            else:
                msg = _("Deck {theme}: {problem}; drawing the cards without pictures.").format(
                    theme=repr(tid), problem=e)
            messages.append(msg)
            print(msg, file=sys.stderr)
    th = procedural_theme()
    th.four_asked = four  # loaded for this setting (else the window would load it again)
    return th


# --------------------------------------------------------------------- procedural cards
_SUIT_GLYPH = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
_RANK_TEXT = {"A": "A", "T": "10", "K": "K", "Q": "Q", "J": "J", "9": "9", "8": "8", "7": "7"}
RED = (0xB0, 0x22, 0x2E)


def procedural_face(code: str, w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(3, w // 12)
    pygame.draw.rect(s, gfx.LINEN, s.get_rect(), border_radius=r)
    pygame.draw.rect(s, gfx.EDGE, s.get_rect(), width=max(1, w // 80), border_radius=r)
    rank, suit = code[0], code[1]
    color = RED if suit in "HD" else gfx.EDGE
    idx = _RANK_TEXT[rank]
    size = max(9, int(h * 0.16))
    glyph = _SUIT_GLYPH[suit]
    t1 = gfx.font(size, True).render(idx, True, color)
    t2 = gfx.font(int(size * 0.9)).render(glyph, True, color)
    pad = max(2, w // 16)
    s.blit(t1, (pad, pad))
    s.blit(t2, (pad + (t1.get_width() - t2.get_width()) // 2, pad + t1.get_height() - 2))
    rot = pygame.transform.rotate(s.subsurface((0, 0, w // 2, h // 2)).copy(), 180)
    s.blit(rot, (w - rot.get_width(), h - rot.get_height()))
    big = gfx.font(int(h * 0.36)).render(glyph, True, color)
    s.blit(big, big.get_rect(center=(w // 2, h // 2)))
    if is_trump(CARD_CODES.index(code)):
        m = max(4, w // 7)
        pygame.draw.polygon(s, gfx.AMBER, [(w - m - pad, pad), (w - pad, pad), (w - pad, pad + m)])
    return s


def procedural_back(w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(3, w // 12)
    pygame.draw.rect(s, gfx.CARMINE, s.get_rect(), border_radius=r)
    inner = s.get_rect().inflate(-w // 6, -w // 6)
    pygame.draw.rect(s, gfx.LINEN, inner, width=max(1, w // 30), border_radius=r // 2)
    pygame.draw.rect(s, gfx.EDGE, s.get_rect(), width=max(1, w // 80), border_radius=r)
    return s


_label_cache: dict[Path, tuple[tuple[int, int], object]] = {}


def theme_label(theme_id: str, root: Path | None = None) -> str:
    """The theme's name in the current language, read from theme.toml alone.  Called when
    a label is drawn, so that it follows a language switch; the file is parsed again only
    when it changes."""
    if root is None and is_player_theme(theme_id):
        from .. import decks

        root = decks.user_themes_dir()
    root = root or resources.themes_dir()
    try:
        path = resources.within(root, theme_id) / "theme.toml"
        st = path.stat()
        stamp = (st.st_mtime_ns, st.st_size)
        got = _label_cache.get(path)
        if got is None or got[0] != stamp:
            data = _read_bounded(path, MAX_TOML_BYTES)
            got = (stamp, _parse_toml(data).get("name"))
            _label_cache[path] = got
        return storage.clean_text(_tri(got[1], language()), 60) or theme_id
    except (OSError, ThemeError, ValueError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return theme_id
