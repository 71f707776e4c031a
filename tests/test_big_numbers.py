"""A number of more than 4,300 digits in a file or a message (issue 32, item 11).

Python refuses to turn such a string into an int with a ValueError (the int-to-string limit),
which is neither a TOMLDecodeError nor a JSONDecodeError: every reader of a file or a message
must refuse it in one line like any other broken file, never with a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from zole_desktop import decks, storage

ROOT = Path(__file__).resolve().parent.parent
BIG = "1" * 5000


def _huge_deck(folder: Path) -> Path:
    decks.write_template(folder)
    toml = folder / "theme.toml"
    toml.write_text(toml.read_text("utf-8") + f"\nwidth_mm = {BIG}\n", "utf-8")
    return folder


def test_a_deck_with_a_huge_number_is_refused_in_one_line(tmp_path):
    deck = _huge_deck(tmp_path / "deck")
    with pytest.raises(decks.DeckError) as e:
        decks.parse_toml((deck / "theme.toml").read_bytes())
    assert e.value.problems == ["theme.toml: not valid TOML (a number with too many digits)"]
    assert decks.check_folder(deck) == e.value.problems
    with pytest.raises(decks.DeckError):
        decks.import_deck(deck, root=tmp_path / "themes")
    assert not (tmp_path / "themes" / "my-deck").exists()


def _zole(*args: str, data: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, ZOLE_DESKTOP_HOME=str(data))
    return subprocess.run([sys.executable, "-m", "zole_desktop", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_theme_check_and_add_say_one_line_and_exit_1(tmp_path):
    deck = _huge_deck(tmp_path / "deck")
    for cmd in ("check", "add"):
        r = _zole("theme", cmd, str(deck), data=tmp_path / "data")
        assert r.returncode == 1, r.stderr
        assert "Traceback" not in r.stderr
        assert r.stdout.strip().splitlines() == [
            "theme.toml: not valid TOML (a number with too many digits)"], (r.stdout, r.stderr)


def test_the_game_falls_back_to_the_classic_deck(tmp_path, data_dir):
    from zole_desktop.ui import theme

    _huge_deck(data_dir / "themes" / "huge")
    messages: list[str] = []
    got = theme.load_with_fallback("huge", messages)
    assert got.id == "classic"
    assert messages == ["Deck 'huge': theme.toml: not valid TOML (a number with too many "
                        "digits); using 'classic' instead."]
    assert theme.theme_label("huge", data_dir / "themes") == "huge"
    # a built-in-style deck read by ui.theme's own reader
    with pytest.raises(theme.ThemeError, match="too many digits"):
        theme._parse_toml(f"x = {BIG}".encode())


def test_settings_with_a_huge_number_fall_back_to_the_defaults(data_dir):
    storage.settings_path().parent.mkdir(parents=True, exist_ok=True)
    storage.settings_path().write_text(f"volume = {BIG}\n", "utf-8")
    messages: list[str] = []
    s = storage.load_settings(messages)
    assert s == storage.Settings()
    assert len(messages) == 1 and "\n" not in messages[0]


def test_records_saves_and_stats_refuse_a_huge_number_in_one_line(data_dir):
    from zole_desktop.rules.record import RecordError, parse_json

    with pytest.raises(RecordError, match="too many digits"):
        parse_json(f'{{"hands": [{BIG}]}}'.encode())


def test_network_messages_and_kept_seats_refuse_a_huge_number(data_dir):
    from zole_desktop.net import kept
    from zole_desktop.net import protocol as P

    with pytest.raises(ValueError) as e:
        P.decode_client(f'{{"type": "hello", "v": {BIG}, "code": "1234"}}')
    assert "\n" not in str(e.value)
    (storage.data_dir() / kept.FILE).write_text(f'{{"seats": [{{"port": {BIG}}}]}}')
    assert kept._read() == []
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(f"[{BIG}]", type=list[int])
