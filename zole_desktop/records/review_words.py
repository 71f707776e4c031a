"""The review's moments (:mod:`.review_moments`) in a player's words.

One person throughout: the seat ``you`` is spoken to ("You buried 9♣ 9♠", "you played Q♦
and gave away 6 points"), every other seat is named ("Anna buried …").  Each moment has a
line (what happened and what it cost), the reason in words (:func:`why_text`) and the figures
behind it (:func:`figures_text`, shown on request as the hints' figures are).
"""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import N_, _, decimal, ngettext
from ..rules import cards as C
from ..rules.state import MAZA_BID, PASS, TAKE_BID, ZOLE_BID
from . import review as R
from .review_moments import BID, BURIAL, Moment

NameOf = Callable[[int], str]

# the games a bid plays, as the table names them
GAME_OF_BID = {TAKE_BID: N_("Ordinary game"), ZOLE_BID: N_("Zole"), MAZA_BID: N_("Small zole")}


def _cards(cards: tuple[int, ...]) -> str:
    return " ".join(R.card_text(c) for c in cards)


def _pct(x: float) -> int:
    return int(round(100 * x))


def _game(bid: int) -> str:
    return _(GAME_OF_BID.get(bid, N_("Ordinary game")))


def game_points(x: float) -> str:
    """An average of game points, with one decimal (also when whole: "11.0", which Latvian
    and Russian agree with as a fraction: "par 11,0 punktiem", "на 11,0 балла")."""
    return decimal(x, 1)


def bid_text(m: Moment, name_of: NameOf, you: int | None) -> str:
    bid, better = m.chosen[0], m.better[0]
    n = game_points(m.cost)
    if bid == PASS:
        if m.seat == you:
            return _("You passed, but the hand was worth playing: {game} would have scored "
                     "about {points} game points more on average").format(
                game=_game(better), points=n)
        return _("{name} passed, but the hand was worth playing: {game} would have scored "
                 "about {points} game points more on average").format(
            name=name_of(m.seat), game=_game(better), points=n)
    if better == PASS and bid == TAKE_BID:
        if m.seat == you:
            return _("You took the game, but the hand did not support it: passing would have "
                     "scored about {points} game points more on average").format(points=n)
        return _("{name} took the game, but the hand did not support it: passing would "
                 "have scored about {points} game points more on average").format(
            name=name_of(m.seat), points=n)
    if better == PASS:
        if m.seat == you:
            return _("You chose {game}, but the hand did not support it: passing would have "
                     "scored about {points} game points more on average").format(game=_game(bid),
                                                                             points=n)
        return _("{name} chose {game}, but the hand did not support it: passing would have "
                 "scored about {points} game points more on average").format(
            name=name_of(m.seat), game=_game(bid), points=n)
    if m.seat == you:
        return _("You chose {game}, but {better} was the better game: about {points} game "
                 "points more on average").format(game=_game(bid), better=_game(better),
                                                  points=n)
    return _("{name} chose {game}, but {better} was the better game: about {points} game "
             "points "
             "more on average").format(name=name_of(m.seat), game=_game(bid),
                                       better=_game(better), points=n)


def burial_text(m: Moment, name_of: NameOf, you: int | None) -> str:
    mine, best = _cards(m.chosen), _cards(m.better)
    p, q = _pct(m.shares[1]), _pct(m.shares[0])
    if p > q:
        if m.seat == you:
            return _("You buried {cards}: with {best} buried the game is won about {p}% of "
                     "the time, with yours {q}%").format(cards=mine, best=best, p=p, q=q)
        return _("{name} buried {cards}: with {best} buried the game is won about {p}% of "
                 "the time, with {cards} {q}%").format(name=name_of(m.seat), cards=mine,
                                                       best=best, p=p, q=q)
    n = game_points(m.cost)
    if m.seat == you:
        return _("You buried {cards}: {best} would have scored about {points} game points more "
                 "on average").format(cards=mine, best=best, points=n)
    return _("{name} buried {cards}: {best} would have scored about {points} game points more "
             "on average").format(name=name_of(m.seat), cards=mine, best=best, points=n)


def card_text(m: Moment, name_of: NameOf, you: int | None) -> str:
    assert m.note is not None  # a card's moment has its note
    line = R.card_line(m.note, name_of, you)
    cost = int(round(m.cost))
    if cost > 0:
        line += " " + ngettext("({n} game point)", "({n} game points)", cost).format(n=cost)
    return line


def moment_text(m: Moment, name_of: NameOf, you: int | None = None) -> str:
    """The moment in one line."""
    if m.kind == BID:
        return bid_text(m, name_of, you)
    if m.kind == BURIAL:
        return burial_text(m, name_of, you)
    return card_text(m, name_of, you)


def burial_why(m: Moment, you: int | None) -> str:
    """The burial in this very deal, with all cards open."""
    assert m.dd is not None  # the deal was solved with both pairs
    mine, better = m.dd
    if m.seat == you:
        return ngettext("In this deal, with all cards open, you would have taken {p} card point "
                        "with {best} buried, and {b} with yours.",
                        "In this deal, with all cards open, you would have taken {p} card "
                        "points with {best} buried, and {b} with yours.", better).format(
            p=better, best=_cards(m.better), b=mine)
    return ngettext("In this deal, with all cards open: {p} card point for the declarer with "
                    "{best} buried, {b} with {cards}.",
                    "In this deal, with all cards open: {p} card points for the declarer with "
                    "{best} buried, {b} with {cards}.", better).format(
        p=better, best=_cards(m.better), b=mine, cards=_cards(m.chosen))


def why_text(m: Moment, name_of: NameOf, you: int | None = None) -> str:
    """Why a card gave points away, or what the burial did in this very deal, in words (""
    for bids: their line says it; and for a card whose better choice is not known yet)."""
    if m.kind == BURIAL and m.dd is not None:
        return burial_why(m, you)
    w = m.why
    if w is None or w.alt is None or m.note is None:
        return ""
    card, alt, me = R.card_text(m.note.card), R.card_text(w.alt), m.seat == you
    name = name_of(m.seat)
    if w.won and w.later is not None:
        k, other = w.later[0], R.card_text(w.later[1])
        if w.alt_wins:
            msg = (_("You won the trick with {card}, but {alt} would have won it too, and the "
                     "{card} would then have beaten {other} in trick {k}.") if me else
                   _("{name} won the trick with {card}, but {alt} would have won it too, and "
                     "the {card} would then have beaten {other} in trick {k}."))
        else:
            msg = (_("You won the trick with {card}, but {alt} was better here: the {card} "
                     "would have beaten {other} in trick {k}.") if me else
                   _("{name} won the trick with {card}, but {alt} was better here: the {card} "
                     "would have beaten {other} in trick {k}."))
        return msg.format(name=name, card=card, alt=alt, other=other, k=k)
    if w.won:
        msg = ((_("You won the trick with {card}, but {alt} would have won it too and kept "
                  "the {card} for later.") if me else
                _("{name} won the trick with {card}, but {alt} would have won it too and kept "
                  "the {card} for later.")) if w.alt_wins else
               (_("You won the trick with {card}, but {alt} was better for the tricks after "
                  "it.") if me else
                _("{name} won the trick with {card}, but {alt} was better for the tricks "
                  "after it.")))
        return msg.format(name=name, card=card, alt=alt)
    if w.to_them:
        p = w.to_them
        if w.alt_wins:
            msg = (ngettext("You lost the trick with {card} and gave it {p} point; {alt} would "
                            "have won it.", "You lost the trick with {card} and gave it {p} "
                            "points; {alt} would have won it.", p) if me else
                   ngettext("{name} lost the trick with {card} and gave it {p} point; {alt} "
                            "would have won it.", "{name} lost the trick with {card} and gave "
                            "it {p} points; {alt} would have won it.", p))
        elif C.POINTS[w.alt] < C.POINTS[m.note.card]:
            msg = (ngettext("You put {p} point into the other side's trick; {alt} would have "
                            "given them less.", "You put {p} points into the other side's "
                            "trick; {alt} would have given them less.", p) if me else
                   ngettext("{name} put {p} point into the other side's trick; {alt} would "
                            "have given them less.", "{name} put {p} points into the other "
                            "side's trick; {alt} would have given them less.", p))
        else:
            msg = (ngettext("You put {p} point into the other side's trick; {alt} was better "
                            "for the tricks after it.", "You put {p} points into the other "
                            "side's trick; {alt} was better for the tricks after it.", p)
                   if me else
                   ngettext("{name} put {p} point into the other side's trick; {alt} was "
                            "better for the tricks after it.", "{name} put {p} points into "
                            "the other side's trick; {alt} was better for the tricks after "
                            "it.", p))
        return msg.format(name=name, card=card, alt=alt, p=p)
    if w.alt_wins:
        msg = (_("You lost the trick with {card}; {alt} would have won it.") if me else
               _("{name} lost the trick with {card}; {alt} would have won it."))
        return msg.format(name=name, card=card, alt=alt)
    return _("{alt} instead of {card} would have done better in the tricks after it.").format(
        alt=alt, card=card)


def figures_text(m: Moment, you_declare: bool = False) -> str:
    """The figures behind a moment (shown on request); ``you_declare``: the person spoken to
    played the game (the double-dummy totals are theirs)."""
    if m.kind == BID:
        bid, better = m.chosen[0], m.better[0]
        return ngettext(
            "expected game points in the {n} deal of the unseen cards tried: {game} {a}, "
            "{better} {b}",
            "expected game points in the {n} deals of the unseen cards tried: {game} {a}, "
            "{better} {b}", m.layouts).format(
            n=m.layouts, game=_(GAME_OF_BID.get(bid, N_("Pass"))), a=decimal(m.values[0], 2,
                                                                          sign=True),
            better=_(GAME_OF_BID.get(better, N_("Pass"))), b=decimal(m.values[1], 2, sign=True))
    if m.kind == BURIAL:
        return ngettext(
            "{n} deal of the unseen cards played out: {cards} won {q}%, {a} game points per "
            "opponent; {best} won {p}%, {b}",
            "{n} deals of the unseen cards played out: {cards} won {q}%, {a} game points per "
            "opponent; {best} won {p}%, {b}", m.layouts).format(
            n=m.layouts, cards=_cards(m.chosen), q=_pct(m.shares[0]),
            a=decimal(m.values[0], 2, sign=True), best=_cards(m.better), p=_pct(m.shares[1]),
            b=decimal(m.values[1], 2, sign=True))
    note = m.note
    assert note is not None  # a card's moment has its note
    best = _cards(note.best) if note.best else "?"
    if you_declare:
        return ngettext(
            "all cards open, best play after it: you end with {p} card point after {best}, "
            "{b} after {card}",
            "all cards open, best play after it: you end with {p} card points after {best}, "
            "{b} after {card}", note.before).format(
            p=note.before, best=best, b=note.after, card=R.card_text(note.card))
    return ngettext(
        "all cards open, best play after it: the declarer ends with {p} card point after "
        "{best}, {b} after {card}",
        "all cards open, best play after it: the declarer ends with {p} card points after "
        "{best}, {b} after {card}", note.before).format(
        p=note.before, best=best, b=note.after, card=R.card_text(note.card))


__all__ = ["bid_text", "burial_text", "card_text", "figures_text", "game_points",
           "moment_text", "why_text"]
