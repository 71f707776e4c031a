"""The table at another computer's network table: the same table scene, run by a
:class:`~zole_desktop.net.remote.RemoteDirector` instead of a local director.

Each frame it reads what the network brought (never waiting for it), hands the others'
moves to the script as the moves of "bots", swaps face-down placeholders that the new
picture of the hand put elsewhere, and holds the script at the start of a hand until the
host has dealt it (sending "next" once the score sheet is closed).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from ..i18n import _
from ..net import protocol as P
from ..net.remote import RemoteDirector, RemoteSession
from ..rules.state import Trick
from .table.commands import GiveUp, TakeBack
from .table.conditions import BotTurn, HumanTurn, SceneClosed
from .table.layout import DECK_SCALE
from .table.model import TableView
from .table.scene import TableScene
from .texts import JOIN_REFUSALS

log = logging.getLogger(__name__)


def undo_refusal(reason: str) -> str:
    """The host's reason for not taking a card back, in the player's words."""
    if reason == P.UNDO_SERIOUS:
        return _("Nothing can be undone at a serious table")
    if reason == P.UNDO_BLOCKED:
        return _("Another player has played since your move, so it cannot be undone")
    return _("There is no move of yours to undo in this hand")


class NetTableView(TableView):
    """The view at a network table: a new picture of the hand may already hold a won trick
    in its winner's pile while the script still shows it in the middle; sweeping it then
    only clears it from the middle (each trick is counted once)."""

    def sweep(self, trick: Trick) -> None:
        pile = self.piles.get(trick.winner, [])
        if trick.cards and set(trick.cards) <= set(pile):
            self.trick = [(s, c) for s, c in self.trick if c not in trick.cards]
            return
        super().sweep(trick)


class NetworkTableScene(TableScene):
    """``host``: the :class:`~zole_desktop.net.host.Host` this game runs for the table
    (stopped when the table is left), or None at someone else's table."""

    director: RemoteDirector  # the table's director speaks to the host

    def __init__(self, session: RemoteSession, director: RemoteDirector,
                 host=None) -> None:
        super().__init__(session)
        self.director = director
        self.host = host
        self.waiting_note = False
        self.unsaved_said = False  # the host's save failed, and the host was told
        self.view = NetTableView()

    def reset_view(self) -> None:
        super().reset_view()
        self.view = NetTableView()

    def exit(self) -> None:
        super().exit()
        self.director.client.close(timeout=0)  # never a frame's wait: see Host.stop_later
        if self.host is not None:
            self.host.stop_later()

    def seat_away(self, seat: int) -> bool:
        """Another person whose connection dropped: their seat is kept for them (until
        it goes to a bot), and their plate says so until they are back."""
        infos = self.director.seats_info
        if seat == self.human or not 0 <= seat < len(infos):
            return False
        info = infos[seat]
        return info.kind == "person" and not info.connected

    def pause_actions(self) -> list[tuple[Callable[[], str], Callable[[], None]]]:
        """The pause menu's own entries at the host's game: a person who is away can have
        their seat given to a bot now, without waiting out the grace period."""
        if self.host is None:
            return []
        out: list[tuple[Callable[[], str], Callable[[], None]]] = []
        for seat in sorted(self._away()):
            out.append((self._give_label(self.seat_name(seat)), self._give_action(seat)))
        return out

    @staticmethod
    def _give_label(name: str) -> Callable[[], str]:
        return lambda: _("Give {name}'s seat to a bot").format(name=name)

    def _give_action(self, seat: int) -> Callable[[], None]:
        return lambda: self.give_to_bot(seat)

    def give_to_bot(self, seat: int) -> None:
        """At the host: the seat of a person who is away is played by a bot from now on."""
        if self.host is None or not self.seat_away(seat):
            return
        table = next(iter(self.host.tables.values()), None)  # the one this game hosts
        if table is None:
            return
        self.host.call(table.give_to_bot, seat, table.spec.grace_level)
        self.say(_("A bot plays {name}'s seat from now on").format(name=self.seat_name(seat)))
        log.info("seat %d given to a bot by the host", seat)

    def _away(self) -> set[int]:
        return {s for s in range(self.session.players) if self.seat_away(s)}

    def _tell_unsaved(self) -> None:
        """At the host's game: the table's save failed (a full disk, no permission).  The
        game goes on, its save emptied (see :class:`~zole_desktop.net.host.Saver`); the
        host is told once, as a failed save of an offline game is."""
        if self.host is None or self.unsaved_said:
            return
        e = self.host.saver.failure()
        if e is None:
            return
        self.unsaved_said = True
        self.app.file_error(_("The table cannot be saved ({error}); if the game on this "
                              "computer stops, the match cannot be resumed.").format(
                                  error=e.strerror or e))

    def _would_deal(self) -> bool:
        """The script's next step starts a hand (its first, or after the screen between hands)."""
        if self.script is None:
            return False
        c = self.cond
        if c is None:
            return self.director.state is None
        if isinstance(c, SceneClosed):
            from .hand_end import HandSummary

            return (isinstance(c.scene, HandSummary) and c.scene not in self.stack.scenes
                    and not self.director.over())
        return False

    def update(self, dt: float) -> None:
        if self.closed:
            return
        self._tell_unsaved()
        c = self.cond
        turn = self.director.turn()
        waiting_seat = turn.seat if isinstance(c, BotTurn) and turn is not None else None
        my_turn = isinstance(c, HumanTurn) and c.kind == "play"
        away = self._away()
        r = self.director.pump(waiting_seat, my_turn)
        if self._away() != away:
            self.app.invalidate()  # a plate turns "away", or back
        if r.renamed:
            self._rename(r.renamed)
        if r.undone:
            # the host took cards back: the script catches up at its next step, and the
            # cards travel back as they do offline (take_back)
            self.commands.give(TakeBack())
            if r.undone_by is not None and r.undone_by != self.human:
                self.say(_("{name} undid a move").format(
                    name=self.seat_name(r.undone_by)))
        elif r.rebuilt and self.state is not None:
            self.view.rebuild(self.state)
            if r.back:  # back at the table after a drop: the hand builds up again
                self.arrive()
            else:
                self.relayout(snap=True)
        if r.refused:
            self.say(undo_refusal(r.refused))
        if r.surrender:
            self.commands.give(GiveUp())
        for note in r.notes:
            if note == "dropped":
                self.say(_("The connection to the table was lost; reconnecting…"))
            elif note == "unsaved":
                self.say(_("The host can no longer save this match ({error}): the game goes "
                           "on, but if the host stops, the match cannot be resumed.").format(
                               error=self.director.unsaved or ""))
            elif note == "saved":
                self.say(_("The host saves this match again."))
            elif note == "failed":
                reason = self.director.failed or ""
                if reason in JOIN_REFUSALS:  # refused coming back: the seat went to a bot
                    self.say(_(JOIN_REFUSALS[reason]))
                else:
                    self.say(_("The table could not be reached: {reason}").format(
                        reason=reason))
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

    def arrive(self) -> None:
        """Every card gathers on the deck and goes to where the hand stands, as a
        continued hand arrives on an offline table."""
        if self.geo.laid_out() is None:
            return
        x, y = self.geo.L["deck"]
        for sp in self.sprites:
            sp.place(x, y, DECK_SCALE, False)
        self.relayout()
        self.slide_sound()

    # ------------------------------------------------------------------ undo, at the host
    def undo_allowed(self) -> bool:
        """Taking back a card is offered (not at a serious table: off for everyone)."""
        return self.human is not None and not self.session.serious

    def can_undo(self) -> bool:
        if self.commands.waiting(TakeBack):  # the host has taken cards back; the script catches up
            return True
        d = self.director
        return (self.undo_allowed() and not self.closed and not d.undo_sent
                and d.undo_count(self.human) > 0 and not d.undo_blocked(self.human))

    def request_undo(self) -> None:
        """Ctrl+Z or the button: the host takes back my last card and the bots' answers
        after it, for everyone, when no other person has played since; else one line
        says why not."""
        d = self.director
        if self.session.serious:
            self.say(undo_refusal(P.UNDO_SERIOUS))
        elif d.undo_sent or self.commands.waiting(TakeBack):
            return
        elif d.undo_count(self.human) == 0:
            self.say(undo_refusal(P.UNDO_NOTHING))
        elif d.undo_blocked(self.human):
            self.say(undo_refusal(P.UNDO_BLOCKED))
        else:
            self.hints.stop()
            d.send_undo()
            self.app.invalidate()

    def take_back(self) -> bool:
        """The host has taken the cards back (the picture already shows the hand after
        it): they travel back to where they now belong."""
        self.hints.stop()
        if self.workers is not None:
            self.workers.new_generation()  # a seat's pending move is no longer awaited
        if self.state is None:
            return False
        self.show_taken_back()
        return True

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
