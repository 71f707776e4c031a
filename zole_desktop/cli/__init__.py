"""Command line: ``python -m zole_desktop [COMMAND]``; with no command, the game starts.

This module holds the parser; every command is a module of this package with a
``main(args) -> int`` (``replay``, ``solve``, ``arena``, ``bench``, ``theme``), loaded only
when its command runs.  ``demo`` runs the real scenes, so its ``main`` lives in ``ui/demo.py``;
``serve`` hosts a network table, so its ``main`` lives in ``net/serve.py``.
Exit status 2 (:data:`EXIT_BAD_INPUT`) means the input was refused.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    """argparse that reports a wrong flag in one line and exits 2, without the usage dump."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message} (see --help)\n")


def _lazy(module: str, func: str) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        import importlib

        return getattr(importlib.import_module(module, __package__), func)(args)

    return run


def build_parser(serve: bool = True) -> argparse.ArgumentParser:
    """The parser.  ``serve``: with the ``serve`` command's own options, whose module brings
    in the network (a quarter of a second of imports); :func:`main` leaves them out unless
    the command line names that command, so that the game starts without them."""
    from .. import __version__

    p = _Parser(prog="zole", description="Zole, Latvia's national card game.")
    p.add_argument("--version", action="version", version=f"zole {__version__}")
    p.add_argument("--data-dir", help="where settings and saves live (default: your user "
                   "data folder; or $ZOLE_DESKTOP_HOME)")
    p.add_argument("--size", help="window size WxH, e.g. 1280x720")
    p.add_argument("--lang", choices=["lv", "en", "ru"], help="language")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    r = sub.add_parser("replay", help="check and settle a zole-match/1 record")
    r.add_argument("--json", action="store_true", help="settlement as JSON")
    r.add_argument("file")
    r.set_defaults(func=_lazy(".replay", "main"))

    b = sub.add_parser("bench", help="benchmarks: rules (hands/s), frames (frame times), "
                       "input (latency on the real loop), net (round trips at a host), "
                       "codes (how long guessing a join code takes), save (what the save "
                       "after every action costs the playing thread), cards (a start until "
                       "the cards are on screen, drawn from the vector masters), pace (seconds "
                       "from my card to my next turn and from Next hand to my bid, real loop)")
    b.add_argument("what", choices=["rules", "solver", "frames", "input", "net", "codes",
                                    "save", "cards", "pace"])
    b.add_argument("--seconds", type=float, default=None,
                   help="how long to measure (rules: 3, net: 10, codes: 120 per run)")
    b.add_argument("--addresses", default="1,100",
                   help="codes: the strangers' addresses, one run for each number")
    b.add_argument("--tables", type=int, default=50, help="tables at once (net)")
    b.add_argument("--think", type=float, default=0.1,
                   help="seconds each scripted player waits before its move (net)")
    b.add_argument("--no-save", action="store_true",
                   help="the host does not save the matches (net)")
    b.add_argument("--flood", choices=["ping", "seated-ping", "noread", "pieces", "reconnect",
                                       "silent"],
                   help="a stranger floods the host meanwhile (net)")
    b.add_argument("--size", help="window size (frames: 1920x1080, input: 1280x720, cards: "
                   "a list, 1920x1080,3840x2160)")
    b.add_argument("--deck", default="classic", help="cards: the game's deck to draw")
    b.add_argument("--hands", type=int, default=3, help="hands to play (input, pace)")
    b.add_argument("--trick-pause", choices=["short", "normal", "long"],
                   help="pace: the pause after a trick (default: a new player's setting)")
    b.add_argument("--animation", choices=["slow", "normal", "fast", "instant"],
                   default="normal",
                   help="input: the player's animation setting (fast and instant deal fast)")
    b.add_argument("--deal", choices=["normal", "fast"],
                   help="pace: the deal's speed (default: a new player's setting)")
    b.add_argument("--layouts", type=int, default=40, help="deals to solve (solver)")
    b.add_argument("--lengths", default="12,100,300",
                   help="save: the matches' lengths in finished hands, e.g. 12,100,300")
    b.add_argument("--seed", type=int, default=1, help="deal and moments (input)")
    b.add_argument("--json", action="store_true")
    b.set_defaults(func=_lazy(".bench", "main"))

    a = sub.add_parser("arena", help="duplicate matches between bots")
    a.add_argument("--hands", type=int, default=100)
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--bots", default="normal,easy,random",
                   help="1 to 3 bot levels; a level with settings changed for an A/B run: "
                   "strong:infer=false (a tuple's items joined by /: "
                   "strong:decl_total=0.8/0.6/0.25)")
    a.add_argument("--players", type=int, default=3, choices=[3, 4, 5],
                   help="people at the table (3 play each hand; the others sit out)")
    a.add_argument("--rules", default="",
                   help="table options, e.g. maza_zole=true,all_pass=galdins,"
                   "galdins_talon=lead (names and values as in RULES.md)")
    a.add_argument("--jobs", type=int, default=1)
    a.add_argument("--log", metavar="FILE",
                   help="append every finished deal to FILE; run the same command again to "
                   "go on where it stopped")
    a.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                   help="the bots' thinking clock: real time (as in the game) or each "
                   "deal's process CPU time (fair on a busy machine)")
    a.add_argument("--galdins-only", action="store_true",
                   help="every seat passes, so every deal is a galdiņš (with "
                   "--rules all_pass=galdins)")
    a.add_argument("--json", action="store_true")
    a.set_defaults(func=_lazy(".arena", "main"))

    s = sub.add_parser("solve", help="double-dummy analysis of a hand of a match record")
    s.add_argument("file")
    s.add_argument("--hand", type=int, default=1)
    s.set_defaults(func=_lazy(".solve", "main"))

    v = sub.add_parser("serve", help="host a table on the local network, with no window")
    if serve:
        from ..net.serve import add_arguments as serve_arguments

        serve_arguments(v)
    v.set_defaults(func=_lazy("..net.serve", "main"))

    from .theme import add_parser as theme_parser

    theme_parser(sub)

    d = sub.add_parser("demo", help="bots play through the real scenes, headless-friendly")
    d.add_argument("--hands", type=int, default=1)
    d.add_argument("--players", type=int, default=3, choices=[3, 4, 5])
    d.add_argument("--lang", choices=["lv", "en", "ru"], default="en")
    d.add_argument("--theme", default="classic")
    d.add_argument("--size", default="1280x720")
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--screenshots", metavar="DIR")
    d.add_argument("--scene", default="table",
                   help="table (default), menu, new-game, settings; rules-guide, tutorial, "
                   "gallery (every page, step or deck, with --screenshots)")
    d.add_argument("--continue", dest="cont", action="store_true",
                   help="resume the match saved in --data-dir where it stood")
    d.add_argument("--data-dir", dest="demo_data_dir",
                   help="save the match there after every action (default: no saving)")
    d.set_defaults(func=_lazy("..ui.demo", "main"))
    return p


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    parser = build_parser(serve="serve" in words)
    args = parser.parse_args(argv)
    if args.command is None:
        from ..ui.launch import run_game

        return run_game(args)
    return args.func(args)
