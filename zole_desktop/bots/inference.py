"""Reading the table: how likely a sampled layout makes what the other seats did.

A layout of the unseen cards (from :func:`.strong.sample_layout`) already agrees with every
revealed void.  Here it is weighed by a model of the other players: the normal bot's card
rules (:func:`.heuristic.heuristic_card`).  For every card another seat played with a real
choice, the seat's view at that moment is rebuilt from the layout (its hand then, the tricks
before, the burial for a declarer in an ordinary game) and the normal bot asked what it would
play; a layout in which it would have played the same card (or one equal to it) keeps its
weight, one in which it would not is multiplied by ``miss``.  A defender who throws a point
card on the declarer's trick, or ducks where the rules would win, thereby shifts the sample
towards the layouts that explain it.  The bidding is weighed by :func:`.strong._bid_weight`.

``python -m zole_desktop.bots.inference`` measures the inference itself: over positions from
games of normal bots, how often the sampler puts a key card (the ♣Q; the highest trump still
out) with the seat that truly holds it, with and without the play model.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import replace

from ..rules.cards import FOLLOW_MASK, POINTS, SUIT_OF, TRUMP_MASK, cards_of, sort_for_hand
from ..rules.deal import shuffle_and_deal
from ..rules.options import Rules
from ..rules.settlement import TAKE
from ..rules.state import DONE, PLAYING, TABLE, HandState
from .heuristic import heuristic_card
from .stats import mean_ci
from .view import View

__all__ = ["play_weight", "benchmark", "equal_cards"]

MISS = 0.45  # weight factor of a play the model would not have made


def equal_cards(a: int, b: int, live: int) -> bool:
    """Equal cards for play: same points and suit, no live card (``live``: a card set) between
    them.  The strong bot's classes of equal cards in hand are these too."""
    if a == b:
        return True
    if POINTS[a] != POINTS[b] or SUIT_OF[a] != SUIT_OF[b]:
        return False
    lo, hi = min(a, b), max(a, b)
    between = ((1 << hi) - 1) & ~((1 << (lo + 1)) - 1)
    return not between & live


def play_weight(v: View, hands: list[int], pile: int, miss: float = MISS,
                window: int | None = None, cache: dict | None = None) -> float:
    """The weight of a layout (``hands`` by position, ``pile`` out of play) by the other
    seats' plays under the normal bot's rules.  ``window``: only the last so many cards
    played are weighed (None: all of them).

    ``cache``: a dict kept for one view (and one ``miss`` and ``window``): the number of a
    seat's plays the model would not have made depends only on that seat's cards, the cards
    in all hands and (for the declarer of an ordinary game) the burial, so layouts that agree
    on them share it.  Late in a hand most layouts repeat a seat's cards."""
    obs = v.obs
    seats = obs.seats
    if obs.phase != PLAYING or not obs.tricks and not obs.trick:
        return 1.0
    # the cards each position held before the first trick, and every play in order
    plays: list[tuple[int, int, int]] = []  # (trick index, position or TABLE, card)
    for t_i, t in enumerate(obs.tricks):
        for s, c in zip(t.seats, t.cards, strict=True):
            plays.append((t_i, seats.index(s) if s != TABLE else TABLE, c))
    for s, c in obs.trick:
        plays.append((len(obs.tricks), seats.index(s) if s != TABLE else TABLE, c))
    held = list(hands)
    for _t, p, c in plays:
        if p != TABLE:
            held[p] |= 1 << c
    live_all = 0
    for h in held:
        live_all |= h
    misses = dict.fromkeys((p for p in range(3) if p != v.pos), 0)
    keys = {}
    if cache is not None:
        for p in misses:
            keys[p] = (p, held[p], live_all, pile if p == v.decl and obs.contract == TAKE else -1)
            known = cache.get(keys[p])
            if known is not None:
                misses[p] = known
        todo = {p for p in misses if keys[p] not in cache}
    else:
        todo = set(misses)
    if todo:
        first = 0 if window is None else max(0, len(plays) - window)
        buried = tuple(cards_of(pile)) if obs.contract == TAKE else ()
        trick: list[tuple[int, int]] = []
        t_now = 0
        for i, (t_i, p, c) in enumerate(plays):
            if t_i != t_now:
                trick = []
                t_now = t_i
            if p in todo and i >= first:
                hand = held[p]
                legal = hand & FOLLOW_MASK[trick[0][1]] if trick else hand
                if not legal:
                    legal = hand
                if legal.bit_count() > 1:
                    o = replace(
                        obs, seat=seats[p], current_seat=seats[p],
                        hand=tuple(sort_for_hand(cards_of(hand))),
                        trick=tuple((seats[q] if q != TABLE else TABLE, x) for q, x in trick),
                        tricks=obs.tricks[:t_i], legal=tuple(cards_of(legal)),
                        buried=buried if p == v.decl else (),
                        talon=obs.talon if p == v.decl or obs.contract != TAKE else ())
                    guess = heuristic_card(View(o), "normal")
                    live = live_all | sum(1 << x for _q, x in trick)
                    if not equal_cards(guess, c, live):
                        misses[p] += 1
            if p != TABLE:
                held[p] &= ~(1 << c)
            live_all &= ~(1 << c)
            trick.append((p, c))
        if cache is not None:
            for p in todo:
                cache[keys[p]] = misses[p]
    # one factor per miss, multiplied in turn as ever (the same float whatever the order)
    w = 1.0
    for _ in range(sum(misses.values())):
        w *= miss
    return w


# ---------------------------------------------------------------------------- benchmark
def _positions(n: int, seed: int, rules: Rules, level: str = "normal"):
    """Observations (and the true state) at random card decisions of games of bots of
    ``level``: one per deal, after 6 to 20 cards were played."""
    from .base import make_bot

    rng = random.Random(seed)
    bots = [make_bot(level, seed + i) for i in range(3)]
    i = 0
    while n > 0:
        i += 1
        d = shuffle_and_deal(random.Random(seed * 7_919 + i), 3, i % 3)
        st = HandState.new(3, i % 3, d.hands, d.talon, rules)
        stop = rng.randrange(6, 21)  # cards played before the position
        while st.phase != DONE and (st.phase != PLAYING or st.n_played < stop):
            seat = st.current_seat
            assert seat is not None
            st.apply(bots[st.turn].choose(st.observation(seat)))
        if st.phase != PLAYING or st.contract is None:
            continue
        n -= 1
        yield st


def _key_cards(v: View, st: HandState) -> list[tuple[str, int, int]]:
    """(name, card, true holder) of the key cards unseen by this seat and held by another."""
    out = []
    holder = {c: p for p in range(3) for c in cards_of(st.hands[p]) if p != v.pos}
    if 25 in holder:
        out.append(("club_queen", 25, holder[25]))
    trumps = v.unseen & TRUMP_MASK
    if trumps:
        top = trumps.bit_length() - 1
        if top in holder:
            out.append(("top_trump", top, holder[top]))
    return out


def benchmark(positions: int = 200, samples: int = 60, seed: int = 1,
              rules: Rules | None = None, miss: float = MISS, level: str = "normal") -> dict:
    """Share of samples that put each key card with its true holder: by the voids and the
    bidding only ("before"), and weighed by the play model too ("after")."""
    from .strong import _bid_weight, _played_by, sample_layout

    rules = rules or Rules()
    rng = random.Random(seed)
    rows: dict[str, dict[str, list[float]]] = {}
    for st in _positions(positions, seed, rules, level):
        seat = st.current_seat
        assert seat is not None
        v = View(st.observation(seat))
        keys = _key_cards(v, st)
        if not keys:
            continue
        played = _played_by(v)
        before = dict.fromkeys((k for k, _c, _h in keys), 0.0)
        after = dict(before)
        wb = wa = 0.0
        for _ in range(samples):
            lay = sample_layout(v, rng)
            if lay is None:
                break
            hands, pile = lay
            b = _bid_weight(v, hands, pile, played)
            a = b * play_weight(v, hands, pile, miss)
            wb += b
            wa += a
            for k, c, h in keys:
                if hands[h] >> c & 1:
                    before[k] += b
                    after[k] += a
        if not wb or not wa:
            continue
        for k in before:
            r = rows.setdefault(k, {"before": [], "after": []})
            r["before"].append(before[k] / wb)
            r["after"].append(after[k] / wa)
    out: dict[str, object] = {"positions": positions, "samples": samples, "seed": seed,
                              "miss": miss, "players": level}
    for k, r in rows.items():
        n = len(r["before"])
        diff = [a - b for a, b in zip(r["after"], r["before"], strict=True)]
        m, lo, hi = mean_ci(diff)
        out[k] = {"positions": n, "before": round(sum(r["before"]) / n, 4),
                  "after": round(sum(r["after"]) / n, 4), "gain": round(m, 4),
                  "gain_ci95": [round(lo, 4), round(hi, 4)]}
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m zole_desktop.bots.inference",
                                description="how often the sampler puts a key card with "
                                "its true holder, without and with the play model")
    p.add_argument("--positions", type=int, default=200)
    p.add_argument("--samples", type=int, default=60)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--miss", type=float, default=MISS)
    p.add_argument("--players", default="normal",
                   help="the level of the bots whose games give the positions (the model is "
                   "the normal bot's rules; another level tests it where it is wrong)")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    rep = benchmark(a.positions, a.samples, a.seed, miss=a.miss, level=a.players)
    for k in ("club_queen", "top_trump"):
        r = rep.get(k)
        if isinstance(r, dict):
            print(f"{k:<11} {r['positions']:>4} positions: with its holder in "
                  f"{100 * r['before']:.1f}% of the samples before, {100 * r['after']:.1f}% "
                  f"after ({100 * r['gain']:+.1f} points, 95% "
                  f"[{100 * r['gain_ci95'][0]:+.1f}, {100 * r['gain_ci95'][1]:+.1f}])")
    if a.json:
        print(json.dumps(rep))
    return 0


if __name__ == "__main__":
    sys.exit(main())
