"""Helpers shared by the rules tests: build deals from card names, play random hands."""

from __future__ import annotations

import os
import random
from pathlib import Path

from zole_desktop.rules import cards as C
from zole_desktop.rules.deal import active_seats
from zole_desktop.rules.match import Match
from zole_desktop.rules.options import Rules
from zole_desktop.rules.pools import Pools
from zole_desktop.rules.state import DONE, PLAYING, SURRENDER, HandState

ROOT = Path(__file__).resolve().parent.parent


def shared_dir() -> Path:
    return Path(os.environ.get("ZOLE_SHARED", ROOT.parent / "shared"))


def example(name: str) -> Path:
    """A record from ../shared/examples; skips the test when that folder is not beside this
    checkout (it always is in CI)."""
    import pytest

    path = shared_dir() / "examples" / name
    if not path.exists() and not os.environ.get("CI"):
        pytest.skip(f"{path} is not beside this checkout")
    return path


def state_from(hands: dict[int, str], talon: str, dealer: int = 0, players: int = 3,
               rules: Rules | None = None, pools: Pools | None = None) -> HandState:
    """``hands`` maps seat -> "QC JS ..." ; ``talon`` "KC 7D"."""
    return HandState.new(players, dealer, {s: C.parse_cards(h.split()) for s, h in hands.items()},
                         C.parse_cards(talon.split()), rules or Rules(), pools)


def play(state: HandState, *actions: str) -> HandState:
    """Apply actions given as bid names or card names."""
    from zole_desktop.rules.state import BID_BY_NAME

    for a in actions:
        if a == "surrender":
            state.apply(SURRENDER)
        elif a in BID_BY_NAME:
            state.apply(BID_BY_NAME[a])
        else:
            state.apply(C.card(a))
    return state


def random_deal(rng: random.Random, players: int, dealer: int) -> tuple[dict, tuple]:
    deck = list(range(C.NUM_CARDS))
    rng.shuffle(deck)
    seats = active_seats(players, dealer)
    hands = {s: tuple(deck[8 * i:8 * i + 8]) for i, s in enumerate(seats)}
    return hands, (deck[24], deck[25])


def play_random(state: HandState, rng: random.Random, surrender_rate: float = 0.0) -> HandState:
    while state.phase != DONE:
        if state.phase == PLAYING and state.can_surrender() and rng.random() < surrender_rate:
            state.apply(SURRENDER)
            continue
        legal = [a for a in state.legal_actions() if a != SURRENDER]
        state.apply(rng.choice(legal))
    return state


def random_match(rng: random.Random, players: int, rules: Rules, hands: int,
                 surrender_rate: float = 0.1) -> Match:
    m = Match(players=players, rules=rules, dealer=rng.randrange(players))
    for _ in range(hands):
        _deal, st = m.deal(rng)
        play_random(st, rng, surrender_rate)
        m.finish(st)
    return m


def random_rules(rng: random.Random) -> Rules:
    from zole_desktop.rules.options import CHOICES

    return Rules(**{k: rng.choice(v) for k, v in CHOICES.items()})


def make_fifo(path: Path) -> None:
    """A FIFO where the system has them; on Windows (no FIFOs) a folder, the other kind of
    non-regular file that can stand where a file is expected."""
    if hasattr(os, "mkfifo"):
        os.mkfifo(path)
    else:
        os.mkdir(path)


def make_device_link(path: Path) -> None:
    """A link to a device (/dev/zero: endless) where links and devices exist; elsewhere a
    folder."""
    if os.name == "posix":
        path.symlink_to("/dev/zero")
    else:
        os.mkdir(path)


def played_by_normal(seed: int, bids: list[int], cards_before: int, rules: Rules,
                     dealer: int = 0) -> HandState:
    """Deal ``seed`` at a 3-seat table, apply ``bids``, and let the normal bot play every
    seat on until ``cards_before`` cards are on the table (or the hand is over)."""
    from zole_desktop.bots.heuristic import NormalBot
    from zole_desktop.rules.deal import shuffle_and_deal

    d = shuffle_and_deal(random.Random(seed), 3, dealer)
    st = HandState.new(3, dealer, d.hands, d.talon, rules)
    for b in bids:
        st.apply(b)
    bot = NormalBot(1)
    while st.phase != DONE and (st.phase != PLAYING or st.n_played < cards_before):
        seat = st.current_seat
        assert seat is not None
        st.apply(bot.choose(st.observation(seat)))
    return st
