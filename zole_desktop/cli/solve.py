"""``python -m zole_desktop solve FILE [--hand N]``: double-dummy analysis of a recorded hand.

With all cards open from the first lead (after the burial), prints the card points the
declarer can force, and at every card decision of the record the best card(s) and how many
points the card actually played gave away against the double-dummy value.  The analysis is
the hand review's (:func:`zole_desktop.records.review.analyse_cards`), with the best cards
worked out at every card.
"""

from __future__ import annotations

import argparse
import sys

from ..records.load import load_hand
from ..records.review import ANALYSED_CONTRACTS, analyse_cards, walk
from ..rules.cards import CARD_NAMES, cards_of, points_of
from ..rules.record import RecordError
from ..rules.settlement import TAKE
from ..rules.state import HandState
from . import EXIT_BAD_INPUT


def analyse(state: HandState) -> list[str]:
    """The report on a finished hand, line by line."""
    w = walk(state)
    out: list[str] = []
    if w.at_lead is None or state.contract not in ANALYSED_CONTRACTS:
        out.append(f"contract: {state.contract}; the solver analyses ordinary games and zoles "
                   "(a declarer against two defenders)")
        return out
    st = w.at_lead
    buried = points_of(st.buried) if st.contract == TAKE else 0
    a = analyse_cards(st, [c for _s, c in w.plays], every_best=True)
    assert a.dd_value is not None, "an analysis without a limit always finishes"
    total = a.dd_value
    out.append(f"contract: {st.contract} by seat {st.seats[st.declarer]}" +
               (f", buried {' '.join(CARD_NAMES[c] for c in cards_of(st.buried))} "
                f"({buried} points)" if st.contract == TAKE else ""))
    out.append(f"double-dummy from the first lead: the declarer takes {total} card points, "
               f"the defenders {120 - total}")
    out.append(f"{'#':>3} {'trick':>5} {'seat':>4} {'role':<9} {'played':>6} {'best':<18} "
               f"{'value':>5} {'lost':>4}")
    for n in a.notes:
        role = "declarer" if n.declarer_side else "defender"
        mark = "" if n.lost == 0 else f"{n.lost:>4}"
        out.append(f"{n.index + 1:>3} {n.trick:>5} {n.seat:>4} {role:<9} "
                   f"{CARD_NAMES[n.card]:>6} {' '.join(CARD_NAMES[x] for x in n.best):<18} "
                   f"{n.before:>5} {mark:>4}")
    if w.surrendered:
        out.append("the declarer surrendered")
    r = state.result()
    assert r.declarer_points is not None, "take, zole and dark count the declarer's points"
    out.append(f"result: the declarer took {r.declarer_points} card points "
               f"({r.declarer_points - total:+d} against the double-dummy value)")
    return out


def main(args: argparse.Namespace) -> int:
    try:
        state = load_hand(args.file, args.hand)
    except RecordError as e:
        print(str(e).replace("\n", " "), file=sys.stderr)
        return EXIT_BAD_INPUT
    for line in analyse(state):
        print(line)
    return 0
