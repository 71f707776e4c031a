"""Where each card is on the table as the person sees it: the deck, the hands, the talon, the
trick, the won tricks and the buried cards.  No pygame.

The view runs a little behind the rules core on purpose: a trick stays in the middle for a
moment after it is won, and the deal hands out packets one by one.  :meth:`TableView.rebuild`
puts every card where the hand's state says it is (a continued hand, an undo).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...rules.cards import cards_of, sort_for_hand
from ...rules.settlement import TAKE
from ...rules.state import TABLE, HandState, Trick


@dataclass
class TableView:
    deck: list[int] = field(default_factory=lambda: list(range(26)))
    holding: dict[int, list[int]] = field(default_factory=dict)
    talon: list[int] = field(default_factory=list)
    trick: list[tuple[int, int]] = field(default_factory=list)  # (seat or TABLE, card)
    piles: dict[int, list[int]] = field(default_factory=dict)  # won tricks, by seat
    pile_tricks: dict[int, int] = field(default_factory=dict)
    buried: list[int] = field(default_factory=list)
    cards_seen: bool = True  # False while the person bids in the dark
    bubbles: dict[int, int] = field(default_factory=dict)  # what each seat said (its bid)
    talon_shown: bool = False  # the talon turned face up where it lies (I take it)
    from_talon: list[int] = field(default_factory=list)  # marked in my hand until buried
    order: Callable[[int], Any] | None = None  # the person's hand order (None: the usual)

    def face_talon(self, targets: dict) -> dict:
        """``targets`` (card: x, y, scale, face, z) with the talon face up while it is
        shown."""
        if self.talon_shown:
            for c in self.talon:
                x, y, s, _face, z = targets[c]
                targets[c] = (x, y, s, True, z)
        return targets

    def hand(self, seat: int) -> list[int]:
        """``seat``'s cards in the order they are held (sorted for the person's fan, in the
        order the settings choose)."""
        if self.order is not None:
            return sorted(self.holding.get(seat, []), key=self.order)
        return sort_for_hand(self.holding.get(seat, []))

    def start_deal(self, state: HandState) -> None:
        """Empty hands and piles for a fresh deal."""
        self.holding = {s: [] for s in state.seats}
        self.piles = {s: [] for s in state.seats}
        self.piles[TABLE] = []
        self.talon_shown = False
        self.from_talon = []

    def rebuild(self, state: HandState) -> None:
        """Every card where ``state`` says it is."""
        self.deck = []
        self.holding = {s: list(state.hand_of(s)) for s in state.seats}
        self.trick = list(state.current_trick())
        self.piles = {s: [] for s in state.seats}
        self.piles[TABLE] = []
        self.pile_tricks = {}
        for t in state.completed:
            self.piles.setdefault(t.winner, []).extend(t.cards)
            self.pile_tricks[t.winner] = self.pile_tricks.get(t.winner, 0) + 1
        self.buried = cards_of(state.buried) if state.contract == TAKE else []
        placed = set(self.buried)
        for cards in list(self.holding.values()) + list(self.piles.values()):
            placed.update(cards)
        placed.update(c for _s, c in self.trick)
        self.talon = [c for c in state.talon_cards if c not in placed]
        self.talon_shown = False
        self.from_talon = []

    def take_talon(self, seat: int) -> None:
        """The declarer picks up the talon."""
        for c in self.talon:
            if c not in self.holding[seat]:
                self.holding[seat].append(c)
        self.talon = []
        self.talon_shown = False

    def bury(self, seat: int, card: int) -> None:
        self.holding[seat].remove(card)
        self.buried.append(card)

    def play(self, seat: int, card: int, completed: Trick | None) -> None:
        """``seat`` plays ``card``; a galdiņš talon card that joined the trick it completed
        moves from the talon into it."""
        self.holding[seat].remove(card)
        self.trick.append((seat, card))
        if completed is not None:
            for s, c in zip(completed.seats, completed.cards, strict=True):
                if s == TABLE and c in self.talon:
                    self.talon.remove(c)
                    self.trick.append((TABLE, c))

    def sweep(self, trick: Trick) -> None:
        """The won trick goes to its winner's pile."""
        self.piles.setdefault(trick.winner, []).extend(trick.cards)
        self.pile_tricks[trick.winner] = self.pile_tricks.get(trick.winner, 0) + 1
        self.trick = []

    def sync_table_cards(self, state: HandState) -> None:
        """Galdiņš: a talon card that leads a trick moves from the talon into it."""
        for pos, c in zip(state.trick_pos, state.trick, strict=True):
            if pos == TABLE and c in self.talon:
                self.talon.remove(c)
                self.trick.append((TABLE, c))

    def groups(self, viewer: int) -> dict[int, str]:
        """Where each card is: deck, talon, hand (the viewer's), fan (another's hand),
        trick, pile or buried."""
        g: dict[int, str] = {}
        for c in self.deck:
            g[c] = "deck"
        for c in self.talon:
            g[c] = "talon"
        for seat, cards in self.holding.items():
            for c in cards:
                g[c] = "hand" if seat == viewer else "fan"
        for _s, c in self.trick:
            g[c] = "trick"
        for cards in self.piles.values():
            for c in cards:
                g[c] = "pile"
        for c in self.buried:
            g[c] = "buried"
        return g
