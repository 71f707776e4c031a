from zole_desktop.rules import cards as C


def test_deck_has_26_cards_and_120_points():
    assert len(C.CARD_NAMES) == 26 == len(set(C.CARD_NAMES))
    assert C.TOTAL_POINTS == 120
    assert C.points_of(C.FULL_DECK) == 120


def test_trump_ladder_matches_rules():
    ladder = "QC QS QH QD JC JS JH JD AD TD KD 9D 8D 7D".split()
    assert [C.name(c) for c in C.TRUMP_LADDER] == ladder
    assert all(C.is_trump(C.card(n)) for n in ladder)
    assert sum(1 for c in range(26) if C.is_trump(c)) == 14


def test_queens_and_jacks_are_trumps_not_their_printed_suit():
    for n in ("QC", "JS", "QH", "JH"):
        assert C.SUIT_OF[C.card(n)] == C.TRUMPS
    assert C.SUIT_OF[C.card("AC")] == C.CLUBS
    assert C.SUIT_OF[C.card("9H")] == C.HEARTS


def test_plain_suit_order():
    for s in "CSH":
        order = [C.card(r + s) for r in "ATK9"]
        assert order == sorted(order, reverse=True)


def test_points_per_rank():
    assert [C.POINTS[C.card(n)] for n in ("AC", "TS", "KH", "QD", "JC", "9D", "8D", "7D")] == [
        11, 10, 4, 3, 2, 0, 0, 0]


def test_trick_winner():
    w = C.trick_winner_index
    p = C.parse_cards
    assert w(p(["AH", "KH", "9H"])) == 0
    assert w(p(["KH", "AH", "9H"])) == 1
    assert w(p(["KH", "AS", "AC"])) == 0  # other plain suits never win
    assert w(p(["AH", "7D", "TH"])) == 1  # the lowest trump beats a plain ace
    assert w(p(["7D", "QC", "JD"])) == 1
    assert w(p(["JD", "AD", "JH"])) == 2
    assert w(p(["AS", "TS", "KS", "QD"])) == 3  # four-card galdiņš trick


def test_card_notation():
    assert C.card("qc") == C.card("QC")
    assert C.card("10D") == C.card("TD")
    for bad in ("7C", "8S", "XX", "", "QCC", 5):
        try:
            C.card(bad)
        except C.CardError:
            continue
        raise AssertionError(bad)


def test_sort_for_hand_puts_trumps_first():
    hand = C.parse_cards("9C AH QC 7D TS JD".split())
    assert [C.name(c) for c in C.sort_for_hand(hand)] == ["QC", "JD", "7D", "9C", "TS", "AH"]


def test_draw_strength_ties_plain_suits():
    assert C.draw_strength(C.card("AC")) == C.draw_strength(C.card("AH"))
    assert C.draw_strength(C.card("QC")) == max(C.draw_strength(c) for c in range(26))


def test_the_beats_table_is_the_trick_rule():
    from zole_desktop.rules.cards import BEATS, NUM_CARDS, beats

    assert all(BEATS[b][c] == beats(c, b) for b in range(NUM_CARDS) for c in range(NUM_CARDS))


def test_no_bot_types_the_trick_rule_or_the_first_trump_again():
    """The bots call the rules core's trick rule (BEATS) and name TRUMP_BASE, never a bare 12
    beside SUIT_OF (the frozen strong-2026 reference excepted)."""
    import re
    from pathlib import Path

    import zole_desktop.bots as bots

    retyped = re.compile(r"(>=|<) 12\b|\b\w+ > \w+ and \(\w+ >= \w+ or SUIT_OF")
    found = [f"{p.name}:{i}" for p in Path(bots.__file__).parent.rglob("*.py")
             if p.name != "strong2026.py"
             for i, line in enumerate(p.read_text("utf-8").splitlines(), 1)
             if retyped.search(line)]
    assert found == []
