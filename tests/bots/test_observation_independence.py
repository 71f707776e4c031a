"""A bot's decision depends on its observation only, never on how the hidden cards lie."""

from __future__ import annotations

import random

import pytest

from zole_desktop.bots import make_bot
from zole_desktop.bots.strong import StrongBot
from zole_desktop.rules.cards import cards_of, mask_of
from zole_desktop.rules.options import Rules
from zole_desktop.rules.state import HandState, IllegalAction


def _bot(level: str):
    if level == "strong":
        return StrongBot(5, layouts=4)
    return make_bot(level, 5)


def _twin(st: HandState, seat: int, rng: random.Random) -> HandState | None:
    """The same deal for ``seat`` and the same public history, the hidden cards re-dealt.

    Cards are grouped by who held them: each active position's 8 cards, and the talon (in
    an ordinary game the talon joins the declarer's group).  The bot's own group (with the
    talon if it is the declarer who took it) and every card already played or buried stay
    where they were; all other cards are shuffled among the other groups."""
    acts = st.actions()
    pos = st.seats.index(seat)
    init_hands, talon = st._initial
    take = st.contract == "take"
    d = st.declarer
    groups = list(init_hands) + [mask_of(talon)]
    if take:
        groups[d] |= groups[3]
        groups[3] = 0
    played = st.buried
    for _s, a in acts:
        if a < 26:
            played |= 1 << a
    mine = {pos} | ({3} if take and pos == d else set())
    fixed = [g if i in mine else g & played for i, g in enumerate(groups)]
    free = []
    for i, g in enumerate(groups):
        if i not in mine:
            free += cards_of(g & ~played)
    for _ in range(300):
        rng.shuffle(free)
        new = list(fixed)
        k = 0
        for i, g in enumerate(groups):
            need = g.bit_count() - fixed[i].bit_count()
            new[i] |= mask_of(free[k:k + need])
            k += need
        if take:
            if pos == d:
                tal = list(talon)
                hand_d = new[d] & ~mask_of(tal)
            else:
                spare = cards_of(new[d] & ~played)
                rng.shuffle(spare)
                tal = spare[:2]
                hand_d = new[d] & ~mask_of(tal)
            hands = {st.seats[p]: cards_of(hand_d if p == d else new[p]) for p in range(3)}
        else:
            tal = cards_of(new[3])
            hands = {st.seats[p]: cards_of(new[p]) for p in range(3)}
        try:
            twin = HandState.new(st.players, st.dealer, hands, tal, st.rules)
            for _s, a in acts:
                twin.apply(a)
        except (IllegalAction, ValueError):
            continue
        if twin.hands != st.hands:
            return twin
    return None


def _positions(seed: int, rules: Rules):
    """States at bot decisions in several phases, reached by normal-bot play."""
    rng = random.Random(seed)
    from zole_desktop.rules.deal import shuffle_and_deal

    d = shuffle_and_deal(rng, 3, 0)
    st = HandState.new(3, 0, d.hands, d.talon, rules)
    bots = {s: make_bot("normal", s) for s in range(3)}
    out = [st.copy()]
    first = rng.choice([26, 27, 28])
    st.apply(first)
    while st.phase != "done":
        if rng.random() < 0.3:
            out.append(st.copy())
        st.apply(bots[st.current_seat].choose(st.observation(st.current_seat)))
    return out


@pytest.mark.parametrize("level", ["random", "easy", "normal", "strong"])
def test_decisions_ignore_hidden_cards(level):
    rng = random.Random(42)
    compared = 0
    for seed in range(12):
        for st in _positions(seed, Rules(maza_zole=seed % 2 == 1)):
            if level == "strong" and compared >= 10:
                break
            seat = st.current_seat
            twin = _twin(st, seat, rng)
            if twin is None:
                continue
            o1, o2 = st.observation(seat), twin.observation(seat)
            assert o1 == o2  # the same public history and own hand
            a1 = _bot(level).choose(o1)
            a2 = _bot(level).choose(o2)
            assert a1 == a2
            compared += 1
    assert compared >= 8
