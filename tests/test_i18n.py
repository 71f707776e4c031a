"""Translations: complete, consistent, compiled, and every UI string goes through them."""

import ast
import collections
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tests.helpers import ROOT
from zole_desktop import i18n
from zole_desktop.tools import catalogs

LANGS = ("lv", "ru", "en")
PLACEHOLDER = re.compile(r"\{[a-z_0-9]*(?:![rs])?(?::[^{}]*)?\}")


def load(lang):
    with open(catalogs.po_path(lang), "rb") as f:
        return read_po(f, locale=lang)


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_translated_none_fuzzy(lang):
    cat = load(lang)
    missing = []
    for m in cat:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(strings):
            missing.append(m.id if isinstance(m.id, str) else m.id[0])
    assert not missing, f"{lang}: {len(missing)} untranslated, e.g. {missing[:5]}"


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_identical(lang):
    bad = []
    for m in load(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        want = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        for s in strings:
            if s and set(PLACEHOLDER.findall(s)) - want:
                bad.append((ids[0], s))
            if s and not isinstance(m.id, tuple) and set(PLACEHOLDER.findall(s)) != want:
                bad.append((ids[0], s))
    assert not bad, bad[:5]


@pytest.mark.parametrize("lang,forms", [("lv", 3), ("ru", 3), ("en", 2)])
def test_plural_entries_complete(lang, forms):
    cat = load(lang)
    assert cat.num_plurals == forms
    for m in cat:
        if isinstance(m.id, tuple):
            assert len(m.string) == forms and all(m.string), m.id


def test_latvian_header_is_the_gnu_one():
    text = catalogs.po_path("lv").read_text("utf-8")
    assert ('"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);'
            in text)


def test_compiled_catalogs_are_current():
    assert catalogs.check() == []


def test_catalogs_hold_every_marked_string():
    template = {m.id if isinstance(m.id, str) else m.id[0] for m in catalogs.extract() if m.id}
    for lang in LANGS:
        have = {m.id if isinstance(m.id, str) else m.id[0] for m in load(lang) if m.id}
        assert not template - have, f"{lang}: run catalogs update: {sorted(template - have)[:5]}"


@pytest.mark.parametrize("lang,n,word", [
    ("lv", 1, "stiķis"), ("lv", 2, "stiķi"), ("lv", 0, "stiķu"), ("lv", 21, "stiķis"),
    ("lv", 11, "stiķi"),
    ("ru", 1, "взятка"), ("ru", 2, "взятки"), ("ru", 5, "взяток"), ("ru", 22, "взятки"),
    ("ru", 11, "взяток"),
])
def test_plural_forms_read_naturally(lang, n, word):
    i18n.set_language(lang)
    try:
        assert word in i18n.ngettext("{n} trick", "{n} tricks", n)
    finally:
        i18n.set_language("en")


# ------------------------------------------------------------------ no literal outside _()
UI_DIRS = [ROOT / "zole_desktop" / "ui"]
# modules outside ui/ whose messages reach the player
UI_FILES = [ROOT / "zole_desktop" / n for n in ("records/review.py", "records/review_words.py",
                                                 "records/history.py",
                                                 "saves.py", "storage.py")]
TRANSLATORS = {"_", "N_", "NC_", "ngettext", "pgettext"}
# text that is not prose: identifiers, file names, colours, format codes, single symbols
NOT_PROSE = re.compile(r"^[\w.\-/#%:,;=+*<>()\[\]{}|@ ]*$")


FILE_NAME = re.compile(r"^[\w\-]+\.\w{2,4}$")


def _is_prose(s: str) -> bool:
    if FILE_NAME.match(s):
        return False
    letters = [ch for ch in s if ch.isalpha()]
    if len(letters) < 2:
        return False
    if " " in s.strip():
        return True
    # a capitalised word in any script: "Pass", "Ņemu", "Пас"
    return len(s) > 1 and s[0].isupper() and s[1].islower()


def _literal_offences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text("utf-8"))
    allowed: set[int] = set()
    for node in ast.walk(tree):
        # docstrings
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(
                    getattr(body[0], "value", None), ast.Constant):
                allowed.add(id(body[0].value))
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(
                f, ast.Attribute) else ""
            if name in TRANSLATORS or name in ("getLogger", "warn", "debug", "info",
                                                "warning", "error", "exception"):
                for a in ast.walk(node):
                    allowed.add(id(a))
        if isinstance(node, ast.Raise) and node.exc is not None:
            for a in ast.walk(node.exc):
                allowed.add(id(a))  # exceptions are for developers
        if isinstance(node, ast.Compare):
            for a in ast.walk(node):
                allowed.add(id(a))
        if isinstance(node, ast.Subscript):
            for a in ast.walk(node.slice):
                allowed.add(id(a))
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            for a in ast.walk(node.value):
                allowed.add(id(a))
        if isinstance(node, ast.Dict):
            for k in node.keys:
                if k is not None:
                    allowed.add(id(k))
            # {"lv": ..., "en": ..., "ru": ...} already holds its translations
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if keys == set(i18n.LANGUAGES) and len(node.keys) == len(keys):
                for v in node.values:
                    allowed.add(id(v))
    lines = path.read_text("utf-8").splitlines()
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in allowed or not _is_prose(node.value):
                continue
            line = lines[node.lineno - 1]
            if "i18n: ok" in line:
                continue
            out.append(f"{path.name}:{node.lineno}: {node.value[:50]!r}")
    return out


def test_no_user_facing_literal_outside_the_catalogs():
    offences = []
    for d in UI_DIRS:
        for p in sorted(d.rglob("*.py")):
            offences += _literal_offences(p)
    for p in UI_FILES:
        offences += _literal_offences(p)
    assert not offences, "\n".join(offences[:30])


# ------------------------------------------------------------------ typography helpers
def test_after_label_lowers_a_word_but_not_a_card_or_an_abbreviation():
    try:
        for lang, text, want in [("lv", "Ar Q♣ tu paliec", "ar Q♣ tu paliec"),
                                 ("ru", "С Q♣ вы остаётесь", "с Q♣ вы остаётесь"),
                                 ("lv", "Q♣: lai ko tu liktu", "Q♣: lai ko tu liktu"),
                                 ("ru", "10♦: при любой карте", "10♦: при любой карте"),
                                 ("lv", "PDF saglabāts", "PDF saglabāts"),
                                 ("en", "Lead low: keep", "Lead low: keep")]:
            i18n.set_language(lang)
            assert i18n.after_label(text) == want
    finally:
        i18n.set_language("en")
    assert i18n.lower_first("Normāls") == "normāls" and i18n.lower_first("") == ""


@pytest.mark.parametrize("lang,word", [("lv", "Padoms: "), ("ru", "Подсказка: ")])
def test_a_hint_goes_on_in_lower_case_after_its_label(lang, word):
    """Every reason the advisor gives, as the hint line shows it (GLOSSARY.md, Style)."""
    from zole_desktop.ui.table import hint_view

    reasons = [m for m in load(lang) if m.id and any(
        f == "zole_desktop/bots/advisor.py" for f, _l in m.locations)]
    assert len(reasons) >= 20
    i18n.set_language(lang)
    try:
        bad = []
        for m in reasons:
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            for n in (1, 5):
                reason = (i18n.ngettext(ids[0], ids[1], n) if len(ids) > 1
                          else i18n._(ids[0]))
                reason = reason.format_map(collections.defaultdict(
                    lambda: "Q♣", n=n, pct=45, other_pct=30, rule=i18n._(
                        "The only card you may play")))
                line = hint_view.reason_line(reason)
                assert line.startswith(word), line
                rest = line[len(word):]
                if rest[0].isupper() and (rest[1].islower() or rest[1] == " "):
                    bad.append(line)
        assert not bad, bad
    finally:
        i18n.set_language("en")


def test_percent_is_spaced_as_each_language_writes_it():
    try:
        for lang, want in [("en", "54%"), ("lv", "54\u00a0%"), ("ru", "54\u00a0%")]:
            i18n.set_language(lang)
            assert i18n.percent(54) == want
    finally:
        i18n.set_language("en")


def test_merge_fills_a_message_with_a_context(tmp_path, monkeypatch):
    import json
    import shutil

    real = catalogs.po_path
    for lang in ("lv", "ru"):
        (tmp_path / lang).mkdir()
        shutil.copy(real(lang), tmp_path / lang / "x.po")
    monkeypatch.setattr(catalogs, "po_path", lambda lang: tmp_path / lang / "x.po")
    data = {"lv": {"a seat row in the host's form\x04Seat {n}": "Vieta nr. {n}",
                   "Seat {n}": "Sēdvieta {n}"},
            "ru": {"bot level\x04Normal": "Обычный"}}
    (tmp_path / "tr.json").write_text(json.dumps(data), "utf-8")
    assert catalogs.merge(tmp_path / "tr.json") == 3
    lv = {(m.context, m.id): m.string for m in catalogs.load_po("lv")}
    assert lv[("a seat row in the host's form", "Seat {n}")] == "Vieta nr. {n}"
    assert lv[(None, "Seat {n}")] == "Sēdvieta {n}"
    ru = {(m.context, m.id): m.string for m in catalogs.load_po("ru")}
    assert ru[("bot level", "Normal")] == "Обычный"
    assert ru[("card size", "Normal")] == "Средний"  # the other context is left alone
