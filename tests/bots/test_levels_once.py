"""The bot levels are written once (bots.LEVELS) and every list of them is that one."""

from zole_desktop import bots
from zole_desktop.bots import base, levels  # noqa: F401 - registers every level
from zole_desktop.net import protocol, spec
from zole_desktop.ui import texts


def test_every_level_listed_has_a_bot_and_every_bot_is_listed():
    assert set(bots.LEVELS) <= set(base._LEVELS)
    # beside them at most the frozen reference the arena registers (bots.measure), offered
    # nowhere
    assert set(base._LEVELS) - set(bots.LEVELS) <= {"strong-2026"}
    for level in bots.LEVELS:
        assert bots.make_bot(level, 1) is not None


def test_the_schema_the_seat_specs_and_the_menus_read_the_one_list():
    assert tuple(protocol.Level.__args__) == bots.LEVELS
    assert spec.LEVELS is bots.LEVELS
    assert texts.LEVELS == bots.OFFERED and "random" not in texts.LEVELS
    assert set(texts.LEVEL_LABELS) >= set(bots.OFFERED)
