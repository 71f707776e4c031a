"""The host's files at start (issue 32, items 9 and 10): a save the host cannot take up is
kept as a ``.corrupt-<time>`` copy before a new match writes over it, and the temporary files
of atomic writes that a killed process left behind are cleaned up."""

from __future__ import annotations

import json

import pytest

from zole_desktop.flow.session import Session
from zole_desktop.net import netsession
from zole_desktop.net.spec import TableSpec
from zole_desktop.rules.options import Rules


def _offline_save(path) -> bytes:
    s = Session(players=3, names=["", "", ""], levels=[None, "easy", "easy"], human=0,
                rules=Rules(), length=3, seed=1, save_to=path)
    return s.save_bytes()


def _with_net(data: bytes, net) -> bytes:
    d = json.loads(data)
    d["extra"]["net"] = net
    return json.dumps(d).encode()


@pytest.mark.parametrize("kind", ["offline", "short tokens", "no name", "newer"])
def test_a_save_the_host_cannot_take_up_is_kept_aside(tmp_path, kind):
    path = tmp_path / "net-table.json"
    data = _offline_save(path)
    if kind == "short tokens":  # a network table's save of another version
        data = _with_net(data, {"name": "T", "code": "1234", "tokens": ["ab" * 8] * 3})
    elif kind == "no name":
        data = _with_net(data, {"code": "1234", "tokens": [None] * 3})
    elif kind == "newer":
        data = data.replace(b'"zole-save/1"', b'"zole-save/9"')
    path.write_bytes(data)
    assert netsession.resume(TableSpec(save_to=path)) is None
    kept = list(tmp_path.glob("net-table.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == data
    assert not path.exists()  # the new match's first save starts a new file


def test_a_network_save_is_still_taken_up(tmp_path):
    path = tmp_path / "net-table.json"
    data = _with_net(_offline_save(path), {"name": "T", "code": "1234", "tokens": [None] * 3})
    path.write_bytes(data)
    got = netsession.resume(TableSpec(save_to=path))
    assert got is not None and got.net["code"] == "1234"
    assert not list(tmp_path.glob("*.corrupt-*"))
