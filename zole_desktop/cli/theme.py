"""``python -m zole_desktop theme check|add|print|template``: player-made decks.

- ``theme check DIR`` checks a deck folder (or a .zip of one) as the game does before it adds
  it: every problem one line on stdout, exit status 1; a good deck, one line and 0.
- ``theme add DIR`` adds it to ``themes/`` in the data folder (the gallery's "Add a deck…").
- ``theme print ID --paper a4|letter --out FILE.pdf [--lang lv|en|ru] [--four-colour]``
  writes the print-and-play PDF of a deck (the game's own or an added one).
- ``theme template DIR`` writes the template deck (docs/theme-template) into DIR.

What they print is in the language of ``--lang``, else the game's language setting, else the
system's (English when it is none of the game's).  docs/THEMES.md describes the format.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..i18n import _, ngettext
from . import EXIT_BAD_INPUT


def _data_dir(args: argparse.Namespace) -> None:
    if getattr(args, "data_dir", None):
        from .. import storage

        storage.set_data_dir(args.data_dir)


def _language(args: argparse.Namespace, lang: str | None = None) -> None:
    """Speak ``lang``, else ``--lang``, else the game's language setting, else the system's."""
    from .. import storage
    from ..i18n import set_language, system_language

    lang = lang or getattr(args, "lang", None)
    if not lang:
        try:
            lang = storage.load_settings([]).language
        except OSError:
            lang = ""
    set_language(lang or system_language())


def _line(text: object) -> str:
    """One line, in the language current now (a deck's problem is written when shown)."""
    return " ".join(str(text).split())


def check(args: argparse.Namespace) -> int:
    from .. import decks

    _data_dir(args)
    _language(args)
    problems = decks.check_folder(Path(args.dir))
    for p in problems:
        print(_line(p))
    if problems:
        return 1
    print(_("{folder}: a good deck").format(folder=args.dir))
    return 0


def add(args: argparse.Namespace) -> int:
    from .. import decks

    _data_dir(args)
    _language(args)
    try:
        tid = decks.import_deck(Path(args.dir))
    except decks.DeckError as e:
        for p in e.problems:
            print(_line(p))
        return 1
    except OSError as e:
        print(_("The deck could not be copied: {error}").format(error=e.strerror or e),
              file=sys.stderr)
        return 1
    print(_("added as {id} in {folder}").format(id=tid, folder=decks.user_themes_dir() / tid))
    return 0


def print_deck(args: argparse.Namespace) -> int:
    from .. import printing, storage

    _data_dir(args)
    _language(args, args.print_lang)
    out = Path(args.out) if args.out else printing.default_pdf_path(args.id, args.paper)
    four = args.four_colour
    if four is None:  # the game's setting
        try:
            four = storage.load_settings([]).four_colour
        except OSError:
            four = False
    try:
        pages = printing.write_pdf(args.id, args.paper, out, four=four)
    except printing.PrintError as e:
        print(_line(e), file=sys.stderr)
        return 1
    except OSError as e:
        print(_("{file}: cannot be written ({error})").format(file=out, error=e.strerror or e),
              file=sys.stderr)
        return 1
    print(ngettext("{file}: {n} page", "{file}: {n} pages", pages).format(file=out, n=pages))
    return 0


def template(args: argparse.Namespace) -> int:
    from .. import decks

    _data_dir(args)
    _language(args)
    try:
        names = decks.write_template(Path(args.dir))
    except OSError as e:
        print(_("{file}: cannot be written ({error})").format(file=args.dir,
                                                             error=e.strerror or e),
              file=sys.stderr)
        return 1
    print(ngettext("{folder}: {n} file", "{folder}: {n} files", len(names)).format(
        folder=args.dir, n=len(names)))
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
    p.add_argument("--four-colour", action=argparse.BooleanOptionalAction, default=None,
                   help="the game's decks with ♦ and ♣ in the four-colour inks (default: the "
                        "game's setting)")
    m = ts.add_parser("template", help="write the template deck into a folder")
    m.add_argument("dir")
    t.set_defaults(func=_lazy(".theme", "main"))
