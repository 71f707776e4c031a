"""Finishing a hand early when the rest is certain (the setting ``finish_early``: never, ask,
always).

At the start of a trick the rules core says whether every remaining trick goes the same way
whatever anyone plays (:func:`~zole_desktop.flow.certain.rest_is_certain`).  "ask" offers a
button (F) at my turn; "always" finishes at once.  The rest is then played out quickly,
card by card, through the director, as any card is: the match record keeps every card
played (``zole-match/1`` holds only played cards) and the rules core settles the hand.
Offered at an offline table of a person against bots, not in the guided game.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ...flow.certain import rest_is_certain, rest_of_hand
from ...flow.director import Director
from ...i18n import N_, NC_, _
from ...rules.state import HandState
from .buttons import TableButton, place
from .commands import Choose
from .conditions import Condition, Saved, Settle

if TYPE_CHECKING:
    from .scene import TableScene

Script = Generator[Condition, Any, Any]

log = logging.getLogger(__name__)

FINISH = -3  # the person's answer when they finish the hand
LABEL = N_("Finish the hand (F)")
MODE_LABELS = {"never": NC_("finish a hand early", "Never"),
               "ask": NC_("finish a hand early", "Ask"),
               "always": NC_("finish a hand early", "Always")}
CARD_GAP = 0.06  # seconds between the cards played out
TRICK_GAP = 0.2  # seconds a played-out trick stays

# a table: (its hand's actions so far, the rest certain then)
_checked: weakref.WeakKeyDictionary[TableScene, tuple[int, bool]] = weakref.WeakKeyDictionary()


def mode(t: TableScene) -> str:
    """The setting where finishing early is offered at this table, else "never"."""
    if t.human is None or t.coach is not None or t.demo or t.app is None:
        return "never"
    if type(t.director) is not Director:  # a network table: the others play their cards
        return "never"
    st = t.state
    if st is None or any(s != t.human and s not in t.session.bots for s in st.seats):
        return "never"
    choice = str(getattr(t.app.settings, "finish_early", "ask"))
    return choice if choice in MODE_LABELS else "ask"


def certain_now(t: TableScene, state: HandState) -> bool:
    """The rest of the hand is certain now (worked out once a position)."""
    if mode(t) == "never":
        return False
    n = len(state.actions())
    hit = _checked.get(t)
    if hit is not None and hit[0] == n:
        return hit[1]
    sure = rest_is_certain(state)
    _checked[t] = (n, sure)
    if sure:
        log.info("the rest of hand %d is certain after %d tricks", t.hand_no,
                 len(state.completed))
    return sure


def offer(t: TableScene) -> None:
    """At my turn, when the rest is certain and the setting asks: the Finish button."""
    st = t.state
    if st is None or mode(t) != "ask" or not certain_now(t, st):
        return
    t.buttons.append(TableButton(LABEL, lambda: choose(t), primary=True))
    t.button_actions.append(None)
    place(t)


def offered(t: TableScene) -> bool:
    return any(b.label == LABEL for b in t.buttons)


def choose(t: TableScene) -> None:
    if t.waiting_for() == "play" and offered(t):
        t.commands.give(Choose(FINISH))


def play_out(t: TableScene, state: HandState) -> Script:
    """The rest of the hand, every card through the director, quickly."""
    d, v = t.director, t.view
    t.say(_("The rest of the hand is certain: its cards are played out."), 2.5)
    for seat, card in rest_of_hand(state):
        applied = d.act(seat, card)
        if applied is None:  # (the rules core refused it: cannot happen for a legal card)
            log.error("playing out: seat %d card %d was refused", seat, card)
            return
        yield Saved()
        v.play(seat, card, applied.trick)
        t.relayout(dur=0.12)
        t.slide_sound()
        yield t.wait(CARD_GAP)
        if applied.trick is not None:
            yield Settle()
            yield t.wait(TRICK_GAP)
            v.sweep(applied.trick)
            v.sync_table_cards(state)
            t.relayout(dur=0.18)
            yield Settle()
