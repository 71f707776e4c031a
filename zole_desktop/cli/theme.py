"""``python -m zole_desktop theme check|add|print|template``: player-made decks.

- ``theme check DIR`` checks a deck folder (or a .zip of one) as the game does before it adds
  it: every problem one line on stdout, exit status 1; a good deck, one line and 0.
- ``theme add DIR`` adds it to ``themes/`` in the data folder (the gallery's "Add a deck…").
- ``theme print ID --paper a4|letter --out FILE.pdf [--lang lv|en|ru]`` writes the
  print-and-play PDF of a deck (the game's own or an added one).
- ``theme template DIR`` writes the template deck (docs/theme-template) into DIR.

docs/THEMES.md describes the format.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import EXIT_BAD_INPUT


def _data_dir(args: argparse.Namespace) -> None:
    if getattr(args, "data_dir", None):
        from .. import storage

        storage.set_data_dir(args.data_dir)


def check(args: argparse.Namespace) -> int:
    from .. import decks

    problems = decks.check_folder(Path(args.dir))
    for p in problems:
        print(" ".join(p.split()))
    if problems:
        return 1
    print(f"{args.dir}: a good deck")
    return 0


def add(args: argparse.Namespace) -> int:
    from .. import decks

    _data_dir(args)
    try:
        tid = decks.import_deck(Path(args.dir))
    except decks.DeckError as e:
        for p in e.problems:
            print(" ".join(p.split()))
        return 1
    except OSError as e:
        print(f"the deck could not be copied: {e.strerror or e}", file=sys.stderr)
        return 1
    print(f"added as {tid} in {decks.user_themes_dir() / tid}")
    return 0


def print_deck(args: argparse.Namespace) -> int:
    from .. import printing, storage
    from ..i18n import set_language, system_language

    _data_dir(args)
    lang = args.print_lang or args.lang
    if not lang:
        try:
            lang = storage.load_settings([]).language
        except OSError:
            lang = ""
    set_language(lang or system_language())
    out = Path(args.out) if args.out else printing.default_pdf_path(args.id, args.paper)
    try:
        pages = printing.write_pdf(args.id, args.paper, out)
    except printing.PrintError as e:
        print(" ".join(str(e).split()), file=sys.stderr)
        return 1
    except OSError as e:
        print(f"{out}: cannot be written ({e.strerror or e})", file=sys.stderr)
        return 1
    print(f"{out}: {pages} pages")
    return 0


def template(args: argparse.Namespace) -> int:
    from .. import decks

    try:
        names = decks.write_template(Path(args.dir))
    except OSError as e:
        print(f"{args.dir}: cannot be written ({e.strerror or e})", file=sys.stderr)
        return 1
    print(f"{args.dir}: {len(names)} files")
    return 0


def main(args: argparse.Namespace) -> int:
    run = {"check": check, "add": add, "print": print_deck, "template": template}.get(
        args.theme_command)
    if run is None:
        print("theme: say check, add, print or template (see --help)", file=sys.stderr)
        return EXIT_BAD_INPUT
    return run(args)


def add_parser(sub) -> None:
    """The ``theme`` command and its four subcommands."""
    from . import _lazy, _Parser

    t = sub.add_parser("theme", help="player-made decks: check, add, print, template")
    ts = t.add_subparsers(dest="theme_command", parser_class=_Parser)
    c = ts.add_parser("check", help="check a deck folder or .zip; every problem, one line")
    c.add_argument("dir")
    a = ts.add_parser("add", help="add a deck folder or .zip to the game's decks")
    a.add_argument("dir")
    p = ts.add_parser("print", help="write a deck's print-and-play PDF")
    p.add_argument("id")
    p.add_argument("--paper", choices=["a4", "letter"], default="a4")
    p.add_argument("--out", metavar="FILE.pdf")
    p.add_argument("--lang", dest="print_lang", choices=["lv", "en", "ru"],
                   help="the language of the rules page")
    m = ts.add_parser("template", help="write the template deck into a folder")
    m.add_argument("dir")
    t.set_defaults(func=_lazy(".theme", "main"))
