"""A galdiņš hint's reason speaks of what the table's rule counts: tricks, or card points
under ``galdins_penalty=points_rate``; and where the measure is the same whatever is played
and ``galdins_tie=points`` breaks the tie by the other measure, it says so.  In en, lv, ru."""

from __future__ import annotations

import re
from itertools import product

import pytest

from tests.helpers import played_by_normal
from zole_desktop import i18n
from zole_desktop.bots.advisor import Reason, search_reason, suggest_card
from zole_desktop.bots.strong import StrongBot
from zole_desktop.bots.view import View
from zole_desktop.rules.options import CHOICES, Rules
from zole_desktop.rules.state import PASS, PLAYING, HandState

PENALTIES = CHOICES["galdins_penalty"]
TIES = CHOICES["galdins_tie"]

# what each language calls the two measures (their word forms)
TRICKS = {"en": r"\btricks?\b", "lv": r"\bstiķ", "ru": r"\bвзят"}
POINTS = {"en": r"\bcard points\b", "lv": r"\bac(is|u|īm)\b", "ru": r"\bочк"}
TIE_SAID = {"en": "decide the tie", "lv": "vienādi, izšķir", "ru": "при равенстве решают"}


def _galdins(seed: int, cards_before: int, rules: Rules) -> HandState:
    return played_by_normal(seed, [PASS] * 3, cards_before, rules)


def _texts(reason) -> dict[str, str]:
    out = {}
    try:
        for lang in ("en", "lv", "ru"):
            i18n.set_language(lang)
            out[lang] = str(i18n._(reason))  # rendered afresh, as the hint line does
    finally:
        i18n.set_language("en")
    return out


def _speaks_of_its_measure(texts: dict[str, str], penalty: str, tie: str, same: bool) -> None:
    """The measure the rule counts first, and (a tie on it under ``galdins_tie=points``)
    the one that breaks the tie; no other measure."""
    first, second = (POINTS, TRICKS) if penalty == "points_rate" else (TRICKS, POINTS)
    breaks = same and tie == "points"
    for lang, text in texts.items():
        low = text.lower()
        assert re.search(first[lang], low), (lang, penalty, tie, text)
        assert bool(re.search(second[lang], low)) == breaks, (lang, penalty, tie, text)
        assert (TIE_SAID[lang] in low) == breaks, (lang, penalty, tie, text)
    if not same:
        start = "Card points" if penalty == "points_rate" else "Tricks"
        assert texts["en"].startswith(start), texts["en"]
    assert len(set(texts.values())) == 3  # translated


@pytest.mark.parametrize("penalty,tie", list(product(PENALTIES, TIES)))
def test_each_galdins_rule_gets_the_words_of_its_measure(penalty, tie):
    """The reason's branches, with the search's values set: a card better than another, and
    every card the same (the first trick: the values are in plain tricks or card points)."""
    rules = Rules(all_pass="galdins", galdins_penalty=penalty, galdins_tie=tie)
    for seed in range(20):
        st = _galdins(seed, 1, rules)
        obs = st.observation(st.current_seat)
        v = View(obs)
        bot = StrongBot(0)
        cards = bot._distinct(v, [a for a in obs.legal if a < 26])
        if len(cards) >= 2:
            break
    else:
        raise AssertionError("no choice of two cards in 20 deals")
    assert bot._avoid_goal(v)[1:3] in ((1, 0), (0, 1))  # plain units before the tie-break
    mine, other = cards[:2]
    for values, same in (({mine: 1.0, other: 3.0}, False), ({mine: 2.0, other: 2.0}, True)):
        bot.last_values, bot.last_layouts = values, 10
        reason = search_reason(obs, bot, mine)
        assert isinstance(reason, Reason)
        texts = _texts(reason)
        _speaks_of_its_measure(texts, penalty, tie, same)
        figure = "1.0" if not same else "2.0"
        assert figure in texts["en"], texts["en"]
        if not same:
            assert "3.0" in texts["en"], texts["en"]


@pytest.mark.parametrize("penalty,tie", [("two_each", "points"), ("points_rate", "points"),
                                         ("points_rate", "all_pay"), ("per_trick", "all_pay")])
def test_a_searched_galdins_hint_speaks_of_what_the_rule_counts(penalty, tie):
    """From the search itself (late tricks too, where the goal is lexicographic and the
    figures are divided by its unit)."""
    rules = Rules(all_pass="galdins", galdins_penalty=penalty, galdins_tie=tie)
    found = 0
    for seed in range(30):
        st = _galdins(seed, 3 + 3 * (seed % 6), rules)
        if st.phase != PLAYING:
            continue
        obs = st.observation(st.current_seat)
        h = suggest_card(obs, float("inf"), seed=3, layouts=8)
        if not isinstance(h.reason, Reason):
            continue
        texts = _texts(h.reason)
        en = texts["en"]
        same = "as many" in en
        _speaks_of_its_measure(texts, penalty, tie, same)
        found += 1
        if found == 3:
            break
    assert found >= 2, (penalty, tie, found)
