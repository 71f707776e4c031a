"""What the lessons share: a coach's step, the solver's best cards for the player to move,
and who is winning the trick on the table."""

from __future__ import annotations

from ..rules import cards as C
from ..rules.state import HandState
from .tutorial import Step, best_cards, card_values

__all__ = ["Step", "best_cards", "best_so_far", "card_values", "pos_of"]


def pos_of(state: HandState, seat: int) -> int:
    """The seat's position in the hand (0 is forehand)."""
    return state.seats.index(seat)


def best_so_far(state: HandState) -> tuple[int, int]:
    """(position, card) of the card winning the trick on the table (not empty)."""
    who, best = state.trick_pos[0], state.trick[0]
    for p, c in zip(state.trick_pos[1:], state.trick[1:], strict=True):
        if C.beats(c, best):
            who, best = p, c
    return who, best
