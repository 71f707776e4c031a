"""``zole theme check|add|print|template`` as a person runs them: exit status and lines."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _zole(*args: str, data: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, ZOLE_DESKTOP_HOME=str(data))
    return subprocess.run([sys.executable, "-m", "zole_desktop", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_check_add_print_template(tmp_path):
    data = tmp_path / "data"
    deck = tmp_path / "deck"
    r = _zole("theme", "template", str(deck), data=data)
    assert r.returncode == 0, r.stderr
    r = _zole("theme", "check", str(deck), data=data)
    assert r.returncode == 0 and r.stdout.strip() == f"{deck}: a good deck"
    # broken: three problems, three lines, status 1
    (deck / "KH.png").unlink()
    (deck / "LICENSE.txt").unlink()
    (deck / "AC.png").rename(deck / "ac.gif")
    r = _zole("theme", "check", str(deck), data=data)
    assert r.returncode == 1
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 3, lines
    assert lines[0] == "ac.gif: only PNG and JPEG images are read (.png, .jpg, .jpeg)"
    assert any(ln.startswith("LICENSE.txt: missing") for ln in lines)
    assert "faces missing (2 of 26): AC.png, KH.png" in lines
    # in the language asked for (else the game's, else the system's)
    r = _zole("--lang", "ru", "theme", "check", str(deck), data=data)
    assert r.returncode == 1
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 3, lines
    assert lines[0] == "ac.gif: читаются только изображения PNG и JPEG (.png, .jpg, .jpeg)"
    assert "нет рисунков карт (2 из 26): AC.png, KH.png" in lines
    r = _zole("theme", "add", str(deck), data=data)
    assert r.returncode == 1 and not (data / "themes" / "my-deck").exists()
    # fixed and added, then printed
    good = tmp_path / "good"
    _zole("theme", "template", str(good), data=data)
    r = _zole("theme", "add", str(good), data=data)
    assert r.returncode == 0 and (data / "themes" / "my-deck" / "QC.png").is_file()
    out = tmp_path / "deck.pdf"
    r = _zole("theme", "print", "my-deck", "--paper", "letter", "--out", str(out),
              "--lang", "lv", data=data)
    assert r.returncode == 0 and r.stdout.strip() == f"{out}: 11 lappuses"
    assert out.read_bytes().startswith(b"%PDF-")
    r = _zole("theme", "print", "no-such-deck", "--out", str(tmp_path / "x.pdf"), data=data)
    assert r.returncode == 1 and len(r.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.pdf").exists()
