"""The host's save after every action (issue 17): the same ``zole-save/1`` file as the
offline game's, built from kept parts; written by the Saver's threads, newest first; an
update goes out only once its save is on disk, so a killed host resumes where everyone
saw it.  Every wait is bounded."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import random
import signal
import threading

import pytest
from websockets.exceptions import ConnectionClosed

from tests.net.helpers import STEP_TIMEOUT, intent_for, recv
from tests.net.test_processes import Proc, free_port
from zole_desktop import saves, storage
from zole_desktop.flow.director import Director
from zole_desktop.net import host as H
from zole_desktop.net import protocol as P
from zole_desktop.net.client import Connection
from zole_desktop.rules.options import Rules
from zole_desktop.rules.state import SURRENDER

WAIT = 20.0  # seconds any one wait of these tests may take


class Recorder:
    """Stands for the Saver: keeps every save's bytes (each one is at once on 'disk')."""

    def __init__(self) -> None:
        self.saves: list[bytes] = []

    def put(self, path, data) -> concurrent.futures.Future:
        self.saves.append(data)
        fut: concurrent.futures.Future = concurrent.futures.Future()
        fut.set_result(None)
        return fut

    def failure(self, path=None) -> None:
        return None  # every save "written"


def without_time(data: dict) -> dict:
    data = dict(data)
    assert isinstance(data.pop("saved_at"), str)
    return data


def test_every_save_of_a_whole_match_is_the_full_save_of_the_offline_game(tmp_path):
    """After every action of a 4-hand match at a table of four (with undos, a name typed
    in with a lone surrogate, a seat going to a bot), the host's save parses to what
    ``saves.to_json`` builds from the whole match, and loads back to the same hand."""
    s = H.NetSession(players=4, names=["", "", "", ""], levels=[None, None, None, "easy"],
                     human=None, rules=Rules(), length=4, seed=11,
                     save_to=tmp_path / "net-table.json")
    s.net = {"name": "Vasarnīca", "code": "1234", "tokens": [None] * 4}
    rec = Recorder()
    s.saver = rec  # type: ignore[assignment]
    d = Director(s, saving=True)
    rng = random.Random(5)
    checked = 0

    def check(current) -> None:
        nonlocal checked
        got = json.loads(rec.saves[-1])
        want = json.loads(saves.json_bytes(saves.to_json(s.match, s.table(), current,
                                                         s.extra())))
        assert without_time(got) == without_time(want)
        back = saves.from_json(got)
        assert back.table == saves.Table.from_json(want["table"], 4)
        done = current is not None and current.is_terminal()  # settled as it loads
        assert len(back.match.rows) == len(s.match.rows) + done
        assert [r.totals for r in back.match.rows][:len(s.match.rows)] == [
            r.totals for r in s.match.rows]
        if current is not None and not done:
            assert back.current is not None
            assert back.current.actions() == current.actions()
        checked += 1

    for hand in range(4):
        d.start_hand()
        if hand == 1:  # people sit down between hands: their names are saved
            s.names[0], s.names[1] = "Jānis", "Zoja \udc80"
            s.net["tokens"][0] = "a" * 32
            s.save(d.state)
            check(d.state)
        if hand == 2:  # a seat goes to a bot
            s.levels[2] = "random"
            s.bot_levels[2] = "random"
            s.save(d.state)
            check(d.state)
        while d.turn() is not None:
            st = d.state
            d.act(st.current_seat, rng.choice([a for a in st.legal_actions()
                                               if a != SURRENDER]))
            check(st)
            if rng.random() < 0.1 and d.undo_count(st.current_seat):
                d.undo(st.current_seat)
                check(st)
        d.finish_hand()
        check(None)
    assert s.over() and len(s.match.rows) == 4
    assert checked == len(rec.saves) > 100
    assert b"\\udc80" in rec.saves[-1]  # escaped, as json_bytes writes it


def test_save_bytes_with_a_fresh_match_and_with_another_rules_head():
    """The parts join into the same file for a match with no hand yet; and the head goes
    with the rules it was made from."""
    s = H.NetSession(players=3, names=["A", "B", "C"], levels=[None, None, None],
                     human=None, rules=Rules(all_pass="galdins"), length=0, seed=3)
    s.net = {"name": "Z", "code": "0001", "tokens": [None] * 3}
    data = saves.save_bytes(s.table(), saves.match_head(s.match), [], None, s.extra())
    want = saves.to_json(s.match, s.table(), None, s.extra())
    assert without_time(json.loads(data)) == without_time(want)
    assert json.loads(data)["match"]["rules"]["all_pass"] == "galdins"


# ------------------------------------------------------------------ the saver
class Gate:
    """Stands for storage.atomic_write: each write waits until the test lets it go."""

    def __init__(self) -> None:
        self.started: list[tuple[str, bytes]] = []
        self.written: list[tuple[str, bytes]] = []
        self.go: dict[tuple[str, bytes], threading.Event] = {}
        self.cv = threading.Condition()

    def __call__(self, path, data) -> None:
        key = (path.name, data)
        with self.cv:
            ev = self.go.setdefault(key, threading.Event())
            self.started.append(key)
            self.cv.notify_all()
        assert ev.wait(WAIT), f"the test never let {key} go"
        with self.cv:
            self.written.append(key)
            self.cv.notify_all()

    def release(self, name: str, data: bytes) -> None:
        with self.cv:
            self.go.setdefault((name, data), threading.Event()).set()

    def wait_started(self, n: int) -> None:
        with self.cv:
            assert self.cv.wait_for(lambda: len(self.started) >= n, WAIT), self.started


def test_the_saver_writes_only_the_newest_waiting_save_and_answers_every_one(
        tmp_path, monkeypatch):
    gate = Gate()
    monkeypatch.setattr(storage, "atomic_write", gate)
    saver = H.Saver(threads=2)
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    try:
        a1 = saver.put(a, b"a1")
        gate.wait_started(1)  # a1 is being written
        a2, a3 = saver.put(a, b"a2"), saver.put(a, b"a3")  # wait: one file, one thread
        b1 = saver.put(b, b"b1")  # the other thread writes it meanwhile
        gate.wait_started(2)
        assert gate.started == [("a.json", b"a1"), ("b.json", b"b1")]
        gate.release("b.json", b"b1")
        assert b1.result(WAIT) is None
        assert not a1.done() and not a2.done() and not a3.done()
        gate.release("a.json", b"a1")
        assert a1.result(WAIT) is None
        gate.wait_started(3)
        assert gate.started[2] == ("a.json", b"a3")  # a2 was replaced before it began
        assert not a2.done()  # answered once a newer save is on disk, not before
        gate.release("a.json", b"a3")
        assert a2.result(WAIT) is None and a3.result(WAIT) is None
        assert saver.flush(WAIT)
        assert gate.written == [("b.json", b"b1"), ("a.json", b"a1"), ("a.json", b"a3")]
    finally:
        for key in list(gate.go):
            gate.go[key].set()
        saver.close(WAIT)


@pytest.mark.parametrize("threads", [1, 3])
def test_the_saver_keeps_up_with_many_files_from_many_threads(tmp_path, threads):
    """Saves of 20 files put from 4 threads at once: every future is answered, and each
    file holds its newest save (no wake-up is lost when one thread is woken per save)."""
    saver = H.Saver(threads=threads)
    newest: dict[int, bytes] = {}
    futures: list[concurrent.futures.Future] = []
    lock = threading.Lock()

    def put(k: int) -> None:
        rng = random.Random(k)
        for i in range(150):
            f = rng.randrange(20)
            data = f"{k}:{i}".encode()
            with lock:  # the order of puts is the order of newest
                futures.append(saver.put(tmp_path / f"t{f}.json", data))
                newest[f] = data

    try:
        ts = [threading.Thread(target=put, args=(k,)) for k in range(4)]
        for t in ts:
            t.start()
        for t in ts:
            t.join(WAIT)
        assert all(f.result(WAIT) is None for f in futures)
        assert saver.flush(WAIT)
        for f, data in newest.items():
            assert (tmp_path / f"t{f}.json").read_bytes() == data
    finally:
        saver.close(WAIT)


# ------------------------------------------------------------------ updates wait for the disk
def test_an_update_goes_out_only_once_its_save_is_on_disk(tmp_path, monkeypatch):
    """A held write keeps the update back from everyone; the file on disk meanwhile is the
    table as everyone has seen it; once written, the update comes."""
    save = tmp_path / "net-table.json"
    real_write = storage.atomic_write
    held = threading.Event()
    hold = threading.Event()
    hold.set()

    def write(path, data) -> None:
        if not hold.is_set():
            held.set()
            assert hold.wait(WAIT)
        real_write(path, data)

    monkeypatch.setattr(storage, "atomic_write", write)
    host = H.Host("127.0.0.1", 0, rate=10_000.0)
    host.add_table(H.TableSpec(name="T", seats=[None, None, None], code="5555", seed=4,
                               save_to=save))
    host.start()

    async def go():
        cs = [await Connection.open("127.0.0.1", host.port, "5555", f"P{k}")
              for k in range(3)]
        first = [await recv(c) for c in cs]
        while not all(isinstance(m, P.Update) for m in first):
            first = [m if isinstance(m, P.Update) else await recv(c)
                     for m, c in zip(first, cs, strict=True)]
        obs = first[0].obs
        mover = cs[obs.current_seat]
        hold.clear()
        await mover.send(intent_for(first[obs.current_seat].obs, random.Random(1)))
        assert await asyncio.to_thread(held.wait, WAIT)
        # the host has acted and is writing: nobody has the update, the file is as before
        on_disk = saves.from_json(json.loads(save.read_bytes()))
        assert on_disk.current is not None and on_disk.current.actions() == []
        for c in cs:
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(c.recv(), 0.3)
        hold.set()
        after = [await recv(c) for c in cs]
        assert all(isinstance(m, P.Update) and m.step == 1 for m in after)
        on_disk = saves.from_json(json.loads(save.read_bytes()))
        assert on_disk.current is not None and len(on_disk.current.actions()) == 1
        for c in cs:
            await c.close()

    try:
        asyncio.run(asyncio.wait_for(go(), 120))
    finally:
        hold.set()
        host.stop()


def test_a_killed_host_resumes_from_the_newest_save_nobody_saw_past(tmp_path):
    """Three people play at machine speed; the host is killed (SIGKILL) in the middle.
    Whatever any of them last saw is in the save (an update never goes out before its
    save), and the host started again deals from exactly there."""
    data, port, code = tmp_path / "host", free_port(), "7531"

    def serve() -> Proc:
        import sys

        return Proc([sys.executable, "-m", "zole_desktop", "--data-dir", str(data), "serve",
                     "--port", str(port), "--seats", "human,human,human", "--code", code,
                     "--hands", "0", "--no-announce", "--seed", "9", "--json",
                     "--grace", "0"])

    seen: dict[int, tuple[int, int]] = {}
    tokens: dict[int, str] = {}
    procs = [serve()]
    try:
        procs[0].wait_for("port", 60)

        async def play(c: Connection, rng: random.Random, stop: asyncio.Event) -> None:
            seat = c.welcome.seat
            tokens[seat] = c.welcome.token
            try:
                while not stop.is_set():
                    m = await asyncio.wait_for(c.recv(), STEP_TIMEOUT)
                    if isinstance(m, P.HandOver):
                        await c.send(P.Next())
                    elif isinstance(m, P.Update):
                        seen[seat] = max(seen.get(seat, (0, 0)), (m.hand, m.step))
                        if m.obs.current_seat == seat and m.obs.legal:
                            await c.send(intent_for(m.obs, rng))
            except ConnectionClosed:  # the host was killed: this player is done
                return

        async def first() -> None:
            cs = [await Connection.open("127.0.0.1", port, code, f"P{k}") for k in range(3)]
            stop = asyncio.Event()
            tasks = [asyncio.create_task(play(c, random.Random(k), stop))
                     for k, c in enumerate(cs)]
            while max(seen.values(), default=(0, 0)) < (2, 10):
                await asyncio.sleep(0.01)
            procs[0].p.send_signal(signal.SIGKILL)  # mid-action: saves still on their way
            await asyncio.to_thread(procs[0].p.wait, 10)
            stop.set()
            await asyncio.wait_for(asyncio.gather(*tasks), WAIT)

        asyncio.run(asyncio.wait_for(first(), 120))
        saved = saves.load(data / "net-table.json")
        assert saved is not None and len(seen) == 3
        # the hand in progress, or (between hands) the next one before its first action
        at = (len(saved.match.rows) + 1,
              len(saved.current.actions()) if saved.current is not None else 0)
        assert all(s <= at for s in seen.values()), (seen, at)  # nobody saw past the save

        procs.append(serve())
        assert procs[1].wait_for("port", 60)["hand"] == at[0]

        async def again() -> list[tuple[int, int]]:
            out = []
            for k in range(3):
                c = await Connection.open("127.0.0.1", port, code, f"P{k}", token=tokens[k])
                m = await recv(c)
                while not isinstance(m, P.Update):
                    m = await recv(c)
                out.append((m.hand, m.step))
                await c.close()
            return out

        assert asyncio.run(asyncio.wait_for(again(), 60)) == [at] * 3
    finally:
        for p in procs:
            p.stop()


# ------------------------------------------------------------------ a save that fails
class FullDisk:
    """Stands for storage.atomic_write: writes for real until ``full`` is set, then every
    write fails as on a full disk (the old file stays, as atomic_write leaves it)."""

    def __init__(self) -> None:
        self.full = threading.Event()
        self.failed = 0
        self.real = storage.atomic_write

    def __call__(self, path, data) -> None:
        if self.full.is_set():
            self.failed += 1
            raise OSError(28, "No space left on device", str(path))
        self.real(path, data)


def test_a_save_that_fails_empties_the_stale_file_and_is_said_once(tmp_path, monkeypatch,
                                                                   caplog):
    disk = FullDisk()
    monkeypatch.setattr(storage, "atomic_write", disk)
    saver = H.Saver(threads=2)
    path = tmp_path / "net-table.json"
    try:
        assert saver.put(path, b"first").result(WAIT) is None
        assert path.read_bytes() == b"first" and saver.failure() is None
        disk.full.set()
        with caplog.at_level("WARNING", logger="zole_desktop.net.host"):
            assert saver.put(path, b"second").result(WAIT) is None  # answered: play goes on
            assert saver.put(path, b"third").result(WAIT) is None
            # the file nobody may resume from (they have seen "second") is empty
            assert path.read_bytes() == b""
            err = saver.failure()
            assert err is not None and err.errno == 28
            errors = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
            assert len(errors) == 1 and str(path) in errors[0], errors  # once, with the path
            assert "No space left on device" in errors[0]
            disk.full.clear()  # space again: the next save is written, the failure is over
            assert saver.put(path, b"fourth").result(WAIT) is None
        assert path.read_bytes() == b"fourth" and saver.failure() is None
        assert any("saved again" in r.getMessage() for r in caplog.records)
        # a nearly full disk fails every other save: each failure empties the file again,
        # and the log is not filled with the same two lines
        disk.full.set()
        with caplog.at_level("WARNING", logger="zole_desktop.net.host"):
            assert saver.put(path, b"fifth").result(WAIT) is None
            assert path.read_bytes() == b"" and saver.failure() is not None
            disk.full.clear()
            assert saver.put(path, b"sixth").result(WAIT) is None
        assert path.read_bytes() == b"sixth"
        said = [r.getMessage() for r in caplog.records]
        assert sum("could not be saved" in m for m in said) == 1, said
        assert sum("saved again" in m for m in said) == 1, said
        assert disk.failed == 3
    finally:
        saver.close(WAIT)


def test_a_table_whose_save_failed_plays_on_and_is_not_resumed_at_the_stale_save(
        tmp_path, monkeypatch, caplog):
    """The disk fills up mid-hand: the move is still sent to everyone (the table goes on),
    and the save on disk, which they have now played past, is emptied; a host started again
    on it says why and begins a new match instead of dealing from the stale save."""
    save = tmp_path / "net-table.json"
    disk = FullDisk()
    monkeypatch.setattr(storage, "atomic_write", disk)
    spec = H.TableSpec(name="T", seats=[None, None, None], code="5556", seed=4, save_to=save)
    host = H.Host("127.0.0.1", 0, rate=10_000.0)
    host.add_table(spec)
    host.start()

    async def go():
        cs = [await Connection.open("127.0.0.1", host.port, "5556", f"P{k}")
              for k in range(3)]
        first = [await recv(c) for c in cs]
        while not all(isinstance(m, P.Update) for m in first):
            first = [m if isinstance(m, P.Update) else await recv(c)
                     for m, c in zip(first, cs, strict=True)]
        assert saves.load(save) is not None  # saved as it stood before the disk filled
        obs = first[0].obs
        disk.full.set()
        await cs[obs.current_seat].send(intent_for(first[obs.current_seat].obs,
                                                   random.Random(1)))
        told = [await recv(c) for c in cs]  # the match is no longer saved (issue 32, 6)
        assert all(isinstance(m, P.Unsaved) for m in told), told
        after = [await recv(c) for c in cs]
        assert all(isinstance(m, P.Update) and m.step == 1 for m in after)
        for c in cs:
            await c.close()

    try:
        asyncio.run(asyncio.wait_for(go(), 120))
        assert disk.failed >= 1
        assert save.read_bytes() == b""  # nobody can be taken back to step 0 from it
    finally:
        host.stop()
    disk.full.clear()
    host2 = H.Host("127.0.0.1", 0, rate=10_000.0)
    host2.add_table(spec)
    with caplog.at_level("WARNING", logger="zole_desktop.net.host"):
        host2.start()
    try:
        t = host2.tables["5556"]
        assert t.tokens == [None, None, None] and t.phase == "waiting"  # a new match
        said = [r.getMessage() for r in caplog.records if "is empty" in r.getMessage()]
        assert len(said) == 1 and "not taken up again" in said[0], said
    finally:
        host2.stop()
