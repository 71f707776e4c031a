"""Started where no window can open, the game says so in one line and exits 1."""

import os
import subprocess
import sys

import pytest

from tests.helpers import ROOT
from zole_desktop.ui.launch import no_display


def test_no_display_is_recognised():
    assert no_display({}, "linux")
    assert not no_display({"DISPLAY": ":0"}, "linux")
    assert not no_display({"WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert not no_display({"SDL_VIDEODRIVER": "dummy"}, "linux")  # the user asked for it
    assert not no_display({}, "win32")
    assert not no_display({}, "darwin")


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="Windows and macOS always have a display to open a window on")
def test_game_without_a_display_exits_with_one_line(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["ZOLE_DESKTOP_HOME"] = str(tmp_path)
    r = subprocess.run([sys.executable, "-m", "zole_desktop", "--lang", "en"], cwd=ROOT,
                       env=env, capture_output=True, text=True, timeout=60,
                       stdin=subprocess.DEVNULL)
    assert r.returncode == 1, (r.returncode, r.stderr)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "no display was found" in lines[0], r.stderr
    assert r.stdout == ""
