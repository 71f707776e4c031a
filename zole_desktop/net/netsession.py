"""The session of a table on the network: the offline game's session, saved by the host's
:class:`~.saver.Saver` after every action, with the table's name, code and tokens."""

from __future__ import annotations

import concurrent.futures
import logging
from typing import Any, cast

from .. import saves, storage
from ..flow.session import Session
from ..rules.match import hand_record
from ..rules.options import Rules
from ..rules.state import HandState
from .saver import Saver
from .spec import TableSpec

log = logging.getLogger(__name__)


class NetSession(Session):
    """A session whose people sit at other computers: ``net`` (the table's name, join code
    and the seats' tokens) is kept in the host's save with the match.

    It saves the same ``zole-save/1`` file after every action as the offline game does, but
    the finished hands' records are kept encoded from one save to the next, with the match
    record's head (:func:`saves.save_bytes`: a save costs some 0.1 ms of the host's loop
    instead of replaying and encoding every hand), and the writing happens on the host's
    :class:`Saver` threads."""

    net: dict[str, Any]
    saver: Saver | None = None
    last_saved: concurrent.futures.Future | None = None  # the latest save on its way
    _hand_bytes: list[bytes]  # the finished hands' records, encoded
    _head: tuple[int, Rules, bytes] | None = None  # players, rules -> the record's head

    def extra(self) -> dict:
        out = super().extra()
        out["net"] = getattr(self, "net", {})
        return out

    def typed_seats(self) -> set[int]:
        """The people's seats, also one that went to a bot since: its name was typed by a
        person (shown as typed in the history, never translated)."""
        tokens = getattr(self, "net", {}).get("tokens") or []
        return super().typed_seats() | {s for s, t in enumerate(tokens)
                                         if t is not None and s != self.human}

    def save(self, current: HandState | None = None) -> None:
        if self.save_to is None:
            return
        match = self.match
        assert match is not None, "a Session always makes its match"
        done = self.__dict__.setdefault("_hand_bytes", [])
        hands = match.hands
        del done[len(hands):]
        while len(done) < len(hands):
            done.append(saves.part_bytes(hand_record(hands[len(done)])))
        head = self._head
        if head is None or head[0] != match.players or head[1] is not match.rules:
            head = self._head = (match.players, match.rules, saves.match_head(match))
        data = saves.save_bytes(self.table(), head[2], done, current, self.extra())
        if self.saver is not None:
            self.last_saved = self.saver.put(self.save_to, data)
        else:
            storage.atomic_write(self.save_to, data)


def resume(spec: TableSpec) -> NetSession | None:
    """The match saved in ``spec.save_to``, if there is one a table can take up."""
    if spec.save_to is None or not spec.save_to.exists():
        return None
    if spec.save_to.stat().st_size == 0:  # emptied by the Saver: see Saver._failed
        log.warning("the save %s is empty: the table could not be saved while its match "
                    "went on, so the match is not taken up again (its players had "
                    "played past the last save); a new match begins", spec.save_to)
        try:
            spec.save_to.unlink()
        except OSError as e:
            log.error("the empty save %s could not be removed: %s", spec.save_to,
                      e.strerror or e)
        return None
    messages: list[str] = []
    saved = saves.load(spec.save_to, messages=messages)
    if saved is None:
        for m in messages:
            log.warning("%s", m)
        return None
    net: Any = saved.extra.get("net")
    ok = (isinstance(net, dict) and isinstance(net.get("name"), str)
          and isinstance(net.get("code"), str) and len(net["code"]) == 4
          and net["code"].isdigit() and isinstance(net.get("tokens"), list)
          and len(net["tokens"]) == saved.match.players
          and all(t is None or (isinstance(t, str) and len(t) == 32)
                  for t in net["tokens"]))
    if not ok:
        log.warning("the save %s is not a network table's; starting afresh", spec.save_to)
        return None
    session = cast(NetSession, NetSession.from_saved(saved))
    session.save_to = spec.save_to
    session.net = {"name": net["name"][:40], "code": net["code"],
                   "tokens": list(net["tokens"])}
    log.info("table %r resumed from %s at hand %d", net["name"], spec.save_to,
             session.hand_number)
    return session
