"""Every record in ../shared/examples settles exactly as its .expect.json says."""

import json
import os
import subprocess
import sys

import pytest

from tests.helpers import ROOT, shared_dir
from zole_desktop.rules.record import replay_text

EXAMPLES = shared_dir() / "examples"
RECORDS = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expect.json"))


def test_examples_folder_is_there():
    if not EXAMPLES.is_dir() and not os.environ.get("CI"):
        pytest.skip(f"{EXAMPLES} is not beside this checkout")
    assert RECORDS, f"no records in {EXAMPLES}"


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_example_settles_as_expected(path):
    expected = json.loads(path.with_name(path.stem + ".expect.json").read_text())
    assert replay_text(path.read_bytes()).to_json() == expected


@pytest.mark.parametrize("path", RECORDS[:3], ids=lambda p: p.stem)
def test_replay_cli_json(path):
    out = subprocess.run([sys.executable, "-m", "zole_desktop", "replay", "--json", str(path)],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    lines = out.stdout.strip().splitlines()
    expected = json.loads(path.with_name(path.stem + ".expect.json").read_text())
    assert json.loads(lines[-1]) == expected


def test_replay_cli_text_sheet():
    path = EXAMPLES / "pools-story.json"
    if not path.exists():
        pytest.skip("examples not present")
    out = subprocess.run([sys.executable, "-m", "zole_desktop", "replay", str(path)],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0
    assert "totals" in out.stdout
    assert "-12" in out.stdout and "+9" in out.stdout
