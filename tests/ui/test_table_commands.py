"""The person's commands wait for the table's script, one of each kind, and are taken once."""

from zole_desktop.ui.table.commands import Choose, Commands, GiveUp, TakeBack


def test_a_command_waits_until_taken_and_is_taken_once():
    c = Commands()
    assert not c.waiting(Choose) and c.take(Choose) is None
    c.give(Choose(7))
    c.give(TakeBack())
    assert c.waiting(Choose) and c.waiting(TakeBack) and not c.waiting(GiveUp)
    assert c.take(Choose) == Choose(7)
    assert c.take(Choose) is None and c.waiting(TakeBack)
    c.drop(TakeBack)
    assert not c.waiting(TakeBack)


def test_a_second_command_of_a_kind_replaces_the_first():
    c = Commands()
    c.give(Choose(3))
    c.give(Choose((4, 5)))  # the burial chosen after a bid was: only the latest counts
    c.give(GiveUp())
    c.give(GiveUp())
    assert c.take(Choose) == Choose((4, 5))
    assert c.take(GiveUp) == GiveUp() and c.take(GiveUp) is None
