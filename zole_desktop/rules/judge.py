"""The judge of a hand (in RLCard's game/round/judger split): what a finished hand came to,
its settlement, and what one seat may know at any moment.  Pure: it reads a
:class:`~.state.HandState` and changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cards as C
from .actions import DONE, SURRENDER, HandResult, IllegalAction, Observation
from .settlement import (
    DARK,
    GALDINS,
    LOSS_31,
    MAZA,
    MAZA_LOSS,
    MAZA_WIN,
    PASSED,
    TAKE,
    ZOLE,
    Settlement,
    band,
    contract_value,
    settle_contract,
    settle_galdins,
    settle_passed,
)

if TYPE_CHECKING:
    from .state import HandState


def hand_result(state: HandState) -> HandResult:
    """What the finished hand came to: the contract, the declarer's points and tricks, the
    value and the band (IllegalAction before the hand is over)."""
    if state.phase != DONE:
        raise IllegalAction("the hand is not over")
    contract = state.contract
    assert contract is not None, "a hand ends only after a contract is set (passed too)"
    tricks = tuple(state.tricks_won)
    points = list(state.points_won)
    if contract in (PASSED, GALDINS):
        return HandResult(contract, None, None, None, False, tricks, tuple(points), 0, None)
    d = state.declarer
    if contract == TAKE:
        points[d] += C.points_of(state.buried)
    dp = points[d]
    dt = tricks[d]
    if contract == MAZA:
        value = MAZA_WIN if dt == 0 else MAZA_LOSS
        return HandResult(contract, state.seats[d], None, dt, False, tricks, tuple(points),
                          value, None)
    b = LOSS_31 if state.surrendered else band(dp, dt)
    value = contract_value(contract, b, state.rules)
    return HandResult(contract, state.seats[d], dp, dt, state.surrendered, tricks,
                      tuple(points), value, b)

def settle_hand(state: HandState) -> Settlement:
    """Game points for every seat, and the pools after this hand."""
    r = hand_result(state)
    if r.contract == PASSED:
        return settle_passed(state.players, state.pools)
    if r.contract == GALDINS:
        return settle_galdins(state.players, state.seats, list(r.tricks), list(r.points),
                              state.rules, state.pools)
    assert r.declarer is not None, "every contract but passed and galdiņš has a declarer"
    return settle_contract(state.players, state.seats, r.declarer, r.contract, r.value,
                           state.rules, state.pools)

def side_points(state: HandState, tricks: int | None = None,
                buried_known: bool = False) -> tuple[int, int]:
    """The declarer's and the defenders' card points as the table may show them: those in
    the first ``tricks`` finished tricks (all by default), and the buried cards for the
    declarer when ``buried_known`` (the declarer knows them).  Once the hand is over, the
    totals the settlement counts (:func:`hand_result`): the buried cards the declarer's and
    every other card, the zole talon too, the defenders'."""
    d = state.declarer_seat
    if d is None:
        return 0, 0
    if state.phase == DONE and tricks is None:
        dp = hand_result(state).declarer_points or 0
        return dp, C.TOTAL_POINTS - dp
    done = state.completed if tricks is None else state.completed[:tricks]
    dp = sum(t.points for t in done if t.winner == d)
    op = sum(t.points for t in done if t.winner != d)
    if buried_known and state.contract == TAKE:
        dp += C.points_of(state.buried)
    return dp, op


def surrender_settlement(state: HandState) -> Settlement:
    """What giving up now would settle: the game points for every seat if the declarer
    surrendered at this moment (``state`` is left as it is)."""
    if not state.can_surrender():
        raise IllegalAction("the declarer may not give up now")
    after = state.copy()
    after.apply(SURRENDER)
    return settle_hand(after)


def observation_of(state: HandState, seat: int) -> Observation:
    """What ``seat`` may know of ``state``: never another seat's hidden cards."""
    active = seat in state.seats
    pos = state.seats.index(seat) if active else -1
    done = state.phase == DONE
    talon: tuple[int, ...] = ()
    buried: tuple[int, ...] = ()
    if state.contract == TAKE and pos == state.declarer:
        talon = state.talon_cards
        buried = tuple(C.cards_of(state.buried))
    elif done and state.contract in (TAKE, ZOLE, DARK):
        talon = state.talon_cards
        buried = tuple(C.cards_of(state.buried))
    elif state.contract == GALDINS:
        talon = state.talon_cards[:state.talon_next]
    bids = tuple((state.seats[i], b) for i, b in enumerate(state.bids))
    my_turn = not done and pos == state.turn
    legal = tuple(state.legal_actions()) if my_turn else ()
    return Observation(
        seat=seat, players=state.players, dealer=state.dealer, seats=state.seats,
        sitting_out=state.sitting_out, rules=state.rules, phase=state.phase,
        current_seat=state.current_seat,
        hand=tuple(C.sort_for_hand(C.cards_of(state.hands[pos]))) if active else (),
        bids=bids, declarer=state.declarer_seat, contract=state.contract,
        talon=talon, buried=buried,
        trick=state.current_trick(),
        tricks=state.completed,
        tricks_won={state.seats[i]: state.tricks_won[i] for i in range(3)},
        points_won={state.seats[i]: state.points_won[i] for i in range(3)},
        legal=legal,
        can_surrender=(pos == state.declarer and state.can_surrender()),
        pools=state.pools,
    )
