"""The session of a table on the network: the offline game's session, saved by the host's
:class:`~.saver.Saver` after every action, with the table's name, code and tokens."""

from __future__ import annotations

import concurrent.futures
import logging
import time
from typing import Any, cast

from .. import saves, storage
from ..flow.saver import cannot_keep, clear_marker, set_aside_stale, stale_marker
from ..flow.session import Session
from ..rules.state import HandState
from .spec import TableSpec

log = logging.getLogger(__name__)


class NetSession(Session):
    """A session whose people sit at other computers: ``net`` (the table's name, join code
    and the seats' tokens) is kept in the host's save with the match.

    It saves the same ``zole-save/1`` file after every action as the offline game does (the
    finished hands kept encoded, some 0.1 ms of the host's loop), on the host's
    :class:`~zole_desktop.flow.saver.Saver` threads; nothing is saved without a
    ``save_to``."""

    net: dict[str, Any]

    def save(self, current: HandState | None = None) -> concurrent.futures.Future | None:
        if self.save_to is None:
            return None
        return super().save(current)

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


def _keepable(spec: TableSpec) -> bool:
    """May the match saved in ``spec.save_to`` be taken up, as far as the disk goes?  Not
    when it is marked as stale (a save that failed could empty it no more than write it:
    its players have played past it), nor when it could be neither written nor emptied now
    (a read-only folder and file: the match would go on unsaved, and a host started again
    would go back to this point behind what its players saw).  Either way it is not lost:
    kept as ``.corrupt-<time>`` where that can be done, else left as it is."""
    path = spec.save_to
    assert path is not None
    mark = stale_marker(path)
    if mark is not None:
        why = f"marked as stale: {mark.get('error')}, {mark.get('time')}"
    else:
        err = cannot_keep(path)
        if err is None:
            return True
        why = f"it can be neither written nor emptied here: {err.strerror or err}"
    aside = set_aside_stale(path)
    if isinstance(aside, OSError):
        log.error("the save %s is not taken up (%s): its players may have played past it, "
                  "or would, unsaved; it is left as it is (it cannot be set aside: %s), and "
                  "a new match begins", path, why, aside.strerror or aside)
        return False
    log.error("the save %s is not taken up (%s): its players may have played past it; it "
              "is kept as %s, and a new match begins", path, why, aside.name)
    return False


def resume(spec: TableSpec) -> NetSession | None:
    """The match saved in ``spec.save_to``, if there is one a table can take up."""
    if spec.save_to is None or not spec.save_to.exists():
        return None
    if spec.save_to.stat().st_size == 0:  # emptied by the Saver: see Saver._failed
        log.warning("the save %s is empty: the table could not be saved while its match "
                    "went on, so the match is not taken up again (its players had "
                    "played past the last save); a new match begins", spec.save_to)
        clear_marker(spec.save_to)
        try:
            spec.save_to.unlink()
        except OSError as e:
            log.error("the empty save %s could not be removed: %s", spec.save_to,
                      e.strerror or e)
        return None
    if not _keepable(spec):
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
        # an offline save, or a network table's of another shape: kept as a .corrupt-<time>
        # copy before the new match's first save writes over it, as every other loader does
        try:
            aside = storage.set_aside(spec.save_to)
        except OSError as e:
            log.error("the save %s is not a network table's and could not be set aside (%s); "
                      "starting afresh", spec.save_to, e.strerror or e)
            return None
        log.warning("the save %s is not a network table's; kept as %s, starting afresh",
                    spec.save_to, aside.name)
        return None
    session = cast(NetSession, NetSession.from_saved(saved))
    session.save_to = spec.save_to
    session.net = {"name": net["name"][:40], "code": net["code"],
                   "tokens": list(net["tokens"])}
    if session.over() and session.current is None:  # killed before its save was removed
        try:
            session.archive()  # under the name it was saved with: never twice
            spec.save_to.unlink(missing_ok=True)
        except OSError as e:  # set aside, so the new match's saves never write over it
            aside = spec.save_to.with_name(
                f"{spec.save_to.stem}.finished-{time.strftime('%Y%m%d-%H%M%S')}.json")
            try:
                spec.save_to.rename(aside)
            except OSError as e2:
                log.critical("the finished match saved in %s could be neither kept in the "
                             "history (%s) nor set aside (%s)", spec.save_to,
                             e.strerror or e, e2.strerror or e2)
                raise
            log.error("the finished match saved in %s could not be kept in the history "
                      "(%s); it is kept as %s, and a new match begins", spec.save_to,
                      e.strerror or e, aside)
            return None
        log.info("the finished match saved in %s is kept in the history; a new match "
                 "begins", spec.save_to)
        return None
    log.info("table %r resumed from %s at hand %d", net["name"], spec.save_to,
             session.hand_number)
    return session
