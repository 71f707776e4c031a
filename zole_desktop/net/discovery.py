"""Tables found on the local network with DNS-SD (zeroconf, ``_zole._tcp.local.``).

A host announces each table by name with the address and port it listens on (never its
join code); :class:`Finder` lists the tables as they are found and lost, through a queue
that the game polls.  Where multicast is blocked, an address and port typed by hand work
the same (:func:`parse_address`).
"""

from __future__ import annotations

import ipaddress
import logging
import queue
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from . import protocol as P

log = logging.getLogger(__name__)

SERVICE = "_zole._tcp.local."
DEFAULT_PORT = 47023


@dataclass(frozen=True)
class Found:
    """A table on the network."""

    key: str  # the DNS-SD instance name
    name: str  # the table's name
    host: str  # the host computer's name
    address: str
    port: int
    players: int
    free: int  # seats still open to people
    away: int = 0  # seats kept for a player who is not connected now


@dataclass(frozen=True)
class Lost:
    key: str


def _clean(text: str, limit: int = 40) -> str:
    return "".join(ch for ch in text if ch.isprintable())[:limit]


def _instance(name: str, host: str, port: int) -> str:
    label = _clean(f"{name} @ {host} {port}", 60).replace(".", " ")
    return f"{label}.{SERVICE}"


class Announcer:
    """Announces tables on the interface of ``address`` only."""

    def __init__(self, address: str) -> None:
        self.address = address
        v6 = ipaddress.ip_address(address).version == 6
        self.zc = Zeroconf(interfaces=[address],
                           ip_version=IPVersion.V6Only if v6 else IPVersion.V4Only)
        self.infos: list[ServiceInfo] = []
        self.by_key: dict[str, ServiceInfo] = {}

    def announce(self, name: str, port: int, players: int, free: int, away: int = 0,
                 key: str | None = None) -> ServiceInfo:
        host = _clean(socket.gethostname().split(".")[0] or "host")
        info = ServiceInfo(
            SERVICE, _instance(name, host, port),
            addresses=[ipaddress.ip_address(self.address).packed], port=port,
            properties=_properties(name, host, players, free, away),
            server=f"{host}-zole.local.")
        self.zc.register_service(info, allow_name_change=True)
        self.infos.append(info)
        if key is not None:
            self.by_key[key] = info
        return info

    def update(self, key: str, free: int, away: int = 0) -> None:
        """The table ``key`` (as announced) has ``free`` seats open and ``away`` seats kept
        for players who are not connected now: the record says so."""
        old = self.by_key[key]
        props = {k.decode(): (v or b"").decode() for k, v in old.properties.items()
                 if isinstance(k, bytes)}
        info = ServiceInfo(
            SERVICE, old.name, addresses=old.addresses, port=old.port,
            properties=_properties(props.get("name", ""), props.get("host", ""),
                                   int(props.get("players", "3")), free, away),
            server=old.server)
        self.zc.update_service(info)
        self.infos[self.infos.index(old)] = info
        self.by_key[key] = info

    def close(self) -> None:
        try:
            for info in self.infos:
                self.zc.unregister_service(info)
        finally:
            self.zc.close()


def _properties(name: str, host: str, players: int, free: int, away: int) -> dict[str, str]:
    return {"v": str(P.VERSION), "name": _clean(name), "host": host,
            "players": str(players), "free": str(free), "away": str(away)}


class Finder:
    """Browses for tables; :meth:`poll` gives :class:`Found` and :class:`Lost` as they
    come (never waits)."""

    def __init__(self, interfaces: list[str] | None = None,
                 wake: Callable[[], None] | None = None) -> None:
        self.events: queue.SimpleQueue[Found | Lost] = queue.SimpleQueue()
        self.wake = wake  # called from zeroconf's threads when something was found or lost
        self.zc = Zeroconf(interfaces=interfaces) if interfaces else Zeroconf()
        self.browser = ServiceBrowser(self.zc, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str,
                 state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            self.events.put(Lost(name))
            if self.wake is not None:
                self.wake()
            return
        threading.Thread(target=self._resolve, args=(service_type, name), daemon=True,
                         name="zole-resolve").start()

    def _resolve(self, service_type: str, name: str) -> None:
        try:
            info = self.zc.get_service_info(service_type, name, timeout=3000)
        except Exception as e:  # zeroconf closed meanwhile, or a bad record: logged
            log.info("table %r could not be resolved: %s", name, e)
            return
        found = found_of(name, info)
        if found is not None:
            self.events.put(found)
            if self.wake is not None:
                self.wake()

    def poll(self) -> list[Found | Lost]:
        out: list[Found | Lost] = []
        while True:
            try:
                out.append(self.events.get_nowait())
            except queue.Empty:
                return out

    def close(self) -> None:
        self.browser.cancel()
        self.zc.close()


def found_of(key: str, info: ServiceInfo | None) -> Found | None:
    """A table from its DNS-SD record (untrusted: checked and trimmed), or None."""
    if info is None or not info.port:
        return None
    addrs = info.parsed_addresses()
    if not addrs:
        return None
    props = {}
    for k, v in (info.properties or {}).items():
        if isinstance(k, bytes) and isinstance(v, bytes):
            props[k.decode("utf-8", "replace")] = v.decode("utf-8", "replace")
    if props.get("v") != str(P.VERSION):
        return None
    try:
        players, free = int(props.get("players", "3")), int(props.get("free", "0"))
        away = int(props.get("away", "0"))
    except ValueError:
        return None
    return Found(key=key, name=_clean(props.get("name", "")), host=_clean(props.get("host", "")),
                 address=addrs[0], port=int(info.port), players=max(3, min(5, players)),
                 free=max(0, min(5, free)), away=max(0, min(5, away)))


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``192.168.1.20:47023``, ``[fe80::1]:47023``, ``host.local`` -> (address, port);
    ValueError for anything else."""
    text = text.strip()
    if not text:
        raise ValueError("no address")
    port = default_port
    if text.startswith("["):
        host, _sep, rest = text[1:].partition("]")
        if rest.startswith(":"):
            port = int(rest[1:])
        elif rest:
            raise ValueError(f"not an address: {text}")
    elif text.count(":") == 1:
        host, p = text.split(":")
        port = int(p)
    else:
        host = text
    if not host or any(ch.isspace() or ch in "/?#@" for ch in host):
        raise ValueError(f"not an address: {text}")
    if not 1 <= port <= 65535:
        raise ValueError(f"port {port} is not between 1 and 65535")
    return host, port
