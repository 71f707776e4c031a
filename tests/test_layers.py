"""The arrows between the package's layers run one way: ui -> flow -> rules, net -> flow, and
nothing below imports what is above it.  Every import counts, at module level or inside a
function (that only delays it), type-only ones too: a layer below may not even name one above.
"""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from tests.helpers import ROOT
from tests.test_ui_structure import PACKAGE, import_graph

P = "zole_desktop"

# layer -> the layers of the package it must never import
FORBIDDEN = {
    "rules": ("ui", "net", "flow", "bots", "records", "cli", "saves", "storage", "decks"),
    "bots": ("ui", "net", "flow", "cli"),
    "flow": ("ui", "net", "cli"),
    "records": ("ui", "net", "flow", "cli"),
    "net": ("ui",),
}


def in_layer(module: str, layer: str) -> bool:
    name = f"{P}.{layer}"
    return module == name or module.startswith(name + ".")


def crossings(graph, layer: str, forbidden: tuple[str, ...]) -> list[str]:
    out = []
    for mod, targets in sorted(graph.items()):
        if not in_layer(mod, layer):
            continue
        for target, (line, _typed) in sorted(targets.items()):
            if any(in_layer(target, f) for f in forbidden):
                out.append(f"{mod} (line {line}) imports {target}")
    return out


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_a_layer_never_imports_one_above_it(layer):
    bad = crossings(import_graph(), layer, FORBIDDEN[layer])
    assert not bad, f"{layer} reaches up:\n" + "\n".join(bad)


def test_the_check_sees_an_import_inside_a_function(tmp_path):
    pkg = tmp_path / P
    for sub in ("net", "ui", "flow"):
        (pkg / sub).mkdir(parents=True)
        (pkg / sub / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "net" / "host.py").write_text("def later():\n    from ..ui import lobby\n")
    (pkg / "ui" / "lobby.py").write_text("from ..flow import session\n")
    (pkg / "flow" / "session.py").write_text("")
    graph = import_graph(pkg)
    assert crossings(graph, "net", ("ui",)) == [
        f"{P}.net.host (line 2) imports {P}.ui.lobby"]
    assert crossings(graph, "flow", ("ui",)) == []


def test_the_game_flow_loads_no_pygame():
    """The host and the tests run a table without a window: the flow imports no pygame."""
    flow = sorted(p for p in (PACKAGE / "flow").glob("*.py"))
    assert flow, "no flow package"
    for path in flow:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                     else [])
            assert not any(n.split(".")[0] == "pygame" for n in names), path.name
    code = ("import sys; import zole_desktop.flow.session, zole_desktop.flow.director, "
            "zole_desktop.flow.workers, zole_desktop.net.host; "
            "bad = [m for m in sys.modules if m.split('.')[0] == 'pygame']; "
            "print(bad); sys.exit(1 if bad else 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_game_never_imports_the_measuring_tools():
    """bots/measure (the arena, diagnostics, the frozen reference) imports the opponents,
    never the other way; only the command line's arena and solve commands reach it."""
    import re
    from pathlib import Path

    import zole_desktop

    root = Path(zole_desktop.__file__).parent
    found = []
    for p in root.rglob("*.py"):
        rel = p.relative_to(root).as_posix()
        if rel.startswith(("bots/measure/", "cli/")):
            continue
        if re.search(r"^\s*from\s+(\.+|zole_desktop\.)(bots\.)?measure\b"
                     r"|^\s*(from|import)\s+zole_desktop\.bots\.measure",
                     p.read_text("utf-8"), re.M):
            found.append(rel)
    assert found == []
