"""The table at another computer's network table: the same table scene, run by a
:class:`~zole_desktop.net.remote.RemoteDirector` instead of a local director.

Each frame it reads what the network brought (never waiting for it), hands the others'
moves to the script as the moves of "bots", swaps face-down placeholders that the new
picture of the hand put elsewhere, and holds the script at the start of a hand until the
host has dealt it (sending "next" once the score sheet is closed).
"""

from __future__ import annotations

import logging

from ..i18n import _
from ..net.remote import RemoteDirector, RemoteSession
from .table.conditions import BotTurn, HumanTurn, SceneClosed
from .table.scene import TableScene

log = logging.getLogger(__name__)


class NetworkTableScene(TableScene):
    """``host``: the :class:`~zole_desktop.net.host.Host` this game runs for the table
    (stopped when the table is left), or None at someone else's table."""

    def __init__(self, session: RemoteSession, director: RemoteDirector,
                 host=None) -> None:
        super().__init__(session)
        self.director = director
        self.host = host
        self.waiting_note = False

    def exit(self) -> None:
        super().exit()
        self.director.client.close(timeout=2.0)
        if self.host is not None:
            self.host.stop(timeout=5.0)

    def _would_deal(self) -> bool:
        """The script's next step starts a hand (its first, or after the score sheet)."""
        if self.script is None:
            return False
        c = self.cond
        if c is None:
            return self.director.state is None
        if isinstance(c, SceneClosed):
            from .sheet import ScoreSheet

            return (isinstance(c.scene, ScoreSheet) and c.scene not in self.stack.scenes
                    and not self.director.over())
        return False

    def update(self, dt: float) -> None:
        if self.closed:
            return
        c = self.cond
        turn = self.director.turn()
        waiting_seat = turn.seat if isinstance(c, BotTurn) and turn is not None else None
        my_turn = isinstance(c, HumanTurn) and c.kind == "play"
        r = self.director.pump(waiting_seat, my_turn)
        if r.renamed:
            self._rename(r.renamed)
        if r.rebuilt and self.state is not None:
            self.view.rebuild(self.state)
            self.relayout(snap=True)
        if r.surrender:
            self.surrender_request = True
        for note in r.notes:
            if note == "dropped":
                self.say(_("The connection to the table was lost; trying to come back…"))
            elif note == "failed":
                self.say(_("The table could not be reached: {reason}").format(
                    reason=self.director.failed or ""))
        if self._would_deal() and not self.director.hand_ready():
            if self.director.state is not None:
                self.director.send_next()
            if not self.waiting_note:
                self.waiting_note = True
                self.say(_("Waiting for the others…"))
            self.clock += dt
            return
        self.waiting_note = False
        super().update(dt)

    def confirm_bury(self) -> None:
        if not self.director.settled():
            return  # the talon's cards are on their way from the host
        super().confirm_bury()

    def _rename(self, mapping: dict[int, int]) -> None:
        """Face-down placeholders changed places: each card in ``mapping`` now shows the
        card that took its place (nothing moves on screen)."""
        v = self.view

        def ren(cards: list[int]) -> list[int]:
            return [mapping.get(c, c) for c in cards]

        v.holding = {s: ren(cs) for s, cs in v.holding.items()}
        v.talon = ren(v.talon)
        v.buried = ren(v.buried)
        v.deck = ren(v.deck)
        spots = {c: self.sprites[c].state(self.clock) for c in mapping}
        for old, new in mapping.items():
            x, y, s, face, _wf = spots[old]
            self.sprites[new].place(x, y, s, face)
            self.sprites[new].z = self.sprites[old].z
        self.relayout(dur=0.0)
