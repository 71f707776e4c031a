"""The after-hand review beyond the cards: the bids and the burial judged by the hints' own
code, every moment ranked by what it cost, in one person, with the reason in words."""

import time

import pytest

from tests.helpers import example
from zole_desktop.i18n import set_language
from zole_desktop.records import review as R
from zole_desktop.records import review_moments as M
from zole_desktop.records import review_run
from zole_desktop.records import review_words as W
from zole_desktop.records.load import load_hand
from zole_desktop.rules import cards as C
from zole_desktop.rules.state import PASS, ZOLE_BID

NAMES = ["Anna", "Jānis", "Ilze"]


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def hand(name: str):
    return load_hand(str(example(name)), 1)


def cards(*names: str) -> tuple[int, ...]:
    return tuple(C.card(n) for n in names)


def test_a_burial_that_lost_the_game_is_the_costliest_moment():
    """take-90: the declarer (seat 1) buried J♣ 7♦; the burial hint's judgement prefers
    10♥ 10♣, and with all cards open this deal gives 88 card points with those buried and 31
    with the pair buried: the review names the burial first, before every card."""
    st = hand("take-90.json")
    seen = []
    rv = review_run.run(st, seen.append, budget=60)
    top = rv.moments[0]
    assert top.kind == M.BURIAL and top.seat == 1
    assert set(top.chosen) == set(C.cards_of(st.buried))
    assert top.shares[1] > top.shares[0] + 0.5  # the hint's pair wins far more often
    assert top.dd is not None and top.dd[1] >= 61 > top.dd[0] == rv.dd_value
    assert all(top.key <= m.key for m in rv.moments)
    assert any(m.kind == M.CARD for m in rv.moments[1:])  # ranked against the cards
    text = W.moment_text(top, NAMES.__getitem__, you=1)
    assert text.startswith("You buried J♣ 7♦: with 10♥ 10♣ buried the game is won about ")
    assert "yours" in text
    why = W.why_text(top, NAMES.__getitem__, you=1)
    assert "you would have taken 88 card points with 10♥ 10♣ buried, and 31 with yours" in why
    # the same moment of a bot: by its name
    assert W.moment_text(top, NAMES.__getitem__, you=0).startswith("Jānis buried J♣ 7♦")
    # the progress reached the burial before the cards, and ended at 1
    stages = [p.stage for p in seen]
    assert stages.index(M.BURIAL) < stages.index(M.CARD) < stages.index(M.BURIAL_DD)
    assert seen[-1].done == 1.0 and seen[-1].moments == tuple(rv.moments)


def test_a_bid_the_hand_did_not_support_is_named():
    """zole-no-trick: seat 0 played zole and took no trick; the bid hint's estimate at its
    turn says passing was far better."""
    st = hand("zole-no-trick.json")
    dec = M.decisions(st)
    seat, obs, bid = dec.bids[0]
    assert bid == ZOLE_BID
    m = M.bid_moment(seat, obs, bid, 0, time.perf_counter() + 60)
    assert m is not None and m.kind == M.BID and m.better == (PASS,)
    assert m.cost >= M.BID_CLEAR and m.layouts >= M.MIN_LAYOUTS
    text = W.moment_text(m, NAMES.__getitem__, you=0)
    assert text.startswith("You chose Zole, but the hand did not support it: passing would "
                           "have scored about ")
    assert W.moment_text(m, NAMES.__getitem__, you=2).startswith("Anna chose Zole")
    assert W.figures_text(m).startswith(f"expected game points in the {m.layouts} deals")


def test_a_good_bid_is_not_named():
    st = hand("zole-all-tricks.json")
    seat, obs, bid = M.decisions(st).bids[0]
    assert M.bid_moment(seat, obs, bid, 0, time.perf_counter() + 60) is None


def test_one_person_throughout():
    """The seat spoken to is "you" in every line about it; the others by name; never "you
    played Q♦: the declarer gave away…"."""
    st = hand("take-61.json")
    rv = R.review_hand(st, node_limit=400_000)
    assert rv.giveaways
    for you in rv.seats:
        for note in rv.giveaways:
            line = R.card_line(note, NAMES.__getitem__, you)
            card = R.card_text(note.card)
            if note.seat == you:
                assert line == (f"Trick {note.trick}: you played {card} and gave away "
                                f"{note.lost} point" + ("s" if note.lost != 1 else ""))
            else:
                assert line.startswith(f"Trick {note.trick}: {NAMES[note.seat]} played {card}")
            assert "declarer" not in line and "defenders" not in line
        for m in M.card_moments(rv, st.rules):
            why = W.why_text(m, NAMES.__getitem__, you)
            if m.seat == you and why and not why.startswith(R.card_text(m.why.alt)):
                assert why.startswith("You "), why
                assert NAMES[you] not in why
            elif why and m.seat != you:
                assert "You " not in why and "you " not in why.replace("yours", ""), why
    # the declarer spoken to: the result lines and the figures say "you" too
    d = rv.declarer
    assert R.summary_text(rv, you=d).startswith(
        "With all cards open and perfect play from the first lead, you take ")
    assert R.result_text(rv, you=d).startswith("You took ")
    other = next(s for s in rv.seats if s != d)
    assert "the declarer takes" in R.summary_text(rv, you=other)
    assert R.result_text(rv, you=other).startswith("The declarer took ")
    m = M.card_moments(rv, st.rules)[0]
    assert W.figures_text(m, you_declare=True).startswith(
        "all cards open, best play after it: you end with ")
    g = R.giveaway_text(rv.first_giveaway, rv, NAMES.__getitem__, you=rv.first_giveaway.seat)
    assert " you played " in g and "the declarer gave" not in g and "defenders gave" not in g


def test_why_a_card_that_won_its_trick_gave_points_away():
    """take-30, trick 1: Ilze won with Q♠, but J♣ would have won it too, and the Q♠ kept
    would then have beaten the 9♦ that won trick 2 for the other side."""
    st = hand("take-30.json")
    rv = R.review_hand(st)
    m = next(m for m in M.card_moments(rv, st.rules) if m.trick == 1 and m.why.won)
    assert m.chosen == cards("QS") and m.why.alt == cards("JC")[0] and m.why.alt_wins
    assert m.why.later == (2, cards("9D")[0])
    assert rv.tricks[0].winner == m.seat
    assert W.why_text(m, NAMES.__getitem__, you=m.seat) == (
        "You won the trick with Q♠, but J♣ would have won it too, and the Q♠ would then "
        "have beaten 9♦ in trick 2.")
    assert W.why_text(m, NAMES.__getitem__, you=None) == (
        "Ilze won the trick with Q♠, but J♣ would have won it too, and the Q♠ would then "
        "have beaten 9♦ in trick 2.")
    # the figures, one key away: the double-dummy totals either side of the card
    fig = W.figures_text(m)
    assert f"ends with {m.note.before} card points after J♣" in fig
    assert f"{m.note.after} after Q♠" in fig


def test_a_card_that_lost_its_trick_says_what_it_gave():
    st = hand("take-61.json")
    rv = R.review_hand(st, node_limit=400_000)
    lost = [m for m in M.card_moments(rv, st.rules) if m.why and not m.why.won]
    assert lost
    for m in lost:
        why = W.why_text(m, NAMES.__getitem__, you=None)
        assert R.card_text(m.why.alt) in why
        if m.why.to_them:
            assert f" {m.why.to_them} point" in why  # what it put in the other side's trick


def test_the_card_cost_is_in_game_points_by_the_band():
    st = hand("take-61.json")
    rv = R.review_hand(st, node_limit=400_000)
    for n in rv.giveaways:
        cost = M.card_cost(rv, n, st.rules)
        crosses = (n.before >= 61) != (n.after >= 61) or (n.before >= 31) != (n.after >= 31) \
            or (n.before >= 91) != (n.after >= 91)
        assert (cost > 0) == crosses, n
