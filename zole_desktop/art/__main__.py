"""Command line: ``python -m zole_desktop.art build [--only THEME] [--out DIR]``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .build import THEME_IDS, build_theme


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m zole_desktop.art",
                                 description="Generate the card themes in art/themes/.")
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="render the faces, back, felt and theme.toml")
    b.add_argument("--only", choices=THEME_IDS, action="append",
                   help="build only this theme (may be repeated)")
    b.add_argument("--out", type=Path, help="write into DIR/<id>/ instead of art/themes/")
    args = ap.parse_args(argv)
    for theme_id in args.only or THEME_IDS:
        build_theme(theme_id, args.out / theme_id if args.out else None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
