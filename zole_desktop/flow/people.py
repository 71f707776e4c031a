"""The players' names as they are shown.

The person's own seat keeps no name until they type one (an empty string in the settings,
the save and the history).  It is shown as "You" in the current language, and a sentence
about that seat speaks to them ("You took 6 tricks").  A typed name is shown as typed, in
the third person ("Anna took 6 tricks").  The bots' names follow the language too.

Older versions stored the untyped name as the word "You" in the language of the day, and
the bots' names translated; both are recognised and shown in today's language.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Iterable, Sequence

from ..i18n import N_, _, in_every_language, pgettext

YOU = N_("You")
# the bots' names, in the order they are given; enough for four bots beside people who took
# any of them (saves keep a bot's name as it was then: a name dropped here would no longer
# be translated)
BOT_NAMES = (N_("Anna"), N_("Jānis"), N_("Ilze"), N_("Pēteris"), N_("Kārlis"), N_("Marta"),
             N_("Līga"))

_bot_ids: dict[str, str] = {}


def is_default(name: str | None) -> bool:
    """True for the person's name when they never typed one: empty, or "You" as an older
    version stored it (in any of our languages)."""
    name = (name or "").strip()
    return not name or name in in_every_language(YOU)


def stored(name: str | None) -> str:
    """What a save keeps for the person's name: "" for the default, else the name."""
    return "" if is_default(name) else (name or "").strip()


def _ids() -> dict[str, str]:
    """Each bot name in each of our languages -> its message id."""
    if not _bot_ids:
        for msgid in BOT_NAMES:
            for word in in_every_language(msgid):
                _bot_ids[word] = msgid
    return _bot_ids


def bot_label(name: str) -> str:
    """A bot's stored name in the current language (a known bot name in any language)."""
    msgid = _ids().get(name)
    return _(msgid) if msgid else name


def _key(name: str) -> str:
    """A name as a player reads it: no case, no diacritics ("Janis" is Jānis), no spaces
    around it."""
    letters = unicodedata.normalize("NFKD", name.strip().casefold())
    return "".join(c for c in letters if not unicodedata.combining(c))


def _forms(name: str) -> set[str]:
    """The ways ``name`` may be shown (:func:`_key`): a bot's name in every language
    ("anna" and "Анна" are Anna), any other name as it is."""
    key = _key(name)
    for word, msgid in _ids().items():
        if _key(word) == key:
            return {_key(w) for w in in_every_language(msgid)}
    return {key} if key else set()


def same_name(a: str, b: str) -> bool:
    """Two names that a player would take for one (see :func:`_forms`)."""
    return bool(_forms(a) & _forms(b))


def unique_name(name: str, taken: Iterable[str] = (), limit: int = 40) -> str:
    """``name`` as typed (cut to ``limit`` characters), or, when someone at the table has it
    already (one of the ``taken`` names, compared as by :func:`same_name`), with the first
    number from 2 that tells the two apart: a second "Anna" is "Anna 2".  An empty name
    stays empty (it is shown as the seat's number)."""
    name = name.strip()[:limit]
    used = [t for t in taken if t]
    if not name or not any(same_name(name, t) for t in used):
        return name
    n = 2
    while True:
        tail = f" {n}"
        numbered = name[:limit - len(tail)].rstrip() + tail
        if not any(same_name(numbered, t) for t in used):
            return numbered
        n += 1


def bot_name(i: int, taken: Iterable[str] = ()) -> str:
    """The ``i``-th bot's name in the current language; when someone at the table has it
    (one of the ``taken`` names: the people's and the other bots', in any case or
    language), the next name in :data:`BOT_NAMES` that nobody has.  Seven names are enough
    for five seats; past them a number tells the bots apart."""
    used: set[str] = set()
    for name in taken:
        used |= _forms(name)
    for k in range(i, i + len(BOT_NAMES)):
        name = _(BOT_NAMES[k % len(BOT_NAMES)])
        if not _forms(name) & used:
            return name
    n = 2
    while _key(name := f"{_(BOT_NAMES[i % len(BOT_NAMES)])} {n}") in used:
        n += 1
    return name


class Names:
    """Per-seat names as shown, over the stored ``names`` (not copied: a name typed later
    shows at once); ``human`` is the person's seat, or None; ``typed``: the seats whose
    names other people typed (at a network table), shown exactly as typed, never
    translated, even when one reads like a bot's name."""

    def __init__(self, names: Sequence[str], human: int | None,
                 typed: Collection[int] = ()) -> None:
        self.names = names
        self.human = human
        self.typed = typed

    @property
    def you(self) -> int | None:
        """The seat spoken to as "you": the person's, while they have typed no name."""
        h = self.human
        if h is not None and 0 <= h < len(self.names) and is_default(self.names[h]):
            return h
        return None

    def is_you(self, seat: int | None) -> bool:
        return seat is not None and seat == self.you

    def __call__(self, seat: int | None) -> str:
        if seat is None or seat < 0:
            return _("the talon")
        if seat >= len(self.names):
            return _("Seat {n}").format(n=seat + 1)
        name = self.names[seat]
        if seat == self.human:
            return _(YOU) if is_default(name) else name
        if seat in self.typed:
            return name.strip() or _("Player {n}").format(n=seat + 1)
        return bot_label(name)

    def after_contract(self, seat: int) -> str:
        """The declarer after a contract's name ("Ordinary game — Anna"): the name, or
        "you" for the person's own seat while they have typed no name."""
        if self.is_you(seat):
            return pgettext("the declarer, after the contract's name", "you")
        return self(seat)

    def all(self) -> list[str]:
        return [self(s) for s in range(len(self.names))]
