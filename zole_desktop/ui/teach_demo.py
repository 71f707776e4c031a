"""Screenshots of the teaching scenes, headless: every page of the rules guide, every step of
the guided first game (the player's moves follow the coach's advice), every deck in the
gallery.  ``python -m zole_desktop demo --scene rules-guide|tutorial|gallery --screenshots DIR``
calls :func:`screenshots`."""

from __future__ import annotations

import os
from pathlib import Path

SCENES = ("rules-guide", "tutorial", "gallery")


def screenshots(scene: str, out_dir: str, lang: str = "en", size: tuple[int, int] = (1280, 720),
                theme: str = "classic") -> int:
    """Save the scene's PNGs in ``out_dir`` (``rules-guide-001.png``, ...); the number saved.
    ValueError for an unknown scene."""
    if scene not in SCENES:
        raise ValueError(f"unknown scene {scene!r}; known: {', '.join(SCENES)}")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from .. import storage
    from ..i18n import set_language
    from .app import App

    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    set_language(lang)
    settings = storage.Settings(language=lang, theme=theme, sound=False,
                                animation="instant")
    app = App(size, settings, fast=True, save=False)
    saved: list[Path] = []

    def save(surface) -> None:
        path = folder / f"{scene}-{len(saved) + 1:03d}.png"
        pygame.image.save(surface, str(path))
        saved.append(path)

    try:
        if scene == "rules-guide":
            _guide(app, save)
        elif scene == "gallery":
            _gallery(app, save)
        else:
            _tutorial(app, save)
    finally:
        app.shutdown()
    return len(saved)


def _guide(app, save) -> None:
    from .guide import GuideScene

    g = GuideScene()
    app.stack.push(g)
    for i in range(len(g.pages)):
        g.index = i
        app.draw()
        save(app.screen)


def _gallery(app, save) -> None:
    from .gallery import GalleryScene

    g = GalleryScene()
    app.stack.push(g)
    for ti in range(len(g.themes)):
        g.select_theme(ti)
        g.ci = 0  # the queen of clubs: illustrated in the character decks
        app.draw()
        save(app.screen)


def _tutorial(app, save) -> None:
    from .tutorial import TutorialTableScene, drive

    table = TutorialTableScene()
    app.stack.push(table)

    def hook(name, surface) -> None:
        if name == "tutorial":
            save(surface)

    app.moment_hook = hook
    for _i in range(20000):
        if table not in app.stack.scenes:
            break
        app.step()
        drive(table)
    if app.stack.top is not None:  # the wrap-up with the next steps
        app.step()
        app.draw()
        save(app.screen)
