"""What a seat can deduce from its observation: played cards, revealed voids, unseen cards.

Everything here is computed from a :class:`~zole_desktop.rules.state.Observation` only.
Positions are 0, 1, 2 from forehand, as in the rules core.
"""

from __future__ import annotations

from ..rules.cards import FOLLOW_MASK, FULL_DECK, SUIT_MASKS, SUIT_OF, TRUMP_MASK, mask_of
from ..rules.settlement import DARK, GALDINS, MAZA, TAKE, ZOLE
from ..rules.state import SURRENDER, TABLE, Observation

__all__ = ["View", "NEXT", "PARTNERSHIP"]

NEXT = (1, 2, 0)
PARTNERSHIP = (TAKE, ZOLE, DARK)


class View:
    """Facts derived from one observation."""

    __slots__ = (
        "obs", "pos", "decl", "contract", "hand", "played", "trick", "voids", "unseen",
        "known_out", "legal", "legal_mask", "n_tricks", "hand_sizes", "tricks_won",
        "points_won", "is_decl",
    )

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        seats = obs.seats
        self.pos = seats.index(obs.seat) if obs.seat in seats else -1
        self.decl = seats.index(obs.declarer) if obs.declarer is not None else -1
        self.is_decl = self.pos == self.decl and self.pos >= 0
        self.contract = obs.contract
        self.hand = mask_of(obs.hand)
        played = 0
        voids = [0, 0, 0]  # per position: bit s set = void in suit class s
        for t in obs.tricks:
            played |= self._scan(t.cards, t.seats, seats, voids)
        trick = []
        if obs.trick:
            cs = tuple(c for _, c in obs.trick)
            ss = tuple(s for s, _ in obs.trick)
            played |= self._scan(cs, ss, seats, voids)
            trick = [(seats.index(s) if s != TABLE else -1, c) for s, c in obs.trick]
        self.played = played
        self.trick = trick
        self.voids = voids
        known_out = 0
        if obs.buried:
            known_out |= mask_of(obs.buried)
        if obs.talon and self.contract in (GALDINS,):
            known_out |= mask_of(obs.talon)
        self.known_out = known_out
        self.unseen = FULL_DECK & ~self.hand & ~played & ~known_out
        self.legal = [a for a in obs.legal if a != SURRENDER]
        self.legal_mask = mask_of(a for a in self.legal if a < 26)
        self.n_tricks = len(obs.tricks)
        # cards still held by each position
        sizes = [8 - self.n_tricks] * 3
        for p, _ in trick:
            if p >= 0:
                sizes[p] -= 1
        self.hand_sizes = sizes
        self.tricks_won = [obs.tricks_won.get(s, 0) for s in seats]
        self.points_won = [obs.points_won.get(s, 0) for s in seats]

    @staticmethod
    def _scan(cards, who, seats, voids) -> int:
        m = 0
        lead = cards[0]
        fm = FOLLOW_MASK[lead]
        for s, c in zip(who, cards, strict=True):
            m |= 1 << c
            if s != TABLE and not fm >> c & 1:
                voids[seats.index(s)] |= 1 << SUIT_OF[lead]
        return m

    # ------------------------------------------------------------------ helpers
    def side(self, p: int) -> int:
        """1 for the declarer, 0 for a defender (galdiņš: each position its own side)."""
        if self.contract in PARTNERSHIP or self.contract == MAZA:
            return 1 if p == self.decl else 0
        return 10 + p

    def partner(self) -> int:
        if self.is_decl or self.decl < 0:
            return -1
        return 3 - self.pos - self.decl

    def void_in(self, p: int, suit: int) -> bool:
        return bool(self.voids[p] >> suit & 1)

    def outstanding(self, suit: int) -> int:
        """Unseen cards of a suit class (held by others or out of play unseen)."""
        return self.unseen & SUIT_MASKS[suit]

    def may_hold(self, p: int) -> int:
        """Unseen cards that position ``p`` may still hold, by its revealed voids."""
        m = self.unseen
        v = self.voids[p]
        for s in range(4):
            if v >> s & 1:
                m &= ~SUIT_MASKS[s]
        return m

    def trump_count(self) -> int:
        return (self.hand & TRUMP_MASK).bit_count()
