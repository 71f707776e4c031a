"""The schema says exactly what a join code and a token are (issue 32, item 12): four digits,
32 lower-case hex digits, and nothing after them, not even a newline (a pattern ending in $
matches before a final newline)."""

from __future__ import annotations

import msgspec
import pytest

from zole_desktop.net import kept
from zole_desktop.net import protocol as P

TOKEN = "0123456789abcdef" * 2


@pytest.mark.parametrize("code", ["1234\n", "\n1234", "12345", "123", "１２３４", "12 4", "1234\r"])
def test_a_join_code_is_exactly_four_digits(code):
    with pytest.raises(ValueError):
        P.decode_client(P.encode(P.Hello(v=P.VERSION, code="0000")).replace(b"0000",
                        msgspec.json.encode(code)[1:-1]))


@pytest.mark.parametrize("token", [TOKEN + "\n", "\n" + TOKEN, TOKEN.upper(), TOKEN[:-1],
                                   TOKEN + "0"])
def test_a_token_is_exactly_its_fixed_form(token):
    msg = msgspec.json.encode({"type": "hello", "v": P.VERSION, "code": "1234", "token": token})
    with pytest.raises(ValueError):
        P.decode_client(msg)
    bad = msgspec.json.encode({"type": "welcome", "v": P.VERSION, "seat": 0, "token": token,
                               "table": "t", "players": 3})
    with pytest.raises(ValueError):
        P.decode_host(bad)


def test_the_good_forms_still_pass():
    got = P.decode_client(msgspec.json.encode({"type": "hello", "v": P.VERSION,
                                               "code": "0042", "token": TOKEN}))
    assert isinstance(got, P.Hello) and got.code == "0042" and got.token == TOKEN


def test_a_kept_seat_with_a_newline_in_its_code_is_not_read(data_dir):
    from zole_desktop import storage

    seat = {"address": "127.0.0.1", "port": 1, "code": "1234\n", "token": TOKEN}
    (storage.data_dir() / kept.FILE).write_bytes(msgspec.json.encode({"seats": [seat]}))
    assert kept.token_for("127.0.0.1", 1, "1234\n") is None


def test_the_readme_says_the_limits_the_host_keeps():
    """The README's "What is protected" figures, tied to the constants that keep them."""
    from pathlib import Path

    from zole_desktop import storage
    from zole_desktop.net import conn, host

    readme = " ".join((Path(__file__).resolve().parents[2] / "README.md")
                      .read_text("utf-8").split())
    assert P.MAX_CLIENT_FRAME == 2048 and "size limit (2 KB from a client)" in readme
    assert (host.BURST, host.RATE) == (40, 20.0)
    assert "rate limit (40 at once, then 20 a second)" in readme
    assert (conn.FRAME_BURST, conn.FRAME_RATE) == (80, 40.0)
    assert "pings and pongs too, counts against twice that (80 at once, then 40 a second)" \
        in readme
    assert (conn.OUTBOX_LIMIT, conn.OUTBOX_BYTES, conn.WRITE_CAP) == (
        512, 1024 * 1024, 320 * 1024)
    assert "at most 512 messages or 1 MB wait for a client, and 320 KB in its socket" in readme
    assert (conn.ADDRESS_CONNECTIONS, conn.ADDRESS_BURST, conn.ADDRESS_RATE) == (32, 30, 5.0)
    assert "at most 32 connections at once and opens at most 30 at once, then 5 a second" \
        in readme
    assert "a join code is exactly four digits and a token exactly 32 lower-case hex" in readme
    assert storage.STALE_MARGIN == 10.0 and "written more than 10 s before it" in readme
    assert (conn.ABUSE_FREE, conn.ABUSE_FIRST, conn.ABUSE_MAX) == (2, 1.0, 60.0)
    assert ("more than twice opens no new one for 1 s, then twice as long after each further "
            "one, up to 60 s") in readme
    assert storage.INCOMING == ".incoming-" and "`themes/.incoming-*`" in readme
