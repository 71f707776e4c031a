"""The lesson on reading the score sheet: two real hands, dealt by the rules core from a fixed
seed, then the sheet they wrote, part by part.

Hand 1: everyone passes (the player too, as the coach advises), so a common pool (kopējā
pule) is written.  Hand 2: the bot on the player's left takes the talon; the player defends
(the coach marks the defenders' card, as in the lesson on defending).  Then the tour: each
stop names one part of the sheet and says what it shows, with the numbers of these hands,
worked out from the sheet's rows (:func:`tour`), so it says what the sheet really shows
whatever the hands gave.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_, _, ngettext, signed
from ..rules.match import SheetRow
from .lesson import Step

SEED = 99
DEALER = 2
PLAYER = 0
HANDS = 2
BOT_LEVEL = "easy"

STEPS: tuple[Step, ...] = (
    Step("start", N_("This lesson is about the score sheet (pieraksts). Two short hands "
                     "first, then the sheet they wrote, one part at a time.")),
    Step("your_bid", N_("Your hand is weak: choose “Pass”. If everyone passes, the hand is "
                        "not played, and the sheet writes something else instead.")),
    Step("all_passed", N_("Everyone passed, so nothing is played. The sheet writes a "
                          "common pool (kopējā pule): the next declarer who wins closes "
                          "it and gets 1 game point more from each player.")),
    Step("partner", N_("{declarer} took the talon and plays alone; {partner} is your "
                       "partner. Play the cards marked ▼: this time the sheet is the "
                       "lesson.")),
    Step("end_won", N_("Your side took 60 card points or more: the declarer lost. Now "
                       "look at what the sheet wrote.")),
    Step("end_lost", N_("The declarer made 61 or more and won. Now look at what the sheet wrote.")),
)
BLOCKING = ("start", "all_passed", "partner", "end_won", "end_lost")


@dataclass(frozen=True)
class Stop:
    """One stop of the tour: the part of the sheet it marks and what the coach says."""

    part: str  # "sheet", "hand", "game", "row:N", "seat:N"
    text: str  # as shown (translated, the numbers filled in)


def _pools_said(row: SheetRow, name) -> str:
    """What hand ``row`` did to the pools, from its pool events."""
    said = []
    for e in row.events:
        if e.kind == "common_added":
            said.append(ngettext("A common pool was written.", "{n} common pools were written.",
                                 e.count).format(n=e.count))
        elif e.kind == "personal_added":
            said.append(_("{who} lost while a pool was on the table, so {who} also got a "
                          "personal pool (personīgā pule): it costs 1 to each other player at "
                          "the end of the match, unless {who} wins a game first.")
                        .format(who=name(e.seat)))
        elif e.kind == "closed_common":
            said.append(_("{who} won and closed the common pool: each other player paid "
                          "1 more.").format(who=name(e.seat)))
        elif e.kind == "closed_own":
            said.append(_("{who} won and closed a personal pool.").format(who=name(e.seat)))
        elif e.kind == "closed_other":
            said.append(_("{who} won and closed a personal pool of {owner}, and {owner} "
                          "paid for it.").format(who=name(e.seat), owner=name(e.paid_by)))
    return " ".join(said)


def tour(rows: list[SheetRow], name, you: int) -> list[Stop]:
    """The tour of a sheet with these rows (``name(seat)`` as shown, ``you`` the player)."""
    stops = [
        Stop("sheet", _("The score sheet: one row for each hand, one column for each "
                        "player. Your two hands are on it.")),
        Stop("hand", _("“Hand”: the number of the hand in the match.")),
        Stop("game", _("“Game”: what was played, who played it and, in brackets, that "
                       "player's card points (61 wins).")),
    ]
    for row in rows:
        if row.contract == "passed":
            text = _("Hand {n}: everyone passed, so nobody won or paid anything.").format(
                n=row.number)
        else:
            d = row.declarer
            assert d is not None
            won = row.deltas[d] > 0
            text = (_("Hand {n}: {who} played and won with {points} card points.") if won
                    else _("Hand {n}: {who} played and lost with {points} card points.")
                    ).format(n=row.number, who=name(d), points=row.declarer_points)
            text += " " + _("{who}: {change}; the others: {other}.").format(
                who=name(d), change=signed(row.deltas[d]),
                other=", ".join(signed(row.deltas[s]) for s in range(len(row.deltas))
                                if s != d))
        said = _pools_said(row, name)
        stops.append(Stop(f"row:{row.number}", text + (" " + said if said else "")))
    last = rows[-1]
    stops.append(Stop(f"seat:{you}", _(
        "Your column. The large number is your running total of game points; the small "
        "coloured one beside it is what the last hand changed: green a gain, red a loss. "
        "You have {total} now, {change} in the last hand.").format(
            total=signed(last.totals[you]), change=signed(last.deltas[you]))))
    pools: list[str] = []
    if last.pools.common:
        pools.append(ngettext("{n} common pool", "{n} common pools",
                              last.pools.common).format(n=last.pools.common))
    for owner in last.pools.personal:
        pools.append(_("a personal pool of {who}").format(who=name(owner)))
    if pools:
        stops.append(Stop("pools", _("Under the sheet: the pools on the table now ({pools}). "
                                     "A pool stays until a declarer's win closes it.")
                          .format(pools=", ".join(pools))))
    stops.append(Stop("sheet", _(
        "Add up any row: the totals always come to 0 ({sum}), because what one player "
        "wins the others pay. At the end of a match the personal pools left are paid, "
        "and the highest total wins.").format(
            sum=" ".join(signed(t) for t in last.totals))))
    return stops
