"""A hint never claims what the position does not support: "sure trick" only when no
opponent can beat or trump the card; "an opponent has shown none of the suit" only when one
has (from the play)."""

from tests.helpers import played_by_normal
from zole_desktop.bots.advisor import card_reason
from zole_desktop.rules.cards import FOLLOW_MASK, TRUMP_MASK, beats
from zole_desktop.rules.options import Rules
from zole_desktop.rules.state import PLAYING, TAKE_BID

SURE = "Take your sure trick: no higher card of the suit is out, nor any trump"
SHOWN = ("The highest card of its suit left, but an opponent has shown none of the suit and "
         "may trump it")


def test_sure_tricks_are_sure_and_shown_voids_were_shown():
    said = {SURE: 0, SHOWN: 0}
    for seed in range(120):
        for before in (9, 12, 15, 18):
            st = played_by_normal(seed, [TAKE_BID], before, Rules())
            if st.phase != PLAYING or st.trick:
                continue
            me = st.current_seat
            obs = st.observation(me)
            opps = [s for s in st.seats if s != me and (me == st.declarer_seat
                                                         or s == st.declarer_seat)]
            for card in (a for a in obs.legal if 0 <= a < 12):
                reason = card_reason(obs, card)
                if reason not in said:
                    continue
                said[reason] += 1
                suit = FOLLOW_MASK[card]
                if reason == SURE:
                    for s in opps:
                        hand = st.hand_mask(s)
                        # no trump, and every card of the suit it holds is lower
                        assert not hand & TRUMP_MASK, (seed, before, card)
                        assert not any(beats(c, card) for c in range(26) if hand >> c & 1
                                       and suit >> c & 1)
                else:
                    assert any(not st.hand_mask(s) & suit for s in opps), (seed, before)
    assert said[SURE] and said[SHOWN], said


def test_a_burial_that_empties_a_suit_names_it():
    from zole_desktop import i18n
    from zole_desktop.bots.advisor import _burial_voids
    from zole_desktop.rules.cards import card, mask_of, parse_cards

    hand = mask_of(parse_cards("QC JS JH JD TD AC TC KC KS AH".split()))
    why = _burial_voids(hand, (card("KS"), card("AC")))
    assert str(why) == "it empties your spades, so you can trump them"
    try:
        i18n.set_language("ru")
        assert "пики" in str(why)
    finally:
        i18n.set_language("en")
    # clubs stay (10♣ K♣): no void made by the ace; two tens are points put safe
    assert _burial_voids(hand, (card("AC"), card("TC"))) == "their points are safe in your pile"
    assert _burial_voids(hand, (card("QC"), card("JS"))) == ""
