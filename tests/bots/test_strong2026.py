"""``strong-2026`` is a frozen reference: hidden from New game, and its decisions stay put."""

from __future__ import annotations

import random

from zole_desktop.bots import make_bot
from zole_desktop.bots.measure.strong2026 import StrongBot2026
from zole_desktop.rules.deal import shuffle_and_deal
from zole_desktop.rules.options import Rules
from zole_desktop.rules.state import DONE, HandState
from zole_desktop.ui import texts

# every action of three strong-2026 bots (6 layouts per decision) in three deals, recorded
# when the level was frozen (commit 1fa0d4d's strong bot)
FROZEN = [27, 7, 10, 25, 15, 13, 3, 0, 2, 8, 9, 11, 18, 12, 17, 5, 14, 6, 1, 19, 16, 20, 24,
          21, 4, 22, 23, 26, 26, 26, 26, 27, 0, 5, 7, 23, 4, 11, 8, 9, 12, 18, 15, 3, 2, 16,
          13, 17, 19, 10, 22, 24, 1, 21, 14, 25, 20, 6]


def _decisions(n_deals: int = 3) -> list[int]:
    out = []
    for i in range(n_deals):
        rng = random.Random(4242 + i)
        d = shuffle_and_deal(rng, 3, i % 3)
        st = HandState.new(3, i % 3, d.hands, d.talon, Rules(maza_zole=True))
        bots = {s: StrongBot2026(100 + i * 3 + s, layouts=6) for s in range(3)}
        while st.phase != DONE:
            s = st.current_seat
            assert s is not None
            a = bots[s].choose(st.observation(s))
            out.append(a)
            st.apply(a)
    return out


def test_the_frozen_level_plays_as_recorded():
    assert _decisions() == FROZEN


def test_the_frozen_level_is_hidden_but_made_by_name():
    assert isinstance(make_bot("strong-2026", 1), StrongBot2026)
    assert "strong-2026" not in texts.LEVELS
