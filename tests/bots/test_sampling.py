"""Layouts sampled by the strong bot agree with everything its seat has observed."""

from __future__ import annotations

import random

from zole_desktop.bots import make_bot
from zole_desktop.bots.measure.arena import deal_state
from zole_desktop.bots.strong import sample_layout
from zole_desktop.bots.view import View
from zole_desktop.rules.cards import FULL_DECK, SUIT_MASKS
from zole_desktop.rules.state import DONE, PLAYING, TAKE_BID, ZOLE_BID


def test_layouts_respect_voids_and_counts():
    rng = random.Random(3)
    checked = 0
    for i in range(30):
        st = deal_state(77, i)
        st.apply([TAKE_BID, ZOLE_BID][i % 2])
        bots = {s: make_bot("normal", s) for s in range(3)}
        while st.phase != DONE:
            seat = st.current_seat
            obs = st.observation(seat)
            if st.phase == PLAYING and st.completed:
                v = View(obs)
                for _ in range(5):
                    lay = sample_layout(v, rng)
                    assert lay is not None
                    hands, pile = lay
                    assert hands[v.pos] == v.hand
                    union = hands[0] | hands[1] | hands[2] | pile
                    assert union == FULL_DECK & ~v.played & ~v.known_out
                    for p in range(3):
                        assert hands[p].bit_count() == v.hand_sizes[p]
                        for s in range(4):
                            if v.void_in(p, s):
                                assert not hands[p] & SUIT_MASKS[s]
                    checked += 1
            st.apply(bots[seat].choose(obs))
    assert checked > 500
