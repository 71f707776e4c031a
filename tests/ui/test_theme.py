"""Themes: loading, the one-line fallback message, and procedural cards as a last resort."""

import shutil

import pygame
import pytest

from zole_desktop import resources
from zole_desktop.ui import theme as T


@pytest.fixture(autouse=True)
def _display():
    pygame.display.init()
    yield


def _copy_classic(dst):
    src = resources.themes_dir() / "classic"
    if not src.is_dir():
        pytest.skip("the classic theme has not been generated")
    shutil.copytree(src, dst / "classic")


def test_broken_theme_falls_back_to_classic_with_one_line(tmp_path, capsys):
    _copy_classic(tmp_path)
    bad = tmp_path / "broken"
    bad.mkdir()
    (bad / "theme.toml").write_text('id = "broken"\n', encoding="utf-8")
    (bad / "QC.png").write_bytes(b"not a png")
    msgs = []
    th = T.load_with_fallback("broken", msgs, root=tmp_path)
    assert th.id == "classic"
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert "broken" in err[0] and ".png" in err[0]
    assert len(msgs) == 1


def test_oversized_and_escaping_files_are_refused(tmp_path):
    _copy_classic(tmp_path)
    big = tmp_path / "big"
    shutil.copytree(tmp_path / "classic", big)
    with open(big / "KC.png", "wb") as f:
        f.truncate(T.MAX_IMAGE_BYTES + 10)
    with pytest.raises(T.ThemeError, match="KC.png"):
        T.load_theme("big", root=tmp_path)
    esc = tmp_path / "esc"
    shutil.copytree(tmp_path / "classic", esc)
    text = (esc / "theme.toml").read_text(encoding="utf-8")
    text = text.replace('back = "back.png"', 'back = "../../etc/passwd"')
    (esc / "theme.toml").write_text(text, encoding="utf-8")
    with pytest.raises(T.ThemeError):
        T.load_theme("esc", root=tmp_path)
    with pytest.raises(T.ThemeError):
        T.load_theme("../classic", root=tmp_path)


@pytest.mark.parametrize("name", ["back.png", "QC.png"])
def test_a_picture_linked_to_outside_its_deck_folder_is_refused(tmp_path, name):
    """The file names are the theme's own, but the file may be a link: a deck someone sends
    with its back.png linked to a picture elsewhere on the disk is refused by name (the link
    is followed before the picture is read)."""
    _copy_classic(tmp_path)
    deck = tmp_path / "decks" / "linked"
    shutil.copytree(tmp_path / "classic", deck)
    outside = tmp_path / "elsewhere.png"
    shutil.copyfile(deck / name, outside)  # a readable picture: only where it lies is wrong
    (deck / name).unlink()
    try:
        (deck / name).symlink_to(outside)
    except OSError:
        pytest.skip("this system makes no symbolic links for this user")
    with pytest.raises(T.ThemeError, match=f"{name} points outside the deck folder"):
        T.load_theme("linked", root=tmp_path / "decks")
    (deck / name).unlink()  # the same picture inside the folder loads
    shutil.copyfile(outside, deck / name)
    assert len(T.load_theme("linked", root=tmp_path / "decks").faces) == 26


def test_without_classic_the_cards_are_drawn(tmp_path, capsys):
    th = T.load_with_fallback("nothing-here", root=tmp_path)
    assert th.procedural
    cards = th.cards(50, 70)
    assert len(cards) == 27 and cards["QC"].get_size() == (50, 70)
    assert len(capsys.readouterr().err.strip().splitlines()) == 2


def test_real_themes_load():
    for tid in T.available_themes(player=False):  # the game's own (not a data folder's decks)
        th = T.load_theme(tid)
        assert len(th.faces) == 26
        assert th.name()
