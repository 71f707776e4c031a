"""The PyInstaller bundle builds from build/zole_desktop.spec and plays a hand headless."""

import importlib.util
import os
import subprocess
import sys

import pytest

from tests.helpers import ROOT


def test_bundle_builds_and_plays_a_hand(tmp_path):
    if importlib.util.find_spec("PyInstaller") is None:
        if os.environ.get("CI"):
            raise AssertionError("PyInstaller must be installed in CI (test extras)")
        pytest.skip("PyInstaller is not installed")
    dist, work = tmp_path / "dist", tmp_path / "work"
    build = subprocess.run(
        [sys.executable, "-m", "PyInstaller", str(ROOT / "build" / "zole_desktop.spec"),
         "--noconfirm", "--distpath", str(dist), "--workpath", str(work)],
        capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert build.returncode == 0, build.stderr[-3000:]
    exe = dist / "zole" / ("zole.exe" if sys.platform == "win32" else "zole")
    assert exe.exists()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               ZOLE_DESKTOP_HOME=str(tmp_path / "home"))
    shots = tmp_path / "shots"
    run = subprocess.run([str(exe), "demo", "--hands", "1", "--screenshots", str(shots)],
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert list(shots.glob("*.png"))
    # the bundle settles a record too: the rules core and its data travel with it
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    refused = subprocess.run([str(exe), "replay", str(bad)], capture_output=True, text=True,
                             env=env, timeout=120)
    assert refused.returncode == 2 and refused.stderr.startswith("hand 1:")
