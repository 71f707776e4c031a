"""The strong bot's burial: the heuristic's best pairs played out on sampled layouts."""

from __future__ import annotations

import json
import random

from zole_desktop.bots.heuristic import best_burial
from zole_desktop.bots.strong import StrongBot
from zole_desktop.rules.cards import CARD_NAMES, mask_of
from zole_desktop.rules.deal import shuffle_and_deal
from zole_desktop.rules.state import BURYING, PASS, TAKE_BID, HandState


def _burying(deal_seed: int) -> HandState:
    d = shuffle_and_deal(random.Random(deal_seed), 3, 2)
    st = HandState.new(3, 2, d.hands, d.talon)
    st.apply(TAKE_BID)
    while st.phase != BURYING:
        st.apply(PASS)
    return st


def test_a_weak_take_keeps_its_lone_aces_to_win_tricks():
    # A♣, A♥, 9♠ 10♠ A♠ and five trumps: the heuristic buries A♣ A♥ (22 points safe, 40 by
    # its score) and keeps the spades; played out, the lone aces win their tricks.  Judged by
    # 30 open-card layouts per pair (/work/arena/burial-reference-s5.jsonl, deal 5), burying
    # 10♠ A♠ (the heuristic's 8th pair) scores -0.1 game points per opponent, A♣ A♥ -2.0 and
    # A♣ 10♠ (which the open-card probes of the heuristic's first four chose) -0.9
    st = _burying(5 * 100003 + 5)
    obs = st.observation(st.current_seat)
    hand = mask_of(obs.hand)
    assert sorted(CARD_NAMES[c] for c in obs.hand) == sorted(
        "AC 9S TS AS AH 8D JH JS QH QS".split())
    assert sorted(CARD_NAMES[c] for c in best_burial(hand)) == ["AC", "AH"]
    for seed in range(3):
        bot = StrongBot(seed, layouts=40)
        pair = [CARD_NAMES[c] for c in bot._choose_burial(obs, hand, float("inf"), None)]
        assert sorted(pair) == ["AS", "TS"], pair


def test_the_burial_is_two_cards_of_the_hand_through_the_bot_s_choose():
    st = _burying(11)
    bot = StrongBot(1, layouts=4)
    first = bot.choose(st.observation(st.current_seat))
    st.apply(first)
    second = bot.choose(st.observation(st.current_seat))
    assert second != first
    st.apply(second)
    assert st.phase != BURYING and st.buried == (1 << first) | (1 << second)


def test_the_burial_diagnostic_prints_the_regrets_and_json(capsys):
    from zole_desktop.bots.measure import burial

    assert burial.main(["--positions", "1", "--layouts", "2", "--seed", "5", "--bot-layouts",
                        "4", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    rep = json.loads(out[-1])
    assert rep["positions"] == 1 and len(rep["rows"]) == 1
    row = rep["rows"][0]
    assert len(row["reference"]) == 8 and row["layouts"] == 2
    # the regrets are measured from the best pair's reference value
    assert row["heuristic_regret"] == round(max(row["reference"]) - row["reference"][0], 3)
    assert row["strong_regret"] == round(
        max(row["reference"]) - row["reference"][row["strong"]], 3)
    assert out[0].startswith("strong    regret") and "heuristic regret" in out[1]
