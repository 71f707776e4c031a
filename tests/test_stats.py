import json

from tests.helpers import example
from zole_desktop.records.stats import Stats, from_files


def load(name):
    return json.loads(example(name).read_text())


def test_pools_story_for_each_seat():
    rec = load("pools-story.json")
    s0 = Stats()
    s0.add_record(rec, seat=0)
    assert s0.matches == 1 and s0.hands == 6
    assert s0.total == -12 and s0.score_over_time[-1] == -12
    assert s0.declarer["take"].count == 1 and s0.declarer["take"].won == 0
    assert s0.declarer["zole"].count == 1 and s0.declarer["zole"].points == -12
    assert s0.bezstikis == 1
    assert s0.pools_balance == -1  # paid one more when seat 2 closed the common pool
    s2 = Stats()
    s2.add_record(rec, seat=2)
    assert s2.pools_balance == 2
    assert s2.declarer["take"].won == 1 and s2.declarer["take"].points == 4
    assert s2.jani_suffered == 1  # the lost zole with 3 points


def test_galdins_losses_and_defence():
    s = Stats()
    s.add_record(load("galdins.json"), seat=1)
    assert s.galdins_played == 1 and s.galdins_lost == 1
    assert s.defender.count == 1 and s.defender.won == 1


def test_unreadable_history_file_is_skipped(tmp_path):
    good = tmp_path / "match-1.json"
    good.write_text(json.dumps(load("take-61.json")))
    bad = tmp_path / "match-2.json"
    bad.write_text("{oops")
    st, notes = from_files([good, bad])
    assert st.matches == 1 and len(notes) == 1 and notes[0].startswith("match-2.json")
