"""``python -m zole_desktop demo``: bots in every seat play through the real scenes and
animations, stepped as fast as the machine allows, saving screenshots of the moments."""

from __future__ import annotations

import sys
from pathlib import Path

from .. import storage
from ..i18n import set_language
from .app import App, SizeError, parse_size

SCENES = ("table", "menu", "new-game", "settings", "gallery")
NOT_YET = ("rules-guide", "tutorial")
DEMO_LEVELS = ("normal", "easy", "normal", "easy", "normal")


class Shots:
    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.counts: dict[str, int] = {}
        self.saved: list[Path] = []

    def __call__(self, name: str, surface) -> None:
        if self.folder is None:
            return
        import pygame

        n = self.counts.get(name, 0) + 1
        self.counts[name] = n
        path = self.folder / f"{name}-{n:03d}.png"
        pygame.image.save(surface, str(path))
        self.saved.append(path)


def main(args) -> int:
    scene = getattr(args, "scene", "table") or "table"
    if scene in NOT_YET:
        print(f"demo: the {scene} scene is not available yet", file=sys.stderr)
        return 2
    if scene not in SCENES:
        print(f"demo: unknown scene {scene!r}; known: {', '.join(SCENES)}", file=sys.stderr)
        return 2
    try:
        size = parse_size(args.size)
    except SizeError as e:
        print(f"demo: {e}", file=sys.stderr)
        return 2
    hands = int(getattr(args, "hands", 1) or 1)
    if not 1 <= hands <= 1000:
        print("demo: --hands must be from 1 to 1000", file=sys.stderr)
        return 2
    folder = None
    if args.screenshots:
        folder = Path(args.screenshots)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            print(f"demo: cannot create {folder}: {e.strerror or e}", file=sys.stderr)
            return 2
    save = bool(getattr(args, "data_dir", None))
    if save:
        storage.set_data_dir(args.data_dir)
    set_language(args.lang or "en")
    settings = storage.Settings(language=args.lang or "en", theme=args.theme or "classic",
                                sound=False)
    app = App(size or (1280, 720), settings, fast=True, save=save)
    shots = Shots(folder)
    app.moment_hook = shots
    try:
        return _run(app, args, scene, hands, shots)
    finally:
        app.shutdown()


def _run(app: App, args, scene: str, hands: int, shots: Shots) -> int:
    from .session import BOT_NAMES, Session
    from .table import TableScene

    if scene != "table":
        from .gallery import GalleryScene
        from .menus import MainMenu, NewGameScene, SettingsScene

        cls = {"menu": MainMenu, "new-game": NewGameScene, "settings": SettingsScene,
               "gallery": GalleryScene}[scene]
        app.stack.push(cls())
        app.run(max_steps=3)
        app.moment(scene)
        app.draw()
        return 0
    session = None
    if getattr(args, "cont", False):
        try:
            session = Session.load()
        except ValueError as e:
            print(f"demo: {e}", file=sys.stderr)
            return 2
        session.human = None
        session.length = len(session.match.rows) + hands
        session.__post_init__()
    if session is None:
        players = args.players
        names = [BOT_NAMES[i % len(BOT_NAMES)] for i in range(players - 1)]
        names = ["Laima"] + names
        session = Session(players=players, names=names, levels=list(DEMO_LEVELS[:players]),
                          human=None, length=hands, seed=args.seed)
    table = TableScene(session, demo=True, auto_continue=1.2)
    app.stack.push(table)
    app.run(max_steps=hands * 40000)
    if table in app.stack.scenes:
        print("demo: the hands did not finish in time", file=sys.stderr)
        return 1
    rows = session.match.rows
    for row in rows:
        print(f"hand {row.number}: {row.contract:8s} declarer={row.declarer} "
              f"deltas={list(row.deltas)}")
    if shots.folder is not None:
        print(f"{len(shots.saved)} screenshots in {shots.folder}")
    return 0
