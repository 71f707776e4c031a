"""``python -m zole_desktop solve FILE [--hand N]``: double-dummy analysis of a recorded hand.

With all cards open from the first lead (after the burial), prints the card points the
declarer can force, and at every card decision of the record the best card(s) and how many
points the card actually played gave away against the double-dummy value.
"""

from __future__ import annotations

import errno
import sys

from ..bots.solver import Solver
from ..rules.cards import CARD_NAMES, cards_of, points_of
from ..rules.deal import next_dealer
from ..rules.match import Match
from ..rules.record import (
    MAX_BYTES,
    RecordError,
    build_hand,
    parse_json,
    play_hand,
    read_header,
)
from ..rules.settlement import DARK, TAKE, ZOLE
from ..rules.state import BIDDING, BURYING, PLAYING, SURRENDER, HandState
from ..storage import read_regular


def _load(path: str, hand_no: int) -> tuple[HandState, dict]:
    try:
        data = parse_json(read_regular(path, MAX_BYTES))
    except OSError as e:
        if e.errno == errno.EFBIG:
            raise RecordError(1, f"the record is larger than {MAX_BYTES // (1024 * 1024)} MB"
                              ) from None
        raise RecordError(1, f"cannot read {path}: {e.strerror or e}") from None
    players, rules, hands = read_header(data)
    if not 1 <= hand_no <= len(hands):
        raise RecordError(hand_no, f"the record holds {len(hands)} hand(s)")
    match = Match(players=players, rules=rules)
    expected = None
    state = None
    for i, h in enumerate(hands[:hand_no]):
        n = i + 1
        state = build_hand(n, match, h, expected)
        start = state.copy()
        play_hand(n, state, h)
        match.finish(state)
        expected = next_dealer(players, state.dealer)
        if n == hand_no:
            return start, h
    raise RecordError(hand_no, "no such hand")  # pragma: no cover


def analyse(start: HandState, h: dict) -> list[str]:
    from ..rules.cards import CARD_INDEX
    from ..rules.state import BID_BY_NAME

    st = start
    for b in h.get("bids") or []:
        st.apply(BID_BY_NAME[b])
    if st.phase == BURYING:
        for c in h.get("discard") or []:
            st.apply(CARD_INDEX[c])
    out: list[str] = []
    if st.phase not in (PLAYING,) or st.contract not in (TAKE, ZOLE, DARK):
        out.append(f"contract: {st.contract}; the solver analyses ordinary games and zoles "
                   "(a declarer against two defenders)")
        return out
    d = st.declarer
    dseat = st.seats[d]
    buried = points_of(st.buried) if st.contract == TAKE else 0
    solver = Solver(st.hands, d)
    v0 = solver.value(0, ())
    total = v0 + buried
    out.append(f"contract: {st.contract} by seat {dseat}" +
               (f", buried {' '.join(CARD_NAMES[c] for c in cards_of(st.buried))} "
                f"({buried} points)" if st.contract == TAKE else ""))
    out.append(f"double-dummy from the first lead: the declarer takes {total} card points, "
               f"the defenders {120 - total}")
    out.append(f"{'#':>3} {'trick':>5} {'seat':>4} {'role':<9} {'played':>6} {'best':<18} "
               f"{'value':>5} {'lost':>4}")
    plays = [CARD_INDEX[c] for c in h.get("play") or []]
    for i, c in enumerate(plays):
        pos = st.turn
        seat = st.seats[pos]
        trick = list(zip(st.trick_pos, st.trick, strict=True))
        solver.hands = list(st.hands)
        vals = solver.move_values(pos, trick)
        is_decl = pos == d
        best_v = max(vals.values()) if is_decl else min(vals.values())
        best = [x for x, val in vals.items() if val == best_v]
        got = vals[c]
        lost = (best_v - got) if is_decl else (got - best_v)
        role = "declarer" if is_decl else "defender"
        mark = "" if lost == 0 else f"{lost:>4}"
        out.append(f"{i + 1:>3} {len(st.completed) + 1:>5} {seat:>4} {role:<9} "
                   f"{CARD_NAMES[c]:>6} {' '.join(CARD_NAMES[x] for x in sorted(best)):<18} "
                   f"{st.points_won[d] + buried + best_v:>5} {mark:>4}")
        st.apply(c)
    if h.get("surrender"):
        out.append("the declarer surrendered")
        st.apply(SURRENDER)
    r = st.result()
    assert r.declarer_points is not None, "take, zole and dark count the declarer's points"
    out.append(f"result: the declarer took {r.declarer_points} card points "
               f"({r.declarer_points - total:+d} against the double-dummy value)")
    return out


def main(args) -> int:
    try:
        start, h = _load(args.file, args.hand)
    except RecordError as e:
        print(str(e).replace("\n", " "), file=sys.stderr)
        return 2
    if start.phase != BIDDING:  # pragma: no cover - build_hand returns a fresh deal
        print(f"hand {args.hand}: not a fresh deal", file=sys.stderr)
        return 2
    for line in analyse(start, h):
        print(line)
    return 0
