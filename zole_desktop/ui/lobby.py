"""New game → "Host a table on this network" and "Join a table": the forms, and the room
where the players wait until the host deals.

The host's game runs a :class:`~zole_desktop.net.host.Host` on its own thread and sits at
its own table as a client like the others (over the address it chose), so every person's
table is the same :class:`~.network_table.NetworkTableScene`.  Nothing here waits on the
network: the client and the finder are polled each frame, and wake the loop when something
arrives.
"""

from __future__ import annotations

import logging
import os

from .. import storage
from ..flow import people
from ..i18n import N_, _, lower_first, ngettext, pgettext
from ..net import kept
from ..net import protocol as P
from ..net.client import Client, Dropped, Failed, Joined
from ..net.discovery import DEFAULT_PORT, Found, Lost, parse_address
from ..net.host import Host, TableSpec
from ..net.remote import RemoteDirector, RemoteSession
from ..rules.options import Rules
from . import gfx, texts
from .scene import Scene
from .widgets import Button, ChoiceRow, FormScene, Heading, TextField

log = logging.getLogger(__name__)

LENGTHS = [(6, N_("6 hands")), (12, N_("12 hands")), (24, N_("24 hands")),
           (0, N_("No limit"))]
PERSON = "person"
REFUSALS = texts.JOIN_REFUSALS


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses, the local network's first, 127.0.0.1 last
    (``ZOLE_NET_INTERFACES``, comma-separated, limits them: for tests on loopback)."""
    only = os.environ.get("ZOLE_NET_INTERFACES")
    if only:
        return [a.strip() for a in only.split(",") if a.strip()]
    out: list[str] = []
    try:
        import ifaddr

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str) and not ip.ip.startswith(("127.", "169.254.")):
                    out.append(ip.ip)
    except Exception as e:  # no list of interfaces here: this computer only
        log.warning("the network addresses could not be listed: %s", e)
    return sorted(set(out)) + ["127.0.0.1"]


def table_label(f: Found) -> str:
    """A table found on the network as the list shows it: its name, the host, and the
    seats open now (or kept for players who are away)."""
    if f.free:
        return ngettext("{table} — at {host}: {n} free seat",
                        "{table} — at {host}: {n} free seats", f.free).format(
            table=f.name, host=f.host, n=f.free)
    if f.away:
        return ngettext("{table} — at {host}: full, {n} player away",
                        "{table} — at {host}: full, {n} players away", f.away).format(
            table=f.name, host=f.host, n=f.away)
    return _("{table} — at {host}: full").format(table=f.name, host=f.host)


def _address_label(a: str) -> str:
    return _("This computer only") if a == "127.0.0.1" else a


class HostTableScene(FormScene):
    title = N_("Host a table on this network")
    column = 0.7

    def build(self) -> None:
        st = self.app.settings
        self.name = people.stored(st.player_name)
        self.table = _("{name}'s table").format(name=self.name) if self.name else \
            _("Zole table")
        self.addresses = local_addresses()
        self.address = self.addresses[0]
        self.players = 3
        self.seats = [PERSON, "normal", "normal", "normal"]
        self.length = 12
        self.serious = False
        choices = [(PERSON, N_("A friend"))] + [(lv, texts.LEVEL_LABELS[lv])
                                                for lv in texts.LEVELS]
        ws = [TextField(N_("Table name"), lambda: self.table, self._set_table),
              TextField(N_("Your name"), lambda: self.name, self._set_name),
              ChoiceRow(N_("Address"), [(a, _address_label(a)) for a in self.addresses],
                        lambda: self.address, self._set_address,
                        explain=lambda: _("Friends join at this address; nobody else "
                                          "can reach the table.")),
              ChoiceRow(N_("People at the table"), [(3, "3"), (4, "4"), (5, "5")],
                        lambda: self.players, self._set_players),
              Heading(N_("Seats"), small=True)]
        for i in range(4):
            ws.append(self._seat_row(i, choices))
        ws.append(ChoiceRow(N_("Match length"), LENGTHS, lambda: self.length,
                            self._set_length))
        ws.append(ChoiceRow(N_("Serious match"), [(False, texts.ON_OFF[False]),
                                                  (True, texts.ON_OFF[True])],
                            lambda: self.serious, self._set_serious))
        self.widgets = ws
        self.footer = [Button(N_("Back"), self.back),
                       Button(N_("Open the table"), self.start, primary=True)]

    def _seat_row(self, i: int, choices: list) -> ChoiceRow:
        """The form's row for the seat ``i + 2`` (the host sits in the first)."""
        def label() -> str:
            return pgettext("a seat row in the host's form", "Seat {n}").format(n=i + 2)

        def value() -> str:
            return self.seats[i]

        def choose(v: str) -> None:
            self._set_seat(i, v)

        def enabled() -> bool:
            return i < self.players - 1

        return ChoiceRow(label, choices, value, choose, enabled=enabled)

    def _set_table(self, v: str) -> None:
        self.table = v[:40]

    def _set_name(self, v: str) -> None:
        self.name = v

    def _set_address(self, v: str) -> None:
        self.address = v

    def _set_players(self, v: int) -> None:
        self.players = v

    def _set_seat(self, i: int, v: str) -> None:
        self.seats[i] = v

    def _set_length(self, v: int) -> None:
        self.length = v

    def _set_serious(self, v: bool) -> None:
        self.serious = v

    def start(self) -> None:
        others: list[str | None] = [None if v == PERSON else v
                                    for v in self.seats[:self.players - 1]]
        seats: list[str | None] = [None, *others]
        save = storage.data_dir() / "net-table.json"
        save.unlink(missing_ok=True)  # a new match (the old one went to the history)
        spec = TableSpec(name=self.table.strip() or _("Zole table"), seats=seats,
                         rules=Rules(), length=self.length, serious=self.serious,
                         save_to=save)
        host = None
        for port in (DEFAULT_PORT, 0):
            host = Host(self.address, port, announce=True)
            host.add_table(spec)
            try:
                host.start()
                break
            except OSError as e:
                log.warning("cannot listen on %s:%s: %s", self.address, port, e)
                host = None
        if host is None:
            self.app.toast(_("The table could not be opened on {address}.").format(
                address=self.address))
            return
        table = next(iter(host.tables.values()))
        client = Client(self.address, host.port, table.code, people.stored(self.name),
                        retry_for=30.0, wake=self.app.wake)
        client.start()
        self.stack.replace(WaitingRoom(client, host, table.code))


class JoinTableScene(FormScene):
    title = N_("Join a table")
    column = 0.7

    def build(self) -> None:
        from ..net.discovery import Finder

        self.name = people.stored(self.app.settings.player_name)
        self.code = ""
        self.address = ""
        self.found: dict[str, Found] = {}
        try:
            only = os.environ.get("ZOLE_NET_INTERFACES")
            self.finder: Finder | None = Finder(local_addresses() if only else None,
                                                 wake=self.app.wake)
        except Exception as e:  # no multicast here: typing the address still works
            log.warning("tables cannot be looked for on this network: %s", e)
            self.finder = None
        self.fixed = [TextField(N_("Join code"), lambda: self.code, self._set_code),
                      TextField(N_("Your name"), lambda: self.name, self._set_name),
                      Heading(N_("Tables on this network"), small=True)]
        self.manual = [Heading(N_("Or type the host's address"), small=True),
                       TextField(N_("Address"), lambda: self.address, self._set_address)]
        self.footer = [Button(N_("Back"), self.back),
                       Button(N_("Join"), self.join, primary=True)]
        self._rebuild()

    def _table_button(self, label: str, key) -> Button:
        def text() -> str:
            return ("✓ " if self._chosen(key) else "") + label

        def choose() -> None:
            self._choose(key)

        return Button(text, choose)

    def _rebuild(self) -> None:
        tables: list = []
        for key, f in sorted(self.found.items(), key=lambda kv: kv[1].name):
            label = table_label(f)
            tables.append(self._table_button(label, key))
        if not tables:
            tables.append(Heading(N_("Looking for tables…"), small=True))
        self.widgets = self.fixed + tables + self.manual
        if self.app is not None:
            self.layout()

    def _chosen(self, key: str) -> bool:
        f = self.found.get(key)
        return f is not None and self.address == f"{f.address}:{f.port}"

    def _choose(self, key: str) -> None:
        f = self.found[key]
        self.address = f"{f.address}:{f.port}"

    def _set_code(self, v: str) -> None:
        self.code = "".join(ch for ch in v if ch.isdigit())[:4]

    def _set_name(self, v: str) -> None:
        self.name = v

    def _set_address(self, v: str) -> None:
        self.address = v[:80]

    def update(self, dt: float) -> None:
        if self.finder is None:
            return
        changed = False
        for ev in self.finder.poll():
            if isinstance(ev, Found):
                self.found[ev.key] = ev
            elif isinstance(ev, Lost):
                self.found.pop(ev.key, None)
            changed = True
        if changed:
            self._rebuild()
            self.app.invalidate()

    def exit(self) -> None:
        if self.finder is not None:
            self.finder.close()
            self.finder = None

    def join(self) -> None:
        try:
            address, port = parse_address(self.address)
        except ValueError:
            self.app.toast(_("Choose a table, or type its address (like 192.168.1.20:47023)."))
            return
        if len(self.code) != 4:
            self.app.toast(_("The join code has 4 digits."))
            return
        # a game closed in the middle of a match comes back to its seat
        client = Client(address, port, self.code, people.stored(self.name), retry_for=60.0,
                        token=kept.token_for(address, port, self.code), wake=self.app.wake)
        client.start()
        self.stack.push(WaitingRoom(client, None, self.code))


class WaitingRoom(Scene):
    """Who has sat down, the code to give the others (at the host), until the first deal."""

    def __init__(self, client: Client, host: Host | None, code: str) -> None:
        super().__init__()
        self.client = client
        self.host = host
        self.code = code
        self.welcome: P.Welcome | None = None
        self.seats: list = []
        self.backlog: list[object] = []
        self.problem = ""
        self.left = False
        self.as_new = False  # my kept seat was refused: joining again as a new player
        self.failed = False  # the table refused me, or could not be reached

    def handle(self, a) -> None:
        from .scene import BACK

        if a.kind == BACK:
            self.leave()

    def leave(self) -> None:

        self.left = True
        if self.host is None:
            # before the first deal the seat is free for someone else; later it stays
            # kept for this game (the token too), to come back to
            self.client.send(P.Leave())
        self.client.close(timeout=0)  # never a frame's wait: see Host.stop_later
        if self.host is not None:
            self.host.stop_later()
        self.stack.pop()

    def update(self, dt: float) -> None:
        from .network_table import NetworkTableScene

        batch = self.client.poll()
        for i, m in enumerate(batch):
            if isinstance(m, Joined):
                self.welcome = m.welcome
                self.seats = list(m.welcome.seats)
                self.backlog = []
                self.problem = ""  # seated (again)
                if self.host is None:  # kept, to come back to this seat after a restart
                    c = self.client
                    kept.keep(c.address, c.port, c.code, m.welcome.token)
            elif isinstance(m, Failed):
                if m.reason == "token" and self.host is None:
                    c = self.client
                    kept.keep(c.address, c.port, c.code, None)
                    if not self.as_new:
                        self._join_as_new()
                        return
                self.failed = True
                reason = REFUSALS.get(m.reason)
                self.problem = _(reason) if reason else _(
                    "The table could not be reached ({reason}).").format(reason=m.reason)
                if m.reason == "full" and self.as_new:
                    self.problem = _("Your seat at this table went to someone else, and "
                                     "no seat is free now.")
            elif isinstance(m, Dropped):
                self.problem = _("The connection to the table was lost; reconnecting…")
            else:
                if isinstance(m, P.Seats):
                    self.seats = list(m.seats)
                if isinstance(m, P.HandOver) and not m.match_over:
                    # back between two hands: ready for the next at once (the others wait)
                    self.client.send(P.Next())
                self.backlog.append(m)
                if isinstance(m, P.Update) and self.welcome is not None:
                    # what came with the first deal (a bot's bid, say) goes to the table too
                    self.backlog.extend(batch[i + 1:])
                    session = RemoteSession.from_welcome(self.welcome)
                    director = RemoteDirector(session, self.client, self.welcome,
                                              self.backlog)
                    self.stack.replace(NetworkTableScene(session, director, self.host))
                    return
            self.app.invalidate()

    def heading(self) -> str:
        """The table's name once seated; until then what is happening."""
        if self.welcome is not None:
            return self.welcome.table
        return _("Could not join the table") if self.failed else _("Joining the table…")

    @staticmethod
    def seat_line(i: int, s) -> str:
        """Who sits at seat ``i``: a bot (its name in the language of the day; a name a
        person typed, whose seat went to a bot, as typed), a person (as typed), a person
        away (their seat kept for them), or a free seat (a seat left is free and nameless
        again)."""
        if s.kind == "bot":
            label = texts.LEVEL_LABELS.get(s.level or "")
            name = s.name if s.typed else people.bot_label(s.name)
            # the level as a word inside the parentheses: "(bot, normal)", not the menu's "Normal"
            return _("{name} (bot, {level})").format(
                name=name, level=lower_first(_(label)) if label else "")
        if s.connected:
            return s.name or _("Player {n}").format(n=i + 1)
        if s.name:
            return _("{name} (away)").format(name=s.name)
        return _("A free seat")

    def _join_as_new(self) -> None:
        """The seat kept for this game is no longer kept (it went to a bot, or the table
        is another match now): sit down as a new player, in one step."""
        old = self.client
        old.close(timeout=0)  # it has failed already: its thread ends by itself
        self.as_new = True
        self.client = Client(old.address, old.port, old.code, old.name,
                             retry_for=old.retry_for, wake=old.wake)
        self.client.start()
        self.problem = _("Your seat was no longer kept for you; joining as a new player…")
        self.app.invalidate()

    def draw(self, surface) -> None:
        W, H = self.app.size
        surface.blit(self.app.felt(), (0, 0))
        title = self.heading()
        gfx.blit_text(surface, title, gfx.fit_size(title, int(H * 0.06), int(W * 0.9),
                                                    bold=True),
                      gfx.LINEN, (W // 2, int(H * 0.09)), "center", bold=True)
        y = int(H * 0.2)
        if self.host is not None:
            line = _("Join code: {code}").format(code=self.code)
            gfx.blit_text(surface, line, int(H * 0.08), gfx.AMBER, (W // 2, y), "center",
                          bold=True)
            y += int(H * 0.09)
            where = _("Friends choose this table, or type {address}").format(
                address=f"{self.host.address}:{self.host.port}")
            gfx.blit_text(surface, where, gfx.fit_size(where, int(H * 0.032), int(W * 0.9)),
                          gfx.DIM_LINEN, (W // 2, y), "center")
            y += int(H * 0.08)
        for i, s in enumerate(self.seats):
            who = self.seat_line(i, s)
            mark = "●" if s.connected else "○"
            gfx.blit_text(surface, f"{mark}  {who}", int(H * 0.038),
                          gfx.LINEN if s.connected else gfx.DIM_LINEN,
                          (int(W * 0.3), y), "midleft")
            y += int(H * 0.06)
        note = self.problem or _("The game begins when every seat is taken.")
        gfx.blit_text(surface, note, gfx.fit_size(note, int(H * 0.03), int(W * 0.9)),
                      gfx.AMBER if self.problem else gfx.DIM_LINEN,
                      (W // 2, H - int(H * 0.1)), "center")
        hint = _("Esc goes back") if self.failed else _("Esc leaves the table")
        gfx.blit_text(surface, hint, int(H * 0.022), gfx.DIM_LINEN,
                      (W // 2, H - int(H * 0.04)), "center")
