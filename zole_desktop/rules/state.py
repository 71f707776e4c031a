"""The state of one hand of Zole, from the deal to the settlement.

An OpenSpiel/RLCard-style API:

* ``state.current_seat`` — whose turn it is (a seat number), ``None`` when the hand is over;
* ``state.legal_actions()`` — the actions that seat may take now;
* ``state.apply(action)`` — take one (raises :class:`IllegalAction` with a reason otherwise);
* ``state.observation(seat)`` — what that seat may know, never another seat's hidden cards;
* ``state.is_terminal()``, ``state.result()``, ``state.settle()``;
* ``state.copy()`` (cheap: bots copy states thousands of times), ``state.undo(n)``.

Actions are small integers: a card 0..25 (to bury it while burying, to play it while playing),
or one of the bid constants ``PASS TAKE ZOLE MAZA DARK`` and ``SURRENDER``.

Inside, the three active seats are numbered 0, 1, 2 from forehand ("positions"); every public
method speaks in seats.

Galdiņš talon options, as this project reads RULES.md:

* ``lead``: the first talon card is turned up and leads the first trick, the second talon card
  leads the second; the players follow from forehand.  These tricks have four cards; one that
  the talon card wins stays with the table.  Forehand leads the third trick.
* ``last``: each talon card in turn is played as the last (fourth) card of one of the first two
  tricks.  A talon card that wins a trick stays with the table and the next talon card leads the
  next trick (the players following from forehand); with no talon card left, forehand leads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

from . import bidding, judge
from . import cards as C
from .actions import (
    BID_ACTIONS,
    BID_BY_NAME,
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
    TABLE,
    TAKE_BID,
    ZOLE_BID,
    HandResult,
    IllegalAction,
    Observation,
    Trick,
    action_name,
)
from .cards import FOLLOW_MASK, POINTS, SUIT_OF
from .deal import active_seats, sitting_out
from .options import Rules
from .pools import Pools
from .settlement import (
    DARK,
    GALDINS,
    MAZA,
    TAKE,
    ZOLE,
    Settlement,
)

# the hand's words live in .actions; callers take them from here with the state
__all__ = ["HandState", "BID_ACTIONS", "BID_BY_NAME", "BID_NAMES", "BIDDING", "BURYING",
           "CONTRACT_OF_BID", "DARK_BID", "DONE", "MAZA_BID", "PASS", "PLAYING", "SURRENDER",
           "TABLE", "TAKE_BID", "ZOLE_BID", "HandResult", "IllegalAction", "Observation",
           "Trick", "action_name"]

_EMPTY: tuple[()] = ()
_NEXT = (1, 2, 0)

# the actions so far as a linked list, newest first: (earlier, (seat, action)) or None
_History: TypeAlias = "tuple[_History, tuple[int, int]] | None"


class HandState:
    """One hand at the table.  Build it with :meth:`new` from a deal."""

    __slots__ = (
        "rules", "players", "dealer", "seats", "pools",
        "hands", "talon_cards", "phase", "turn", "bids", "declarer", "contract",
        "buried", "trick", "trick_pos", "leader", "tricks_won", "points_won",
        "table_tricks", "table_points", "completed", "surrendered", "history", "_initial",
        "talon_next", "n_played",
    )

    # the slots, annotated (positions 0..2 index the per-seat lists; see the module docstring)
    rules: Rules
    players: int
    dealer: int
    seats: tuple[int, int, int]  # active seats from forehand
    pools: Pools
    hands: list[int]  # card masks per position
    talon_cards: tuple[int, int]
    phase: str
    turn: int  # the position to move
    bids: tuple[int, ...]  # bid actions in speaking order (position i spoke the i-th)
    declarer: int  # the declarer's position, -1 before a bid is won
    contract: str | None
    buried: int  # card mask
    trick: list[int]  # cards of the trick on the table, in order
    trick_pos: list[int]  # the position (or TABLE) that played each
    leader: int
    tricks_won: list[int]
    points_won: list[int]
    table_tricks: int
    table_points: int
    completed: tuple[Trick, ...]
    surrendered: bool
    history: _History  # (earlier history, (seat, action)), newest first; None when empty
    _initial: tuple[tuple[int, ...], tuple[int, int]]  # hand masks and talon as dealt
    talon_next: int
    n_played: int

    # ----------------------------------------------------------------- construction
    @classmethod
    def new(cls, players: int, dealer: int, hands: Mapping[int, Sequence[int]],
            talon: Sequence[int], rules: Rules | None = None,
            pools: Pools | None = None) -> HandState:
        """A hand dealt: ``hands`` maps each active seat to its 8 cards."""
        rules = rules or Rules()
        if players not in (3, 4, 5):
            raise ValueError(f"a table has 3, 4 or 5 people, not {players}")
        if not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}")
        seats = active_seats(players, dealer)
        if set(hands) != set(seats):
            raise ValueError("hands must be dealt to the active seats " + str(list(seats)))
        masks = []
        everything = 0
        count = 0
        for s in seats:
            h = tuple(hands[s])
            if len(h) != 8:
                raise ValueError(f"seat {s} must hold 8 cards, not {len(h)}")
            m = C.mask_of(h)
            masks.append(m)
            everything |= m
            count += len(h)
        if len(talon) != 2:
            raise ValueError("the talon must hold 2 cards")
        everything |= C.mask_of(talon)
        if everything != C.FULL_DECK or count + 2 != C.NUM_CARDS:
            raise ValueError("hands and talon must be exactly one 26-card deck")
        self = cls.__new__(cls)
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.seats = seats
        self.pools = pools or Pools()
        self._initial = (tuple(masks), (talon[0], talon[1]))
        self._reset()
        return self

    def _reset(self) -> None:
        masks, talon = self._initial
        self.hands = list(masks)
        self.talon_cards = talon
        self.phase = BIDDING
        self.turn = 0
        self.bids = _EMPTY
        self.declarer = -1
        self.contract = None
        self.buried = 0
        self.trick = []
        self.trick_pos = []
        self.leader = 0
        self.tricks_won = [0, 0, 0]
        self.points_won = [0, 0, 0]
        self.table_tricks = 0
        self.table_points = 0
        self.completed = _EMPTY
        self.surrendered = False
        self.history = None
        self.talon_next = 0
        self.n_played = 0

    def copy(self) -> HandState:
        new = HandState.__new__(HandState)
        new.rules = self.rules
        new.players = self.players
        new.dealer = self.dealer
        new.seats = self.seats
        new.pools = self.pools
        new._initial = self._initial
        new.hands = self.hands[:]
        new.talon_cards = self.talon_cards
        new.phase = self.phase
        new.turn = self.turn
        new.bids = self.bids
        new.declarer = self.declarer
        new.contract = self.contract
        new.buried = self.buried
        new.trick = self.trick[:]
        new.trick_pos = self.trick_pos[:]
        new.leader = self.leader
        new.tricks_won = self.tricks_won[:]
        new.points_won = self.points_won[:]
        new.table_tricks = self.table_tricks
        new.table_points = self.table_points
        new.completed = self.completed
        new.surrendered = self.surrendered
        new.history = self.history
        new.talon_next = self.talon_next
        new.n_played = self.n_played
        return new

    __copy__ = copy

    # ----------------------------------------------------------------- queries
    @property
    def current_seat(self) -> int | None:
        if self.phase == DONE:
            return None
        return self.seats[self.turn]

    @property
    def forehand(self) -> int:
        return self.seats[0]

    @property
    def declarer_seat(self) -> int | None:
        return None if self.declarer < 0 else self.seats[self.declarer]

    @property
    def sitting_out(self) -> tuple[int, ...]:
        return sitting_out(self.players, self.dealer)

    def hand_of(self, seat: int) -> list[int]:
        """The cards a seat holds now (sorted as a player holds them)."""
        if seat not in self.seats:
            return []
        return C.sort_for_hand(C.cards_of(self.hands[self.seats.index(seat)]))

    def hand_mask(self, seat: int) -> int:
        return self.hands[self.seats.index(seat)] if seat in self.seats else 0

    def is_terminal(self) -> bool:
        return self.phase == DONE

    def actions(self) -> list[tuple[int, int]]:
        """All actions so far as (seat, action), oldest first."""
        out = []
        node = self.history
        while node is not None:
            node, item = node
            out.append(item)
        out.reverse()
        return out

    def can_surrender(self) -> bool:
        """May the declarer give up now?  Before the third trick is led, in an ordinary game or
        a zole (in the dark too), when the table allows it; between tricks only."""
        return (self.rules.surrender and self.phase == PLAYING and not self.trick
                and len(self.completed) <= 2 and self.contract in (TAKE, ZOLE, DARK))

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == PLAYING:
            hand = self.hands[self.turn]
            trick = self.trick
            if trick:
                follow = hand & FOLLOW_MASK[trick[0]]
                if follow:
                    hand = follow
            out = C.cards_of(hand)
            if self.declarer == self.turn and self.can_surrender():
                out.append(SURRENDER)
            return out
        if phase == BIDDING:
            out = [PASS, TAKE_BID, ZOLE_BID]
            if self.rules.maza_zole:
                out.append(MAZA_BID)
            if self.rules.zole_in_dark:
                out.append(DARK_BID)
            return out
        if phase == BURYING:
            return C.cards_of(self.hands[self.declarer])
        return []

    def current_trick(self) -> tuple[tuple[int, int], ...]:
        """The trick on the table: (seat, card) in playing order; a galdiņš talon card has
        the seat ``TABLE``."""
        seats = self.seats
        return tuple((seats[p] if p != TABLE else TABLE, c)
                     for p, c in zip(self.trick_pos, self.trick, strict=True))

    def legal_cards_mask(self) -> int:
        """The cards the player to move may play now, as a bit set (playing phase)."""
        hand = self.hands[self.turn]
        if self.trick:
            follow = hand & FOLLOW_MASK[self.trick[0]]
            if follow:
                return follow
        return hand

    # ----------------------------------------------------------------- applying actions
    def apply(self, action: int) -> None:
        """Take ``action`` for the seat to move (``SURRENDER`` is always the declarer's)."""
        phase = self.phase
        turn = self.turn
        if phase == PLAYING and 0 <= action < 26:
            hand = self.hands[turn]
            bit = 1 << action
            if not hand & bit:
                self._refuse_card(action)
            trick = self.trick
            if trick:
                follow = hand & FOLLOW_MASK[trick[0]]
                if follow and not follow & bit:
                    self._refuse_card(action)
            self.hands[turn] = hand ^ bit
            trick.append(action)
            self.trick_pos.append(turn)
            self.n_played += 1
            self.history = (self.history, (self.seats[turn], action))
            if len(trick) < 3:
                self.turn = _NEXT[turn]
                return
            self._after_card()
            return
        self._apply_slow(action)

    def _refuse_card(self, c: int) -> None:
        seat = self.seats[self.turn]
        if not self.hands[self.turn] >> c & 1:
            if any(h >> c & 1 for h in self.hands):
                raise IllegalAction(f"seat {seat} does not hold {C.CARD_NAMES[c]}", "not_held")
            raise IllegalAction(f"seat {seat} cannot play {C.CARD_NAMES[c]}: "
                                "it is not in play", "not_in_play")
        led = self.trick[0]
        what = "trumps" if SUIT_OF[led] == C.TRUMPS else C.SUIT_NAMES[SUIT_OF[led]]
        raise IllegalAction(f"seat {seat} must follow suit ({what}), "
                            f"cannot play {C.CARD_NAMES[c]}", "follow_suit", SUIT_OF[led])

    def _after_card(self) -> None:
        trick = self.trick
        pos = self.trick_pos
        size = 4 if TABLE in pos else 3
        # galdiņš "last": the talon card joins as the last card of one of the first two tricks
        if (len(trick) == 3 and size == 3 and self.contract == GALDINS
                and self.rules.galdins_talon == "last" and self.talon_next < 2):
            c = self.talon_cards[self.talon_next]
            self.talon_next += 1
            trick.append(c)
            pos.append(TABLE)
            size = 4
        if len(trick) < size:
            self.turn = (self.turn + 1) % 3
            # the next player after a talon lead is forehand: positions wrap naturally
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        trick = self.trick
        pos = self.trick_pos
        winner = pos[C.trick_winner_index(trick)]
        pts = POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]]
        if len(trick) == 4:
            pts += POINTS[trick[3]]
        seats = self.seats
        if len(pos) == 3 and TABLE not in pos:
            self.completed = self.completed + (Trick(
                seats[pos[0]], tuple(trick), (seats[pos[0]], seats[pos[1]], seats[pos[2]]),
                seats[winner]),)
        else:
            self.completed = self.completed + (Trick(
                seats[pos[0]] if pos[0] != TABLE else TABLE, tuple(trick),
                tuple(seats[p] if p != TABLE else TABLE for p in pos),
                seats[winner] if winner != TABLE else TABLE),)
        self.trick = []
        self.trick_pos = []
        if winner == TABLE:
            self.table_tricks += 1
            self.table_points += pts
        else:
            self.tricks_won[winner] += 1
            self.points_won[winner] += pts
        n = len(self.completed)
        if n == 8 or (self.contract == MAZA and winner == self.declarer):
            self.phase = DONE
            return
        if self.contract == GALDINS and self.rules.galdins_talon != "none":
            self._galdins_next_lead(winner)
            return
        self.leader = self.turn = winner

    def _galdins_next_lead(self, winner: int) -> None:
        rule = self.rules.galdins_talon
        if rule == "lead":
            if self.talon_next < 2:
                self._talon_leads()
            else:
                self.leader = self.turn = 0 if len(self.completed) == 2 else winner
            return
        # "last"
        if winner == TABLE:
            if self.talon_next < 2:
                self._talon_leads()
            else:
                self.leader = self.turn = 0
        else:
            self.leader = self.turn = winner

    def _talon_leads(self) -> None:
        c = self.talon_cards[self.talon_next]
        self.talon_next += 1
        self.trick = [c]
        self.trick_pos = [TABLE]
        self.leader = TABLE
        self.turn = 0

    def _apply_slow(self, action: int) -> None:
        """A bid, a buried card, a surrender, or a refusal: :mod:`.bidding`."""
        bidding.apply_other(self, action)

    def _start_play(self) -> None:
        self.phase = PLAYING
        self.leader = self.turn = 0  # forehand always leads the first trick

    def undo(self, n: int = 1) -> None:
        """Take back the last ``n`` actions (the state is rebuilt from the deal)."""
        acts = self.actions()
        if n > len(acts):
            raise IllegalAction("nothing to undo")
        self._reset()
        for _seat, a in acts[:len(acts) - n]:
            self.apply(a)

    # ----------------------------------------------------------------- results
    def result(self) -> HandResult:
        """What the finished hand came to (IllegalAction before its end): :mod:`.judge`."""
        return judge.hand_result(self)

    def settle(self) -> Settlement:
        """Game points for every seat, and the pools after this hand."""
        return judge.settle_hand(self)

    # ----------------------------------------------------------------- observation
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now, never another seat's hidden cards: :mod:`.judge`."""
        return judge.observation_of(self, seat)

    def __repr__(self) -> str:
        return (f"<HandState dealer={self.dealer} phase={self.phase} contract={self.contract} "
                f"turn={self.current_seat} tricks={len(self.completed)}>")
