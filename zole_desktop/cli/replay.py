"""``python -m zole_desktop replay [--json] FILE``: check and settle a ``zole-match/1`` record.

Prints the score sheet (or the settlement as JSON); a record that is malformed or breaks a
rule is refused with one ``hand N: ...`` line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import errno
import json
import sys

from ..rules.record import MAX_BYTES, RecordError, replay_text, score_sheet_text
from ..storage import read_regular
from . import EXIT_BAD_INPUT


def main(args: argparse.Namespace) -> int:
    try:
        try:
            data = read_regular(args.file, MAX_BYTES)
        except OSError as e:
            if e.errno == errno.EFBIG:
                raise RecordError(1, f"the record is larger than {MAX_BYTES // (1024 * 1024)}"
                                  " MB") from None
            raise
        rep = replay_text(data)
    except RecordError as e:
        print(str(e).replace("\n", " "), file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as e:
        print(f"hand 1: cannot read {args.file}: {e.strerror or e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        print(json.dumps(rep.to_json()))
    else:
        print(score_sheet_text(rep))
    return 0
