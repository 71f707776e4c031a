"""A name or a number inside a sentence agrees for any value (issue 31, locales/GLOSSARY.md,
"Style"): every Latvian and Russian message with a person's name in it is rendered with a
woman's and a man's name (and with "Tu" / "Вы" where the line may show the person at the
table), every message with a count for 0, 1, 2, 5, 11, 21, 22, 25, 101 and 111, and the words
beside the name or the number are checked against the forms settled on:

* a name is nominative and is followed by a verb in the present (or, in Latvian, the past,
  which has no gender) or by punctuation; a noun after it would need the genitive
  ("Anna galds"), a Russian past tense would need its gender ("Анна взял");
* the person at the table ("Tu" / "Вы") is followed by punctuation only: the other lines have
  a "You …" message of their own;
* a counted word after a number (a placeholder rendered, or a number written in the text) is a
  form its number takes; a counted word after a placeholder outside ``ngettext`` dodges the
  plural.
"""

from __future__ import annotations

import gettext
import re
import string

import pytest
from babel.messages.pofile import read_po

from zole_desktop import i18n
from zole_desktop.tools import catalogs

LANGS = ("lv", "ru")
NAMES = {"lv": ("Anna", "Jānis"), "ru": ("Анна", "Янис")}
YOU = {"lv": "Tu", "ru": "Вы"}
COUNTS = (0, 1, 2, 5, 11, 21, 22, 25, 101, 111)
ONE_NAME = ("name", "owner")
MANY_NAMES = ("names", "players", "others")
# where {name} is a file, a folder or a deck, not a person
NOT_PEOPLE = ("zole_desktop/decks.py", "zole_desktop/saves.py", "zole_desktop/storage.py",
              "zole_desktop/ui/gallery_decks.py", "zole_desktop/ui/theme.py",
              "zole_desktop/cli/")
# the lines whose name may be the person at the table as "You" (Names() of their seat: the
# galdiņš lines of the table and the hand summary, the table's pools, the history's players);
# every other line with a name has a "You …" message of its own, chosen by Names.is_you
MAY_BE_YOU = {"{name}: {tricks}, {points}", "{name}: {n} personal pool",
              "{players} (unfinished)"}
# what may follow a name: a verb (lv past tense has no gender; ru present tense only)
AFTER_NAME = {
    "lv": {"ņem", "paņēma", "nepaņēma", "lika", "atsauca", "saņem", "noņem", "maksā",
           "maksājat",
           # the review's verbs (the past tense has one form for a woman and a man)
           "izspēlēja", "teica", "ņēma,", "izvēlējās", "noraka", "zaudēja", "iemeta"},
    "ru": {"берёт", "отменяет", "получает", "закрывает", "платит", "платите"},
}
# what may stand before a name without punctuation: a role noun in the genitive ("spēlētāja
# {owner} personīgo puli", "пулю игрока {owner}"), "Bots {name}", "… un {names}", a verb
BEFORE_NAME = {"lv": {"spēlētāja", "Bots", "un", "paņēma"}, "ru": {"игрока", "Бот", "и"}}
GENITIVE_ROLE = {"lv": {"spēlētāja"}, "ru": {"игрока"}}
PAST = re.compile(r"(л|ла|ло|ли|лся|лась|лось|лись)$")

# the forms a counted word takes after a number of each plural class (0: 1, 21, 101; lv 1:
# every other number but 0, 2: 0; ru 1: 2-4, 22-24; 2: 0, 5-20, 25-30, 111), every case the
# catalogs use
FORMS = {
    "lv": [
        ({"acs", "aci"}, {"acis", "acīm"}, {"acu", "acīm"}),
        ({"stiķis", "stiķi"}, {"stiķi", "stiķus", "stiķiem"}, {"stiķu"}),
        ({"trumpis"}, {"trumpji"}, {"trumpju"}),
        ({"izmēģinātais", "izmēģinātā", "izmēģinātajā"},
         {"izmēģinātie", "izmēģinātajos", "izmēģinātajiem"},
         {"izmēģināto", "izmēģinātajos", "izmēģinātajiem"}),
        ({"fails"}, {"faili"}, {"failu"}),
        ({"rakstzīme", "rakstzīmi"}, {"rakstzīmes", "rakstzīmēm"}, {"rakstzīmju", "rakstzīmēm"}),
        ({"sadalījums", "sadalījumā", "sadalījuma", "sadalījumu"},
         {"sadalījumi", "sadalījumos", "sadalījumiem"},
         {"sadalījumu", "sadalījumos", "sadalījumiem"}),
        ({"izspēlētais", "izspēlētā", "izspēlētajā"}, {"izspēlētie", "izspēlētajos",
                                                        "izspēlētajiem"},
         {"izspēlēto", "izspēlētajos", "izspēlētajiem"}),
        ({"vērtētajā"}, {"vērtētajos"}, {"vērtētajos"}),
        ({"lappuse"}, {"lappuses"}, {"lappušu"}),
        ({"partija", "partiju"}, {"partijas"}, {"partiju"}),
        ({"kadrs"}, {"kadri"}, {"kadru"}),
        ({"ekrānuzņēmums"}, {"ekrānuzņēmumi"}, {"ekrānuzņēmumu"}),
        ({"brīva"}, {"brīvas"}, {"brīvu"}),
        ({"vieta"}, {"vietas"}, {"vietu"}),
        ({"spēlētājs"}, {"spēlētāji"}, {"spēlētāju"}),
        ({"kopējā"}, {"kopējās"}, {"kopējo"}),
        ({"personīgā"}, {"personīgās"}, {"personīgo"}),
        ({"pule"}, {"pules"}, {"puļu"}),
        ({"mačs"}, {"mači"}, {"maču"}),
        ({"izspēlēta"}, {"izspēlētas"}, {"izspēlētu"}),
        ({"kārts", "kārti"}, {"kārtis", "kārtīm"}, {"kāršu"}),
        ({"punkts", "punktu"}, {"punkti", "punktus", "punktiem"}, {"punktu"}),
        ({"Izlaists"}, {"Izlaisti"}, {"Izlaisti", "Izlaists"}),
        ({"Ierakstīta"}, {"Ierakstītas"}, {"Ierakstīts"}),
        ({"vēstures"}, {"vēstures"}, {"vēstures"}),  # a genitive: "… vēstures faili"
    ],
    "ru": [
        ({"очко", "очка", "очке"}, {"очка"}, {"очков"}),
        ({"взятка", "взятку", "взятки"}, {"взятки"}, {"взяток"}),
        ({"козырь"}, {"козыря"}, {"козырей"}),
        ({"проверенный", "проверенном", "проверенного"}, {"проверенных"}, {"проверенных"}),
        ({"файл", "файла"}, {"файла", "файлов"}, {"файлов"}),
        ({"символ", "символа"}, {"символа", "символов"}, {"символов"}),
        ({"расклад", "расклада", "раскладе", "раскладу"},
         {"расклада", "раскладов", "раскладах", "раскладам"},
         {"раскладов", "раскладах", "раскладам"}),
        ({"просчитанный", "просчитанном"}, {"просчитанных"}, {"просчитанных"}),
        ({"разыгранный", "разыгранного", "разыгранному", "разыгранном"},
         {"разыгранных", "разыгранным"}, {"разыгранных", "разыгранным"}),
        ({"страница"}, {"страницы"}, {"страниц"}),
        ({"партия", "партию"}, {"партии"}, {"партий"}),
        ({"кадр", "кадра"}, {"кадра", "кадров"}, {"кадров"}),
        ({"снимок"}, {"снимка"}, {"снимков"}),
        ({"экрана"}, {"экрана"}, {"экрана"}),  # a genitive: "… снимка экрана"
        ({"свободное"}, {"свободных", "свободные"}, {"свободных"}),
        ({"место"}, {"места"}, {"мест"}),
        ({"игрок", "игрока"}, {"игрока", "игроков"}, {"игроков"}),
        ({"общая"}, {"общие", "общих"}, {"общих"}),
        ({"личная"}, {"личные", "личных"}, {"личных"}),
        ({"пуля"}, {"пули"}, {"пуль"}),
        ({"матч"}, {"матча"}, {"матчей"}),
        ({"сыграна"}, {"сыграны"}, {"сыграно"}),
        ({"карта", "карту"}, {"карты"}, {"карт"}),
        ({"балл", "балла"}, {"балла"}, {"баллов"}),
        ({"истории"}, {"истории"}, {"истории"}),  # a genitive: "… файла истории"
        ({"Пропущен"}, {"Пропущено", "Пропущены"}, {"Пропущено"}),
        ({"Записана"}, {"Записаны", "Записано"}, {"Записано"}),
    ],
}
# words after a number that are not its noun ("(un vēl 3)", "3 no 8", "par 3 vairāk")
NOT_A_NOUN = {"lv": {"no", "vairāk", "mazāk", "pret"}, "ru": {"из", "больше", "меньше"}}
COUNT_PLACEHOLDERS = ("n", "p", "q", "m", "count", "lo", "hi")
# a counted word after a placeholder outside ngettext, on purpose
FIXED = {
    # the bands' bounds are 30, 60, 90, 120: "61–90 acis", "91–120 очков" (the last number
    # decides), never a number that would need another form
    "{lo}–{hi} points", "{lo}–{hi} points (jāņi)",
    # n is the deck's 120 card points
    "The two sides share {n} card points.",
}
# a number written in a message and the word after it that is not its noun
NOT_COUNTED = {"lv": {"26 kāršu attēliem"}, "ru": set()}
WORD = re.compile(r"[^\W\d_][\w\-]*")
PUNCT = ".,:;!?)(—–…«»„“\"'"


def catalog(lang: str):
    with open(catalogs.po_path(lang), "rb") as f:
        return read_po(f, locale=lang)


def plural_class(lang: str):
    return gettext.c2py(catalogs.PLURALS[lang][1])


def fields(template: str) -> list[str]:
    return [f for _t, f, _s, _c in string.Formatter().parse(template) if f]


class Filler(dict):
    """Values for the placeholders that are not under test: short and without a noun."""

    def __missing__(self, key: str) -> str:
        return {"card": "10♦", "cards": "Q♣ 10♦ A♥", "best": "A♥", "t": "3", "pct": "45",
                "other_pct": "30", "level": "normāls", "contract": "Zole", "all": "26",
                "points": "1,5", "tricks": "2,0"}.get(key, "X")


def render(template: str, **values) -> str:
    return template.format_map(Filler(values))


def people_messages(lang: str):
    """(English msgid, translation forms) of every message with a person's name in it."""
    out = []
    for m in catalog(lang):
        if not m.id or all(any(f.startswith(p) for p in NOT_PEOPLE) for f, _l in m.locations):
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        if set(fields(ids[0])) & {*ONE_NAME, *MANY_NAMES}:
            out.append((ids[0], forms))
    return out


def bare(token: str) -> str:
    return token.strip(PUNCT)


def name_problems(lang: str, en: str, form: str, name: str, you: bool) -> list[str]:
    """What is wrong around ``name`` (put for each person placeholder of ``form``)."""
    bad = []
    for ph in [f for f in fields(form) if f in ONE_NAME + MANY_NAMES]:
        value = name if ph in ONE_NAME else (f"{name}, {NAMES[lang][1]}" if not you else name)
        mark = "{" + ph + "}"
        parts = form.split(mark)
        for i in range(len(parts) - 1):
            left = render(mark.join(parts[:i + 1]), **{ph: value})
            right = render(mark.join(parts[i + 1:]), **{ph: value})
            text = left + value + right
            if (left and left[-1].isalnum()) or (right and right[0].isalnum()):
                bad.append(f"{lang}: {text!r}: the name is glued to a word ({en[:40]})")
                continue
            before = left.split()[-1] if left.strip() else ""
            after = right.split()[0] if right.strip() else ""
            if you:
                if after and after[0] not in PUNCT:
                    bad.append(f"{lang}: {text!r}: the person at the table is followed by "
                               f"{after!r}: give this line a \"You …\" message ({en[:40]})")
                continue
            if before and before[-1] not in PUNCT and before not in BEFORE_NAME[lang]:
                bad.append(f"{lang}: {text!r}: {before!r} before a name ({en[:40]})")
            if after and after[0] not in PUNCT and after not in AFTER_NAME[lang]:
                if lang == "ru" and PAST.search(after):
                    why = "a past tense needs the name's gender"
                elif before in GENITIVE_ROLE[lang]:
                    continue  # "spēlētāja Anna personīgo puli": the role noun is the genitive
                else:
                    why = "a noun after a name needs a genitive: restructure (\"Galds: {name}\")"
                bad.append(f"{lang}: {text!r}: {after!r} after a name: {why} ({en[:40]})")
    return bad


@pytest.mark.parametrize("lang", LANGS)
def test_names_agree_for_a_woman_a_man_and_you(lang):
    messages = people_messages(lang)
    assert len(messages) >= 30, len(messages)
    bad, rendered = [], 0
    for en, forms in messages:
        for form in forms:
            names = list(NAMES[lang]) + ([YOU[lang]] if en in MAY_BE_YOU else [])
            for name in names:
                bad += name_problems(lang, en, form, name, you=name == YOU[lang])
                rendered += 1
    assert rendered > 100
    assert not bad, "\n".join(bad)


def test_the_lines_that_may_say_you_exist():
    en = {m for m, _f in people_messages("lv")}
    assert MAY_BE_YOU <= en, MAY_BE_YOU - en


def index(lang: str) -> dict[str, set[int]]:
    out: dict[str, set[int]] = {}
    for paradigm in FORMS[lang]:
        for cls, words in enumerate(paradigm):
            for w in words:
                out.setdefault(w, set()).add(cls)
    return out


def count_problems(lang: str, en: str, text: str, n: int, after: str, before: str) -> list[str]:
    """The counted words after (and before) the number ``n`` in ``text``."""
    idx = index(lang)
    cls = plural_class(lang)(n)
    bad = []
    words = after.split()
    if after and not after.startswith((" ", "\u00a0")):
        words = []  # "{n}." (an ordinal), "{n})", "{n}-й": no noun
    for k, token in enumerate(words):
        w = bare(token)
        if not WORD.fullmatch(w or "-"):
            break
        if k == 0 and w in NOT_A_NOUN[lang]:
            break
        if w not in idx:
            if k == 0:
                bad.append(f"{lang}: {text!r}: {w!r} after {n} is not a known counted word: "
                           f"add its forms to FORMS ({en[:40]})")
            break
        if cls not in idx[w]:
            bad.append(f"{lang}: {text!r}: {w!r} after {n} ({en[:40]})")
        if token[-1] in PUNCT:
            break
    last = before.split()[-1] if before.strip() and before[-1].isspace() else ""
    prev = bare(last) if last and last[-1] not in PUNCT else ""
    if prev in idx and cls not in idx[prev]:
        bad.append(f"{lang}: {text!r}: {prev!r} before {n} ({en[:40]})")
    return bad


@pytest.mark.parametrize("lang", LANGS)
def test_counts_agree_for_every_number(lang):
    """Every ngettext message, rendered through the compiled catalog for each count."""
    i18n.set_language(lang)
    bad, rendered = [], 0
    try:
        for m in catalog(lang):
            if not isinstance(m.id, tuple):
                continue
            ph = next((p for p in COUNT_PLACEHOLDERS if "{" + p + "}" in m.id[0]), None)
            if ph is None:
                continue
            for n in COUNTS:
                form = i18n.ngettext(m.id[0], m.id[1], n)
                for name in NAMES[lang]:
                    values = {ph: n, "name": name, "owner": name, "names": name}
                    mark = "{" + ph + "}"
                    parts = form.split(mark)
                    for i in range(len(parts) - 1):
                        left = render(mark.join(parts[:i + 1]), **values)
                        right = render(mark.join(parts[i + 1:]), **values)
                        bad += count_problems(lang, m.id[0], left + str(n) + right, n, right,
                                              left)
                        rendered += 1
    finally:
        i18n.set_language("en")
    assert rendered > 500
    assert not bad, "\n".join(sorted(set(bad)))


@pytest.mark.parametrize("lang", LANGS)
def test_no_counted_word_outside_ngettext(lang):
    """A count placeholder in a message that is not an ngettext one is not followed by a
    counted word: "acis: {n}" reads for any n, "{n} acis" does not."""
    idx = index(lang)
    bad = []
    for m in catalog(lang):
        if not m.id or isinstance(m.id, tuple) or m.id in FIXED:
            continue
        for ph in COUNT_PLACEHOLDERS:
            for after in re.findall(r"\{" + ph + r"\}[ \u00a0]+(\S+)", m.string):
                if bare(after) in idx:
                    bad.append(f"{lang}: {m.string!r}: {{{ph}}} {after} outside ngettext")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_written_in_the_text_agree(lang):
    """ "61 aci", "91 очко", "26 карт": a number in the text takes its form's word."""
    idx = index(lang)
    cls = plural_class(lang)
    bad, seen = [], 0
    for m in catalog(lang):
        if not m.id:
            continue
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        for form in forms:
            text = re.sub(r"\{[^{}]*\}", "⟨⟩", form)
            for match in re.finditer(r"(?<![\d,.⟩])(\d+)[ \u00a0]+([^\W\d_][\w\-]*)", text):
                n, word = int(match.group(1)), match.group(2)
                if word not in idx or any(match.group(0) in x or x.startswith(match.group(0))
                                          for x in NOT_COUNTED[lang] if x in text):
                    continue
                seen += 1
                if cls(n) not in idx[word]:
                    bad.append(f"{lang}: {form!r}: {n} {word}")
    assert seen >= 10, seen
    assert not bad, "\n".join(bad)
