"""The advisor's hints at the table: asked on the hint worker when the person's decision
comes (bounded by a deadline, cancelled when the decision is made), and kept only for the
decision they were asked about."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...flow.workers import HINTS, Job, advise
from ...i18n import _

if TYPE_CHECKING:
    from .scene import TableScene


class Hints:
    def __init__(self, table: TableScene) -> None:
        self.t = table
        # the advisor's time per decision; the first two tricks ("early") are the slowest to
        # search (at 0.5 s a first-trick hint often rested on one layout)
        self.seconds = {"bid": 1.0, "bury": 0.6, "play": 0.5, "early": 1.0}
        self.key: tuple | None = None  # the decision the hint is for
        self.job: Job | None = None  # the hint being worked out
        self.value: Any = None  # BidEstimate, BurialHint or CardHint for ``key``
        self.details = False  # the advisor's figures shown after its reason (I, a click)
        self.line_rect: Any = None  # where the last reason with figures was drawn

    def toggle_details(self) -> bool:
        """Show or hide the advisor's figures after the reason; False when no hint with
        figures is up (the key or click is someone else's)."""
        reason = getattr(self.value, "reason", None)
        if not self.on() or getattr(reason, "details", None) is None:
            return False
        self.details = not self.details
        if self.t.app is not None:
            self.t.app.invalidate()
        return True

    def on(self) -> bool:
        """Hints are offered: a person at a table that is not serious, nor the guided game,
        with hints switched on in the settings."""
        t = self.t
        return (t.human is not None and not t.demo and not t.session.serious
                and t.session.persistent and bool(t.app.settings.hints))

    def start(self, kind: str) -> None:
        """Ask the advisor about this decision."""
        self.stop()
        self.value = None
        t = self.t
        st = t.state
        if not self.on() or kind not in ("bid", "bury", "play") or st is None or \
                t.workers is None or t.human is None:
            self.key = None
            return
        key = (t.hand_no, len(st.actions()), kind, t.view.cards_seen)
        self.key = key
        seed = t.session.seed * 31 + len(st.actions())
        seconds = self.seconds.get(kind, 0.5)
        if kind == "play" and len(st.completed) < 2:
            seconds = self.seconds.get("early", seconds)
        self.job = t.workers.submit(
            HINTS, advise, kind, st.observation(t.human), seed, st.pools,
            not t.view.cards_seen, key=key, seconds=seconds)

    def stop(self) -> None:
        if self.job is not None:
            self.job.stop()
        self.job = None

    def poll(self) -> None:
        """Take the advisor's answer once it is there (if it is still about this decision)."""
        job = self.job
        t = self.t
        if job is None or not job.done():
            return
        self.job = None
        try:
            value = job.result()
        except Exception:  # an advisor bug (logged by the worker): no hint, the game goes on
            t.app.toast(_("No hint this time: the advisor failed; the error is in the log "
                          "file."))
            return
        if job.key == self.key and t.waiting_for() is not None:
            self.value = value
            t.app.invalidate()

    def card(self) -> int | None:
        """The advised card (a legal one), while I am to play."""
        h = self.value
        t = self.t
        if h is None or t.waiting_for() != "play" or not self.on():
            return None
        c = getattr(h, "card", None)
        return c if c in t.legal_cards() else None

    def burial(self) -> tuple[int, int] | None:
        """The advised pair to bury (both in my hand), while I am to bury."""
        h = self.value
        t = self.t
        if h is None or t.waiting_for() != "bury" or not self.on():
            return None
        pair = getattr(h, "cards", None)
        hand = t.my_hand()
        if not pair or any(c not in hand for c in pair):
            return None
        return pair

    def bid(self) -> tuple[int | None, dict]:
        """The advised bid and each bid's expected game points, while I am to bid."""
        h = self.value
        if h is None or self.t.waiting_for() != "bid" or not self.on():
            return None, {}
        return getattr(h, "best", None), dict(getattr(h, "values", {}) or {})
