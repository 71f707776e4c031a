"""Seats, the first-dealer draw, shuffling, cutting and the deal as a sequence of packets."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import NUM_CARDS, draw_strength

TALON = "talon"


def active_seats(players: int, dealer: int) -> tuple[int, int, int]:
    """The three seats that play a hand, in playing order from forehand (left of the dealer).

    3 people: everyone; 4: the dealer sits out; 5: the dealer and the third player to the
    dealer's left sit out (cards go to the 1st, 2nd and 4th players to the dealer's left).
    """
    if players == 3:
        offsets = (1, 2, 3)
    elif players == 4:
        offsets = (1, 2, 3)
    elif players == 5:
        offsets = (1, 2, 4)
    else:
        raise ValueError(f"a table has 3, 4 or 5 people, not {players}")
    return tuple((dealer + k) % players for k in offsets)  # type: ignore[return-value]


def sitting_out(players: int, dealer: int) -> tuple[int, ...]:
    act = set(active_seats(players, dealer))
    return tuple(s for s in range(players) if s not in act)


def next_dealer(players: int, dealer: int) -> int:
    """The deal passes clockwise (to the left) every hand, passed-out hands included."""
    return (dealer + 1) % players


@dataclass(frozen=True, slots=True)
class Packet:
    """Cards that travel together from the dealer to one place: a seat or the talon."""

    to: int | str  # a seat number, or TALON
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Deal:
    """A shuffled and cut deck dealt out: what each active seat holds and the talon."""

    players: int
    dealer: int
    deck: tuple[int, ...]  # after the cut, top card first
    cut: int  # how many cards were lifted off the top by the cutter
    packets: tuple[Packet, ...]
    hands: dict[int, tuple[int, ...]]  # seat -> 8 cards (active seats only)
    talon: tuple[int, int]


def packet_pattern(pattern: str) -> tuple[int | None, ...]:
    """Sizes of the packets each active player gets in turn; ``None`` marks the talon."""
    if pattern == "twos":
        return (2, 2, None, 2, 2)
    if pattern == "fours":
        return (4, None, 4)
    raise ValueError(f"deal must be twos or fours, not {pattern!r}")


def deal_packets(deck: list[int] | tuple[int, ...], players: int, dealer: int,
                 pattern: str = "twos") -> Deal:
    """Deal ``deck`` (top card first) as the dealing option says, packet by packet."""
    if sorted(deck) != list(range(NUM_CARDS)):
        raise ValueError("the deck must hold each of the 26 cards once")
    order = active_seats(players, dealer)
    packets: list[Packet] = []
    hands: dict[int, list[int]] = {s: [] for s in order}
    talon: list[int] = []
    pos = 0
    for size in packet_pattern(pattern):
        if size is None:
            packets.append(Packet(TALON, tuple(deck[pos:pos + 2])))
            talon.extend(deck[pos:pos + 2])
            pos += 2
            continue
        for seat in order:
            cards = tuple(deck[pos:pos + size])
            pos += size
            packets.append(Packet(seat, cards))
            hands[seat].extend(cards)
    return Deal(players, dealer, tuple(deck), 0, tuple(packets),
                {s: tuple(h) for s, h in hands.items()}, (talon[0], talon[1]))


def shuffle_and_cut(rng: random.Random) -> tuple[list[int], int]:
    """A shuffled deck, then cut by the player on the dealer's right: the top ``cut`` cards
    (at least 3 and leaving at least 3) go to the bottom.  Returns the deck and the cut."""
    deck = list(range(NUM_CARDS))
    rng.shuffle(deck)
    cut = rng.randint(3, NUM_CARDS - 3)
    return deck[cut:] + deck[:cut], cut


def shuffle_and_deal(rng: random.Random, players: int, dealer: int, pattern: str = "twos") -> Deal:
    deck, cut = shuffle_and_cut(rng)
    d = deal_packets(deck, players, dealer, pattern)
    return Deal(d.players, d.dealer, d.deck, cut, d.packets, d.hands, d.talon)


@dataclass(frozen=True, slots=True)
class DrawRound:
    """One round of the first-dealer draw: the seats that drew and the card each drew."""

    cards: dict[int, int]


def draw_first_dealer(rng: random.Random, players: int) -> tuple[int, list[DrawRound]]:
    """Everyone draws a card; the highest deals (♣Q is highest).  Plain cards rank by rank
    alone, so two plain aces tie; the tied players draw again from the rest of the deck
    (from a fresh shuffle when it runs out).  Returns the dealer and the rounds drawn."""
    deck = list(range(NUM_CARDS))
    rng.shuffle(deck)
    contenders = list(range(players))
    rounds: list[DrawRound] = []
    while True:
        if len(deck) < len(contenders):
            deck = list(range(NUM_CARDS))
            rng.shuffle(deck)
        drawn = {seat: deck.pop() for seat in contenders}
        rounds.append(DrawRound(drawn))
        best = max(draw_strength(c) for c in drawn.values())
        contenders = [s for s, c in drawn.items() if draw_strength(c) == best]
        if len(contenders) == 1:
            return contenders[0], rounds
