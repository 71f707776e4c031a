"""Reading the table: layouts are weighed by how likely they make the other seats' plays."""

from __future__ import annotations

import random

from zole_desktop.bots.inference import _positions, benchmark, play_weight
from zole_desktop.bots.strong import sample_layout
from zole_desktop.bots.view import View
from zole_desktop.rules.cards import FULL_DECK
from zole_desktop.rules.options import Rules
from zole_desktop.rules.settlement import TAKE


def test_the_true_layout_explains_the_normal_bots_plays_and_most_samples_do_not():
    rng = random.Random(5)
    lower = 0
    for st in _positions(30, 3, Rules()):
        seat = st.current_seat
        assert seat is not None
        v = View(st.observation(seat))
        # out of play: the burial in an ordinary game, else the talon
        out = FULL_DECK & ~(st.hands[0] | st.hands[1] | st.hands[2]) & v.unseen
        pile = st.buried if st.contract == TAKE else out
        # the positions come from games of normal bots: the model is right about them
        assert play_weight(v, list(st.hands), pile) == 1.0
        lay = sample_layout(v, rng)
        assert lay is not None
        if play_weight(v, *lay) < 1.0:
            lower += 1
    assert lower >= 10


def test_the_benchmark_puts_key_cards_with_their_holders_more_often():
    rep = benchmark(positions=60, samples=30, seed=2)
    top = rep["top_trump"]
    assert isinstance(top, dict)
    assert top["after"] > top["before"]
    assert top["gain_ci95"][0] > 0
