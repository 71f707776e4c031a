"""Cards of the 26-card Zole deck, as small integers and bit sets.

Every card is an integer 0..25 ordered so that, within the plain suits and within the
trumps, a higher number is a stronger card, and all 14 trumps rank above every plain card:

    0..3    ♣ 9 K 10 A          (plain clubs)
    4..7    ♠ 9 K 10 A          (plain spades)
    8..11   ♥ 9 K 10 A          (plain hearts)
    12..25  ♦7 ♦8 ♦9 ♦K ♦10 ♦A ♦J ♥J ♠J ♣J ♦Q ♥Q ♠Q ♣Q   (trumps, low to high)

A set of cards is a 26-bit integer.  Deciding a trick is then a comparison of numbers.
The text notation is rank ``A T K Q J 9 8 7`` followed by suit ``C S H D`` (``QC``, ``TD``).
"""

from __future__ import annotations

from collections.abc import Iterable

NUM_CARDS = 26
FULL_DECK = (1 << NUM_CARDS) - 1

CLUBS, SPADES, HEARTS, TRUMPS = 0, 1, 2, 3
SUIT_NAMES = ("clubs", "spades", "hearts", "trumps")

CARD_NAMES: tuple[str, ...] = (
    "9C", "KC", "TC", "AC",
    "9S", "KS", "TS", "AS",
    "9H", "KH", "TH", "AH",
    "7D", "8D", "9D", "KD", "TD", "AD",
    "JD", "JH", "JS", "JC",
    "QD", "QH", "QS", "QC",
)  # fmt: skip
CARD_INDEX: dict[str, int] = {name: i for i, name in enumerate(CARD_NAMES)}

_RANK_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
POINTS: tuple[int, ...] = tuple(_RANK_POINTS[n[0]] for n in CARD_NAMES)
TOTAL_POINTS = sum(POINTS)  # 120

TRUMP_BASE = 12
SUIT_MASKS: tuple[int, ...] = (0xF, 0xF0, 0xF00, FULL_DECK & ~0xFFF)
TRUMP_MASK = SUIT_MASKS[TRUMPS]
PLAIN_MASK = 0xFFF

# suit (following-suit class) of each card: queens and jacks are trumps, not their printed suit
SUIT_OF: tuple[int, ...] = tuple(c >> 2 if c < TRUMP_BASE else TRUMPS for c in range(NUM_CARDS))
# for each card, the mask of cards that follow it
FOLLOW_MASK: tuple[int, ...] = tuple(SUIT_MASKS[SUIT_OF[c]] for c in range(NUM_CARDS))

# printed rank and printed suit (for drawing and for the first-dealer draw)
RANK_OF: tuple[str, ...] = tuple(n[0] for n in CARD_NAMES)
PRINTED_SUIT: tuple[str, ...] = tuple(n[1] for n in CARD_NAMES)

# the trump ladder from highest to lowest, as the rules list it
TRUMP_LADDER: tuple[int, ...] = tuple(range(NUM_CARDS - 1, TRUMP_BASE - 1, -1))

# points of every 12/14-bit chunk, for quick counting of a set: split a mask into bytes
_BYTE_POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(POINTS[8 * k + b] for b in range(8) if (v >> b) & 1 and 8 * k + b < NUM_CARDS)
          for v in range(256))
    for k in range(4)
)


class CardError(ValueError):
    """A card name that is not one of the 26 cards."""


def card(name: str) -> int:
    """The card with the given notation (``"QC"``), case-insensitive; 10 may be written ``10``."""
    if not isinstance(name, str):
        raise CardError(f"not a card: {name!r}")
    key = name.strip().upper()
    if key.startswith("10"):
        key = "T" + key[2:]
    try:
        return CARD_INDEX[key]
    except KeyError:
        raise CardError(f"not a card: {name!r}") from None


def name(c: int) -> str:
    return CARD_NAMES[c]


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """The cards in a set, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def names_of(mask: int) -> list[str]:
    return [CARD_NAMES[c] for c in cards_of(mask)]


def points_of(mask: int) -> int:
    bp = _BYTE_POINTS
    return (bp[0][mask & 0xFF] + bp[1][(mask >> 8) & 0xFF] + bp[2][(mask >> 16) & 0xFF]
            + bp[3][(mask >> 24) & 0xFF])


def is_trump(c: int) -> bool:
    return c >= TRUMP_BASE


def beats(challenger: int, best: int) -> bool:
    """Does ``challenger`` beat the card ``best`` that currently wins a trick?

    A trump beats any plain card and a lower trump; a plain card beats only a lower card of the
    same suit.  Because trumps are numbered above plain cards, this is one comparison plus a
    suit check.
    """
    return challenger > best and (challenger >= TRUMP_BASE or SUIT_OF[challenger] == SUIT_OF[best])


BEATS: tuple[tuple[bool, ...], ...] = tuple(
    tuple(beats(c, best) for c in range(NUM_CARDS)) for best in range(NUM_CARDS))
"""``BEATS[best][c]``: does ``c`` beat ``best`` (the trick's card so far)?  The trick rule
of :func:`beats` as a table, for the searchers' inner loops (a lookup, no call)."""


def trick_winner_index(cards: list[int] | tuple[int, ...]) -> int:
    """Index in ``cards`` (in the order played, the lead first) of the card that wins."""
    best = cards[0]
    bi = 0
    for i in range(1, len(cards)):
        c = cards[i]
        if c > best and (c >= TRUMP_BASE or SUIT_OF[c] == SUIT_OF[best]):
            best = c
            bi = i
    return bi


def sort_for_hand(cards: Iterable[int]) -> list[int]:
    """Cards as a player holds them: trumps first from the highest, then ♣, ♠, ♥ high to low."""
    return sorted(cards, key=lambda c: (0 if c >= TRUMP_BASE else 1 + SUIT_OF[c], -c))


def draw_strength(c: int) -> int:
    """Strength for the first-dealer draw: trumps by the ladder; plain cards by rank only, so
    that equal ranks of different plain suits tie (no suit outranks another)."""
    if c >= TRUMP_BASE:
        return 100 + c
    return c & 3


def parse_cards(names: Iterable[str]) -> list[int]:
    return [card(n) for n in names]
