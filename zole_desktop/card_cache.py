"""The game's own decks rendered from their vector masters at the size they are shown, kept on
disk so that the next start reads them instead of drawing them again.

``<cache>/cards/<deck>-<digest>/<w>x<h>[-four]/<code>.png`` (``back.png`` for the back): the
digest (:func:`..art.vector.digest`) changes when the masters or their drawing code change, so
a new version of the game never shows old pictures.  Files are written atomically; a file that
cannot be read is drawn again (one log line); the folder is bounded (:data:`KEEP_SIZES` sizes
per deck, older digests removed).  No pygame here: this runs on the card worker's thread and in
``bench cards``.
"""

from __future__ import annotations

import io
import logging
import os
import re
import shutil
import time
from pathlib import Path

from PIL import Image

from . import storage

log = logging.getLogger(__name__)

KEEP_SIZES = 32  # sizes kept per deck: windows, the gallery, the fan, the guide's pictures
KEEP_BYTES = 160 * 1024 * 1024  # and no more than this per deck (large gallery cards)
MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_SIDE = 4096
BACK = "back"


class VectorUnavailable(Exception):
    """The vector renderer cannot draw the deck at all (resvg missing or failing); one line."""


def cards_root() -> Path:
    return storage.cache_dir() / "cards"


def render(deck: str, code: str, w: int, h: int, four: bool = False) -> Image.Image:
    """One face (or ``"back"``) of a game deck at exactly ``w`` x ``h``, from its vector master;
    :class:`VectorUnavailable` when resvg cannot draw it."""
    try:
        from .art import vector

        if code == BACK:
            return vector.render_back(deck, w, h)
        return vector.render_card(deck, code, w, h, four=four)
    except ImportError as e:
        raise VectorUnavailable(f"resvg is not installed ({e})") from None
    except (vector.kit.RenderError, OSError, ValueError) as e:
        raise VectorUnavailable(str(e).splitlines()[0] if str(e) else type(e).__name__) from None


def deck_digest(deck: str) -> str:
    """The cache key of the deck's pictures: :func:`..art.vector.digest` (its masters and
    drawing code), else, where the drawing code is not there as files to read (a bundled
    game), the game's version with the deck's figure masters."""
    try:
        from .art import vector

        return vector.digest(deck)
    except ImportError as e:
        raise VectorUnavailable(f"the vector cards cannot be loaded ({e})") from None
    except ValueError as e:
        raise VectorUnavailable(str(e).splitlines()[0] if str(e) else type(e).__name__) from None
    except OSError as e:
        log.info("%s: the drawing code cannot be read as files (%s); keying the card cache "
                 "by the game's version", deck, e)
    return _version_digest(deck)


def _version_digest(deck: str) -> str:
    import hashlib

    from .art.common import THEMES_DIR
    from .version import version

    h = hashlib.sha256(f"{deck} {version()}".encode())
    try:
        for p in sorted((THEMES_DIR / deck / "figures").glob("*.svg")):
            h.update(p.name.encode())
            h.update(p.read_bytes())
    except OSError as e:
        raise VectorUnavailable(f"the figure masters cannot be read ({e})") from None
    return h.hexdigest()[:16]


class CardCache:
    """The disk cache of one game deck (one colour setting)."""

    def __init__(self, deck: str, four: bool = False, root: Path | None = None,
                 digest: str | None = None) -> None:
        self.deck, self.four = deck, four
        self.root = root if root is not None else cards_root()
        self.digest = digest or deck_digest(deck)
        self.dir = self.root / f"{deck}-{self.digest}"
        self.writable = True
        self.renders = 0  # drawn from the masters (not read from disk) by this object
        self.render_seconds = 0.0
        self._pruned = False

    def size_dir(self, w: int, h: int) -> Path:
        return self.dir / (f"{w}x{h}" + ("-four" if self.four else ""))

    def path(self, code: str, w: int, h: int) -> Path:
        return self.size_dir(w, h) / f"{code}.png"

    def load(self, code: str, w: int, h: int) -> Image.Image | None:
        """The cached picture, or None (not there; unreadable or of the wrong size: then it
        is removed, with one log line, so that it is drawn again)."""
        path = self.path(code, w, h)
        try:
            data = storage.read_regular(path, MAX_FILE_BYTES)
        except FileNotFoundError:
            return None
        except OSError as e:
            log.warning("cached card %s cannot be read (%s); drawing it again", path, e)
            return None
        try:
            with Image.open(io.BytesIO(data)) as png:
                if png.size != (w, h):
                    raise ValueError(f"{png.size[0]}x{png.size[1]}, not {w}x{h}")
                img = png.convert("RGBA")
        except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as e:
            log.warning("cached card %s is unusable (%s); drawing it again", path, e)
            try:
                path.unlink()
            except OSError as e2:
                log.warning("cached card %s cannot be removed: %s", path, e2)
            return None
        return img

    def store(self, code: str, w: int, h: int, img: Image.Image) -> None:
        if not self.writable:
            return
        buf = io.BytesIO()
        img.save(buf, "PNG", compress_level=1)
        try:
            storage.atomic_write(self.path(code, w, h), buf.getvalue())
        except OSError as e:
            self.writable = False  # one line, not one per card
            log.warning("the card cache %s cannot be written (%s); drawing cards each start",
                        self.dir, e)

    def get(self, code: str, w: int, h: int) -> Image.Image:
        """The picture from the cache, else drawn from the master and kept; raises
        :class:`VectorUnavailable`."""
        if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
            raise ValueError(f"a card of {w}x{h} pixels")
        img = self.load(code, w, h)
        if img is not None:
            return img
        t = time.perf_counter()
        img = render(self.deck, code, w, h, self.four and code != BACK)
        self.render_seconds += time.perf_counter() - t
        self.renders += 1
        self.store(code, w, h, img)
        return img

    def used(self, w: int, h: int) -> None:
        """Mark a size as in use (its folder's time), then prune once per object."""
        d = self.size_dir(w, h)
        try:
            d.mkdir(parents=True, exist_ok=True)
            os.utime(d)
        except OSError as e:
            if self.writable:
                log.warning("the card cache %s cannot be written (%s)", d, e)
            self.writable = False
            return
        if not self._pruned:
            self._pruned = True
            self.prune()

    def prune(self) -> None:
        """Remove this deck's folders of other digests (and the old four-colour folder), and
        all but the :data:`KEEP_SIZES` most recently used sizes (fewer when they hold more
        than :data:`KEEP_BYTES`; the newest is always kept)."""
        old = re.compile(re.escape(self.deck) + r"-(four|[0-9a-f]{16})")
        try:
            for p in self.root.iterdir():
                if p.is_dir() and p != self.dir and old.fullmatch(p.name):
                    shutil.rmtree(p, onerror=_log_rm)
            sizes = [p for p in self.dir.iterdir()
                     if p.is_dir() and re.fullmatch(r"\d+x\d+(-four)?", p.name)]
        except OSError as e:
            log.warning("the card cache %s cannot be pruned: %s", self.root, e)
            return
        sizes.sort(key=_mtime, reverse=True)
        total = 0
        for i, p in enumerate(sizes):
            total += _bytes(p)
            if i >= KEEP_SIZES or (i and total > KEEP_BYTES):
                shutil.rmtree(p, onerror=_log_rm)


def _mtime(p: Path) -> float:
    try:
        return p.stat().st_mtime
    except OSError:
        return 0.0


def _bytes(folder: Path) -> int:
    try:
        return sum(p.stat().st_size for p in folder.iterdir())
    except OSError as e:
        log.debug("card cache size of %s: %s", folder, e)
        return 0


def _log_rm(_func, path, exc_info) -> None:
    log.warning("the card cache: %s cannot be removed: %s", path, exc_info[1])


def disk_bytes(root: Path | None = None) -> int:
    """The card cache's size on disk."""
    root = root if root is not None else cards_root()
    total = 0
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            try:
                total += os.path.getsize(os.path.join(dirpath, name))
            except OSError as e:  # removed meanwhile (another start pruning)
                log.debug("card cache size: %s", e)
    return total


def warm() -> int:
    """In the card process: load the renderer before the first card is asked for."""
    from .art import vector

    vector.kit.render(vector.back_svg("classic"), 4, 6)
    return os.getpid()


_child_caches: dict[tuple[str, bool, str, str], CardCache] = {}


def draw_job(deck: str, four: bool, code: str, w: int, h: int, root: str,
             digest: str) -> tuple[bytes, float]:
    """In the card process: ``code`` at ``w`` x ``h`` from the disk cache or drawn (and
    kept); its RGBA bytes and the seconds spent drawing (0 when read from the cache)."""
    key = (deck, four, root, digest)
    cache = _child_caches.get(key)
    if cache is None:
        cache = _child_caches[key] = CardCache(deck, four, Path(root), digest)
    spent = cache.render_seconds
    img = cache.get(code, w, h)
    return img.tobytes(), cache.render_seconds - spent
