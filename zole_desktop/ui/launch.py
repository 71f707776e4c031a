"""Starting the game from the command line: the window size asked for, whether there is a
display to open a window on, the settings and language, then the window and the main menu.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping

import pygame

from .. import logs, storage
from ..i18n import _, set_language, system_language
from .app import MIN_SIZE, App

log = logging.getLogger(__name__)


class SizeError(ValueError):
    pass


def parse_size(s: str | None) -> tuple[int, int] | None:
    """``"1280x720"`` -> (1280, 720); None for None; SizeError with a one-line reason."""
    if s is None:
        return None
    parts = str(s).lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise SizeError(f"--size must look like 1280x720, not {s!r}")
    w, h = int(parts[0]), int(parts[1])
    if not (MIN_SIZE[0] <= w <= 8192 and MIN_SIZE[1] <= h <= 8192):
        raise SizeError(f"--size {w}x{h} is outside {MIN_SIZE[0]}x{MIN_SIZE[1]} .. 8192x8192")
    return w, h


HEADLESS_DRIVERS = ("offscreen", "dummy")

# what a desktop keeps for itself around a window: its title bar and a task bar or dock
FRAME_MARGIN = (16, 104)


def fit_window(size: tuple[int, int], desktop: tuple[int, int] | None
               ) -> tuple[tuple[int, int], bool]:
    """The window's size on this desktop, and whether to open it maximised: a remembered or
    default size that does not fit the desktop with its title bar and task bar (a 1280x720
    window on a 1280x720 screen had its bottom 60 px, the Menu button, off-screen) shrinks
    to fit, keeping its proportions, and the window opens maximised, which the desktop fits
    to the area it leaves free."""
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return size, False
    room = (desktop[0] - FRAME_MARGIN[0], desktop[1] - FRAME_MARGIN[1])
    w, h = size
    if w <= room[0] and h <= room[1]:
        return size, False
    scale = min(room[0] / w, room[1] / h)
    fw, fh = max(MIN_SIZE[0], int(w * scale)), max(MIN_SIZE[1], int(h * scale))
    return (min(fw, desktop[0]), min(fh, desktop[1])), True


def desktop_size() -> tuple[int, int] | None:
    """The first display's size, or None when it cannot be read."""
    try:
        pygame.display.init()
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error as e:
        log.info("the desktop's size is unknown: %s", e)
        return None
    return tuple(sizes[0]) if sizes else None  # type: ignore[return-value]


def no_display(environ: Mapping[str, str] | None = None, platform: str | None = None) -> bool:
    """On X11/Wayland systems: True when there is nowhere to open a window and the user did
    not ask SDL for a driver (it would otherwise pick an invisible one and sit there)."""
    env = os.environ if environ is None else environ
    plat = sys.platform if platform is None else platform
    if plat.startswith(("win", "darwin", "cygwin", "msys", "emscripten")):
        return False
    if env.get("SDL_VIDEODRIVER"):
        return False
    return not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def run_game(args) -> int:
    """``python -m zole_desktop``: the game."""
    data_dir = getattr(args, "data_dir", None)
    try:
        size = parse_size(getattr(args, "size", None))
    except SizeError as e:
        print(f"zole: {e}", file=sys.stderr)
        return 2
    if data_dir:
        storage.set_data_dir(data_dir)
    messages: list[str] = []
    # messages about a broken settings file come out in the player's language as far as
    # it is known before the settings are read: the command line's, else the system's
    set_language(getattr(args, "lang", None) or system_language())
    try:
        logs.setup()  # zole.log in the data folder (none if it cannot be written)
        storage.clean_stale_temps()  # left by a game or a host that was killed
        settings = storage.load_settings(messages)
    except OSError as e:
        print(_("zole: the data folder cannot be used: {error}").format(error=e),
              file=sys.stderr)
        return 2
    for m in messages:
        print(m, file=sys.stderr)
    lang = getattr(args, "lang", None) or settings.language or system_language()
    settings.language = lang
    set_language(lang)
    maximise = False
    if size is None:
        size = (max(MIN_SIZE[0], settings.window_width), max(MIN_SIZE[1], settings.window_height))
        if not no_display():
            size, maximise = fit_window(size, desktop_size())
    if no_display():
        print(_("zole: no display was found (DISPLAY and WAYLAND_DISPLAY are not set); "
                "set SDL_VIDEODRIVER to choose a video driver"), file=sys.stderr)
        return 1
    from . import vector_cards

    vector_cards.set_mode("process")  # the cards are drawn off the window's thread
    try:
        app = App(size, settings, maximise=maximise)
    except pygame.error as e:
        print(_("zole: cannot open a window: {error}").format(error=e), file=sys.stderr)
        return 1
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and not os.environ.get("SDL_VIDEODRIVER"):
        app.shutdown()
        print(_("zole: no display was found (SDL chose its {driver} driver); "
                "set SDL_VIDEODRIVER to choose a video driver").format(driver=driver),
              file=sys.stderr)
        return 1
    if messages:
        app.toast(messages[-1])
    from .menus import MainMenu

    app.stack.push(MainMenu())
    try:
        app.run()
    except Exception:
        log.exception("the game stopped on an error")
        raise
    finally:
        app.save_settings()
        app.shutdown()
        vector_cards.stop_process()
        log.info("exit")
    return 1 if app.file_errors else 0
