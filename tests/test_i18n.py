"""Translations: complete, consistent, compiled, and every UI string goes through them."""

import ast
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
UI_FILES = [ROOT / "zole_desktop" / n for n in ("records/review.py", "records/history.py",
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
