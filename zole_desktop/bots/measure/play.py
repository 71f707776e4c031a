"""Deals and players for the arena: the table options and a bot's settings from the command
line, the fixed hand of a deal, and a hand played out by bots with its double-dummy check."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from ...rules.deal import shuffle_and_deal
from ...rules.options import CHOICES, OptionError, Rules
from ...rules.settlement import DARK, TAKE, ZOLE
from ...rules.state import DONE, PLAYING, SURRENDER, HandState, Observation
from ..base import Bot, make_bot
from ..solver import NodeLimit, Solver

DD_NODE_CAP = 400_000


def parse_rules(text: str | None) -> Rules:
    """Table options from ``key=value,key=value`` (RULES.md's names; true/false for yes/no
    options); the others keep their defaults.  ``OptionError`` on an unknown key or value."""
    out: dict[str, object] = {}
    for part in (text or "").split(","):
        part = part.strip()
        if not part:
            continue
        key, eq, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or key not in CHOICES:
            raise OptionError(f"rules: unknown option {key!r}; known: {', '.join(CHOICES)}")
        if isinstance(CHOICES[key][0], bool):
            low = value.lower()
            if low not in ("true", "false", "yes", "no", "on", "off", "1", "0"):
                raise OptionError(f"rules: {key} must be true or false, not {value!r}")
            out[key] = low in ("true", "yes", "on", "1")
        else:
            out[key] = value
    return Rules.from_dict(out)


def deal_state(seed: int, index: int, players: int = 3, rules: Rules | None = None
               ) -> HandState:
    """Deal ``index`` of a run: the dealer moves round the table with the index."""
    rules = rules or Rules()
    rng = random.Random(seed * 1_000_003 + index)
    dealer = index % players
    d = shuffle_and_deal(rng, players, dealer, rules.deal)
    return HandState.new(players, dealer, d.hands, d.talon, rules)


def _dd_makeable(st: HandState) -> bool | None:
    """With all cards open, right after the burial: can the declarer reach 61?"""
    if st.contract not in (TAKE, ZOLE, DARK):
        return None
    d = st.declarer
    from ...rules.cards import points_of

    need = 61 - (points_of(st.buried) if st.contract == TAKE else 0)
    try:
        return Solver(st.hands, d, node_limit=DD_NODE_CAP).reaches(0, (), need)
    except NodeLimit:
        return None


# seed, deal, bots, players, rules, every seat passes (a galdiņš in every deal)
Task = tuple[int, int, tuple[str, ...], int, Rules, bool]


def parse_value(text: str) -> Any:
    """A setting's value from the command line: int, float, true/false, a tuple of them
    (``0,0,0``), else the text."""
    if "," in text:
        return tuple(parse_value(x) for x in text.split(","))
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    return text


def arena_bot(spec: str, seed: int | None) -> Bot:
    """A bot from a level name, optionally with settings changed for an A/B run:
    ``strong:infer=false`` (``:`` before each ``name=value``; the name must be a
    public setting the level has; a tuple's items joined by ``/``, as commas separate the
    bots: ``strong:decl_total=0.8/0.6/0.25``).  ``ValueError`` on an unknown level or
    setting, or a value of another kind."""
    level, *sets = spec.split(":")
    bot = make_bot(level.strip(), seed)
    for item in sets:
        setattr(bot, *setting(type(bot), item, f"{spec}: "))
    return bot


def setting(cls: type, item: str, where: str = "") -> tuple[str, Any]:
    """The name and value of one ``name=value`` setting for a bot of class ``cls``, checked:
    the name must be a public, non-method attribute of the class, and the value of the same
    kind (:func:`_same_kind`; a tuple's items joined by ``/`` or ``,``).  ``ValueError``
    (prefixed with ``where``) otherwise."""
    name, eq, value = item.partition("=")
    name, value = name.strip(), value.strip()
    level = getattr(cls, "level", cls.__name__)
    if not eq or name.startswith("_") or not hasattr(cls, name) or \
            callable(getattr(cls, name)):
        raise ValueError(f"{where}{level} has no setting {name!r}")
    now, new = getattr(cls, name), parse_value(value.replace("/", ","))
    if not _same_kind(now, new):
        raise ValueError(f"{where}{name} is {now!r}; {value!r} is not a value of that kind")
    return name, new


def _same_kind(now: Any, new: Any) -> bool:
    """Can a setting that is ``now`` take ``new``: a bool a bool, a number a number (an int
    setting an int), a tuple a tuple as long with items of the same kinds, None or a string
    anything that is not a tuple."""
    if isinstance(now, bool) or isinstance(new, bool):
        return isinstance(now, bool) and isinstance(new, bool)
    if isinstance(now, int):
        return isinstance(new, int)
    if isinstance(now, float):
        return isinstance(new, (int, float))
    if isinstance(now, tuple):
        return isinstance(new, tuple) and len(new) == len(now) and all(
            _same_kind(a, b) for a, b in zip(now, new, strict=True))
    return not isinstance(new, tuple)


Decide = Callable[[HandState, Observation, Any], int]


def play_out(st: HandState, players: Mapping[int, Any],
             timed: Callable[[int, float], None] | None = None,
             decide: Decide | None = None) -> tuple[bool | None, int | None]:
    """Play a hand to its end with one bot per active seat (``players`` by seat number): the
    declarer is offered surrender at the start of each trick where the rules allow it, and
    once play begins the game is checked with all cards open (was 61 makeable?).

    ``timed(seat, ms)``: each surrender question and decision with its time (the bots' clock,
    :func:`use_clock`).  ``decide(st, obs, bot)``: asks the bot in place of ``bot.choose(obs)``
    (the state before the action; a diagnostic wraps the decision with it).  Returns whether
    61 was makeable (``None`` when no card was played) and the number of tricks done when the
    declarer surrendered (``None`` if not)."""
    dd_checked = False
    dd_flag: bool | None = None
    while st.phase != DONE:
        seat = st.current_seat
        assert seat is not None, "a hand not over has a seat to move"
        bot = players[seat]
        if st.phase == PLAYING and not st.trick and st.can_surrender():
            obs = st.observation(seat)
            if obs.can_surrender:
                t0 = time.perf_counter()
                give_up = bot.surrender(obs)
                if timed is not None:
                    timed(seat, (time.perf_counter() - t0) * 1000)
                if give_up:
                    done = len(st.completed)
                    st.apply(SURRENDER)
                    return dd_flag, done
        if st.phase == PLAYING and not dd_checked:
            dd_checked = True
            dd_flag = _dd_makeable(st)
        obs = st.observation(seat)
        t0 = time.perf_counter()
        action = bot.choose(obs) if decide is None else decide(st, obs, bot)
        if timed is not None:
            timed(seat, (time.perf_counter() - t0) * 1000)
        if action == SURRENDER or action not in obs.legal:
            name = getattr(bot, "level", type(bot).__name__)
            raise RuntimeError(f"bot {name} at seat {seat} chose an illegal action {action}")
        st.apply(action)
    return dd_flag, None
