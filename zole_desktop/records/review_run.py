"""The whole after-hand review in one run, in the order of the hand: each bid, the burial,
then every card with all cards open (and, when the burial was named, this deal solved again
with the better pair buried), telling its caller how far it got as it goes.

Pure logic (no pygame): the review scene runs :func:`run` on the hint worker and draws each
:class:`Progress` it reports (the moments found so far, the trick being analysed).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..rules.state import HandState
from . import review as R
from . import review_moments as M

log = logging.getLogger(__name__)

BID_SECONDS = 2.0  # per bid judged (at most BID_LAYOUTS deals; on a busy machine fewer)
BID_WEIGHT = 2  # a bid or the burial counts as this many cards in the progress
BURIAL_WEIGHT = 2


@dataclass(frozen=True)
class Progress:
    """How far the review got: ``done`` from 0 to 1; ``stage`` (``M.BID``, ``M.BURIAL``,
    ``M.CARD``, ``M.BURIAL_DD``, or "" at the end); ``trick`` being analysed (cards) of
    ``tricks``; the moments found so far, costliest first; the cards' notes so far."""

    done: float
    stage: str
    trick: int
    tricks: int
    moments: tuple[M.Moment, ...]
    notes: tuple[R.CardNote, ...] = ()


def run(state: HandState, report: Callable[[Progress], None] | None = None, *,
        budget: float = 20.0, cancel=None, node_limit: int | None = None,
        bid_seconds: float = BID_SECONDS, seed: int = 0) -> R.HandReview:
    """Review a finished hand: the bids, the burial and the cards (``budget`` seconds for
    the cards' double-dummy analysis, ``node_limit`` for its solver), reporting to
    ``report`` after each step.  The review's ``moments`` are what it found, ranked."""
    rv = R.review_hand(state, analyse=False)
    dec = M.decisions(state)
    cards = sum(1 for t in rv.tricks for s, _c in t.plays if s >= 0) if rv.analysable else 0
    burial = dec.burial is not None and rv.contract == "take"
    total = max(1, BID_WEIGHT * len(dec.bids) + (2 * BURIAL_WEIGHT if burial else 0) + cards)
    found: list[M.Moment] = []
    notes: dict[int, R.CardNote] = {}
    units = 0

    def tell(stage: str, trick: int = 0) -> None:
        if report is not None:
            report(Progress(min(1.0, units / total), stage, trick, len(rv.tricks),
                            tuple(M.ranked(found)),
                            tuple(notes[i] for i in sorted(notes))))

    def stopped() -> bool:
        return cancel is not None and cancel.is_set()

    for k, (seat, obs, bid) in enumerate(dec.bids):
        tell(M.BID)
        if stopped():
            break
        try:
            m = M.bid_moment(seat, obs, bid, k, time.perf_counter() + bid_seconds, cancel,
                             seed=seed + k)
        except Exception:  # noqa: BLE001 - the rest of the review still helps
            log.exception("judging a bid in the review failed")
            m = None
        if m is not None:
            found.append(m)
        units += BID_WEIGHT
    if burial and dec.burial is not None and not stopped():
        tell(M.BURIAL)
        seat, obs, pair = dec.burial
        try:
            m = M.burial_moment(seat, obs, pair, len(dec.bids), cancel, seed=seed)
        except Exception:  # noqa: BLE001 - the rest of the review still helps
            log.exception("judging the burial in the review failed")
            m = None
        if m is not None:
            found.append(m)
        units += BURIAL_WEIGHT
    tell(M.CARD, 1)

    def on_note(note: R.CardNote) -> None:
        nonlocal units
        if note.index not in notes:
            units += 1
        notes[note.index] = note
        found[:] = [m for m in found if m.note is None or m.note.index != note.index]
        if note.lost > 0:
            found.append(M.card_moment(rv, note, state.rules))
        tell(M.CARD, min(note.trick + 1, len(rv.tricks)))

    if rv.analysable and not stopped():
        rv = R.review_hand(state, deadline=time.monotonic() + budget, cancel=cancel,
                           node_limit=node_limit, on_note=on_note)
    elif stopped():
        rv.status = R.CANCELLED
    before = [m for m in found if m.kind != M.CARD]
    burial_m = next((m for m in before if m.kind == M.BURIAL), None)
    if burial_m is not None and rv.dd_value is not None and not stopped():
        # the burial in this very deal, with all cards open (one more solve from the lead)
        tell(M.BURIAL_DD)
        at_lead = R.walk(state).at_lead
        if at_lead is not None:
            better = M.dd_with_burial(at_lead, burial_m.better, time.monotonic() + budget / 2,
                                      cancel, node_limit)
            if better is not None:
                before[before.index(burial_m)] = M.burial_in_this_deal(rv, burial_m, better,
                                                                       state.rules)
    rv.moments = M.ranked(before + M.card_moments(rv, state.rules))
    units = total
    found[:] = rv.moments
    notes.update({n.index: n for n in rv.notes})
    tell("")
    return rv


__all__ = ["Progress", "run"]
