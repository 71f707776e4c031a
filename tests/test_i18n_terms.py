"""The words of the three catalogs follow locales/GLOSSARY.md (issues 15 and 31): the checks
of its "Checks" table (one name per thing, one wording per action and state, no retired
wording), contexts for homographs, filled-in headers."""

import re

import pytest
from babel.messages.pofile import read_po

from zole_desktop import i18n
from zole_desktop.rules.state import SURRENDER
from zole_desktop.tools import catalogs
from zole_desktop.ui import texts


def entries(lang):
    """(English msgid text, translation text) per message; plural forms joined."""
    with open(catalogs.po_path(lang), "rb") as f:
        cat = read_po(f, locale=lang)
    out = []
    for m in cat:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        out.append((" | ".join(ids), " | ".join(strings)))
    return out


GLOSSARY = catalogs.PACKAGE.parent / "locales" / "GLOSSARY.md"
CELL = re.compile(r"(?<!\\)\|")


def glossary_checks() -> list[tuple[str, str | None, str | None, str | None, str]]:
    """The rows of the glossary's "Checks" table: (lang, English pattern or None for every
    message, must hold, must not hold, why)."""
    text = GLOSSARY.read_text("utf-8")
    part = text.split("\n## Checks\n", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in part.splitlines():
        if not line.startswith("|") or line.startswith("|---"):
            continue
        cells = [c.strip().replace("\\|", "|") for c in CELL.split(line)[1:-1]]
        if cells[0] == "lang":
            continue
        lang, english, must, must_not, why = cells
        rows.append((lang, _pattern(english, line), _pattern(must, line),
                     _pattern(must_not, line), why))
    return rows


def _pattern(cell: str, line: str) -> str | None:
    """A cell of the table: a regular expression in backticks, or none ("every", "—")."""
    if cell in ("every", "—"):
        return None
    assert cell.startswith("`") and cell.endswith("`"), (line, cell)
    return cell[1:-1]


CHECKS = glossary_checks()


def test_the_glossary_holds_the_checks():
    assert len(CHECKS) >= 60, len(CHECKS)
    for lang, english, must, must_not, _why in CHECKS:
        assert lang in ("lv", "ru", "en")
        assert must or must_not
        for p in (english, must, must_not):
            if p:
                re.compile(p)


@pytest.mark.parametrize("lang,english,must,must_not,why", CHECKS,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CHECKS)])
def test_words_follow_the_glossary(lang, english, must, must_not, why):
    """One wording per thing, action and state (locales/GLOSSARY.md, "Checks"): a retired
    wording anywhere, or a message that lost its settled one, fails with the row's reason."""
    if lang == "en":
        pairs = [(e, e) for e, _t in entries("en")]
    else:
        pairs = entries(lang)
    hits = [(e, t) for e, t in pairs if english is None or re.search(english, e)]
    assert hits, f"no English message matches {english!r}: the check would test nothing"
    bad = [(e[:60], t) for e, t in hits
           if (must and not re.search(must, t)) or (must_not and re.search(must_not, t))]
    assert not bad, f"{why}: {bad}"


@pytest.mark.parametrize("lang,mark", [("lv", "„"), ("ru", "«"), ("en", "“")])
def test_each_language_uses_its_quotation_marks(lang, mark):
    assert any(mark in (t if lang != "en" else e) for e, t in entries(lang))


@pytest.mark.parametrize("lang", ["lv", "ru"])
def test_a_counted_noun_agrees_instead_of_hiding_behind_a_colon(lang):
    """ "Lielā acis: {n}" or "очков: {p}" dodge the plural; counted nouns are ngettext forms."""
    dodge = re.compile(r"(?i)(?<!без )\b(acis|acu|punkti|stiķi|stiķu|очков|очки|очка|баллов"
                       r"|взяток)(\s+\w+)?\s*:?\s*\{[a-z]\}")
    bad = [(e[:50], t) for e, t in entries(lang) if dodge.search(t)]
    assert not bad, bad


@pytest.mark.parametrize("lang", ["lv", "ru", "en"])
def test_headers_name_the_translator_and_the_date(lang):
    text = catalogs.po_path(lang).read_text("utf-8")
    assert "FULL NAME" not in text and "EMAIL@ADDRESS>\\n\"\n\"Language:" not in text
    assert "YEAR-MO-DA" not in text
    assert re.search(r'"PO-Revision-Date: 20\d\d-\d\d-\d\d \d\d:\d\d\+0000\\n"', text)
    assert re.search(r'"Last-Translator: [^\\]+\\n"', text)


@pytest.mark.parametrize("lang", ["lv", "ru"])
def test_homographs_are_told_apart_by_their_context(lang):
    i18n.set_language(lang)
    try:
        button, bubble = i18n._("Surrender"), texts.bid_label(SURRENDER)
        option = i18n._(texts.OPTION_LABELS["surrender"])
        assert len({button, bubble, option}) == 3, (button, bubble, option)
        level = i18n._(texts.LEVEL_LABELS["normal"])
        speed = i18n._(texts.ANIMATION_LABELS["normal"])
        size = i18n._(texts.CARD_SIZE_LABELS["normal"])
        assert "Normal" not in (level, speed, size)
        assert i18n.pgettext("card size", "Normal") == size
        assert size != speed  # lv "Vidējs"/"Normāls", ru "Средний"/"Обычный"
        # a large card is not the declarer (ru "Большой")
        assert i18n._(texts.CARD_SIZE_LABELS["large"]) != i18n._("Declarer")
    finally:
        i18n.set_language("en")
