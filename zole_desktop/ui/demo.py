"""``python -m zole_desktop demo``: bots in every seat play through the real scenes and
animations, stepped as fast as the machine allows, saving screenshots of the moments.

``--data-dir DIR`` saves the match there after every action (as the game does); with
``--continue`` a match saved there is resumed where it stood.  ``--scene rules-guide``,
``tutorial`` or ``gallery`` with ``--screenshots DIR`` saves every page, step or deck."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from .. import logs, saves, storage
from ..i18n import N_, _, ngettext, set_language
from .app import App
from .launch import SizeError, parse_size

SCENES = ("table", "menu", "new-game", "settings")
TEACH_SCENES = ("rules-guide", "tutorial", "gallery")
DEMO_LEVELS = ("normal", "easy", "normal", "easy", "normal")
DEMO_PLAYER = N_("Laima")


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


def _err(msg: str) -> None:
    print(_("demo: {message}").format(message=msg), file=sys.stderr)


def data_dir_of(args) -> str | None:
    """``demo --data-dir DIR`` or the global ``--data-dir DIR``."""
    return getattr(args, "demo_data_dir", None) or getattr(args, "data_dir", None)


def main(args) -> int:
    scene = getattr(args, "scene", "table") or "table"
    if scene not in SCENES + TEACH_SCENES:
        _err(_("unknown scene {scene}; known: {known}").format(
            scene=repr(scene), known=", ".join(SCENES + TEACH_SCENES)))
        return 2
    try:
        size = parse_size(args.size)
    except SizeError as e:
        _err(str(e))
        return 2
    if scene in TEACH_SCENES:
        return _teach(args, scene, size)
    hands = int(getattr(args, "hands", 1) or 1)
    if not 1 <= hands <= 1000:
        _err(_("--hands must be from 1 to 1000"))
        return 2
    folder = None
    if args.screenshots:
        folder = Path(args.screenshots)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            _err(_("cannot create {folder}: {error}").format(folder=folder,
                                                            error=e.strerror or e))
            return 2
    ddir = data_dir_of(args)
    save = bool(ddir)
    if save:
        storage.set_data_dir(ddir)
        try:
            storage.data_dir()
        except OSError as e:
            _err(_("the data folder {folder} cannot be used: {error}").format(
                folder=ddir, error=e.strerror or e))
            return 2
        if not getattr(args, "cont", False) and os.path.lexists(saves.save_path()):
            # a new demo match would be saved over it, and deleted when it ends
            _err(_("{file} holds a saved match: resume it with --continue, or choose "
                   "another --data-dir").format(file=saves.save_path()))
            return 2
        logs.setup()
    elif getattr(args, "cont", False):
        _err(_("--continue needs --data-dir DIR (the folder with the saved match)"))
        return 2
    set_language(args.lang or "en")
    settings = storage.Settings(language=args.lang or "en", theme=args.theme or "classic",
                                sound=False)
    app = App(size or (1280, 720), settings, fast=True, save=save)
    shots = Shots(folder)
    app.moment_hook = shots
    try:
        rc = _run(app, args, scene, hands, shots)
    finally:
        app.shutdown()
        logs.close()
    return 1 if rc == 0 and app.file_errors else rc


def _teach(args, scene: str, size) -> int:
    if not args.screenshots:
        _err(_("--scene {scene} needs --screenshots DIR").format(scene=scene))
        return 2
    from .teach_demo import screenshots

    try:
        n = screenshots(scene, args.screenshots, args.lang or "en", size or (1280, 720),
                        args.theme or "classic")
    except (OSError, ValueError) as e:
        _err(str(e))
        return 1
    print(ngettext("{n} screenshot in {folder}", "{n} screenshots in {folder}", n).format(
        n=n, folder=args.screenshots))
    return 0


def new_session(args, hands: int):
    from ..flow.people import bot_name
    from ..flow.session import Session

    players = args.players
    names = [_(DEMO_PLAYER)]
    for i in range(players - 1):
        names.append(bot_name(i, taken=names))
    return Session(players=players, names=names, levels=list(DEMO_LEVELS[:players]),
                   human=None, length=hands, seed=args.seed)


def resume_session(hands: int, messages: list[str]):
    """The saved match with bots in every seat, to play ``hands`` more hands (the one in
    progress counts); None when there is no usable save."""
    from ..flow.session import Session

    saved = saves.load(messages=messages)
    if saved is None:
        return None, None
    where = saved.describe()
    session = Session.from_saved(saved)
    session.human = None
    session.levels = [lv or "normal" for lv in session.levels]
    session.length = len(session.match.rows) + hands
    session.__post_init__()
    return session, where


def _run(app: App, args, scene: str, hands: int, shots: Shots) -> int:
    from .table.scene import TableScene

    if scene != "table":
        from .menus import MainMenu, NewGameScene, SettingsScene

        cls = {"menu": MainMenu, "new-game": NewGameScene, "settings": SettingsScene}[scene]
        app.stack.push(cls())
        app.run(max_steps=3)
        app.moment(scene)
        app.draw()
        return 0
    session = None
    if getattr(args, "cont", False):
        messages: list[str] = []
        session, where = resume_session(hands, messages)
        for m in messages:
            _err(m)
        if session is not None:
            # a fixed line that scripts and tests read: not translated
            print(f"resumed hand {where[0]} at card {where[1]}")  # i18n: ok
        else:
            print(_("no saved match in {folder}: a new match starts").format(
                folder=storage.data_dir()))
    if session is None:
        session = new_session(args, hands)
    table = TableScene(session, demo=True, auto_continue=1.2)
    app.stack.push(table)
    app.run(max_steps=hands * 40000)
    if table in app.stack.scenes:
        _err(_("the hands did not finish in time"))
        return 1
    rows = session.match.rows
    for row in rows[-hands:]:
        print(f"hand {row.number}: {row.contract:8s} declarer={row.declarer} "
              f"deltas={list(row.deltas)}")
    if shots.folder is not None:
        print(ngettext("{n} screenshot in {folder}", "{n} screenshots in {folder}",
                       len(shots.saved)).format(n=len(shots.saved), folder=shots.folder))
    return 0
