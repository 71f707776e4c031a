"""The rules of Zole as a pure-Python core: no pygame, no file I/O.

Cards (:mod:`.cards`), table options (:mod:`.options`), the deal (:mod:`.deal`), one hand's
state with legal actions, observations and settlement (:mod:`.state`), pools
(:mod:`.pools`), the match and its score sheet (:mod:`.match`) and match records
(:mod:`.record`).
"""

from .cards import CARD_NAMES, card, cards_of, mask_of, name, points_of, sort_for_hand
from .deal import Deal, Packet, active_seats, deal_packets, draw_first_dealer, shuffle_and_deal
from .match import Match, SheetRow
from .options import Rules
from .pools import Pools
from .record import RecordError, Replay, replay, replay_text
from .settlement import Settlement
from .state import (
    BID_NAMES,
    BIDDING,
    BURYING,
    DARK_BID,
    DONE,
    MAZA_BID,
    PASS,
    PLAYING,
    SURRENDER,
    TABLE,
    TAKE_BID,
    ZOLE_BID,
    HandResult,
    HandState,
    IllegalAction,
    Observation,
    Trick,
)

__all__ = [
    "BIDDING", "BID_NAMES", "BURYING", "CARD_NAMES", "DARK_BID", "DONE", "Deal", "HandResult",
    "HandState", "IllegalAction", "MAZA_BID", "Match", "Observation", "PASS", "PLAYING",
    "Packet", "Pools", "RecordError", "Replay", "Rules", "SURRENDER", "SheetRow", "Settlement",
    "TABLE", "TAKE_BID", "Trick", "ZOLE_BID", "active_seats", "card", "cards_of",
    "deal_packets", "draw_first_dealer", "mask_of", "name", "points_of", "replay",
    "replay_text", "shuffle_and_deal", "sort_for_hand",
]
