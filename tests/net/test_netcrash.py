"""A host (and the offline game) killed or short of disk at the worst moments (issue 32,
items 4-7): a finished match is never played again nor kept twice, a seat's token goes
out only once the join is on disk, a save that fails stops the table's saving honestly,
and a finished match on a full disk is not lost.  Every wait is bounded."""

from __future__ import annotations

import random
import time

from tests.net.helpers import play_match, run
from zole_desktop import storage
from zole_desktop.flow.saver import Saver
from zole_desktop.net import host as H
from zole_desktop.net.client import Connection
from zole_desktop.records import history


def history_files() -> list[str]:
    return sorted(p.name for p in history.history_dir().glob("match-*.json"))


def test_a_host_killed_before_removing_a_finished_matchs_save_never_plays_it_again(
        tmp_path, monkeypatch, data_dir):
    """Killed between the history copy and the save's removal (here: the removal never
    happens): the host started again keeps no second copy and begins a new match."""
    save = tmp_path / "net-table.json"
    spec = H.TableSpec(name="T", seats=[None, "easy", "easy"], code="4321", seed=3,
                       length=1, save_to=save)
    real_put = Saver.put

    def no_removal(self, path, data):
        if data is None:  # the host is "killed" before the save is removed
            data = path.read_bytes()
        return real_put(self, path, data)

    monkeypatch.setattr(Saver, "put", no_removal)
    host = H.Host("127.0.0.1", 0, rate=10_000.0)
    host.add_table(spec)
    host.start()

    async def go():
        c = await Connection.open("127.0.0.1", host.port, "4321", "Anna")
        over = await play_match(c, random.Random(5))
        await c.close()
        return over

    try:
        over = run(go(), 120)
        assert over.match_over
        end = time.monotonic() + 20  # the copy is written once the save knows its name
        while not history_files() and time.monotonic() < end:
            time.sleep(0.05)
    finally:
        host.stop()
    assert save.exists() and len(history_files()) == 1
    monkeypatch.setattr(Saver, "put", real_put)
    host2 = H.Host("127.0.0.1", 0, rate=10_000.0)
    host2.add_table(spec)
    host2.start()
    try:
        t = host2.tables["4321"]
        assert t.phase == "waiting" and t.tokens == [None, None, None]  # a new match
        assert t.director.match.rows == []
    finally:
        host2.stop()
    assert len(history_files()) == 1, history_files()  # not kept twice
    assert not save.exists()


def test_the_offline_game_killed_before_removing_a_finished_save_keeps_it_once(
        data_dir, monkeypatch):
    """The offline game's finish: the history copy written, the save's removal lost (the
    program killed): Continue finds a finished match, and keeps it in the history no second
    time."""
    from zole_desktop import saves
    from zole_desktop.flow.director import Director
    from zole_desktop.flow.saver import flush_shared
    from zole_desktop.flow.session import Session

    s = Session(players=3, names=["", "Anna", "Jānis"], levels=[None, "random", "random"],
                human=0, length=1, seed=3)
    d = Director(s, saving=True)
    st = d.start_hand()
    while not st.is_terminal():
        turn = d.turn()
        assert turn is not None
        obs = d.observation(turn.seat)
        d.act(turn.seat, turn.bot.choose(obs) if turn.bot else obs.legal[0])
    d.finish_hand()
    assert d.over()
    monkeypatch.setattr(Session, "clear_save", lambda self: None)  # "killed" here
    d.finish_session()
    flush_shared()
    assert saves.save_path().is_file() and len(history_files()) == 1
    monkeypatch.undo()
    said: list[str] = []
    assert Session.load(said) is None  # finished: no Continue
    assert len(history_files()) == 1, history_files()
    assert not saves.save_path().is_file()


def test_a_seats_token_goes_out_only_once_the_join_is_on_disk(tmp_path, monkeypatch,
                                                               data_dir):
    """The disk is held while a player joins: no Welcome (no token) until the join's save
    is written; then the token the player got is the one on disk."""
    import asyncio
    import json
    import threading

    save = tmp_path / "net-table.json"
    gate = threading.Event()
    real = storage.atomic_write

    def held(path, data):
        if path == save:
            assert gate.wait(20), "the test never opened the gate"
        real(path, data)

    monkeypatch.setattr(storage, "atomic_write", held)
    spec = H.TableSpec(name="T", seats=[None, None, "easy"], code="4322", seed=3,
                       save_to=save)
    host = H.Host("127.0.0.1", 0, rate=10_000.0)
    host.add_table(spec)
    host.start()

    async def go():
        task = asyncio.ensure_future(Connection.open("127.0.0.1", host.port, "4322", "Anna"))
        await asyncio.sleep(1.0)
        early = task.done()
        gate.set()
        c = await asyncio.wait_for(task, 20)
        await c.close()
        return early, c.welcome.token

    try:
        early, token = run(go(), 60)
    finally:
        gate.set()
        host.stop()
    assert not early, "the token went out before the join was saved"
    assert token in json.loads(save.read_bytes())["extra"]["net"]["tokens"]


def test_the_players_are_told_when_the_host_can_no_longer_save(tmp_path, monkeypatch,
                                                                data_dir):
    """The data folder turns read-only mid-hand: the next move reaches the players after a
    message that the match is no longer saved; the stale save is emptied; a player joining
    back later is told too; once saving works again they hear that."""
    from tests.net.helpers import intent_for, recv
    from tests.net.test_netsave import FullDisk
    from zole_desktop.net import protocol as P

    save = tmp_path / "net-table.json"
    disk = FullDisk()
    monkeypatch.setattr(storage, "atomic_write", disk)
    spec = H.TableSpec(name="T", seats=[None, None, "easy"], code="4323", seed=4,
                       save_to=save)
    host = H.Host("127.0.0.1", 0, rate=10_000.0)
    host.add_table(spec)
    host.start()

    async def first_update(c):
        while not isinstance(m := await recv(c), P.Update):
            pass
        return m

    async def go():
        cs = [await Connection.open("127.0.0.1", host.port, "4323", f"P{k}")
              for k in range(2)]
        ups = [await first_update(c) for c in cs]
        disk.full.set()
        mover = cs[0] if ups[0].obs.legal else cs[1]
        await mover.send(intent_for((ups[0] if mover is cs[0] else ups[1]).obs,
                                    random.Random(1)))
        got = [[await recv(c) for _ in range(2)] for c in cs]
        again = await Connection.open("127.0.0.1", host.port, "4323", "P0",
                                      token=cs[0].welcome.token)
        seen = [await recv(again) for _ in range(3)]
        disk.full.clear()
        for c in (*cs, again):
            await c.close()
        return got, seen

    try:
        got, seen = run(go(), 60)
    finally:
        host.stop()
    for msgs in got:  # told before the move the save could not keep
        assert isinstance(msgs[0], P.Unsaved) and "space" in msgs[0].error, msgs
        assert isinstance(msgs[1], P.Update)
    assert any(isinstance(m, P.Unsaved) for m in seen), seen
    assert save.read_bytes() == b""


def test_a_finished_match_on_a_full_disk_is_kept_once_there_is_room(tmp_path, monkeypatch,
                                                                     data_dir):
    """The disk is full when the match ends: neither the history copy nor the save can be
    written (the stale save is emptied).  The host keeps the match and tries again; once
    there is room it is in the history, once."""
    import threading

    from zole_desktop.net import table as T

    save = tmp_path / "net-table.json"
    full = threading.Event()
    real = storage.atomic_write

    def write(path, data):
        if full.is_set() or b'"history_name"' in bytes(data) \
                or path.parent == history.history_dir():
            full.set()  # the disk fills up as the match ends
            raise OSError(28, "No space left on device", str(path))
        real(path, data)

    monkeypatch.setattr(storage, "atomic_write", write)
    monkeypatch.setattr(T, "KEEP_RETRY", 0.2)
    spec = H.TableSpec(name="T", seats=[None, "easy", "easy"], code="4324", seed=3,
                       length=1, save_to=save)
    host = H.Host("127.0.0.1", 0, rate=10_000.0)
    host.add_table(spec)
    host.start()

    async def go():
        c = await Connection.open("127.0.0.1", host.port, "4324", "Anna")
        over = await play_match(c, random.Random(5))
        await c.close()
        return over

    try:
        assert run(go(), 120).match_over
        time.sleep(1.0)
        assert history_files() == [] and full.is_set()  # nowhere yet
        full.clear()
        monkeypatch.setattr(storage, "atomic_write", real)  # room again
        end = time.monotonic() + 20
        while not history_files() and time.monotonic() < end:
            time.sleep(0.05)
        time.sleep(0.5)
    finally:
        host.stop()
    assert len(history_files()) == 1, history_files()
    assert not save.exists()
