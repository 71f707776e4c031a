"""``python -m zole_desktop arena``: duplicate matches between bot levels.

The engine (seatings, the double-dummy check, the report) is ``bots/measure/arena.py``; this module
reads the flags, runs it and prints the report (and with ``--json`` the figures as JSON).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..bots.measure.arena import parse_rules, report_text, run
from . import EXIT_BAD_INPUT


def main(args: argparse.Namespace) -> int:
    bots = [b.strip() for b in str(args.bots).split(",") if b.strip()]
    if args.hands < 1:
        print("arena: --hands must be at least 1", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        if len(set(bots)) != len(bots) or not 1 <= len(bots) <= 3:
            raise ValueError("give 1 to 3 distinct bot levels, e.g. --bots strong,normal,easy")
        rules = parse_rules(getattr(args, "rules", None))
        log = getattr(args, "log", None)
        rep = run(args.hands, args.seed, bots, max(1, args.jobs), progress=True,
                  players=getattr(args, "players", 3), rules=rules,
                  log=Path(log) if log else None, clock=getattr(args, "clock", "wall"),
                  galdins_only=getattr(args, "galdins_only", False))
    except OSError as e:
        print(f"arena: {e.filename}: {e.strerror or e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except ValueError as e:
        print(f"arena: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(report_text(rep))
    if args.json:
        print(json.dumps(rep))
    return 0
