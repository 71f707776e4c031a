"""The order of the cards in my hand, from the settings: trumps first or last, the plain
suits one after another (♣ ♠ ♥) or alternating colours (♣ ♥ ♠), high to low or low to high.
Applied whenever the table is laid out (so a change in the settings shows at once)."""

from __future__ import annotations

from collections.abc import Callable

from ...i18n import NC_
from ...rules.cards import CLUBS, HEARTS, SPADES, SUIT_OF, TRUMP_BASE

TRUMP_LABELS = {"first": NC_("trumps in the hand", "First"),
                "last": NC_("trumps in the hand", "Last")}
SUIT_LABELS = {"suits": NC_("plain suits in the hand", "♣ ♠ ♥"),
               "alternate": NC_("plain suits in the hand", "♣ ♥ ♠ (colours alternate)")}
DIRECTION_LABELS = {"down": NC_("cards in the hand", "High to low"),
                    "up": NC_("cards in the hand", "Low to high")}

_SUIT_PLACES = {"suits": {CLUBS: 0, SPADES: 1, HEARTS: 2},
                "alternate": {CLUBS: 0, HEARTS: 1, SPADES: 2}}


def hand_key(trumps: str = "first", suits: str = "suits",
             direction: str = "down") -> Callable[[int], tuple[int, int]]:
    """The sort key of a card in the hand for these choices (the default is the order of
    :func:`~zole_desktop.rules.cards.sort_for_hand`)."""
    places = _SUIT_PLACES.get(suits, _SUIT_PLACES["suits"])
    trump_place = 4 if trumps == "last" else -1
    sign = 1 if direction == "up" else -1

    def key(c: int) -> tuple[int, int]:
        group = trump_place if c >= TRUMP_BASE else places[SUIT_OF[c]]
        return group, sign * c

    return key


def key_for(settings) -> Callable[[int], tuple[int, int]]:
    """The key for the player's settings."""
    return hand_key(getattr(settings, "sort_trumps", "first"),
                    getattr(settings, "sort_suits", "suits"),
                    getattr(settings, "sort_direction", "down"))
