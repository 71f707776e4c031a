"""One version, written in pyproject.toml only, shown by --version."""

import subprocess
import sys
import tomllib

from tests.helpers import ROOT
from zole_desktop import __version__
from zole_desktop.version import from_pyproject


def pyproject_version():
    return tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]


def test_version_comes_from_pyproject():
    assert __version__ == pyproject_version()


def test_another_projects_file_is_not_read(tmp_path):
    other = tmp_path / "pyproject.toml"
    other.write_text('[project]\nname = "other"\nversion = "9.9"\n')
    assert from_pyproject(other) is None
    assert from_pyproject(tmp_path / "missing.toml") is None


def test_version_flag():
    r = subprocess.run([sys.executable, "-m", "zole_desktop", "--version"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0
    assert r.stdout.strip() == f"zole {pyproject_version()}"


def test_no_other_place_writes_the_version():
    v = pyproject_version()
    hits = [p for p in (ROOT / "zole_desktop").rglob("*.py") if f'"{v}"' in p.read_text("utf-8")]
    assert not hits, hits


def test_settings_show_the_version(make_app):
    from zole_desktop.ui.menus import SettingsScene
    from zole_desktop.ui.widgets import Heading

    app = make_app()
    scene = SettingsScene()
    app.stack.push(scene)
    app.step()
    labels = [w.label() for w in scene.widgets if isinstance(w, Heading) and callable(w.label)]
    assert f"Zole {pyproject_version()}" in labels
