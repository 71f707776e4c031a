"""The hand review: tricks with every hand open and the double-dummy analysis."""

import os
import threading

import pytest

from tests.helpers import example as example_path
from tests.helpers import shared_dir
from zole_desktop.bots.solver import Solver
from zole_desktop.records import review as R
from zole_desktop.rules import cards as C
from zole_desktop.rules.record import RecordError, parse_json, replay

EXAMPLES = shared_dir() / "examples"
LIMIT = 400_000  # nodes: keeps the test quick on a slow machine


def example(name: str):
    return replay(parse_json((EXAMPLES / name).read_bytes()))


def test_take_61_value_and_first_giveaway():
    rv = R.review_file(str(EXAMPLES / "take-61.json"), 1, node_limit=LIMIT)
    assert rv.contract == "take" and rv.status == R.DONE
    assert 0 <= rv.dd_value <= 120
    assert len(rv.tricks) == 8 and len(rv.notes) == 24
    g = rv.first_giveaway
    assert g is not None and g.lost > 0
    played = [c for t in rv.tricks for _s, c in t.plays]
    assert played[g.index] == g.card and g.card in range(26)
    assert g.seat in rv.seats
    text = R.giveaway_text(g, rv)
    assert R.card_text(g.card) in text and f"Trick {g.trick}" in text
    # the best cards are legal alternatives and differ from the card played
    assert g.best and g.card not in g.best
    # the values chain: each card's "after" is the next card's "before"
    for a, b in zip(rv.notes, rv.notes[1:], strict=False):
        assert a.after == b.before
    assert rv.notes[-1].after == rv.declarer_points


def test_values_agree_with_the_solver_directly():
    rep = example("take-61.json")
    rv = R.review_hand(rep.match.hands[0], node_limit=LIMIT)
    st = rep.match.hands[0]
    # rebuild the hands at the first lead from the review and solve them afresh
    masks = [C.mask_of(rv.start[s]) for s in st.seats]
    d = st.seats.index(rv.declarer)
    buried = C.points_of(C.mask_of(rv.buried))
    assert Solver(masks, d).value(0) + buried == rv.dd_value


@pytest.mark.parametrize("name,contract", [("maza-win.json", "maza"),
                                           ("galdins.json", "galdins")])
def test_no_double_dummy_for_maza_and_galdins(name, contract):
    rep = example(name)
    st = next(h for h in rep.match.hands if h.result().contract == contract)
    rv = R.review_hand(st)
    assert rv.status == R.NOT_ANALYSED and rv.dd_value is None and not rv.notes
    assert rv.tricks and all(t.plays for t in rv.tricks)
    assert "without the double-dummy" in R.summary_text(rv)


def test_passed_hand_has_no_tricks():
    rep = example("pools-story.json")
    st = rep.match.hands[0]
    rv = R.review_hand(st)
    assert rv.contract == "passed" and rv.tricks == [] and rv.status == R.NOT_ANALYSED
    assert sum(len(v) for v in rv.start.values()) == 24
    assert "nothing to analyse" in R.summary_text(rv)


def test_hands_before_each_trick_are_consistent():
    rep = example("five-players-zole.json")
    rv = R.review_hand(rep.match.hands[0], analyse=False)
    assert set(rv.start) == set(rv.seats)
    for t in rv.tricks:
        assert all(len(v) == 9 - t.number for v in t.before.values())
        for s, c in t.plays:
            assert c in t.before[s]


def test_budget_and_cancel():
    rep = example("take-60.json")
    rv = R.review_hand(rep.match.hands[0], node_limit=50)
    assert rv.status == R.NO_TIME and rv.dd_value is None and rv.tricks
    assert "ran out of time" in R.summary_text(rv)
    ev = threading.Event()
    ev.set()
    rv = R.review_hand(rep.match.hands[0], cancel=ev)
    assert rv.status == R.CANCELLED
    rv = R.review_hand(rep.match.hands[0], deadline=0.0)
    assert rv.status in (R.NO_TIME, R.DONE)


def test_unfinished_hand_refused():
    rep = example("take-61.json")
    from zole_desktop.rules.match import Match

    m = Match(players=3)
    _d, st = m.deal(__import__("random").Random(1))
    with pytest.raises(ValueError):
        R.review_hand(st)
    with pytest.raises(RecordError):
        R.review_file(str(EXAMPLES / "take-61.json"), 5)
    assert rep.rows


def test_every_example_reviews_within_a_small_budget():
    paths = [p for p in sorted(EXAMPLES.glob("*.json")) if not p.name.endswith(".expect.json")]
    if not paths:
        if os.environ.get("CI"):
            pytest.fail(f"no example records in {EXAMPLES}")
        pytest.skip(f"no example records in {EXAMPLES} (../shared/examples is not beside this "
                    "checkout): nothing to review")
    reviewed = 0
    for path in paths:
        rep = replay(parse_json(path.read_bytes()))
        for st in rep.match.hands:
            rv = R.review_hand(st, node_limit=60_000)
            assert rv.status in (R.DONE, R.NO_TIME, R.PARTIAL, R.NOT_ANALYSED)
            assert R.lines(rv)
            if rv.dd_value is not None:
                assert 0 <= rv.dd_value <= 120
            reviewed += 1
    assert reviewed >= len(paths)  # every record holds at least one hand


@pytest.mark.parametrize("name", ["take-61.json", "zole-all-tricks.json"])
def test_review_and_solve_agree_card_by_card(name):
    """The review (values chained from card to card, best cards only at give-aways) and
    ``solve`` (the values of every card at every turn) give the same analysis of a hand."""
    from zole_desktop.cli.solve import analyse
    from zole_desktop.records.load import load_hand

    path = str(example_path(name))
    rv = R.review_file(path, 1)
    assert rv.status == R.DONE and rv.notes
    lines = analyse(load_hand(path, 1))
    assert f"the declarer takes {rv.dd_value} card points" in lines[1]
    rows = [ln.split() for ln in lines[3:] if ln[:3].strip().isdigit()]
    assert len(rows) == len(rv.notes)
    for note, row in zip(rv.notes, rows, strict=True):
        number, trick, seat, role, played, *best, value = row[:-1] if note.lost else row
        assert int(number) == note.index + 1 and int(trick) == note.trick
        assert int(seat) == note.seat and played == C.CARD_NAMES[note.card]
        assert role == ("declarer" if note.declarer_side else "defender")
        assert int(value) == note.before
        assert (int(row[-1]) if note.lost else 0) == note.lost
        assert played not in best or not note.lost
        if note.best:  # the review names the best cards where points were given away
            assert sorted(best) == sorted(C.CARD_NAMES[c] for c in note.best)
    assert any(n.lost for n in rv.notes) and all(n.best for n in rv.giveaways)
    assert lines[-1].startswith(f"result: the declarer took {rv.declarer_points} card points")
