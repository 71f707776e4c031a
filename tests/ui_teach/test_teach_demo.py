"""screenshots() writes one PNG per guide page, per tutorial step and per deck."""

from zole_desktop.teaching.guide import pages
from zole_desktop.ui.teach_demo import screenshots
from zole_desktop.ui.theme import available_themes


def test_screenshots(tmp_path, teach_data):
    n = screenshots("rules-guide", str(tmp_path / "g"), "lv", (960, 540), "classic")
    assert n == len(pages())
    assert sorted(p.name for p in (tmp_path / "g").iterdir()) == [
        f"rules-guide-{i:03d}.png" for i in range(1, n + 1)]
    n = screenshots("gallery", str(tmp_path / "d"), "ru", (960, 540), "rainis-1")
    assert n == len(available_themes())
    assert (tmp_path / "d" / "gallery-001.png").is_file()
    n = screenshots("tutorial", str(tmp_path / "t"), "en", (960, 540), "classic")
    assert n >= 8
    assert (tmp_path / "t" / f"tutorial-{n:03d}.png").is_file()


def test_no_bare_prose_in_the_teaching_scenes():
    import pytest

    pytest.importorskip("babel")
    from pathlib import Path

    from tests.test_i18n import _literal_offences

    ui = Path(__file__).resolve().parents[2] / "zole_desktop" / "ui"
    offences = []
    for name in ("gallery", "guide", "tutorial", "teach_demo"):
        offences += _literal_offences(ui / f"{name}.py")
    for path in sorted((ui / "pictures").glob("*.py")):
        offences += _literal_offences(path)
    assert not offences, offences
