"""The game's own decks on screen: every face and the back rendered from the vector masters at
exactly the size the game draws them (crisp from 960x540 to 3840x2160), read from the disk
cache (:mod:`..card_cache`) when an earlier start drew them.

A size asked for is answered at once: the pictures the cache has, and for the others a stand-in
(the same card at another size already drawn, else the shipped 640x896 picture, scaled) while a
worker thread draws the crisp ones (Pillow images, off the UI thread; the surfaces are made on
the UI thread in :meth:`VectorCards.poll`).  Cards that are on screen (:meth:`VectorCards.want`)
are drawn before the rest.  When resvg cannot draw at all, the stand-ins stay: the shipped
pictures, scaled, with one log line; the game never fails to show cards.
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pygame
from PIL import Image

from ..card_cache import BACK, CardCache, VectorUnavailable, draw_job, warm
from ..rules.cards import CARD_NAMES

log = logging.getLogger(__name__)

CODES = (BACK, *CARD_NAMES)  # the back first: the deal shows it before any face
KEEP_IN_MEMORY = 6  # sizes kept as surfaces
LIVE_FULL_SIZES = 2  # whole decks asked for at these many latest sizes are still drawn

Size = tuple[int, int]

# resvg holds Python's lock while it draws (50-150 ms a card): in a thread that would stall
# the window's frames, so the game draws in one process of its own (set_mode)
_process: dict[str, Any] = {"pool": None, "up": None}  # the pool, its first answer
_process_lock = threading.Lock()
MODES = ("process", "thread", "off")
_mode = {"now": "thread"}


def set_mode(mode: str) -> None:
    """Where the crisp cards are drawn: ``"process"`` (the game: a process of its own),
    ``"thread"`` (a thread of this process), ``"off"`` (not at all: the shipped pictures,
    scaled; the test suite's default, so that a frame does not change under a test)."""
    if mode not in MODES:
        raise ValueError(f"mode {mode!r}; one of {', '.join(MODES)}")
    _mode["now"] = mode


def mode() -> str:
    return _mode["now"]


PROCESS_START_LIMIT = 30.0  # seconds: a card process not up by then is given up on


def _pool() -> ProcessPoolExecutor | None:
    """The card process once it has started and loaded the renderer (None before: the stand-ins
    show meanwhile; after :data:`PROCESS_START_LIMIT` the cards are drawn in a thread)."""
    with _process_lock:
        if mode() == "process" and _process["pool"] is None:
            try:
                pool = ProcessPoolExecutor(max_workers=1,
                                           mp_context=multiprocessing.get_context("spawn"))
                _process.update(pool=pool, up=pool.submit(warm), since=time.monotonic())
            except (OSError, ValueError, RuntimeError) as e:
                log.warning("the card process cannot be started (%s); drawing in a thread", e)
                set_mode("thread")
        up = _process.get("up")
        if mode() != "process" or up is None:
            return None
        if not up.done():
            if time.monotonic() - _process["since"] < PROCESS_START_LIMIT:
                return None
            late = TimeoutError(f"not up after {PROCESS_START_LIMIT:.0f} s")  # i18n: ok (log)
        else:
            late = up.exception()
            if late is None:
                return _process["pool"]
    _pool_broken(late)
    return None


def stop_process() -> None:
    """End the card process (at the game's end): what it was drawing is dropped."""
    with _process_lock:
        pool, _process["pool"], _process["up"] = _process["pool"], None, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


def _pool_broken(e: BaseException) -> None:
    log.warning("the card process stopped (%s); drawing in a thread", e)
    set_mode("thread")
    with _process_lock:
        pool, _process["pool"], _process["up"] = _process["pool"], None, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


def to_surface(img: Image.Image) -> pygame.Surface:
    surf = pygame.image.frombytes(img.tobytes(), img.size, "RGBA")
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    return surf


class ShippedFaces(Mapping):
    """The shipped pictures (``art/themes/<deck>/<code>.png``), each read when first asked
    for: with the vector cards they are only stand-ins and the fallback, so a start does not
    decode 26 full-size PNGs it does not show."""

    def __init__(self, load: Callable[[str], pygame.Surface]) -> None:
        self._load = load
        self._got: dict[str, pygame.Surface] = {}

    def __getitem__(self, code: str) -> pygame.Surface:
        got = self._got.get(code)
        if got is None:
            if code not in CARD_NAMES:
                raise KeyError(code)
            got = self._got[code] = self._load(code)
        return got

    def __iter__(self) -> Iterator[str]:
        return iter(CARD_NAMES)

    def __len__(self) -> int:
        return len(CARD_NAMES)


class VectorCards:
    """One game deck (one colour setting) at every size it is drawn at."""

    def __init__(self, deck: str, four: bool,
                 shipped: Callable[[str, Size], pygame.Surface],
                 cache: CardCache | None = None,
                 quick: Callable[[str, Size], pygame.Surface] | None = None) -> None:
        """``shipped(code, size)``: the shipped picture scaled to ``size`` (the fallback);
        ``quick(code, size)``: a stand-in made in a moment (decoding 27 full-size PNGs
        would hold the first frame longer than drawing the hand takes)."""
        self.deck, self.four = deck, four
        self._shipped = shipped
        self._quick = quick
        self._fell_back = False
        self.failed = ""  # why resvg cannot draw this deck ("" while it can)
        self.cache: CardCache | None = cache
        if cache is None:
            try:
                self.cache = CardCache(deck, four)
            except (VectorUnavailable, OSError) as e:
                self._fail(str(e))
        self.sizes: OrderedDict[Size, dict[str, pygame.Surface]] = OrderedDict()
        self.crisp: dict[Size, set[str]] = {}
        self.revision = 0  # counts the crisp pictures that replaced a stand-in
        self.on_ready: Callable[[], None] | None = None  # thread-safe: wake the UI
        self._lock = threading.Lock()
        self._jobs: dict[tuple[str, Size], tuple[int, int, int]] = {}  # -> (prio, -gen, seq)
        self._done: list[tuple[str, Size, Image.Image]] = []
        self._gen = self._seq = 0
        self._full: list[Size] = []  # the latest sizes a whole deck was asked for at
        self._thread: threading.Thread | None = None

    def _fail(self, why: str) -> None:
        if not self.failed:
            self.failed = why or "resvg failed"  # i18n: ok (a reason for the log)
            log.warning("%s: the vector cards cannot be drawn (%s); showing the shipped "
                        "pictures, scaled", self.deck, self.failed)

    # ------------------------------------------------------------------ the UI thread
    def cards(self, w: int, h: int) -> dict[str, pygame.Surface]:
        """Every face and ``"back"`` at ``w`` x ``h``: the same dict each time for a size,
        whose stand-ins are replaced in place as the crisp pictures come (see ``revision``)."""
        self.poll()
        key = (int(w), int(h))
        with self._lock:
            self._gen += 1
            if key in self._full:
                self._full.remove(key)
            self._full.append(key)
            stale = self._full[:-LIVE_FULL_SIZES]
            del self._full[:-LIVE_FULL_SIZES]
            for job in [j for j in self._jobs if j[1] in stale]:
                del self._jobs[job]  # a window resized again before they were drawn
        for code in CODES:
            self._ensure(code, key)
        self._start()
        return self.sizes[key]

    def card(self, code: str, w: int, h: int) -> pygame.Surface:
        """One face (or ``"back"``) at ``w`` x ``h``."""
        self.poll()
        key = (int(w), int(h))
        with self._lock:
            self._gen += 1
        self._ensure(code, key)
        self._start()
        return self.sizes[key][code]

    def want(self, code: str, w: int, h: int) -> None:
        """``code`` at that size is on screen now: draw it before the others."""
        with self._lock:
            job = self._jobs.get((code, (w, h)))
            if job is not None and job[0]:
                self._jobs[(code, (w, h))] = (0, job[1], job[2])

    def pending(self) -> int:
        with self._lock:
            return len(self._jobs) + len(self._done)

    def is_crisp(self, code: str, w: int, h: int) -> bool:
        return code in self.crisp.get((w, h), ())

    def poll(self) -> int:
        """Take the pictures the worker finished (as surfaces, on this thread); the
        revision."""
        with self._lock:
            done, self._done = self._done, []
        if self.failed and not self._fell_back:
            self._fell_back = True  # the quick stand-ins give way to the shipped pictures
            for size, imgs in self.sizes.items():
                for code in imgs:
                    if code not in self.crisp[size]:
                        imgs[code] = self._shipped(code, size)
            self.revision += 1
        for code, key, img in done:
            got = self.sizes.get(key)
            if got is None:
                continue  # that size is no longer kept
            got[code] = to_surface(img)
            self.crisp.setdefault(key, set()).add(code)
            self.revision += 1
        return self.revision

    def wait(self, timeout: float = 60.0) -> bool:
        """Block until the worker has drawn what was asked (tests, the bench); then poll."""
        t = self._thread
        if t is not None:
            t.join(timeout)
        self.poll()
        return not self.pending()

    def _ensure(self, code: str, key: Size) -> None:
        got = self.sizes.get(key)
        if got is None:
            got = self.sizes[key] = {}
            self.crisp[key] = set()
            if self.cache is not None and not self.failed and mode() != "off":
                self.cache.used(*key)  # this size is in use: the last to be pruned
            while len(self.sizes) > KEEP_IN_MEMORY:
                old, _imgs = self.sizes.popitem(last=False)
                self.crisp.pop(old, None)
        else:
            self.sizes.move_to_end(key)
        if code in got:
            if code not in self.crisp[key]:
                self._queue(code, key)  # dropped when superseded, asked for again
            return
        img = None
        if self.cache is not None and not self.failed and mode() != "off":
            img = self.cache.load(code, *key)
        if img is not None:
            got[code] = to_surface(img)
            self.crisp[key].add(code)
            return
        got[code] = self._stand_in(code, key)
        self._queue(code, key)

    def _stand_in(self, code: str, key: Size) -> pygame.Surface:
        """The card scaled from another size already drawn crisp, else a quick one while
        the crisp one is drawn, else the shipped one."""
        for other in reversed(self.sizes):
            if other != key and code in self.crisp.get(other, ()):
                return pygame.transform.smoothscale(self.sizes[other][code], key)
        if self._quick is not None and not self.failed and self.cache is not None \
                and mode() != "off":
            return self._quick(code, key)
        return self._shipped(code, key)

    def _queue(self, code: str, key: Size) -> None:
        if self.failed or self.cache is None or mode() == "off":
            return
        with self._lock:
            if (code, key) not in self._jobs:
                self._seq += 1
                self._jobs[(code, key)] = (1, -self._gen, self._seq)

    def _start(self) -> None:
        """The worker, when there is work (after a request is answered: in a thread, the
        renderer would hold Python's lock while the stand-ins are made)."""
        with self._lock:
            if self._jobs and (self._thread is None or not self._thread.is_alive()):
                self._thread = threading.Thread(target=self._work, daemon=True,
                                                name=f"zole-cards-{self.deck}")
                self._thread.start()

    # ------------------------------------------------------------------ the worker
    def _draw(self, cache: CardCache, code: str, key: Size) -> Image.Image:
        pool = _pool()
        if pool is not None:
            try:
                data, spent = pool.submit(draw_job, self.deck, self.four, code, key[0], key[1],
                                          str(cache.root), cache.digest).result()
            except (BrokenProcessPool, OSError, RuntimeError) as e:
                _pool_broken(e)
            else:
                if spent:
                    cache.renders += 1
                    cache.render_seconds += spent
                return Image.frombytes("RGBA", key, data)
        return cache.get(code, *key)

    def _work(self) -> None:
        cache = self.cache
        assert cache is not None
        while True:
            # while the card process starts, the stand-ins show: this thread would hold
            # Python's lock while it draws (a court at 4K: half a second the window stands)
            waiting = mode() == "process" and _pool() is None
            with self._lock:
                if not self._jobs or self.failed:
                    self._jobs.clear()
                    self._thread = None
                    return
                code, key = min(self._jobs, key=self._jobs.__getitem__)
            if waiting:
                time.sleep(0.02)
                continue
            try:
                img = self._draw(cache, code, key)
            except VectorUnavailable as e:
                self._fail(str(e))
                continue
            except ValueError as e:  # a size no card is drawn at
                log.warning("%s %s at %dx%d: %s", self.deck, code, key[0], key[1], e)
                img = None
            with self._lock:
                self._jobs.pop((code, key), None)
                if img is None:
                    continue
                first = not self._done
                self._done.append((code, key, img))
            if first and self.on_ready is not None:
                self.on_ready()
