"""Translation catalogs: extract the template with Babel, update lv/en/ru, compile .mo files.

    python -m zole_desktop.tools.catalogs update    # extract messages, merge into the .po files
    python -m zole_desktop.tools.catalogs compile   # write the .mo files beside the .po files
    python -m zole_desktop.tools.catalogs check     # exit 1 if any .mo is out of date
    python -m zole_desktop.tools.catalogs merge F   # fill translations from a JSON file
    python -m zole_desktop.tools.catalogs missing   # list untranslated lv/ru messages

The Latvian catalog keeps the GNU plural header (Babel's own Latvian header orders the forms
differently), pinned here and checked by the tests.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .. import resources

DOMAIN = "zole_desktop"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "NC_": ((1, "c"), 2)}
PLURALS = {
    "lv": (3, "(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2)"),
    "ru": (3, "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) "
              "? 1 : 2)"),
    "en": (2, "(n != 1)"),
}
LANGS = tuple(PLURALS)
PACKAGE = Path(__file__).resolve().parent.parent


def po_path(lang: str) -> Path:
    return resources.locales_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def pin_plurals(catalog: Catalog, lang: str) -> None:
    n, expr = PLURALS[lang]
    # Babel has no public setter (and types these private fields as None)
    catalog._num_plurals = n  # type: ignore[assignment]  # noqa: SLF001
    catalog._plural_expr = expr  # type: ignore[assignment]  # noqa: SLF001


def extract() -> Catalog:
    """The template: every marked string in the package (and theme/guide data modules)."""
    template = Catalog(project="zole-desktop", version="1", charset="utf-8",
                       fuzzy=False)
    method_map = [("**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), method_map=method_map, keywords=KEYWORDS,
            comment_tags=("Translators:",), strip_comment_tags=True):
        if "tools/" in filename.replace("\\", "/"):
            continue
        template.add(message, None, [(f"zole_desktop/{filename}", lineno)],
                     auto_comments=comments, context=context)
    return template


def load_po(lang: str) -> Catalog:
    path = po_path(lang)
    if path.exists():
        with open(path, "rb") as f:
            cat = read_po(f, locale=lang, domain=DOMAIN)
    else:
        cat = Catalog(locale=lang, domain=DOMAIN, project="zole-desktop", version="1",
                      fuzzy=False)
    pin_plurals(cat, lang)
    return cat


def save_po(cat: Catalog, lang: str) -> None:
    pin_plurals(cat, lang)
    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    # the files a message comes from, without line numbers: a line moved by an edit
    # elsewhere changes no catalog (and two branches that add messages rarely collide)
    write_po(buf, cat, width=100, omit_header=False, sort_output=False, include_lineno=False)
    path.write_bytes(buf.getvalue())


def update() -> None:
    template = extract()
    for lang in LANGS:
        cat = load_po(lang)
        cat.update(template, no_fuzzy_matching=True)
        if lang == "en":  # English: the source text is the translation
            for m in cat:
                if not m.id:
                    continue
                if isinstance(m.id, tuple):
                    if not (isinstance(m.string, tuple | list) and any(m.string)):
                        m.string = (m.id[0], m.id[1])
                elif not m.string:
                    m.string = m.id
        cat.obsolete.clear()
        save_po(cat, lang)


def compiled(lang: str) -> bytes:
    cat = load_po(lang)
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def compile_all() -> None:
    for lang in LANGS:
        mo_path(lang).write_bytes(compiled(lang))


def check() -> list[str]:
    stale = []
    for lang in LANGS:
        p = mo_path(lang)
        if not p.exists() or p.read_bytes() != compiled(lang):
            stale.append(lang)
    return stale


def merge(path: Path) -> int:
    """Fill translations from a JSON file ``{"lv": {msgid: msgstr or [forms]}, "ru": ...}``;
    returns how many entries were filled.  A message with a context is keyed
    ``"context\u0004msgid"`` (as gettext keys it); a plural one by its singular msgid.
    Unknown msgids are reported and skipped."""
    import json

    data = json.loads(Path(path).read_text("utf-8"))
    filled = 0
    for lang, entries in data.items():
        cat = load_po(lang)
        for key, text in entries.items():
            context, _sep, msgid = key.rpartition("\x04")
            m = cat.get(msgid, context=context or None)
            if m is None:
                m = next((x for x in cat if isinstance(x.id, tuple) and x.id[0] == msgid
                          and x.context == (context or None)), None)
            if m is None:
                print(f"{lang}: not in the catalog: {msgid[:60]}", file=sys.stderr)
                continue
            m.string = tuple(text) if isinstance(text, list) else text
            m.flags.discard("fuzzy")
            filled += 1
        save_po(cat, lang)
    return filled


def untranslated(lang: str) -> list[str]:
    cat = load_po(lang)
    out = []
    for m in cat:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if not all(strings) or m.fuzzy:
            out.append(m.id if isinstance(m.id, str) else m.id[0])
    return out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    cmd = argv[0] if argv else "help"
    if cmd == "update":
        update()
        compile_all()
        return 0
    if cmd == "merge" and len(argv) > 1:
        print(f"filled {merge(Path(argv[1]))} entries")
        compile_all()
        return 0
    if cmd == "missing":
        for lang in ("lv", "ru"):
            for mid in untranslated(lang):
                print(f"{lang}\t{mid}")
        return 0
    if cmd == "compile":
        compile_all()
        return 0
    if cmd == "check":
        stale = check()
        if stale:
            print("out of date: " + ", ".join(stale), file=sys.stderr)
            return 1
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
