"""The window, the input mapping, the scene stack and the fixed-timestep loop.

Updates run at 60 Hz on a fixed step; a frame is drawn only when something changed (input,
a moving card, a timer).  When nothing moves the loop blocks on the event queue, so an idle
window costs next to no CPU.  ``fast=True`` (demo, bench) steps without sleeping.
Starting the game from the command line (size, display, settings) is :mod:`.launch`.
"""

from __future__ import annotations

import logging
import sys
import time
import warnings
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

import pygame

from .. import storage
from ..flow.saver import flush_shared
from ..i18n import _
from . import gfx
from .gfx import vignette
from .scene import (
    BACK,
    CLICK,
    CONFIRM,
    DOWN,
    DRAG,
    DROP,
    DROP_FILE,
    ERASE,
    KEY,
    LEFT,
    MOTION,
    NEXT,
    PRESS,
    PREV,
    RIGHT,
    TEXT,
    UP,
    WHEEL,
    Action,
    Scene,
    SceneStack,
)
from .theme import Theme, load_with_fallback

STEP = 1.0 / 60.0
MIN_SIZE = (960, 540)
DEFAULT_SIZE = (1280, 720)
DRAG_THRESHOLD = 8
ANIM_FACTORS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
WAKE = pygame.USEREVENT + 1  # posted by worker threads when a result is ready
IDLE_WAIT_MS = 500  # an idle loop looks at the clock at least this often (timers, toasts)
MAX_FRAME_TIME = 0.1  # a longer gap between passes is not made up for
MAX_STEPS_PER_FRAME = 3  # update steps at most per pass (60 Hz steps, ~20 fps floor)


log = logging.getLogger(__name__)


class App:
    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE,
                 settings: storage.Settings | None = None, fast: bool = False,
                 save: bool = True, maximise: bool = False) -> None:
        self.t0 = time.perf_counter()
        self.settings = settings or storage.Settings()
        self.fast = fast
        self.save_enabled = save
        # the deck's pictures are decoded on a thread of their own while the window opens
        # (the decoder lets go of the interpreter); the first frame takes them (load_theme)
        self._theme_soon: tuple[str, Future[tuple[Theme, list[str]]]] | None = None
        if not fast:
            from .. import decks  # noqa: F401 - imported here, not on the loader's thread

            loader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="zole-theme")
            self._theme_soon = (self.settings.theme,
                                loader.submit(_theme_with_messages, self.settings.theme,
                                              self.settings.four_colour))
            loader.shutdown(wait=False)
        pygame.display.init()
        pygame.font.init()
        self.fullscreen = False
        self.windowed_size = size
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(_("Zole"))
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
                window.minimum_size = MIN_SIZE
                if maximise:
                    window.maximize()
        except (AttributeError, pygame.error):
            pass
        pygame.key.set_repeat(350, 40)
        self.size = self.screen.get_size()
        self.stack = SceneStack(self)
        self.running = True
        self.dirty = True
        self.time = 0.0
        self.frames = 0
        self.passes = 0  # passes of the real loop (each: events, up to 3 steps, a frame)
        self.frame_hook: Callable[[float], None] | None = None  # bench: called per drawn frame
        self.moment_hook: Callable[[str, pygame.Surface], None] | None = None
        self._moments: list[str] = []
        self._press: tuple[int, int] | None = None
        self._dragging = False
        self._pointer: tuple[int, int] | None = None  # where the mouse was last seen
        self.toast_text = ""
        self.toast_until = 0.0
        self.file_errors: list[str] = []  # saves and history that failed (exit status 1)
        self._theme: Theme | None = None
        self._felt: pygame.Surface | None = None
        self._felt_key: tuple | None = None
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="zole-bot")
        # hints think beside the bots, so a bot never waits for a hint
        self.hint_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="zole-hint")
        from .sound import Sound

        self.sound = Sound(enabled=self.settings.sound)
        if self.settings.fullscreen and not fast:
            self.toggle_fullscreen()

    # ------------------------------------------------------------------ services
    @property
    def pointer(self) -> tuple[int, int] | None:
        """Where the mouse was last seen over the window (None: not yet)."""
        return self._pointer

    @property
    def anim_factor(self) -> float:
        return ANIM_FACTORS.get(self.settings.animation, 1.0)

    @property
    def theme(self) -> Theme:
        if self._theme is None or self._theme.id not in (self.settings.theme, "procedural",
                                                          "classic") \
                or self._theme.four_asked != self.settings.four_colour:
            self.load_theme()
        return self._theme  # type: ignore[return-value]

    def load_theme(self) -> None:
        msgs: list[str] = []
        soon, self._theme_soon = self._theme_soon, None
        if soon is not None and soon[0] == self.settings.theme:
            self._theme, msgs = soon[1].result()  # loaded while the window opened
        if self._theme is None or soon is None or self._theme.four_asked != \
                self.settings.four_colour:
            self._theme = load_with_fallback(self.settings.theme, msgs,
                                             four=self.settings.four_colour)
        self._felt = None
        self._hook_theme()
        if msgs:
            self.toast(msgs[-1])

    def _hook_theme(self) -> None:  # a game deck's worker wakes the loop: crisp cards came
        if self._theme is not None and self._theme.vector is not None:
            self._theme.vector.on_ready = self.wake

    def set_theme(self, theme_id: str, loaded: Theme | None = None) -> None:
        """Play with ``theme_id`` from now on; ``loaded``: that deck already loaded (the
        gallery's), taken as it is so that the choice shows at once."""
        self.settings.theme = theme_id
        if loaded is not None and loaded.id == theme_id and \
                loaded.four_asked == self.settings.four_colour:
            self._theme, self._theme_soon, self._felt = loaded, None, None
            self._hook_theme()
        else:
            self.load_theme()
        self.invalidate()

    def set_four_colour(self, on: bool) -> None:
        """Four suit colours (♦ blue, ♣ green) in the game's own decks, at once."""
        self.settings.four_colour = on
        self.load_theme()
        self.invalidate()

    def felt(self) -> pygame.Surface:
        """The table cloth pre-rendered at the window size (felt image + vignette)."""
        theme = self.theme
        key = (self.size, theme.id)
        if self._felt is not None and self._felt_key == key:
            return self._felt
        w, h = self.size
        surf = pygame.Surface((w, h))
        if theme.felt is not None:
            fw, fh = theme.felt.get_size()
            scale = max(w / fw, h / fh)
            img = pygame.transform.smoothscale(theme.felt, (int(fw * scale) + 1,
                                                            int(fh * scale) + 1))
            surf.blit(img, ((w - img.get_width()) // 2, (h - img.get_height()) // 2))
        else:
            surf.fill(theme.felt_color)
        surf.blit(vignette((w, h)), (0, 0))
        self._felt = surf.convert()
        self._felt_key = key
        return self._felt

    def toast(self, text: str, seconds: float = 6.0) -> None:
        self.toast_text = text
        self.toast_until = self.time + seconds
        self.invalidate()

    def invalidate(self) -> None:
        self.dirty = True

    def file_error(self, message: str) -> None:
        """A save, settings or history write that failed: on screen, one line on stderr and
        in the log; the game then ends with exit status 1."""
        self.file_errors.append(message)
        log.error("%s", message)
        print(" ".join(message.split()), file=sys.stderr)
        self.toast(message)

    def moment(self, name: str) -> None:
        """A named moment of play (the demo saves a screenshot after the next frame)."""
        self._moments.append(name)
        self.dirty = True

    def wake(self) -> None:
        """Thread-safe: make the loop look again (a worker finished)."""
        try:
            pygame.event.post(pygame.event.Event(WAKE))
        except pygame.error:
            pass

    def quit(self) -> None:
        self.running = False

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self.fullscreen = False
        else:
            self.windowed_size = self.screen.get_size()
            try:
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
                self.fullscreen = True
            except pygame.error:
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self.settings.fullscreen = self.fullscreen
        self._resized(self.screen.get_size())

    def _resized(self, size: tuple[int, int]) -> None:
        w, h = max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])
        # below the minimum, or a surface that did not follow the window: set it anew
        if not self.fullscreen and self.screen.get_size() != (w, h):
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.size = self.screen.get_size()
        if not self.fullscreen:
            self.settings.window_width, self.settings.window_height = self.size
        self.stack.resize(self.size)
        self.dirty = True

    def save_settings(self) -> None:
        if not self.save_enabled:
            return
        try:
            storage.save_settings(self.settings)
        except OSError as e:
            self.file_error(_("Settings could not be saved: {error}").format(
                error=e.strerror or e))

    # ------------------------------------------------------------------ input
    def map_event(self, ev: pygame.event.Event) -> Action | None:
        t = ev.type
        if t in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._pointer = ev.pos
        if t == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self._press = ev.pos
            self._dragging = False
            return Action(PRESS, pos=ev.pos)
        if t == pygame.MOUSEBUTTONUP and ev.button == 1:
            start = self._press
            self._press = None
            if self._dragging:
                self._dragging = False
                return Action(DROP, pos=ev.pos, start=start)
            return Action(CLICK, pos=ev.pos, start=start)
        if t == pygame.MOUSEMOTION:
            if self._press is not None:
                dx, dy = ev.pos[0] - self._press[0], ev.pos[1] - self._press[1]
                if self._dragging or dx * dx + dy * dy > DRAG_THRESHOLD ** 2:
                    self._dragging = True
                    return Action(DRAG, pos=ev.pos, start=self._press)
            return Action(MOTION, pos=ev.pos)
        if t == pygame.MOUSEWHEEL:
            # the wheel scrolls what is under the mouse: scenes re-read hover from ``pos``
            return Action(WHEEL, value=1 if ev.y > 0 else -1, pos=self._pointer)
        if t == pygame.TEXTINPUT:
            return Action(TEXT, text=ev.text)
        if t == pygame.DROPFILE:
            return Action(DROP_FILE, text=ev.file)
        if t == pygame.KEYDOWN:
            k = ev.key
            if k == pygame.K_UP:
                return Action(UP)
            if k == pygame.K_DOWN:
                return Action(DOWN)
            if k == pygame.K_LEFT:
                return Action(LEFT)
            if k == pygame.K_RIGHT:
                return Action(RIGHT)
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return Action(CONFIRM)
            if k == pygame.K_ESCAPE:
                return Action(BACK)
            if k == pygame.K_TAB:
                return Action(PREV if ev.mod & pygame.KMOD_SHIFT else NEXT)
            if k == pygame.K_BACKSPACE:
                return Action(ERASE)
            mod = getattr(ev, "mod", 0)
            if mod & (pygame.KMOD_CTRL | pygame.KMOD_GUI) and pygame.K_a <= k <= pygame.K_z:
                return Action(KEY, value=k, text="ctrl+" + chr(k))  # Ctrl+Z (Cmd+Z on a Mac)
            return Action(KEY, value=k, text=getattr(ev, "unicode", ""))
        return None

    def process(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.QUIT:
            self.running = False
            return
        if ev.type == pygame.VIDEORESIZE and not self.fullscreen:
            self._resized((ev.w, ev.h))
            return
        if ev.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, WAKE):
            self.dirty = True
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        action = self.map_event(ev)
        if action is not None:
            self.stack.handle(action)
            self.dirty = True

    def post_action(self, action: Action) -> None:
        """Feed an already-mapped action (tests)."""
        self.stack.handle(action)
        self.dirty = True

    # ------------------------------------------------------------------ loop
    def draw(self) -> None:
        t = time.perf_counter()
        self.stack.draw(self.screen)
        if self.toast_text and self.time < self.toast_until:
            buttons = getattr(self.stack.top, "buttons", None)
            keep_clear = [b.rect for b in buttons if isinstance(getattr(b, "rect", None),
                                                               pygame.Rect)] \
                if isinstance(buttons, list | tuple) else []
            keep_clear += getattr(self.stack.top, "toast_keep_clear", list)()  # thumbnails…
            draw_toast(self.screen, self.toast_text, keep_clear)
        pygame.display.flip()
        self.frames += 1
        self.dirty = False
        if self.frames == 1:  # the start-up time, for whoever measures it
            from .. import STARTED

            now = time.perf_counter()
            log.info("first frame drawn (%s): %.0f ms after the package was imported, %.0f ms "
                     "after the window was asked for", type(self.stack.top).__name__,
                     (now - STARTED) * 1000, (now - self.t0) * 1000)
            self.sound.prepare()  # made now that the window shows something
        if self.frame_hook is not None:
            self.frame_hook((time.perf_counter() - t) * 1000.0)
        if self._moments and self.moment_hook is not None:
            moments, self._moments = self._moments, []
            for m in moments:
                self.moment_hook(m, self.screen)
        self._moments.clear()

    def step(self) -> None:
        """One fixed update step and, if needed, a frame (no sleeping): demo, bench, tests."""
        for ev in pygame.event.get():
            self.process(ev)
        self.time += STEP
        self.stack.update(STEP)
        self._expire_toast()
        if not self.stack.scenes:
            self.running = False
            return
        if self.dirty or self.stack.animating():
            self.draw()

    def pump(self) -> bool:
        """Process every pending event; True if any of them was acted on (input, a
        worker's wake-up, a resize), so that an update step must follow in this frame."""
        events = pygame.event.get()
        for ev in events:
            self.process(ev)
        return bool(events)

    def _expire_toast(self) -> None:
        """A toast whose time is up goes, and the frame that no longer shows it is drawn."""
        if self.toast_text and self.time >= self.toast_until:
            self.toast_text = ""
            self.dirty = True

    def needs_steps(self) -> bool:
        """Something moves, waits on a timer or shows a toast: keep stepping at 60 Hz."""
        return bool(self.stack.busy() or self.dirty or self.toast_text)  # see _expire_toast

    def run(self, until: Callable[[], bool] | None = None, max_steps: int | None = None) -> None:
        """The loop.  ``fast`` steps without sleeping (demo, bench, long tests); otherwise
        real time: fixed 60 Hz update steps while something moves, and a blocking wait on
        the event queue while nothing does.

        Whatever wakes the loop (a click, a key, a worker's result) is followed by at least
        one update step and a frame in the same pass, so it is acted on at once.  The clock
        restarts after an idle wait, and at most ``MAX_STEPS_PER_FRAME`` steps run per pass,
        so a long sleep or a stalled frame never turns into a burst of catch-up steps."""
        if self.fast:
            n = 0
            while self.running and (until is None or not until()):
                self.step()
                n += 1
                if max_steps is not None and n >= max_steps:
                    break
            return
        last = time.perf_counter()
        acc = 0.0
        n = 0
        while self.running and self.stack.scenes and (until is None or not until()):
            self.passes += 1
            acted = False
            if not self.needs_steps():
                ev = pygame.event.wait(IDLE_WAIT_MS)  # idle: sleep until something happens
                if ev.type != pygame.NOEVENT:
                    self.process(ev)
                    acted = True
                last = time.perf_counter()  # the clock slept too: no catch-up for the wait
                acc = 0.0
            acted = self.pump() or acted
            now = time.perf_counter()
            acc += min(now - last, MAX_FRAME_TIME)
            last = now
            if acted and acc < STEP:
                acc = STEP  # an event is acted on in this pass, not after the next sleep
            steps = 0
            while acc >= STEP and steps < MAX_STEPS_PER_FRAME:
                self.time += STEP
                self.stack.update(STEP)
                self._expire_toast()
                acc -= STEP
                steps += 1
            if steps == MAX_STEPS_PER_FRAME:
                acc = min(acc, STEP)  # a stalled frame: drop the backlog, don't burst
            if not self.stack.scenes:
                break
            if self.dirty or self.stack.animating():
                self.draw()
            n += 1
            if max_steps is not None and n >= max_steps:
                break
            if self.needs_steps() and not pygame.event.peek():
                rest = STEP - acc - (time.perf_counter() - last)
                if rest > 0.001:
                    time.sleep(rest)

    def shutdown(self) -> None:
        self.stack.clear()
        if not flush_shared(10.0):  # the match's last save is written before the end
            log.error("the game's last save was not written within 10 s of closing")
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.hint_executor.shutdown(wait=False, cancel_futures=True)
        self.sound.quit()
        pygame.display.quit()


def _theme_with_messages(theme_id: str, four: bool = False) -> tuple[Theme, list[str]]:
    """:func:`.theme.load_with_fallback` and what it said (on the loader's thread)."""
    msgs: list[str] = []
    return load_with_fallback(theme_id, msgs, four=four), msgs


def draw_toast(surface: pygame.Surface, message: str,
               keep_clear: list[pygame.Rect] | tuple = ()) -> pygame.Rect:
    """The message in a panel at the bottom centre, lifted above any of ``keep_clear`` (the
    top scene's buttons) it would cover; the panel's rectangle."""
    w, h = surface.get_size()
    size = max(12, int(h * 0.022))
    size = gfx.fit_size(message, size, int(w * 0.9))
    t = gfx.text(message, size, gfx.LINEN)
    r = t.get_rect(midbottom=(w // 2, h - int(h * 0.012)))
    bg = r.inflate(size * 1.2, size * 0.6)
    gap = max(4, int(h * 0.008))
    for _lift in range(len(keep_clear)):  # each lift clears at least one more button
        hit = [k for k in keep_clear if bg.colliderect(k)]
        if not hit:
            break
        bg.bottom = min(k.top for k in hit) - gap
    r.center = bg.center
    surface.blit(gfx.panel(bg.w, bg.h, fill=gfx.EDGE, border=gfx.AMBER, alpha=235), bg)
    surface.blit(t, r)
    return bg


__all__ = ["App", "Scene"]
