"""``python -m zole_desktop replay [--json] FILE``: check and settle a ``zole-match/1`` record.

Prints the score sheet (or the settlement as JSON); a record that is malformed or breaks a
rule is refused with one ``hand N: ...`` line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..records.load import read_record
from ..rules.record import RecordError, replay, score_sheet_text
from . import EXIT_BAD_INPUT


def main(args: argparse.Namespace) -> int:
    try:
        rep = replay(read_record(args.file))
    except RecordError as e:
        print(str(e).replace("\n", " "), file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        print(json.dumps(rep.to_json()))
    else:
        print(score_sheet_text(rep))
    return 0
