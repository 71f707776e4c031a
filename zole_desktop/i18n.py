"""Translations: stdlib gettext with the language passed explicitly.

UI code marks every user-facing string: ``_("Pass")`` for text shown now, ``N_("...")`` for a
string kept in a table and translated when shown, and ``ngettext(one, many, n)`` wherever a
number meets a noun.  ``set_language()`` switches at run time; scenes redraw on the next frame.
"""

from __future__ import annotations

import gettext as _gettext
import locale
import os
from collections.abc import Callable
from typing import Self

from . import resources

DOMAIN = "zole_desktop"
LANGUAGES = ("lv", "en", "ru")
LANGUAGE_NAMES = {"lv": "Latviešu", "en": "English", "ru": "Русский"}

_current: _gettext.NullTranslations = _gettext.NullTranslations()
_lang = "en"


def set_language(lang: str) -> None:
    global _current, _lang
    if lang not in LANGUAGES:
        lang = "en"
    _current = _gettext.translation(DOMAIN, localedir=str(resources.locales_dir()),
                                    languages=[lang], fallback=True)
    _lang = lang


def language() -> str:
    return _lang


_catalogs: dict[str, _gettext.NullTranslations] = {}


def in_every_language(message: str) -> frozenset[str]:
    """``message`` and its translation in each of our languages (to recognise a word that
    an older version stored already translated)."""
    out = {message}
    for lang in LANGUAGES:
        cat = _catalogs.get(lang)
        if cat is None:
            cat = _catalogs[lang] = _gettext.translation(
                DOMAIN, localedir=str(resources.locales_dir()), languages=[lang],
                fallback=True)
        out.add(cat.gettext(message))
    return frozenset(out)


class Msg(str):
    """A message id with its context (``msgctxt``), kept in a table like an ``N_()`` string:
    ``_()`` of it is ``pgettext(context, message)``.  Homographs such as "Normal" (a bot's
    level, a card size, an animation speed) get one context each, so that each language may
    word them apart."""

    context: str

    def __new__(cls, context: str, message: str) -> Msg:
        self = super().__new__(cls, message)
        self.context = context
        return self


def _(message: str) -> str:
    if isinstance(message, Msg):
        return _current.pgettext(message.context, str(message))
    return _current.gettext(message)


def N_(message: str) -> str:
    """Mark a string for extraction; translate it later with ``_()``."""
    return message


def NC_(context: str, message: str) -> str:
    """Mark a string with a context for extraction; ``_()`` translates it later with
    ``pgettext``."""
    return Msg(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _current.pgettext(context, message)


def decimal(value: float, digits: int = 1, sign: bool = False) -> str:
    """A number as the current language writes it: a decimal comma in Latvian and Russian,
    and a real minus sign."""
    text = f"{value:+.{digits}f}" if sign else f"{value:.{digits}f}"
    if _lang in ("lv", "ru"):
        text = text.replace(".", ",")
    return text.replace("-", "−")


def percent(value: int) -> str:
    """A share in per cent as the current language writes it: "54%" in English, "54 %" (a
    no-break space before the sign) in Latvian and Russian, as the catalogs write
    ``{pct}\u00a0%`` (locales/GLOSSARY.md, "Style")."""
    return f"{value}\u00a0%" if _lang in ("lv", "ru") else f"{value}%"


def signed(value: int) -> str:
    """A whole number of points with its sign: +3, −2 (a real minus sign) and 0."""
    return f"+{value}" if value > 0 else f"\u2212{-value}" if value < 0 else "0"


def lower_first(text: str) -> str:
    """``text`` with its first word in lower case when that word is an ordinary capitalised
    one ("Ar Q♣ tu…" → "ar Q♣ tu…", "С Q♣ вы…" → "с Q♣ вы…", "Normāls" → "normāls"); a card
    ("Q♣: …", "A♥ …"), a number or a word in capitals stays as it is."""
    if len(text) > 1 and text[0].isupper() and (text[1].islower() or text[1] == " "):
        return text[0].lower() + text[1:]
    return text


def after_label(text: str) -> str:
    """``text`` as it reads after a label and a colon ("Padoms: …", "Подсказка: …"):
    Latvian and Russian write its first word in lower case, English keeps the capital
    (locales/GLOSSARY.md, "Style")."""
    return lower_first(text) if _lang in ("lv", "ru") else text


def system_language() -> str:
    """The system's language when it is one of ours, else English."""
    candidates = [os.environ.get(k, "") for k in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    try:
        candidates.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    for c in candidates:
        for part in c.split(":"):
            code = part.split("_")[0].split(".")[0].lower()
            if code in LANGUAGES:
                return code
    return "en"


class LiveText(str):
    """A text with numbers or names in it, written in the language that is current when it
    is shown: the string itself is the text as it read when it was made (for the log);
    ``_()`` finds no message for it and gives it back unchanged, and ``str()`` or
    ``format()`` renders it afresh, so a text kept across a language switch follows it."""

    _render: Callable[[], str]

    def __new__(cls, render: Callable[[], str]) -> Self:
        self = super().__new__(cls, render())
        self._render = render
        return self

    def __str__(self) -> str:
        return self._render()

    def __format__(self, spec: str) -> str:
        return format(self._render(), spec)
