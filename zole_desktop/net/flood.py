"""A stranger's floods against a host, for ``bench net --flood`` and the tests (loopback only).

Each flood is one attacker on raw sockets (no websockets client: it sends what it likes
and reads only what it chooses), from one address, as fast as the host takes it, and
again on a new connection whenever the host closes the last one:

- ``ping``: pings of 125 bytes without a hello (no join code needed), never reading the
  pongs;
- ``seated-ping``: the same from a seat at a table (joined with the code, back with its
  token);
- ``noread``: from a seat, messages the host answers (a take-back nobody may make) as
  fast as the host takes them, never reading an answer;
- ``pieces``: from a seat, messages sent in frames of one byte each;
- ``reconnect``: connections opened, handshaken and dropped, one after the other;
- ``silent``: connections opened and left silent, as many as the host keeps.

``python -m zole_desktop.net.flood KIND PORT CODE SECONDS`` runs one and prints what it
sent as JSON.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
import sys
import time

from . import protocol as P

KINDS = ("ping", "seated-ping", "noread", "pieces", "reconnect", "silent")
PING, TEXT, CONT = 0x9, 0x1, 0x0


def frame(opcode: int, payload: bytes = b"", fin: bool = True) -> bytes:
    """One client frame (masked, as a client's must be)."""
    head = bytes([(0x80 if fin else 0) | opcode])
    n = len(payload)
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 65536:
        head += bytes([0x80 | 126]) + struct.pack("!H", n)
    else:
        head += bytes([0x80 | 127]) + struct.pack("!Q", n)
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def hello(code: str, token: str | None = None, name: str = "F") -> bytes:
    return frame(TEXT, P.encode(P.Hello(v=P.VERSION, code=code, name=name, token=token)))


def connect(port: int, src: str = "127.0.0.1", rcvbuf: int | None = 4096,
            timeout: float = 5.0) -> socket.socket:
    """A TCP connection with the websocket handshake done (raises OSError if refused).
    A small receive buffer makes a stranger who does not read felt at once."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf is not None:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(timeout)
    try:
        s.bind((src, 0))
        s.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        s.sendall((f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                   f"Sec-WebSocket-Version: 13\r\n\r\n").encode())
        got = b""
        while b"\r\n\r\n" not in got:
            chunk = s.recv(4096)
            if not chunk:
                raise ConnectionResetError("closed during the handshake")
            got += chunk
        if not got.startswith(b"HTTP/1.1 101"):
            raise ConnectionRefusedError(got.split(b"\r\n", 1)[0].decode("latin-1"))
    except BaseException:
        s.close()
        raise
    return s


def read_message(s: socket.socket) -> bytes:
    """One unmasked frame from the host (its payload): enough to read a welcome."""
    def exact(n: int) -> bytes:
        out = b""
        while len(out) < n:
            chunk = s.recv(n - len(out))
            if not chunk:
                raise ConnectionResetError("closed")
            out += chunk
        return out

    b0, b1 = exact(2)
    n = b1 & 0x7F
    if n == 126:
        n = struct.unpack("!H", exact(2))[0]
    elif n == 127:
        n = struct.unpack("!Q", exact(8))[0]
    return exact(n)


def seat(port: int, code: str, token: str | None,
         rcvbuf: int | None = None) -> tuple[socket.socket, str | None]:
    """A connection that has joined (with the token when there is one); the token."""
    s = connect(port, rcvbuf=rcvbuf)
    s.sendall(hello(code, token))
    msg = P.decode_host(read_message(s))
    if isinstance(msg, P.Welcome):
        return s, msg.token
    s.close()
    raise ConnectionRefusedError(f"refused: {getattr(msg, 'reason', msg)}")


def run(kind: str, port: int, code: str, seconds: float) -> dict:
    """One flood for ``seconds``; what it sent."""
    end = time.monotonic() + seconds
    sent = connections = refused = 0
    token: str | None = None
    pings = frame(PING, b"x" * 125) * 500
    noread = frame(TEXT, P.encode(P.Undo())) * 200
    pieces = (frame(TEXT, b"{", fin=False)
              + b"".join(frame(CONT, bytes([c]), fin=False) for c in b'"type":"undo"')
              + frame(CONT, b"}"))
    held: list[socket.socket] = []
    while time.monotonic() < end:
        try:
            if kind in ("ping", "reconnect", "silent"):
                s = connect(port)
            else:
                s, token = seat(port, code, token)
            connections += 1
        except (OSError, P.ProtocolError):
            refused += 1
            time.sleep(0.01)
            continue
        if kind == "reconnect":
            s.close()
            continue
        if kind == "silent":
            held.append(s)
            continue
        s.settimeout(1.0)
        data = {"ping": pings, "seated-ping": pings, "noread": noread}.get(kind, pieces * 50)
        try:
            while time.monotonic() < end:
                s.sendall(data)
                sent += len(data)
        except OSError:  # closed by the host (or its buffer is full and it will be)
            pass
        s.close()
    for s in held:
        s.close()
    return {"kind": kind, "seconds": seconds, "connections": connections,
            "refused": refused, "bytes_sent": sent}


def main(argv: list[str]) -> int:
    kind, port, code, seconds = argv[0], int(argv[1]), argv[2], float(argv[3])
    if kind not in KINDS:
        print(f"flood: one of {', '.join(KINDS)}", file=sys.stderr)
        return 2
    print(json.dumps(run(kind, port, code, seconds)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
