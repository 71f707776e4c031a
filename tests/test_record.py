import copy
import json
import random
import subprocess
import sys

import pytest

from tests.helpers import ROOT, random_match
from zole_desktop.rules import cards as C
from zole_desktop.rules.options import Rules
from zole_desktop.rules.record import RecordError, replay, replay_text


def base_record():
    rng = random.Random(11)
    m = random_match(rng, 3, Rules(), 4, surrender_rate=0.0)
    return m.to_record(), m


def refused(rec, hand=None, match=None):
    with pytest.raises(RecordError) as e:
        replay(rec)
    msg = str(e.value)
    assert msg.startswith("hand "), msg
    if hand is not None:
        assert msg.startswith(f"hand {hand}:"), msg
    if match is not None:
        assert match in msg, msg
    assert "\n" not in msg
    return msg


def test_written_record_replays_to_the_same_settlement():
    rec, m = base_record()
    rep = replay(json.loads(json.dumps(rec)))
    assert rep.match.totals == m.totals
    assert [r.deltas for r in rep.rows] == [r.deltas for r in m.rows]


def first_played(rec):
    for i, h in enumerate(rec["hands"]):
        if len(h.get("play", [])) == 24:
            return i, h
    raise AssertionError("no played hand")


def test_follow_suit_violation_is_refused():
    rec, _ = base_record()
    i, h = first_played(rec)
    # swap two cards of the first trick's second player with one of a different suit
    from zole_desktop.rules import cards as C
    from zole_desktop.rules.state import HandState

    for k in range(1, 24):
        bad = copy.deepcopy(rec)
        hand = bad["hands"][i]
        hand["play"][k], hand["play"][k + 1 if k + 1 < 24 else k - 1] = (
            hand["play"][k + 1 if k + 1 < 24 else k - 1], hand["play"][k])
        try:
            replay(bad)
        except RecordError as e:
            assert str(e).startswith(f"hand {i + 1}:")
            return
    raise AssertionError("no swap was refused")
    _ = (C, HandState)


@pytest.mark.parametrize("mutate,hand,words", [
    (lambda r: r.update(format="zole-match/2"), 1, "format"),
    (lambda r: r.update(players=6), 1, "players"),
    (lambda r: r.update(players="3"), 1, "players"),
    (lambda r: r.update(hands={}), 1, "hands"),
    (lambda r: r["rules"].update(all_pass="maybe"), 1, "all_pass"),
    (lambda r: r["rules"].update(maza_zole="yes"), 1, "maza_zole"),
    (lambda r: r["hands"][1].update(dealer=7), 2, "dealer"),
    (lambda r: r["hands"][1].update(dealer=r["hands"][1]["dealer"] - 1), 2, "dealer"),
    (lambda r: r["hands"][0]["hands"].pop(), 1, "hands"),
    (lambda r: r["hands"][2]["hands"][0].pop(), 3, "8 cards"),
    (lambda r: r["hands"][0]["hands"][0].__setitem__(0, "7C"), 1, "not a card"),
    (lambda r: r["hands"][0]["hands"][0].__setitem__(0, r["hands"][0]["talon"][0]), 1,
     "dealt twice"),
    (lambda r: r["hands"][0].update(talon=["QC"]), 1, "talon"),
    (lambda r: r["hands"][0].update(bids=[]), 1, "bidding is incomplete"),
    (lambda r: r["hands"][0].update(bids=["pass", "pass", "pass", "pass"]), 1, "after the "),
    (lambda r: r["hands"][0].update(bids=["maza"]), 1, "mazā zole is not allowed"),
    (lambda r: r["hands"][0].update(bids=["dark"]), 1, "dark"),
    (lambda r: r["hands"][0].update(bids=["double"]), 1, "not one of"),
    (lambda r: r["hands"][1].update(play=r["hands"][1]["play"][:-1]), 2, "incomplete"),
    (lambda r: r["hands"][1].update(play=r["hands"][1]["play"] + ["QC"]), 2, "after the hand"),
    (lambda r: r["hands"][0].update(play=["QC"]), 1, "passed"),
    (lambda r: r["hands"][0].update(surrender="no"), 1, "surrender"),
    (lambda r: r["hands"][3].update(surrender=True), 4, None),
    (lambda r: r.__setitem__("hands", [5]), 1, "object"),
])
def test_malformed_records_are_refused(mutate, hand, words):
    rec, _ = base_record()
    bad = copy.deepcopy(rec)
    mutate(bad)
    refused(bad, hand, words)


def test_malformed_json():
    for text in ("", "{", "[1,2", '{"format": "zole-match/1", "players": NaN}', "nul",
                 b"\xff\xfe\x00"):
        with pytest.raises(RecordError) as e:
            replay_text(text)
        assert str(e.value).startswith("hand 1:")


def test_discard_rules():
    rec, _ = base_record()
    for i, h in enumerate(rec["hands"]):
        if h["bids"][-1] == "take":
            bad = copy.deepcopy(rec)
            del bad["hands"][i]["discard"]
            refused(bad, i + 1, "bury")
            bad = copy.deepcopy(rec)
            d = bad["hands"][i]["discard"]
            bad["hands"][i]["discard"] = [d[0], d[0]]
            refused(bad, i + 1)
            break
    for i, h in enumerate(rec["hands"]):
        if h["bids"][-1] in ("zole", "pass"):
            bad = copy.deepcopy(rec)
            bad["hands"][i]["discard"] = ["QC", "QS"]
            refused(bad, i + 1, "bur")
            break


def test_passed_hand_with_cards_is_refused():
    rec = {"format": "zole-match/1", "players": 3, "rules": {}, "hands": [{
        "dealer": 0, "hands": [["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD"],
                               ["AD", "TD", "KD", "9D", "8D", "7D", "AC", "TC"],
                               ["KC", "9C", "AS", "TS", "KS", "9S", "AH", "TH"]],
        "talon": ["KH", "9H"], "bids": ["pass", "pass", "pass"], "play": ["AD"]}]}
    refused(rec, 1, "passed")
    rec["hands"][0]["play"] = []
    assert replay(rec).rows[0].pools.common == 1


def test_extra_keys_are_ignored_and_missing_rules_default():
    rec, m = base_record()
    rec["names"] = ["A", "B", "C"]
    rec["hands"][0]["timestamp"] = "2026-11-29"
    rec["rules"] = {k: v for k, v in rec["rules"].items() if k in ("all_pass",)}
    rec["rules"]["unknown_future_option"] = 5
    assert replay(rec).match.totals == m.totals


def test_cli_refusal_is_one_line_exit_2(tmp_path):
    rec, _ = base_record()
    rec["hands"][1]["bids"] = ["maza"]
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(rec))
    out = subprocess.run([sys.executable, "-m", "zole_desktop", "replay", "--json", str(f)],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("hand 2:")
    assert "Traceback" not in out.stderr


def test_cli_missing_file_and_bad_flag(tmp_path):
    out = subprocess.run([sys.executable, "-m", "zole_desktop", "replay",
                          str(tmp_path / "none.json")],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("hand 1:") and len(out.stderr.strip().splitlines()) == 1
    out = subprocess.run([sys.executable, "-m", "zole_desktop", "replay", "--bogus", "x"],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_surrender_record():
    rec = {"format": "zole-match/1", "players": 3, "rules": {}, "hands": [{
        "dealer": 0, "hands": [["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD"],
                               ["AD", "TD", "KD", "9D", "8D", "7D", "AC", "TC"],
                               ["KC", "9C", "AS", "TS", "KS", "9S", "AH", "TH"]],
        "talon": ["KH", "9H"], "bids": ["take"], "discard": ["AC", "TC"],
        "play": ["AD", "KC", "QD"], "surrender": True}]}
    row = replay(rec).rows[0]
    assert row.surrendered and row.declarer == 1
    assert row.declarer_points == 21  # the buried AC and TC count for the declarer
    assert row.declarer_tricks == 0 and row.deltas == (2, -4, 2)
    rec["hands"][0]["play"] = ["AD", "KC"]
    refused(rec, 1, "before the third trick")
    rec["rules"] = {"surrender": False}
    rec["hands"][0]["play"] = []
    refused(rec, 1, "not allowed")


def test_maza_record_must_stop_at_the_declarers_trick():
    rec = {"format": "zole-match/1", "players": 3, "rules": {"maza_zole": True}, "hands": [{
        "dealer": 0, "hands": [["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD"],
                               ["AD", "TD", "KD", "9D", "8D", "7D", "AC", "TC"],
                               ["KC", "9C", "AS", "TS", "KS", "9S", "AH", "TH"]],
        "talon": ["KH", "9H"], "bids": ["pass", "pass", "maza"], "play": ["AD", "KC", "JD"]}]}
    row = replay(rec).rows[0]  # seat 0 must follow trumps and wins the first trick
    assert row.contract == "maza" and row.declarer == 0 and row.declarer_tricks == 1
    assert row.deltas == (-14, 7, 7)
    rec["hands"][0]["play"] = ["AD", "KC", "JD", "QC", "7D", "9C"]
    refused(rec, 1, "after the hand ended")
    rec["hands"][0]["play"] = ["AD", "KC"]
    refused(rec, 1, "incomplete")


# ------------------------------------------------------------------ replay_hand: strict, lenient
def _hand_two():
    """The record, and the number, entry and fresh deal of its second hand that is played."""
    from zole_desktop.rules.match import Match
    from zole_desktop.rules.record import build_hand, replay_hand

    rec, _ = base_record()
    i, h = next((i, h) for i, h in enumerate(rec["hands"]) if i > 0 and h["play"])
    m = Match(players=3, rules=Rules())
    for k in range(i):  # the hands before it set the dealer and the pools
        st = build_hand(k + 1, m, rec["hands"][k], None)
        replay_hand(k + 1, st, rec["hands"][k])
        m.finish(st)
    return rec, i + 1, h, lambda: build_hand(i + 1, m, h, None)


def test_an_illegal_action_in_a_record_names_the_hand_and_the_action():
    from zole_desktop.rules.deal import active_seats
    from zole_desktop.rules.record import replay_hand

    rec, n, h, fresh = _hand_two()
    # a card the player to lead does not hold: the first card of another seat's hand
    leader = active_seats(3, h["dealer"])[0]
    other = next(s for s in range(3) if s != leader)
    stolen = next(c for c in h["hands"][other] if c not in h.get("discard", []))
    bad = copy.deepcopy(h)
    bad["play"][0] = stolen
    with pytest.raises(RecordError) as e:
        replay_hand(n, fresh(), bad)
    assert str(e.value).startswith(f"hand {n}: card 1 ({stolen}): seat {leader} ")
    assert e.value.hand == n
    # the same through the whole record
    whole = copy.deepcopy(rec)
    whole["hands"][n - 1] = bad
    assert refused(whole, n, f"card 1 ({stolen})")
    # a bid the table does not allow
    bad = copy.deepcopy(h)
    bad["bids"] = ["maza"]
    with pytest.raises(RecordError) as e:
        replay_hand(n, fresh(), bad)
    assert str(e.value) == f"hand {n}: bid 1 (maza): mazā zole is not allowed at this table"


def test_a_legal_record_hand_replays_whole_in_both_modes():
    from zole_desktop.rules.record import replay_hand

    _rec, n, h, fresh = _hand_two()
    strict = replay_hand(n, fresh(), h)
    lenient = replay_hand(n, fresh(), h, strict=False)
    actions = len(h["bids"]) + len(h.get("discard") or []) + len(h["play"])
    assert strict.stopped is None and lenient.stopped is None
    assert strict.applied == lenient.applied == actions + bool(h.get("surrender"))
    assert strict.state.actions() == lenient.state.actions() and strict.state.is_terminal()


def test_lenient_replay_keeps_the_legal_prefix_and_says_why_it_stopped():
    from zole_desktop.rules.record import replay_hand

    _rec, n, h, fresh = _hand_two()
    k = 7  # cards kept
    bad = copy.deepcopy(h)
    bad["play"] = h["play"][:k] + [h["play"][0]] + h["play"][k:]  # a card played twice
    got = replay_hand(n, fresh(), bad, strict=False)
    head = len(h["bids"]) + len(h.get("discard") or [])
    assert got.applied == head + k
    assert got.stopped is not None
    assert got.stopped.startswith(f"hand {n}: card {k + 1} ({h['play'][0]}): ")
    assert [C.CARD_NAMES[c] for _s, c in got.state.actions()[head:]] == h["play"][:k]
    assert not got.state.is_terminal()
    # strict refuses the same hand with the same words
    with pytest.raises(RecordError) as e:
        replay_hand(n, fresh(), bad)
    assert str(e.value) == got.stopped
    # a hand in progress is no fault when lenient; strict wants it complete
    part = dict(h, play=h["play"][:k], surrender=False)
    got = replay_hand(n, fresh(), part, strict=False)
    assert got.stopped is None and got.applied == head + k
    with pytest.raises(RecordError, match="incomplete"):
        replay_hand(n, fresh(), part)
    # a name that is no card stops it too, after the cards before it
    got = replay_hand(n, fresh(), dict(h, play=h["play"][:3] + ["ZZ"]), strict=False)
    assert got.applied == head + 3 and "not a card" in (got.stopped or "")
