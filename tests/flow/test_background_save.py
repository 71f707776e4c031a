"""The offline game saves the way the host does: the thread that plays never waits for the
disk, the finished hands are kept encoded, and nobody is shown an action before its save is
on disk (or its failure was told).  A disk held still by a test decides when a save lands, so
nothing here depends on timing."""

from __future__ import annotations

import threading

import pytest

from zole_desktop import saves, storage
from zole_desktop.flow.director import Director
from zole_desktop.flow.saver import flush_shared
from zole_desktop.flow.session import Session


@pytest.fixture
def held_disk(monkeypatch):
    """Every save waits until the test opens the gate; ``writes`` counts those written."""
    gate = threading.Event()
    writes: list[bytes] = []
    real = storage.atomic_write

    def slow(path, data):
        assert gate.wait(10), "the test never opened the gate"
        real(path, data)
        writes.append(data if isinstance(data, bytes) else data.encode())

    monkeypatch.setattr(storage, "atomic_write", slow)
    yield gate, writes
    gate.set()
    flush_shared()


def a_move(d: Director) -> None:
    turn = d.turn()
    assert turn is not None
    a = turn.bot.choose(d.observation(turn.seat)) if turn.bot else \
        d.observation(turn.seat).legal[0]
    assert d.act(turn.seat, a) is not None


def test_an_action_does_not_wait_for_the_disk(data_dir, held_disk):
    gate, writes = held_disk
    s = Session(players=3, names=["", "Anna", "Jānis"], levels=[None, "random", "random"],
                human=0, length=12, seed=3)
    d = Director(s, saving=True)
    d.start_hand()
    a_move(d)  # returns although the disk is held: the save waits on the saver's thread
    assert not d.saved() and writes == []
    gate.set()
    assert d.wait_saved(5) and d.saved()
    assert saves.load().current.actions() == d.state.actions()


def test_the_save_is_the_same_file_as_before(data_dir):
    """The encoded hands give the same save as encoding the whole match each time."""
    s = Session(players=3, names=["", "Anna", "Jānis"], levels=[None, "random", "random"],
                human=0, length=12, seed=5)
    d = Director(s, saving=True)
    for _hand in range(3):
        st = d.start_hand()
        while not st.is_terminal():
            a_move(d)
        d.finish_hand()
    st = d.start_hand()
    a_move(d)
    assert d.wait_saved(5)
    got = saves.parse_json(saves.save_path().read_bytes())
    want = saves.to_json(s.match, s.table(), d.state, s.extra())
    got.pop("saved_at"), want.pop("saved_at")
    assert got == want


def test_a_failed_background_save_is_told_once_and_play_goes_on(data_dir, monkeypatch):
    told = []

    def full(path, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage, "atomic_write", full)
    s = Session(players=3, names=["", "Anna", "Jānis"], levels=[None, "random", "random"],
                human=0, length=12, seed=7)
    d = Director(s, saving=True, on_file_error=told.append)
    d.start_hand()
    for _ in range(3):
        a_move(d)
        assert d.wait_saved(5)  # "saved": its failure is told, the game may show it
    assert len(told) == 1 and "No space left" in told[0]
    monkeypatch.undo()
    a_move(d)
    assert d.wait_saved(5) and saves.load() is not None  # saved again once the disk takes it
