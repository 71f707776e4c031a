"""The rules guide: chapters of pages, each a title, paragraphs and an illustration.

Text is marked with ``N_`` and translated when drawn.  Every page has an illustration, a
tuple drawn by :mod:`zole_desktop.ui.pictures` with the current deck; its numbers come from the
rules code (card points, result bands, settlement), never typed here:

``("deck",)`` — all 26 cards by printed suit; ``("cards", "QC QS ...")`` — a row of cards;
``("ladder",)`` — the trump ladder;
``("suits",)`` — the three plain suits; ``("points",)`` — the card points and their sum;
``("draw", "AS JC TD")`` — the draw for the first dealer; ``("deal", pattern)`` — the packets
in dealing order; ``("tables", 4, 5)`` — who sits out at each table size; ``("bids",)`` — one
round of bidding; ``("bury", kept, buried)`` — the declarer's ten cards after taking the talon;
``("scores", contract)`` — the settlement of ``"take"``, ``"zole"`` or ``"maza"``;
``("tricks", "follow" | "win", trick, trick)`` — tricks with each card's role or the winner;
``("surrender",)`` — when the declarer may give up and what it costs; ``("bands",)`` — the
result bands on a line of card points; ``("jani",)`` — jāņi for either side;
``("sheet", common, personal, hands)`` — a few hands on a score sheet with pools;
``("galdins", tricks, points)`` — a galdiņš and who pays; ``("options",)`` — the defaults.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_
from ..rules.cards import TOTAL_POINTS
from ..rules.settlement import band
from ..rules.state import BIDDING, BURYING, PLAYING, HandState


@dataclass(frozen=True)
class Page:
    title: str
    paragraphs: tuple[str, ...]
    picture: tuple


@dataclass(frozen=True)
class Chapter:
    title: str
    pages: tuple[Page, ...]


CHAPTERS: tuple[Chapter, ...] = (
    Chapter(N_("The cards"), (
        Page(N_("26 cards"), (
            N_("Zole is played with 26 cards: ace, ten, king, queen, jack and nine of each "
               "suit, and the eight and seven of diamonds."),
            N_("Three people play each hand. One of them, the declarer (lielais), plays "
               "alone against the other two, the defenders (mazie)."),
        ), ("deck",)),
        Page(N_("Fourteen trumps"), (
            N_("Every queen, every jack and every diamond is a trump: fourteen trumps in all. "
               "A queen or jack belongs to the trumps, never to the suit printed on it."),
            N_("From the highest: the four queens (clubs, spades, hearts, diamonds), the four "
               "jacks in the same order, then the ace, ten, king, nine, eight and seven of "
               "diamonds. The queen of clubs is the highest card in the game."),
        ), ("ladder",)),
        Page(N_("The plain suits"), (
            N_("Clubs, spades and hearts keep only four cards each: ace, ten, king and nine, "
               "in that order. No plain suit outranks another."),
            N_("Every trump beats every plain card, even the seven of diamonds beats the ace "
               "of hearts."),
        ), ("suits",)),
        Page(N_("Card points"), (
            N_("Ace 11, ten 10, king 4, queen 3, jack 2; nines, eights and sevens count "
               "nothing. The whole deck holds 120 points."),
            N_("The declarer wins with 61 points or more; 60 is a loss."),
        ), ("points",)),
    )),
    Chapter(N_("Dealing"), (
        Page(N_("The dealer"), (
            N_("At the start everyone draws a card; the highest card deals first. After each "
               "hand the deal passes to the left, passed-out hands included."),
            N_("The dealer shuffles and the player on the right cuts."),
        ), ("draw", "AS JC TD")),
        Page(N_("Two at a time"), (
            N_("In the tournament deal every active player gets two cards at a time, starting "
               "to the dealer's left: two rounds, then two cards face down for the talon "
               "(galds), then two more rounds. Everyone holds eight cards."),
            N_("Some tables deal four at a time instead: four each, the talon, four each. "
               "The table options choose."),
        ), ("deal", "twos")),
        Page(N_("Four or five at the table"), (
            N_("Only three play each hand. With four people the dealer sits out; with five "
               "the dealer and the third player to the dealer's left sit out."),
            N_("The player to the dealer's left is forehand (pirmā roka): forehand bids first "
               "and always leads to the first trick."),
        ), ("tables", 4, 5)),
    )),
    Chapter(N_("Bidding and contracts"), (
        Page(N_("Everyone speaks once"), (
            N_("From forehand to the left, each active player speaks once: pass (garām), or "
               "play. The first player who does not pass becomes the declarer; there is no "
               "overcalling."),
        ), ("bids",)),
        Page(N_("Take (ņemu)"), (
            N_("The declarer picks up the two talon cards unseen by the others and buries "
               "(norok) any two of the ten cards face down. The buried cards' points count "
               "for the declarer."),
            N_("Bury to make a void: with no card of a suit left you may trump it."),
        ), ("bury", "QC QS JH AD 9D AS AC 9C", "TH KH")),
        Page(N_("Zole"), (
            N_("Zole is played without the talon: its points go to the defenders. It pays "
               "more than an ordinary game."),
            N_("Zole in the dark (melnais), when the table allows it, is announced before "
               "looking at the cards and pays double."),
        ), ("scores", "zole")),
        Page(N_("Small zole"), (
            N_("Mazā zole, when the table allows it: the declarer promises to take no trick "
               "at all. The talon stays out of play, and the hand ends as soon as the "
               "declarer takes a trick. Won: 6 from each opponent; lost: 7 to each."),
        ), ("scores", "maza")),
    )),
    Chapter(N_("Playing"), (
        Page(N_("Follow suit"), (
            N_("Forehand leads to the first trick; the winner of each trick leads to the "
               "next. You must follow the suit led: a trump lead (any queen, jack or "
               "diamond) needs a trump, a plain lead a card of that plain suit."),
            N_("Holding none, you may play any card. You never have to overtake or to trump."),
        ), ("tricks", "follow", "AH KH 9C", "QS 7D AS")),
        Page(N_("Who wins a trick"), (
            N_("The highest trump wins the trick; with no trump in it, the highest card of "
               "the suit led. A card of another plain suit never wins."),
            N_("The defenders put their tricks together."),
        ), ("tricks", "win", "TS 9S AH", "AS KS 7D")),
        Page(N_("Giving up"), (
            N_("When the table allows it, the declarer of an ordinary game or a zole may "
               "give up before the third trick is led. It costs what a plain loss costs."),
        ), ("surrender",)),
    )),
    Chapter(N_("Counting and settlement"), (
        Page(N_("Game points"), (
            N_("The declarer gets or pays the result to each opponent: 61–90 points wins 1 "
               "(zole 5), 91 or more wins 2 (zole 6), all eight tricks win 3 (zole 7)."),
            N_("31–60 points loses 2 (zole 6); 30 or fewer loses 3 (zole 7): the declarer is "
               "in jāņi. No trick at all (bezstiķis) loses 4 (zole 8)."),
        ), ("bands",)),
        Page(N_("Jāņi and bezstiķis"), (
            N_("The declarer is “in jāņi” (jāņos) with 30 points or fewer; the defenders "
               "are in jāņi with 29 or fewer, when the declarer has 91 or more. A side that "
               "takes no trick is bezstiķis. All tricks and no trick count tricks, not "
               "points."),
            N_("Players who sit out count as defenders for payment when the table says so. "
               "Every hand's payments add up to zero."),
        ), ("jani",)),
    )),
    Chapter(N_("Pools and galdiņš"), (
        Page(N_("When everyone passes: pools"), (
            N_("The hand is not played. A common pool (kopējā pule) is written on the sheet "
               "(at a table of four, two when none exists yet)."),
            N_("A declarer who loses an ordinary game while any pool stands pays as usual "
               "and gets a personal pool (personīgā pule)."),
        ), ("sheet", 0, (), (("passed",), ("take", 1, 45, 3)))),
        Page(N_("Closing pools"), (
            N_("A declarer who wins an ordinary game closes one pool: first their own "
               "oldest personal pool; else a common pool, and everyone in the payments pays "
               "them 1 more; else another player's oldest personal pool, whose owner pays them "
               "the number of players in the payments."),
            N_("When the match ends each personal pool costs its owner 1 to every other "
               "player; common pools lapse. Zole and small zole ignore pools."),
        ), ("sheet", 1, (1, 2),
            (("take", 1, 75, 5), ("take", 0, 95, 6), ("take", 0, 70, 5)))),
        Page(N_("Galdiņš, the small table"), (
            N_("Some tables play the hand instead when everyone passes: each for "
               "themselves, and the aim is to take as few tricks as possible."),
            N_("The player with the most tricks pays 2 to each other player; tied on tricks, "
               "the one with more points pays; still tied, each tied player pays each "
               "player who is not tied."),
        ), ("galdins", (3, 3, 2), (52, 38, 20))),
    )),
    Chapter(N_("Table options"), (
        Page(N_("Choosing your table"), (
            N_("The new-game screen lists every option of the rule books with the classic "
               "tournament game as the default: dealing in twos or fours, small zole, zole "
               "in the dark, surrender, payments by those who sit out, pools or galdiņš, the "
               "talon in galdiņš, galdiņš penalties and ties, personal pools, and the "
               "Leicester zole scoring."),
            N_("In a serious match switch off undo and hints."),
        ), ("options",)),
    )),
)


def pages() -> list[tuple[int, int, Chapter, Page]]:
    """Every page in reading order as (chapter index, page index, chapter, page)."""
    return [(ci, pi, ch, pg) for ci, ch in enumerate(CHAPTERS) for pi, pg in enumerate(ch.pages)]


def band_ranges(tricks: int = 4) -> dict[str, tuple[int, int]]:
    """The declarer's card points (lowest, highest) of each result band that counts points,
    read from the settlement code: ``{"jani": (0, 30), "31": (31, 60), ...}``."""
    out: dict[str, tuple[int, int]] = {}
    for p in range(TOTAL_POINTS + 1):
        b = band(p, tricks)
        lo, _hi = out.get(b, (p, p))
        out[b] = (lo, p)
    return out


# what the player is doing -> the title of the page that explains it
_ACTIVITY_PAGES = {
    "bid": "Everyone speaks once",
    "bury": "Take (ņemu)",
    "play": "Follow suit",
    "trick": "Who wins a trick",
    "sheet": "Game points",
}


def activity_of(state: HandState | None) -> str | None:
    """What the player is doing, for the rules guide's page (F1): "bid", "bury", "play",
    "trick" or "sheet" (the hand is over)."""
    if state is None:
        return None
    if state.is_terminal():
        return "sheet"
    if state.phase == BIDDING:
        return "bid"
    if state.phase == BURYING:
        return "bury"
    if state.phase == PLAYING:
        return "trick" if state.trick else "play"
    return None


def page_for(activity: str | None) -> tuple[int, int]:
    """(chapter, page) of the guide page for what the player is doing: ``"bid"``,
    ``"bury"`` (taking the talon), ``"play"`` (leading), ``"trick"`` (answering a trick),
    ``"sheet"`` (the result and the score sheet); the first page for anything else."""
    title = _ACTIVITY_PAGES.get(activity or "")
    for ci, pi, _ch, pg in pages():
        if pg.title == title:
            return ci, pi
    return 0, 0
