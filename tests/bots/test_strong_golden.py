"""The strong bot's decisions with a fixed number of layouts, pinned (a guard for refactoring).

``StrongBot(seed, layouts=N)`` ignores the clock, so its decisions are reproducible: the card
decisions of ~30 positions of every contract (take, zole, mazā zole, galdiņš; declarer and
defender; early and late tricks), with the mean values and goal shares per card, burials,
surrenders and the mazā zole bid search.  A change that only restructures the code keeps them
all; a change meant to alter the play rewrites the file with
``python -m tests.bots.test_strong_golden`` (and says so in its commit).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from zole_desktop.bots import make_bot
from zole_desktop.bots.heuristic import hand_strength, maza_risk
from zole_desktop.bots.measure.arena import deal_state
from zole_desktop.bots.strong import StrongBot
from zole_desktop.rules.cards import mask_of
from zole_desktop.rules.options import Rules
from zole_desktop.rules.state import (
    BIDDING,
    BURYING,
    DONE,
    MAZA_BID,
    PASS,
    PLAYING,
    TAKE_BID,
    HandState,
)

GOLDEN = Path(__file__).with_name("strong_golden.json")
LAYOUTS = 8

# (name: the contract first, rules, the bids from forehand on (None: the normal bots bid),
# tricks completed before the decision, whose turn: "decl", "def" or "any")
CASES = [
    ("take", {}, None, 0, "def"),
    ("take", {}, None, 1, "decl"),
    ("take", {}, None, 2, "def"),
    ("take", {}, None, 3, "decl"),
    ("take", {}, None, 4, "def"),
    ("take", {}, None, 4, "decl"),
    ("take", {}, None, 5, "def"),
    ("take", {}, None, 0, "decl"),
    ("take", {}, None, 2, "decl"),
    ("zole", {}, None, 4, "def"),
    ("maza", {"maza_zole": True}, [MAZA_BID], 3, "def"),
    ("galdins", {"all_pass": "galdins"}, [PASS, PASS, PASS], 3, "any"),
    ("zole", {}, None, 0, "decl"),
    ("zole", {}, None, 1, "def"),
    ("zole", {}, None, 2, "decl"),
    ("zole", {}, None, 3, "def"),
    ("zole", {}, None, 4, "decl"),
    ("zole", {}, None, 5, "def"),
    ("zole_leicester", {"zole_scoring": "leicester"}, None, 3, "decl"),
    ("maza", {"maza_zole": True}, [MAZA_BID], 1, "decl"),
    ("maza", {"maza_zole": True}, [PASS, MAZA_BID], 2, "def"),
    ("maza", {"maza_zole": True}, [PASS, MAZA_BID], 3, "decl"),
    ("maza", {"maza_zole": True}, [MAZA_BID], 4, "def"),
    ("maza", {"maza_zole": True}, [PASS, PASS, MAZA_BID], 5, "decl"),
    ("galdins", {"all_pass": "galdins"}, [PASS, PASS, PASS], 0, "any"),
    ("galdins", {"all_pass": "galdins"}, [PASS, PASS, PASS], 2, "any"),
    ("galdins", {"all_pass": "galdins"}, [PASS, PASS, PASS], 4, "any"),
    ("galdins", {"all_pass": "galdins"}, [PASS, PASS, PASS], 5, "any"),
    ("galdins_points", {"all_pass": "galdins", "galdins_penalty": "points_rate"},
     [PASS, PASS, PASS], 3, "any"),
    ("galdins_points", {"all_pass": "galdins", "galdins_penalty": "points_rate"},
     [PASS, PASS, PASS], 5, "any"),
]


def _rules(kw: dict) -> Rules:
    return Rules(**kw)


def _card_position(seed: int, rules: Rules, bids: list[int] | None, tricks: int, who: str,
                   contract: str):
    """The first deal from ``seed`` on whose play reaches a real choice of the wanted side
    after ``tricks`` tricks.  ``bids`` from forehand on, or ``None``: the normal bots bid, and
    the deal counts if they bid ``contract`` (an informative game, not a hopeless one); a
    mazā zole is bid only from a hand of low risk.  The cards before the position are played
    by normal bots."""
    for i in range(400):
        st = deal_state(seed, i, 3, rules)
        bots = {s: make_bot("normal", 100 + s) for s in range(3)}
        for b in bids or []:
            if b == MAZA_BID and maza_risk(st.hands[st.turn]) > StrongBot.maza_window:
                break  # a mazā zole only from a hand the strong bot would consider
            st.apply(b)
        if st.phase == BIDDING and bids:
            continue
        while st.phase != DONE:
            seat = st.current_seat
            assert seat is not None
            obs = st.observation(seat)
            if st.phase == PLAYING and (st.contract != contract or len(st.completed) > tricks):
                break
            if st.phase == PLAYING and len(st.completed) == tricks and len(obs.legal) > 2:
                side = "decl" if st.declarer is not None and st.turn == st.declarer else "def"
                if who in ("any", side):
                    return obs
            st.apply(bots[seat].choose(obs))
    raise AssertionError("no position found")


def _rounded(d: dict[int, float]) -> dict[str, float]:
    return {str(c): round(x, 6) for c, x in sorted(d.items())}


def card_decisions() -> list[dict]:
    out = []
    for j, (name, kw, bids, tricks, who) in enumerate(CASES):
        contract = name.split("_")[0]
        obs = _card_position(31 + j, _rules(kw), bids, tricks, who, contract)
        bot = StrongBot(7 + j, layouts=LAYOUTS)
        card = bot.choose(obs)
        out.append({"case": f"{name} {tricks} {who}", "card": card,
                    "layouts": bot.last_layouts, "values": _rounded(bot.last_values),
                    "goal": _rounded(bot.last_goal)})
    return out


def _to_burial(seed: int) -> HandState:
    st = deal_state(seed, 0)
    st.apply(TAKE_BID)
    assert st.phase == BURYING
    return st


def other_decisions() -> list[dict]:
    out: list[dict] = []
    for seed in (3, 4, 5):
        st = _to_burial(seed)
        seat = st.current_seat
        assert seat is not None
        bot = StrongBot(seed, layouts=LAYOUTS)
        first = bot.choose(st.observation(seat))
        st.apply(first)
        second = bot.choose(st.observation(seat))
        out.append({"case": f"burial {seed}", "cards": [first, second]})
    # surrender: a declarer who took with a weak hand, at the trick starts where it may;
    # two deals where it gives up and two where it plays on
    answers = {True: 0, False: 0}
    for i in range(60):
        if min(answers.values()) >= 2:
            break
        st = deal_state(60, i)
        if hand_strength(st.hands[0], True) > 9:
            continue
        st.apply(TAKE_BID)
        bots = {s: make_bot("normal", s) for s in range(3)}
        asked = []
        while st.phase != DONE and len(st.completed) < 3:
            seat = st.current_seat
            assert seat is not None
            if st.phase == PLAYING and not st.trick and st.can_surrender() \
                    and st.turn == st.declarer:
                obs = st.observation(seat)
                if obs.can_surrender:
                    asked.append(StrongBot(i, layouts=LAYOUTS).surrender(obs))
            st.apply(bots[seat].choose(st.observation(seat)))
        if asked and answers[any(asked)] < 2:
            answers[any(asked)] += 1
            out.append({"case": f"surrender {i}", "answers": asked})
    # the mazā zole bid search on hands the strong bot would search (low risk): the share of
    # layouts in which the defenders catch the hand
    found = 0
    for i in range(2000):
        st = deal_state(50, i, 3, Rules(maza_zole=True))
        seat = st.current_seat
        assert seat is not None
        obs = st.observation(seat)
        if MAZA_BID not in obs.legal or maza_risk(mask_of(obs.hand)) > StrongBot.maza_window:
            continue
        share = StrongBot(i, layouts=LAYOUTS).maza_caught(obs, None, None)
        out.append({"case": f"maza_caught {i}", "share": None if share is None
                    else round(share, 6)})
        found += 1
        if found == 3:
            break
    return out


def current() -> dict:
    return {"cards": card_decisions(), "other": other_decisions()}


@pytest.fixture(scope="module")
def now() -> dict:
    return current()


def test_card_decisions_are_as_pinned(now):
    want = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert len(now["cards"]) == len(CASES)
    for got, exp in zip(now["cards"], want["cards"], strict=True):
        assert got == exp


def test_burials_surrenders_and_maza_search_are_as_pinned(now):
    want = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert now["other"] == want["other"]


def test_the_pinned_positions_cover_every_contract_and_side(now):
    cases = {c["case"].split()[0] for c in now["cards"]}
    assert {"take", "zole", "maza", "galdins", "galdins_points"} <= cases
    # every search ran on all its layouts (no node cap or empty sample hid a difference)
    assert sum(c["layouts"] == LAYOUTS for c in now["cards"]) >= len(CASES) - 3
    assert any(len(c["values"]) > 2 for c in now["cards"])


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(current(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")
