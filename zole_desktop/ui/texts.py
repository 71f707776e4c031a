"""Every name the UI shows for game terms, as message ids (translated when drawn)."""

from __future__ import annotations

from ..bots import OFFERED
from ..i18n import N_, NC_, _, ngettext
from ..rules.cards import CARD_NAMES, SUIT_OF, TRUMPS
from ..rules.options import CHOICES
from ..rules.state import DARK_BID, MAZA_BID, PASS, SURRENDER, TAKE_BID, ZOLE_BID

BID_LABELS = {
    PASS: N_("Pass"),
    TAKE_BID: N_("Take"),
    ZOLE_BID: N_("Zole"),
    MAZA_BID: N_("Small zole"),
    DARK_BID: N_("Zole in the dark"),
    # what the declarer says in his speech bubble when he gives up (the button is "Surrender")
    SURRENDER: NC_("said by the declarer who gives up", "Surrender"),
}

CONTRACT_LABELS = {
    "take": N_("Ordinary game"),
    "zole": N_("Zole"),
    "maza": N_("Small zole"),
    "dark": N_("Zole in the dark"),
    "passed": N_("Everyone passed"),
    "galdins": N_("Small table"),
}

BAND_LABELS = {
    "all_tricks": N_("all tricks"),
    "91": N_("91 or more points: the defenders are in jāņi"),
    "61": N_("61–90 points: won"),
    "31": N_("31–60 points: lost"),
    "jani": N_("30 or fewer points: the declarer is in jāņi"),
    "no_trick": N_("no trick (bezstiķis)"),
}

SUIT_LABELS = (N_("clubs"), N_("spades"), N_("hearts"), N_("trumps"))

LEVEL_LABELS = {"easy": NC_("bot level", "Easy"), "normal": NC_("bot level", "Normal"),
                "strong": NC_("bot level", "Strong"), "master": NC_("bot level", "Master"),
                "random": NC_("bot level", "Random")}
LEVELS = OFFERED  # what a player chooses from

ANIMATION_LABELS = {"slow": NC_("animation speed", "Slow"),
                    "normal": NC_("animation speed", "Normal"),
                    "fast": NC_("animation speed", "Fast"),
                    "instant": NC_("animation speed", "Instant")}
CARD_SIZE_LABELS = {"small": NC_("card size", "Small"), "normal": NC_("card size", "Normal"),
                    "large": NC_("card size", "Large")}

OPTION_LABELS = {
    "deal": N_("Dealing"),
    "all_pass": N_("When everyone passes"),
    "maza_zole": N_("Small zole (mazā zole)"),
    "zole_in_dark": N_("Zole in the dark (melnais)"),
    "surrender": NC_("the table option", "Surrender"),
    "sitting_out_pays": N_("Players sitting out pay"),
    "personal_pule": N_("Personal pools"),
    "galdins_talon": N_("Small table: the talon"),
    "galdins_penalty": N_("Small table: who pays"),
    "galdins_tie": N_("Small table: a tie"),
    "zole_scoring": N_("Zole scoring"),
}

VALUE_LABELS = {
    ("deal", "twos"): N_("In twos"),
    ("deal", "fours"): N_("In fours"),
    ("all_pass", "pules"): N_("Pools"),
    ("all_pass", "galdins"): N_("Small table"),
    ("personal_pule", "any"): N_("With any pool"),
    ("personal_pule", "common_only"): N_("Common pool only"),
    ("galdins_talon", "none"): N_("Out of play"),
    ("galdins_talon", "lead"): N_("Leads"),
    ("galdins_talon", "last"): N_("Played last"),
    ("galdins_penalty", "two_each"): N_("2 to each"),
    ("galdins_penalty", "one_each"): N_("1 to each"),
    ("galdins_penalty", "per_trick"): N_("1 per trick"),
    ("galdins_penalty", "points_rate"): N_("By card points"),
    ("galdins_tie", "points"): N_("Card points decide"),
    ("galdins_tie", "all_pay"): N_("All tied pay"),
    ("zole_scoring", "standard"): N_("Standard"),
    ("zole_scoring", "leicester"): N_("Leicester"),
}

VALUE_EXPLAIN = {
    ("deal", "twos"): N_("2 cards to each, the talon, then 2 each again (tournament)."),
    ("deal", "fours"): N_("4 cards to each, the talon, then 4 each."),
    ("all_pass", "pules"): N_("The hand is not played; a common pool is written."),
    ("all_pass", "galdins"): N_("Everyone plays alone; the most tricks pays."),
    ("maza_zole", False): N_("No small zole."),
    ("maza_zole", True): N_("A player may promise to take no trick at all (+6 / −7)."),
    ("zole_in_dark", False): N_("No zole in the dark."),
    ("zole_in_dark", True): N_("A zole announced before looking at the cards, paid double."),
    ("surrender", True): N_("The declarer may give up before the third trick (a plain loss)."),
    ("surrender", False): N_("The declarer plays every hand to the end."),
    ("sitting_out_pays", True): N_("Players sitting out pay and are paid like defenders."),
    ("sitting_out_pays", False): N_("Only the three players of a hand pay."),
    ("personal_pule", "any"): N_("A declarer who loses an ordinary game gets a personal pool while "
                                 "any pool stands."),
    ("personal_pule", "common_only"): N_("A declarer who loses an ordinary game gets a personal "
                                         "pool only while a common pool stands."),
    ("galdins_talon", "none"): N_("In the small table the talon stays out of play."),
    ("galdins_talon", "lead"): N_("Each talon card leads one of the first two tricks."),
    ("galdins_talon", "last"): N_("Each talon card is played last in one of the first "
                                  "two tricks."),
    ("galdins_penalty", "two_each"): N_("The player with most tricks pays 2 to each."),
    ("galdins_penalty", "one_each"): N_("The player with most tricks pays 1 to each."),
    ("galdins_penalty", "per_trick"): N_("The loser pays each player 1 per trick taken."),
    ("galdins_penalty", "points_rate"): N_("Most card points loses, paying as a lost game."),
    ("galdins_tie", "points"): N_("A tie is settled by the other count: card points, or "
                                  "tricks when card points decide."),
    ("galdins_tie", "all_pay"): N_("Everyone tied for the most pays."),
    ("zole_scoring", "standard"): N_("A won zole scores 5, 6 or 7."),
    ("zole_scoring", "leicester"): N_("A won zole scores one more: 6, 7 or 8."),
}

ON_OFF = {True: N_("On"), False: N_("Off")}


def option_values(name: str) -> list[tuple[object, str]]:
    out: list[tuple[object, str]] = []
    for v in CHOICES[name]:
        if isinstance(v, bool):
            out.append((v, ON_OFF[v]))
        else:
            out.append((v, VALUE_LABELS.get((name, v), v)))
    return out


def option_explain(name: str, value) -> str:
    return _(VALUE_EXPLAIN.get((name, value), ""))


def bid_label(action: int) -> str:
    return _(BID_LABELS.get(action, ""))


def contract_label(contract: str | None) -> str:
    return _(CONTRACT_LABELS.get(contract or "", "")) if contract else ""


def card_label(c: int) -> str:
    n = CARD_NAMES[c]
    rank = {"T": "10"}.get(n[0], n[0])
    return rank + {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}[n[1]]


def refusal(hand: tuple[int, ...] | list[int], trick_lead: int | None, card: int) -> str:
    """Why ``card`` may not be played now, in the player's language (the rules' reason)."""
    if card not in hand:
        return _("That card is not in your hand")
    if trick_lead is None:
        return ""
    suit = SUIT_OF[trick_lead]
    if suit == TRUMPS:
        return _("You must follow trumps: every queen, jack and diamond is a trump")
    return _("You must follow suit: {suit}").format(suit=_(SUIT_LABELS[suit]))


def pool_event_text(ev, name_of, you: int | None = None) -> str:
    """A pool event in words; the seat ``you`` (the person with no typed name) is spoken
    to in the second person."""
    k = ev.kind
    me = ev.seat is not None and ev.seat == you
    if k == "common_added":
        return ngettext("{n} common pool is written", "{n} common pools are written",
                        ev.count).format(n=ev.count)
    if k == "personal_added":
        if me:
            return _("You get a personal pool")
        return _("{name} gets a personal pool").format(name=name_of(ev.seat))
    if k == "closed_own":
        if me:
            return _("You close a personal pool")
        return _("{name} closes a personal pool").format(name=name_of(ev.seat))
    if k == "closed_common":
        if me:
            return _("You close a common pool (+{n})").format(n=ev.amount)
        return _("{name} closes a common pool (+{n})").format(name=name_of(ev.seat), n=ev.amount)
    if k == "closed_other":
        if me:
            return _("You close {owner}'s personal pool (+{n})").format(
                owner=name_of(ev.paid_by), n=ev.amount)
        if ev.paid_by is not None and ev.paid_by == you:
            return _("{name} closes your personal pool (+{n})").format(
                name=name_of(ev.seat), n=ev.amount)
        return _("{name} closes {owner}'s personal pool (+{n})").format(
            name=name_of(ev.seat), owner=name_of(ev.paid_by), n=ev.amount)
    return ""


# why a table refused a join (the reasons of net.protocol.Refused), in the player's words
JOIN_REFUSALS = {"code": N_("That code is not right for this table."),
                 "full": N_("Every seat at this table is taken."),
                 "token": N_("Your seat at this table is no longer kept for you."),
                 "version": N_("That table runs another version of the game."),
                 "busy": N_("The table is busy; try again.")}
