"""Match records, format ``zole-match/1``: read, check against the rules, settle, write.

Records are untrusted input: every field is checked for type and range, and every bid, burial
and card is applied through :class:`~zole_desktop.rules.state.HandState`, so a record is legal
exactly when the game itself would have allowed it.  Any fault raises :class:`RecordError`
whose message starts ``hand N:``.

:func:`replay_hand` is the one place where a hand's actions are applied from a record: strict
for a match record (:func:`replay`, :func:`hand_of`), lenient for the hand in progress of a
save (it keeps the actions that apply and says why it stopped).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeGuard

from . import cards as C
from .deal import active_seats, next_dealer
from .match import Match, SheetRow
from .options import OptionError, Rules
from .settlement import PASSED
from .state import (
    BID_BY_NAME,
    BIDDING,
    BURYING,
    DONE,
    SURRENDER,
    TAKE,
    HandState,
    IllegalAction,
)

FORMAT = "zole-match/1"
MAX_HANDS = 100_000
MAX_BYTES = 32 * 1024 * 1024


class RecordError(ValueError):
    """A record that is malformed or breaks a rule; ``str()`` is the one-line message."""

    def __init__(self, hand: int, message: str) -> None:
        super().__init__(f"hand {hand}: {message}")
        self.hand = hand
        self.reason = message


@dataclass
class Replay:
    match: Match
    rows: list[SheetRow]

    def to_json(self) -> dict:
        p = self.match.players
        return {"hands": [r.to_json(p) for r in self.rows], "totals": list(self.match.totals)}


def parse_json(text: str | bytes) -> Any:
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise RecordError(1, f"the record is larger than {MAX_BYTES // (1024 * 1024)} MB")
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise RecordError(1, "the record is not UTF-8 text") from None
    if len(text) > MAX_BYTES:
        raise RecordError(1, f"the record is larger than {MAX_BYTES // (1024 * 1024)} MB")

    def no_constants(name: str) -> Any:
        raise ValueError(f"{name} is not a number in JSON")

    try:
        return json.loads(text, parse_constant=no_constants)
    except RecursionError:
        raise RecordError(1, "malformed JSON: nested too deeply") from None
    except ValueError as e:
        if not hasattr(e, "lineno") and "digits" in str(e):
            # Python's own words here are advice to a programmer (set_int_max_str_digits)
            raise RecordError(1, "a number in the record has too many digits") from None
        msg = getattr(e, "msg", str(e))
        where = (f" at line {e.lineno} column {e.colno}"
                 if isinstance(e, json.JSONDecodeError) else "")
        raise RecordError(1, f"malformed JSON: {msg}{where}") from None


def _is_int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _card(n: int, v: Any, what: str) -> int:
    if not isinstance(v, str) or v not in C.CARD_INDEX:
        shown = json.dumps(v)[:20]
        raise RecordError(n, f"{what}: {shown} is not a card (rank AKQJT987, suit CSHD)")
    return C.CARD_INDEX[v]


def _card_list(n: int, value: Any, what: str, length: int | None = None) -> list[int]:
    if not isinstance(value, list):
        raise RecordError(n, f"{what} must be a list of cards")
    if length is not None and len(value) != length:
        raise RecordError(n, f"{what} must hold {length} cards, not {len(value)}")
    return [_card(n, v, what) for v in value]


def read_header(data: Any) -> tuple[int, Rules, list]:
    if not isinstance(data, dict):
        raise RecordError(1, "a record must be a JSON object")
    fmt = data.get("format")
    if fmt != FORMAT:
        raise RecordError(1, f"format must be {FORMAT!r}, not {json.dumps(fmt)[:40]}")
    players = data.get("players")
    if not _is_int(players) or players not in (3, 4, 5):
        raise RecordError(1, f"players must be 3, 4 or 5, not {json.dumps(players)[:20]}")
    try:
        rules = Rules.from_dict(data.get("rules"))
    except OptionError as e:
        raise RecordError(1, str(e)) from None
    except TypeError:
        raise RecordError(1, "rules must be an object") from None
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise RecordError(1, "hands must be a list")
    if len(hands) > MAX_HANDS:
        raise RecordError(MAX_HANDS + 1, f"a record holds at most {MAX_HANDS} hands")
    return players, rules, hands


def build_hand(n: int, match: Match, h: Any, expected_dealer: int | None) -> HandState:
    """Check the deal of hand number ``n`` and return its state before the first bid."""
    players = match.players
    if not isinstance(h, dict):
        raise RecordError(n, "a hand must be a JSON object")
    dealer = h.get("dealer")
    if not _is_int(dealer) or not 0 <= dealer < players:
        raise RecordError(n, f"dealer must be a seat from 0 to {players - 1}")
    if expected_dealer is not None and dealer != expected_dealer:
        raise RecordError(n, f"dealer must be seat {expected_dealer}: the deal passes "
                             "to the left every hand")
    seats = active_seats(players, dealer)
    dealt = h.get("hands")
    if not isinstance(dealt, list) or len(dealt) != players:
        raise RecordError(n, f"hands must list {players} seats")
    hands: dict[int, list[int]] = {}
    for seat, cards in enumerate(dealt):
        if seat in seats:
            if cards is None:
                raise RecordError(n, f"seat {seat} plays this hand and must be dealt 8 cards")
            hands[seat] = _card_list(n, cards, f"seat {seat}'s hand", 8)
        elif cards is not None:
            raise RecordError(n, f"seat {seat} sits out this hand and must be null")
    talon = _card_list(n, h.get("talon"), "talon", 2)
    seen: set[int] = set()
    for c in [c for s in seats for c in hands[s]] + talon:
        if c in seen:
            raise RecordError(n, f"{C.CARD_NAMES[c]} is dealt twice")
        seen.add(c)
    match.dealer = dealer
    return match.hand_from({s: tuple(v) for s, v in hands.items()}, tuple(talon))


@dataclass(frozen=True, slots=True)
class HandReplay:
    """What :func:`replay_hand` applied to the state it was given."""

    state: HandState
    applied: int  # actions applied (bids, buried cards, cards played, a surrender)
    stopped: str | None = None  # lenient: why the next action did not apply ("hand N: ...")


def replay_hand(n: int, state: HandState, h: Mapping[str, Any], *,
                strict: bool = True) -> HandReplay:
    """Apply the bids, burial, play and surrender of hand number ``n`` of a record to
    ``state`` (its deal before the first bid, from :func:`build_hand`).

    ``strict`` (a match record): the first fault raises :class:`RecordError` naming the hand
    and the action (``hand 2: card 7 (KS): seat 1 must follow suit ...``), and the hand must
    be complete.  Not strict (the hand in progress of a save): the actions are applied up to
    the first one that does not apply; the result holds the state with the actions before it
    and, in ``stopped``, the reason.  An unfinished hand is what a save holds, so it is no
    fault then.
    """
    applied = 0
    try:
        for what, action in _actions(n, state, h, strict):
            try:
                state.apply(action)
            except IllegalAction as e:
                raise RecordError(n, f"{what}: {e}") from None
            applied += 1
        if strict and state.phase != DONE:
            played = len(_list(n, h, "play", strict))
            raise RecordError(n, f"the hand is incomplete: {played} cards played"
                                 + (", the declarer must bury 2 cards"
                                    if state.phase == BURYING else ""))
    except RecordError as e:
        if strict:
            raise
        return HandReplay(state, applied, str(e))
    return HandReplay(state, applied)


def _list(n: int, h: Mapping[str, Any], key: str, strict: bool) -> list:
    value = h.get(key)
    if value is None and (key != "bids" or not strict):
        return []
    if not isinstance(value, list):
        raise RecordError(n, f"{key} must be a list" + ("" if key == "bids" else " of cards"))
    return value


def _actions(n: int, state: HandState, h: Mapping[str, Any],
             strict: bool) -> Iterator[tuple[str, int]]:
    """The hand's actions in order, each with the words that name it; every check is made
    against the state as it stands when the action comes (the caller applies each)."""
    for i, b in enumerate(_list(n, h, "bids", strict)):
        if state.phase != BIDDING:
            raise RecordError(n, f"bid {i + 1} comes after the bidding ended")
        if not isinstance(b, str) or b not in BID_BY_NAME:
            raise RecordError(n, f"bid {json.dumps(b)[:20]} is not one of pass, take, zole, "
                                 "maza, dark")
        yield f"bid {i + 1} ({b})", BID_BY_NAME[b]
    if state.phase == BIDDING:
        if strict:
            raise RecordError(n, f"the bidding is incomplete: seat {state.current_seat} "
                                 "has not spoken")
        if h.get("discard") or h.get("play") or h.get("surrender"):
            raise RecordError(n, f"seat {state.current_seat} has not bid yet")
        return
    discard = h.get("discard")
    if state.contract == TAKE:
        if discard is None and strict:
            raise RecordError(n, f"the declarer (seat {state.declarer_seat}) took the talon "
                                 "and must bury 2 cards")
        if strict:
            _card_list(n, discard, "discard", 2)
        for i, v in enumerate(_list(n, h, "discard", strict)):
            c = _card(n, v, "discard")
            if state.phase != BURYING:
                raise RecordError(n, "discard must name 2 different cards")
            yield f"discard {i + 1} ({C.CARD_NAMES[c]})", c
    elif discard not in (None, []):
        raise RecordError(n, "only a declarer who takes the talon buries cards")
    play = _list(n, h, "play", False)
    surrender = h.get("surrender", False)
    if surrender is None:
        surrender = False
    if not isinstance(surrender, bool):
        raise RecordError(n, "surrender must be true or false")
    if state.contract == PASSED:
        if play:
            raise RecordError(n, "everyone passed: no card is played")
        if surrender:
            raise RecordError(n, "everyone passed: nobody can surrender")
        return
    if strict:
        _card_list(n, play, "play")
    for i, v in enumerate(play):
        c = _card(n, v, "play")
        if state.phase == DONE:
            raise RecordError(n, f"card {i + 1} ({C.CARD_NAMES[c]}) is played after the hand "
                                 "ended")
        yield f"card {i + 1} ({C.CARD_NAMES[c]})", c
    if surrender:
        if state.phase == DONE:
            raise RecordError(n, "the declarer cannot surrender: the hand is over")
        yield "surrender", SURRENDER


def replay(data: Any, upto: int | None = None) -> Replay:
    """Check and settle a parsed record (its first ``upto`` hands when given)."""
    players, rules, hands = read_header(data)
    match = Match(players=players, rules=rules)
    expected: int | None = None
    for i, h in enumerate(hands[:upto]):
        n = i + 1
        state = build_hand(n, match, h, expected)
        replay_hand(n, state, h)
        match.finish(state)
        expected = next_dealer(players, state.dealer)
    return Replay(match, list(match.rows))


def hand_of(data: Any, number: int) -> HandState:
    """Hand ``number`` (from 1) of a parsed record, finished as it was played; the hands
    before it are checked as well (they set the pools and the dealer), the ones after not."""
    hands = read_header(data)[2]
    if not 1 <= number <= len(hands):
        raise RecordError(number, f"the record holds {len(hands)} hand(s)")
    return replay(data, upto=number).match.hands[number - 1]


def replay_text(text: str | bytes) -> Replay:
    return replay(parse_json(text))


def dumps(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1)


def score_sheet_text(rep: Replay, names: list[str] | None = None) -> str:
    """A human-readable score sheet: a row per hand, running totals, pools."""
    m = rep.match
    names = names or [f"seat {i}" for i in range(m.players)]
    w = max(8, *(len(x) for x in names))
    head = f"{'hand':>4}  {'dealer':>6}  {'contract':<18}" + "".join(
        f"{x:>{w}}" for x in names) + "  pools"
    lines = [head, "-" * len(head)]
    for r in rep.rows:
        if r.declarer is None:
            what = r.contract
        else:
            what = f"{r.contract} by {r.declarer}"
            if r.declarer_points is not None:
                what += f" {r.declarer_points}"
            if r.surrendered:
                what += " (gave up)"
        cells = "".join(f"{t:>+{w}d}" for t in r.totals)
        pc = r.pools.personal_counts(m.players)
        pools = f"common {r.pools.common}" + (
            ", personal " + " ".join(str(x) for x in pc) if any(pc) else "")
        lines.append(f"{r.number:>4}  {r.dealer:>6}  {what:<18}{cells}  {pools}")
    lines.append("-" * len(head))
    lines.append(f"{'totals':<30}" + "".join(f"{t:>+{w}d}" for t in m.totals))
    if m.pools.personal:
        lines.append(f"{'after pools at session end':<30}"
                     + "".join(f"{t:>+{w}d}" for t in m.final_totals()))
    return "\n".join(lines)
