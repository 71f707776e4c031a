"""The words of the three catalogs follow locales/GLOSSARY.md (issue 15): one name per thing,
game points apart from card points, contexts for homographs, filled-in headers."""

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


# (which English messages, language, what every translation of them must hold, what none may)
TERMS = [
    # game points are баллы; очки are card points only
    (r"game point", "ru", r"(?i)балл", r"(?i)очк"),
    (r"card point", "ru", r"(?i)очк", r"(?i)балл"),
    (r"game point", "lv", r"punkt", r"\bac[iu]"),
    (r"card point", "lv", r"\bac[isuīā]", r"punkt"),
    # the score sheet is Запись / pieraksts
    (r"(?i)score sheet", "ru", r"(?i)запис", r"(?i)таблиц"),
    (r"(?i)score sheet", "lv", r"(?i)pierakst", r"(?i)tabul"),
    # the opponent is противник / pretinieks
    (r"opponent", "ru", r"противник", r"соперник"),
    (r"opponent", "lv", r"pretiniek", None),
    # one name for the rules guide, the last trick, following suit
    (r"(?i)rules guide", "ru", r"(?i)правил\w* игры", r"(?i)справочник"),
    (r"(?i)rules guide", "lv", r"(?i)spēles noteikum", r"(?i)ceļved"),
    (r"(?i)last trick", "ru", r"Последн", r"Прошл"),
    (r"(?i)last trick", "lv", r"(?i)pēdēj", None),
    (r"(?i)follow (suit|trumps)", "ru", r"(?i)ходить в масть", r"класть"),
    # lv: "lead" is iziet; a table that allows is the table options, not the talon
    (r"(?i)\blead(s)? to\b", "lv", r"(?i)\bi(z|e)(iet|ej)", r"(?i)izspēlē"),
    (r"(?i)table (allows|says)", "lv", r"galda noteikumi", r"\bgalds\b"),
    (r"(?i)table (allows|says)", "ru", r"правила стола", r"\bстол\b"),
    (r"^Some tables", "lv", r"^Dažviet", r"(?i)galdos"),
]


@pytest.mark.parametrize("pattern,lang,must,must_not", TERMS)
def test_terms_follow_the_glossary(pattern, lang, must, must_not):
    hits = [(e, t) for e, t in entries(lang) if re.search(pattern, e)]
    assert hits, f"no English message matches {pattern!r}: the check would test nothing"
    bad = [(e[:60], t) for e, t in hits
           if not re.search(must, t) or (must_not and re.search(must_not, t))]
    assert not bad, bad


@pytest.mark.parametrize("lang,words", [
    ("ru", ("соперник", "Таблица очков", "Прошлая взятка", "Игровые очки", "Справочник правил",
            "не взять", "любая пуля", "все равные")),
    ("lv", ("Dažos galdos", "ja galds", "galds to", "galds tā", "Punktu tabula",
            "neskaitās šim mastam", "vienādie", "izspēlēts trešais", "Noteikumu ceļvedis")),
])
def test_retired_wordings_are_gone(lang, words):
    found = [(w, t) for w in words for _e, t in entries(lang) if w in t]
    assert not found, found


@pytest.mark.parametrize("lang,allowed,other", [
    ("lv", "„“", "”«»\""), ("ru", "«»", "„“”\""),
])
def test_one_kind_of_quotation_marks(lang, allowed, other):
    bad = [t for _e, t in entries(lang) if any(ch in t for ch in other)]
    assert not bad, bad
    assert any(allowed[0] in t for _e, t in entries(lang))


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
