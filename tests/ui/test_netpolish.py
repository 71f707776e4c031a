"""What a player sees at a table with more people than seats in a hand, and at a network
table when someone is away, their seat kept, or their names in the history (issue 17)."""

from __future__ import annotations

import random


def _answer(t, rng):
    k = t.waiting_for()
    if k == "bid":
        t.answer(rng.choice(t.state.legal_actions()))
    elif k == "bury":
        t.selected = rng.sample(t.my_hand(), t.bury_need)
        t.confirm_bury()
    elif k == "play":
        t.try_card(rng.choice(sorted(t.legal_cards())))


def test_a_player_sitting_out_sees_only_the_last_trick_and_the_menu_in_the_corner(make_app):
    """Four at the table, offline: the hand the person deals they sit out; the corner
    keeps nothing of their last hand (its Undo, its Surrender)."""
    from zole_desktop.rules.options import Rules
    from zole_desktop.ui.session import Session
    from zole_desktop.ui.sheet import HandSummary, ScoreSheet
    from zole_desktop.ui.table.scene import TableScene

    app = make_app()
    s = Session(players=4, names=["", "B1", "B2", "B3"], levels=[None, "random", "random",
                                                              "random"],
                human=0, length=3, seed=5, rules=Rules())
    s.match.dealer = 3  # hand 1: I lead; hand 2: I deal, and sit it out
    t = TableScene(s)
    app.stack.push(t)
    rng = random.Random(1)
    seen_out: list[list[str]] = []
    played_in_first = False
    for _ in range(40_000):
        app.step()
        top = app.stack.top
        st = t.state
        if isinstance(top, (HandSummary, ScoreSheet)):
            if isinstance(top, HandSummary) and 0 not in st.seats:
                seen_out.append([b.text() for b in t.corner])  # the hand I sat out
                break
            top.close()
            continue
        if st is not None and 0 in st.seats and t.waiting_for() is not None:
            played_in_first = played_in_first or st.phase == "playing"
            _answer(t, rng)
    assert played_in_first and seen_out, "never sat out after playing a hand"
    assert all(c == ["Last trick (L)", "Menu (Esc)"] for c in seen_out), seen_out[-1]
