"""A hand as one seat at a network table may picture it: a full :class:`HandState` that agrees
with everything that seat's observation says, with the cards it cannot know dealt out at
random among the places they may be.

A client never receives another seat's cards, but the table's scene draws every card of the
deck somewhere (face down in the others' fans, in the talon, buried).  :func:`picture`
builds a state whose public history (the bids, the burial's count, every card played in
order) and whose view for ``seat`` are exactly the observation's, and whose unknown cards
respect what play has shown (a seat that did not follow a suit holds none of it).  Its
``observation(seat)`` equals the one received; the hidden cards in it are placeholders.
"""

from __future__ import annotations

import random

from ..rules import cards as C
from ..rules.options import Rules
from ..rules.pools import Pools
from ..rules.settlement import DARK, GALDINS, TAKE, ZOLE
from ..rules.state import SURRENDER, TABLE, HandState, Observation


class PictureError(ValueError):
    """The observation cannot be pictured (it contradicts itself)."""


def _match(cards: list[int], slots: list[tuple[str, int, frozenset[int]]],
           rng: random.Random, keep: dict[int, str] | None = None) -> dict[str, list[int]]:
    """Every card to a slot with room (``(name, capacity, suits it may not hold)``): a
    bipartite matching (Kuhn's augmenting paths) over the slots' places; a card in
    ``keep`` goes to the slot it names only."""
    keep = keep or {}
    places: list[tuple[str, frozenset[int]]] = []
    for name, cap, void in slots:
        places += [(name, void)] * cap
    if len(places) != len(cards):
        raise PictureError(f"{len(cards)} unknown cards for {len(places)} places")
    order = list(range(len(places)))
    owner: list[int | None] = [None] * len(places)

    def fits(ci: int, pi: int) -> bool:
        want = keep.get(cards[ci])
        if want is not None and places[pi][0] != want:
            return False
        return C.SUIT_OF[cards[ci]] not in places[pi][1]

    def augment(ci: int, seen: set[int]) -> bool:
        for pi in order:
            if pi in seen or not fits(ci, pi):
                continue
            seen.add(pi)
            other = owner[pi]
            if other is None or augment(other, seen):
                owner[pi] = ci
                return True
        return False

    for ci in range(len(cards)):
        rng.shuffle(order)
        if not augment(ci, set()):
            raise PictureError(f"no place for {C.CARD_NAMES[cards[ci]]}")
    out: dict[str, list[int]] = {name: [] for name, _c, _v in slots}
    for pi, owned in enumerate(owner):
        assert owned is not None
        out[places[pi][0]].append(cards[owned])
    return out


def picture(o: Observation, step: int, rng: random.Random | None = None,
            keep: dict[int, int] | None = None) -> HandState:
    """A full hand that agrees with ``o`` (``step`` actions into the hand, as the host
    counts them; it tells how many cards another declarer has buried).  ``keep``: hidden
    cards known to be in a seat's hand (cards taken back into it), placed there."""
    rng = rng or random.Random(0)
    me = o.seat
    seats = o.seats
    rules: Rules = o.rules
    plays: list[tuple[int, int]] = []  # (seat, card) of the players, in order
    table_cards: list[int] = []  # galdiņš talon cards that went into tricks, in order
    played_by: dict[int, list[int]] = {s: [] for s in seats}
    voids: dict[int, set[int]] = {s: set() for s in seats}
    tricks = [list(zip(t.seats, t.cards, strict=True)) for t in o.tricks] + [list(o.trick)]
    for trick in tricks:
        if not trick:
            continue
        led = C.SUIT_OF[trick[0][1]]
        for i, (s, c) in enumerate(trick):
            if s == TABLE:
                table_cards.append(c)
                continue
            plays.append((s, c))
            played_by[s].append(c)
            if i > 0 and C.SUIT_OF[c] != led:
                voids[s].add(led)
    n_plays = len(plays)
    take = o.contract == TAKE
    d = o.declarer
    done = o.phase == "done"
    surrendered = (done and o.contract in (TAKE, ZOLE, DARK) and len(o.tricks) < 8)
    buried_n = step - len(o.bids) - n_plays - int(surrendered)
    if not 0 <= buried_n <= (2 if take else 0):
        raise PictureError(f"step {step} does not fit the observation")
    known_talon = list(o.talon)
    known_buried = list(o.buried)
    mine = set(o.hand)
    played = {c for _s, c in plays} | set(table_cards)
    known = mine | played | set(known_talon) | set(known_buried)
    unknown = [c for c in range(C.NUM_CARDS) if c not in known]

    slots: list[tuple[str, int, frozenset[int]]] = []
    for s in seats:
        if s == me:
            continue
        n = 8 - len(played_by[s])
        if take and s == d:
            n += 2 - buried_n
        slots.append((f"seat{s}", n, frozenset(voids[s])))
    if take and d != me and not known_buried:
        slots.append(("buried", buried_n, frozenset()))
    talon_free = 0
    if not take and len(known_talon) < 2:
        talon_free = 2 - len(set(known_talon) | set(table_cards))
        slots.append(("talon", talon_free, frozenset()))
    got = _match(unknown, slots, rng,
                 {c: f"seat{s}" for c, s in (keep or {}).items() if c in unknown})

    buried = known_buried if (known_buried or not take or d == me) else got.get("buried", [])
    hidden = {s: got.get(f"seat{s}", []) for s in seats if s != me}
    hidden[me] = list(o.hand)
    # the talon as dealt
    if take:
        if len(known_talon) == 2:
            talon = known_talon
        else:
            assert d is not None
            pool = list(buried) + [c for c in hidden[d]] + played_by[d]
            talon = pool[:2]
    else:
        talon = list(known_talon) or list(table_cards)
        for c in table_cards:
            if c not in talon:
                talon.append(c)
        talon += got.get("talon", [])
        talon = talon[:2]
    if len(talon) != 2:
        raise PictureError("the talon cannot be pictured")
    hands: dict[int, list[int]] = {}
    for s in seats:
        h = set(hidden[s]) | set(played_by[s])
        if take and s == d:
            h |= set(buried)
            h -= set(talon)
        hands[s] = sorted(h)
    try:
        st = HandState.new(o.players, o.dealer, hands, talon, rules, o.pools or Pools())
        for _s, b in o.bids:
            st.apply(b)
        for c in list(buried)[:buried_n]:
            st.apply(c)
        for _s, c in plays:
            st.apply(c)
        if surrendered:
            st.apply(SURRENDER)
    except ValueError as e:  # IllegalAction, or a deal that is not one deck
        raise PictureError(str(e)) from None
    if st.contract == GALDINS and st.talon_cards[:len(table_cards)] != tuple(table_cards):
        raise PictureError("the galdiņš talon cards are out of order")
    return st
