"""Every action of a hand but a played card: a bid (and what it starts), a buried card, the
declarer's surrender, and the refusal of anything else with its reason.  :meth:`HandState.apply`
plays the cards itself, on its fast path, and hands the rest to :func:`apply_other`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cards as C
from .actions import (
    BID_NAMES,
    BIDDING,
    BURYING,
    CONTRACT_OF_BID,
    DARK_BID,
    DONE,
    MAZA_BID,
    PASS,
    PLAYING,
    SURRENDER,
    TAKE_BID,
    IllegalAction,
    action_name,
)
from .settlement import DARK, GALDINS, PASSED, TAKE, ZOLE

if TYPE_CHECKING:
    from .state import HandState


def apply_other(state: HandState, action: int) -> None:
    """Apply ``action``, not a card played, for the seat to move (IllegalAction if the rules
    do not allow it now)."""
    phase = state.phase
    if phase == DONE:
        raise IllegalAction("the hand is over", "over")
    seat = state.seats[state.turn]
    if action == SURRENDER:
        if not state.rules.surrender:
            raise IllegalAction("surrender is not allowed at this table", "surrender")
        if state.contract not in (TAKE, ZOLE, DARK) or phase != PLAYING:
            raise IllegalAction("only the declarer of an ordinary game or a zole may "
                                "surrender, once play has begun", "surrender")
        if state.trick or len(state.completed) > 2:
            raise IllegalAction("the declarer may surrender only before the third "
                                "trick is led", "surrender")
        state.surrendered = True
        state.phase = DONE
        state.history = (state.history, (state.seats[state.declarer], SURRENDER))
        return
    if phase == BIDDING:
        if action not in BID_NAMES:
            raise IllegalAction(f"seat {seat} must bid, not play a card", "bid")
        if action == MAZA_BID and not state.rules.maza_zole:
            raise IllegalAction("mazā zole is not allowed at this table", "bid")
        if action == DARK_BID and not state.rules.zole_in_dark:
            raise IllegalAction("zole in the dark is not allowed at this table", "bid")
        state.bids = state.bids + (action,)
        state.history = (state.history, (seat, action))
        if action != PASS:
            state.declarer = state.turn
            state.contract = CONTRACT_OF_BID[action]
            if action == TAKE_BID:
                state.hands[state.turn] |= C.mask_of(state.talon_cards)
                state.phase = BURYING
            else:
                state._start_play()
            return
        if len(state.bids) == 3:
            if state.rules.all_pass == "galdins":
                state.contract = GALDINS
                state._start_play()
                if state.rules.galdins_talon == "lead":
                    state._talon_leads()
            else:
                state.contract = PASSED
                state.phase = DONE
            return
        state.turn += 1
        return
    if phase == BURYING:
        if not 0 <= action < 26:
            raise IllegalAction(f"seat {seat} must bury a card", "bury")
        hand = state.hands[state.turn]
        if not hand >> action & 1:
            raise IllegalAction(f"seat {seat} cannot bury {C.CARD_NAMES[action]}: "
                                "not among the cards held", "bury")
        state.hands[state.turn] = hand ^ (1 << action)
        state.buried |= 1 << action
        state.history = (state.history, (seat, action))
        if state.buried.bit_count() == 2:
            state._start_play()
        return
    if phase == PLAYING:
        raise IllegalAction(f"seat {seat} must play a card, not "
                            f"{action_name(action) if action < 32 else action}")
    raise IllegalAction(f"unknown action {action}")
