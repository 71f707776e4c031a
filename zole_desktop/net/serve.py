"""``python -m zole_desktop serve``: a table on the local network with no window.

The same host as the game's "Host a table on this network"; it saves the match after every
action in the data folder (``net-table.json``) and takes it up again where it stood when
started again with the same data folder.
"""

from __future__ import annotations

import argparse
import gc
import json
import logging
import signal
import sys
import threading
from pathlib import Path

from .. import storage
from ..rules.options import OptionError, Rules
from .discovery import DEFAULT_PORT
from .host import Host, TableSpec, parse_seats

log = logging.getLogger(__name__)

SAVE_NAME = "net-table.json"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--address", default="127.0.0.1",
                   help="the address to listen on: this computer's address on your local "
                   "network, e.g. 192.168.1.20 (default 127.0.0.1: this computer only)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"the port (default {DEFAULT_PORT}; 0 picks a free one)")
    p.add_argument("--name", default="Zole", help="the table's name, as others see it")
    p.add_argument("--seats", default="human,human,bot:normal",
                   help="3 to 5 seats: human, bot or bot:LEVEL (random, easy, normal, "
                   "strong, master), e.g. human,human,bot:strong")
    p.add_argument("--code", help="the 4-digit join code (default: a random one)")
    p.add_argument("--hands", type=int, default=12, help="hands in the match (0: no limit)")
    p.add_argument("--serious", action="store_true", help="no undo at this table")
    p.add_argument("--rule", action="append", default=[], metavar="OPTION=VALUE",
                   help="a table option, e.g. all_pass=galdins (repeatable)")
    p.add_argument("--grace", type=float, default=120.0,
                   help="seconds a dropped person's seat waits before a bot takes it "
                   "(default 120; 0: never)")
    p.add_argument("--seed", type=int, help="the deal's seed (default: random)")
    p.add_argument("--new", action="store_true",
                   help="start a new match even if one is saved in the data folder")
    p.add_argument("--no-save", action="store_true", help="do not save the match")
    p.add_argument("--no-announce", action="store_true",
                   help="do not announce the table on the network (join by address)")
    p.add_argument("--json", action="store_true", help="each table as a JSON line")
    p.add_argument("--tables", type=int, default=1, help=argparse.SUPPRESS)  # bench net


def _rules(items: list[str]) -> Rules:
    data: dict[str, object] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise OptionError(f"rule {item!r}: use OPTION=VALUE")
        data[key.strip()] = {"true": True, "false": False}.get(value.strip().lower(),
                                                             value.strip())
    return Rules.from_dict(data)


def setup_logging() -> None:
    """The host's lines (INFO and up) on stderr.  The websockets library's own INFO lines
    ("connection open", "connection closed": two per connection, which any stranger can
    open) are left out: the host's lines about connections are rate-limited instead."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s",
                        stream=sys.stderr)
    logging.getLogger("websockets").setLevel(logging.WARNING)


def main(args: argparse.Namespace) -> int:
    setup_logging()
    try:
        seats = parse_seats(args.seats)
        rules = _rules(args.rule)
        if args.code is not None and not (len(args.code) == 4 and args.code.isdigit()):
            raise ValueError("the join code is 4 digits")
        if not 1 <= args.tables <= 500:
            raise ValueError("--tables is 1 to 500")
        if not 0 <= args.hands <= 10_000:
            raise ValueError("--hands is 0 to 10000")
    except ValueError as e:
        print(f"serve: {e}", file=sys.stderr)
        return 2
    if getattr(args, "data_dir", None):
        storage.set_data_dir(Path(args.data_dir))
    if not args.no_save:
        try:  # a killed host leaves its saves' temporary files behind
            storage.clean_stale_temps()
        except OSError as e:
            log.warning("the data folder cannot be used: %s", e.strerror or e)
    host = Host(args.address, args.port, announce=not args.no_announce)
    for i in range(args.tables):
        save_to = None
        if not args.no_save:
            save_to = storage.data_dir() / (SAVE_NAME if args.tables == 1 else
                                            f"net-table-{i + 1}.json")
            if args.new:
                try:
                    save_to.unlink(missing_ok=True)
                except OSError as e:  # a read-only folder: a new match all the same
                    log.warning("--new: the save %s could not be removed (%s); a new match "
                                "begins all the same", save_to, e.strerror or e)
        code = None
        if args.code is not None:
            code = f"{(int(args.code) + i) % 10_000:04d}"
        name = args.name if args.tables == 1 else f"{args.name} {i + 1}"
        host.add_table(TableSpec(name=name[:40], seats=list(seats), rules=rules,
                                 length=args.hands, serious=args.serious, seed=args.seed,
                                 code=code, grace=args.grace or None, save_to=save_to,
                                 fresh=args.new))
    # the tables as set up (resumed matches, the rules, the modules) go to the collector's
    # permanent generation: its full passes no longer scan them between two actions.
    # bench net --tables 50: p95 12.1, 13.1, 14.7 ms (max 21-37) against 14.8-30.2 ms
    # (max 51-162) in five runs without
    gc.collect()
    gc.freeze()
    try:
        host.start()
    except OSError as e:
        print(f"serve: cannot listen on {args.address}:{args.port}: {e.strerror or e}",
              file=sys.stderr)
        return 1
    for t in host.tables.values():
        if args.json:
            print(json.dumps({"table": t.name, "code": t.code, "address": host.address,
                              "port": host.port, "hand": t.session.hand_number}), flush=True)
        else:
            print(f"Table {t.name!r}: join code {t.code}, at {host.address}:{host.port}, "
                  f"hand {t.session.hand_number} of {t.session.length or 'no limit'}",
                  flush=True)
    stop = threading.Event()

    def _stop(_sig: int, _frame: object) -> None:
        stop.set()

    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    while not stop.wait(0.5):
        if host._thread is not None and not host._thread.is_alive():
            break
    host.stop()
    return 0
