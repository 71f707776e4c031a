"""What a finished hand was, in words: the declarer's card points and tricks, the result's
band, the burial, mazā zole's and the small table's outcome, and what the pools did."""

from __future__ import annotations

from ..flow.session import Session
from ..i18n import _, ngettext
from ..rules.match import SheetRow
from ..rules.state import HandState
from . import texts


def result_lines(session: Session, state: HandState, row: SheetRow) -> list[str]:
    """The lines that say how the hand went, for the screen between hands."""
    name = session.name
    out = []
    c = row.contract
    you = session.people.you
    me = row.declarer is not None and row.declarer == you
    if c in ("take", "zole", "dark"):
        dp = row.declarer_points or 0
        nt = row.declarer_tricks or 0
        if me:
            out.append(ngettext("You took {p} card point, the defenders {q}",
                                "You took {p} card points, the defenders {q}", dp).format(
                p=dp, q=120 - dp))
            out.append(ngettext("You took {n} trick", "You took {n} tricks", nt).format(
                n=nt))
        else:
            out.append(ngettext("{name} took {p} card point, the defenders {q}",
                                "{name} took {p} card points, the defenders {q}",
                                dp).format(name=name(row.declarer), p=dp, q=120 - dp))
            out.append(ngettext("{name} took {n} trick", "{name} took {n} tricks",
                                nt).format(name=name(row.declarer), n=nt))
        if row.surrendered:
            out.append(_("The declarer surrendered: a plain loss"))
        elif row.band:
            out.append(_("Result: {band}").format(band=_(texts.BAND_LABELS[row.band])))
        if c == "take" and row.declarer is not None:
            buried = [x for x in state.observation(row.declarer).buried]
            if buried:
                out.append(_("Buried: {cards}").format(
                    cards=" ".join(texts.card_label(x) for x in buried)))
    elif c == "maza":
        t = row.declarer_tricks or 0
        if me:
            out.append(_("You took no trick: won") if t == 0
                       else _("You took a trick: lost"))
        else:
            out.append(_("{name} took no trick: won").format(name=name(row.declarer))
                       if t == 0 else _("{name} took a trick: lost").format(
                           name=name(row.declarer)))
    elif c == "passed":
        out.append(_("Everyone passed; the hand is not played"))
    elif c == "galdins":
        for i, s in enumerate(row.seats):
            t, p = row.tricks[i], row.points[i]
            # Translators: a small-table line, e.g. "Anna: 3 tricks, 40 points"
            out.append(_("{name}: {tricks}, {points}").format(
                name=name(s),
                tricks=ngettext("{n} trick", "{n} tricks", t).format(n=t),
                points=ngettext("{n} point", "{n} points", p).format(n=p)))
        if row.losers:
            others = ", ".join(name(s) for s in row.losers if s != you)
            if you not in row.losers:
                out.append(ngettext("Pays: {names}", "Pay: {names}",
                                    len(row.losers)).format(names=others))
            elif others:
                out.append(_("You and {names} pay").format(names=others))
            else:
                out.append(_("You pay"))
    for ev in row.events:
        said = texts.pool_event_text(ev, name, you)
        if said:
            out.append(said)
    return out
