"""Scripted players for the network tests (loopback only, every wait bounded)."""

from __future__ import annotations

import asyncio
import random
import re

from zole_desktop.net import protocol as P
from zole_desktop.net.client import Connection
from zole_desktop.rules import cards as C
from zole_desktop.rules.state import PASS

STEP_TIMEOUT = 20.0  # seconds any one message may take: a stuck test fails, never hangs

CARD_RE = re.compile(rb'"(' + b"|".join(n.encode() for n in C.CARD_NAMES) + rb')"')


def intent_for(obs: P.Obs, rng: random.Random) -> P.Intent:
    a = rng.choice([x for x in obs.legal if x != "surrender"])
    if obs.phase == "bidding":
        return P.Bid(bid=a)  # type: ignore[arg-type]
    if obs.phase == "burying":
        return P.Bury(card=a)  # type: ignore[arg-type]
    return P.Play(card=a)  # type: ignore[arg-type]


def run(coro, timeout: float = 300.0):
    """Run a test's coroutine to its end, in at most ``timeout`` seconds."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


async def recv(c: Connection, timeout: float = STEP_TIMEOUT) -> P.HostMsg:
    return await asyncio.wait_for(c.recv(), timeout)


async def play_match(c: Connection, rng: random.Random, max_messages: int = 20_000,
                     stop=None) -> P.HandOver:
    """Play randomly until the match is over (or ``stop(msg)`` says so); the last HandOver
    (or the message that stopped it)."""
    seat = c.welcome.seat
    for _ in range(max_messages):
        m = await recv(c)
        if stop is not None and stop(m):
            return m
        if isinstance(m, P.HandOver):
            if m.match_over:
                return m
            await c.send(P.Next())
        elif isinstance(m, P.Update) and m.obs.current_seat == seat and m.obs.legal:
            await c.send(intent_for(m.obs, rng))
    raise AssertionError("the match did not end")


def known_cards(hand, seat: int, step: int) -> set[int]:
    """The cards ``seat`` may know at ``step`` actions into the finished ``hand``, worked out
    from its actions (not from the host's observation code): its own cards; every card played
    so far; the talon and its own burial when it took the talon; the talon and the burial
    once a contract with a declarer is over."""
    masks, talon = hand._initial
    acts = hand.actions()
    known: set[int] = set()
    if seat in hand.seats:
        known |= set(C.cards_of(masks[hand.seats.index(seat)]))
    bids_done = False
    taker = None
    buried = 0
    for i, (s, a) in enumerate(acts):
        if i >= step:
            break
        if a >= 26:  # a bid or a surrender
            if a != PASS and a < 31 and not bids_done:
                bids_done = True
                if a == 27:
                    taker = s
            continue
        if taker is not None and buried < 2:
            buried += 1
            continue  # a buried card is not played
        known.add(a)
    if taker == seat and step > 0:
        known |= set(talon)
    over = step >= len(acts)
    if over and hand.contract in ("take", "zole", "dark"):
        known |= set(talon)
        known |= set(C.cards_of(hand.buried))
    return known


def leaked(frames: list[bytes], seat: int, match) -> list[str]:
    """Every card name in the bytes ``seat`` received that it was not allowed to know."""
    out = []
    for raw in frames:
        names = {C.CARD_INDEX[m.decode()] for m in CARD_RE.findall(raw)}
        if not names:
            continue
        msg = P.decode_host(raw)
        assert isinstance(msg, P.Update), f"cards in a {type(msg).__name__}: {raw[:200]!r}"
        hand = match.hands[msg.hand - 1]
        bad = names - known_cards(hand, seat, msg.step)
        if bad:
            out.append(f"hand {msg.hand} step {msg.step}: "
                       f"{sorted(C.CARD_NAMES[c] for c in bad)}")
    return out
