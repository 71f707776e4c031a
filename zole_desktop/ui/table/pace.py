"""The table's pace: how long a won trick stays in the middle, how the cards are dealt, how
long a bot seems to think, from the player's settings (``trick_pause``, ``deal_speed``).

The default is brisk (a trick stays 0.6 s, as long as in the desktop games of our family);
"until a click" holds each won trick until the person clicks or presses a key.  The
animation speed setting scales all of it, as it scales every card's move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...flow.director import Director
from ...i18n import N_, NC_

if TYPE_CHECKING:
    from .scene import TableScene

TRICK_PAUSES = {"short": 0.3, "normal": 0.6, "long": 1.4}  # seconds at normal speed
CLICK = "click"
TRICK_PAUSE_LABELS = {"short": NC_("trick pause", "Short"),
                      "normal": NC_("trick pause", "Normal"),
                      "long": NC_("trick pause", "Long"),
                      CLICK: NC_("trick pause", "Until a click")}
DEAL_LABELS = {"normal": NC_("deal speed", "Normal"), "fast": NC_("deal speed", "Fast")}
GATHER_NOTE = N_("Click or press a key for the next trick")

CARD_MOVE = 0.22  # seconds a played card takes to the trick
SWEEP = 0.28  # seconds a won trick takes to its winner's pile
BOT_CARD = (0.12, 0.3)  # a bot's card comes this long after the card before it has landed
BOT_BID = (0.2, 0.45)  # a bot's bid, after the last bid was shown
PASS_VIEW, BID_VIEW = 0.3, 0.5  # a bubble shows before the next seat speaks
PLAY_START = 0.3  # after the bidding (and the burial), before the first lead
HAND_END = 0.4  # after the last trick, before the screen between hands

# the deal: riffles of the shuffle, the gap between packets, and whether the cut is shown
DEALS = {"normal": (1, 0.055, True), "fast": (0, 0.025, False)}


def _setting(t: TableScene, name: str, default: str) -> str:
    app = t.app
    return str(getattr(app.settings, name, default)) if app is not None else default


def trick_pause(t: TableScene) -> float | None:
    """Seconds a won trick stays before it goes to its winner's pile (at normal speed), or
    None: until the person clicks or presses a key (only at an offline table where a person
    plays and no coach leads the hand; elsewhere a click-held trick is the normal pause)."""
    choice = _setting(t, "trick_pause", "normal")
    if choice == CLICK:
        # offline only: at a network table the host's hand goes on without my click
        if t.human is not None and t.coach is None and not t.demo and \
                type(t.director) is Director:
            return None
        choice = "normal"
    return TRICK_PAUSES.get(choice, TRICK_PAUSES["normal"])


def deal_style(t: TableScene) -> tuple[int, float, bool]:
    """(riffles, seconds between packets, the cut shown) for the deal speed setting."""
    return DEALS.get(_setting(t, "deal_speed", "normal"), DEALS["normal"])


def bot_pause(t: TableScene, bidding: bool) -> float:
    """How long a bot seems to think (before the animation speed is applied)."""
    lo, hi = BOT_BID if bidding else BOT_CARD
    return t.rng.uniform(lo, hi)
