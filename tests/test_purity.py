"""The rules core is pure: importing it loads no pygame, and it does no file I/O."""

import ast
import subprocess
import sys
from pathlib import Path

from tests.helpers import ROOT

RULES = ROOT / "zole_desktop" / "rules"


def test_importing_rules_loads_no_pygame():
    code = ("import sys; import zole_desktop.rules, zole_desktop.rules.record; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'PIL')]; "
            "print(bad); sys.exit(1 if bad else 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr


def test_rules_modules_do_no_file_io():
    forbidden_modules = {"os", "io", "pathlib", "shutil", "tempfile", "pygame", "socket"}
    for path in sorted(RULES.glob("*.py")):
        tree = ast.parse(Path(path).read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    assert a.name.split(".")[0] not in forbidden_modules, (path.name, a.name)
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                assert (node.module or "").split(".")[0] not in forbidden_modules, path.name
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("open", "exec", "eval", "compile"), path.name
