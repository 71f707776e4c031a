"""Outlines drawn point by point for the card generator: the suit pips (each one closed
outline, so that no slit is left where two shapes fail to meet) and the condensed "10" of the
corner index."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

_PIP_N = 600


@lru_cache(maxsize=8)
def _pip_master(suit: str) -> Image.Image:
    n = _PIP_N
    im = Image.new("L", (n, n), 0)
    d = ImageDraw.Draw(im)

    def P(x, y):
        return (x * n, y * n)

    def circ(cx, cy, r):
        d.ellipse([P(cx - r, cy - r), P(cx + r, cy + r)], fill=255)

    if suit == "D":
        verts = [(0.5, 0.0), (0.9, 0.5), (0.5, 1.0), (0.1, 0.5)]
        pts = []
        for i in range(4):
            (x0, y0), (x1, y1) = verts[i], verts[(i + 1) % 4]
            for k in range(16):
                t = k / 16
                x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
                pull = 0.07 * math.sin(t * math.pi)  # slightly concave sides
                pts.append((x + (0.5 - x) * pull * 2, y + (0.5 - y) * pull * 2))
        d.polygon([P(x, y) for x, y in pts], fill=255)
    elif suit == "H":
        # one closed outline: two lobes and the straight sides tangent to them
        d.polygon([P(x, y) for x, y in lobed_outline(0.285, 0.715, 0.31, 0.235, (0.5, 0.96))],
                  fill=255)
    elif suit == "S":
        d.polygon([P(x, y) for x, y in lobed_outline(0.285, 0.715, 0.56, 0.215, (0.5, 0.03))],
                  fill=255)
        _stem(d, P)
    elif suit == "C":
        circ(0.5, 0.25, 0.2)
        circ(0.27, 0.58, 0.2)
        circ(0.73, 0.58, 0.2)
        d.polygon([P(0.5, 0.3), P(0.3, 0.55), P(0.5, 0.7), P(0.7, 0.55)], fill=255)
        _stem(d, P)
    return im


def _arc(cx: float, cy: float, r: float, a0: float, a1: float, through: float, n: int = 48):
    """Points on a circle from angle ``a0`` to ``a1`` the way that passes ``through``."""
    tau = 2 * math.pi
    fwd = (a1 - a0) % tau  # counter-clockwise span (angles grow with y down: clockwise)
    if (through - a0) % tau > fwd:
        fwd -= tau
    return [(cx + r * math.cos(a0 + fwd * k / n), cy + r * math.sin(a0 + fwd * k / n))
            for k in range(n + 1)]


def lobed_outline(xl: float, xr: float, cy: float, r: float, tip: tuple[float, float]):
    """A heart (tip below) or a spade's blade (tip above) as one closed outline: from the
    tip along the tangent to the right lobe, round its outside, into the notch where the two
    lobes meet, round the left lobe and back along its tangent to the tip."""
    tx, ty = tip
    below = ty > cy
    out = [tip]
    # where the lobes meet on the side away from the tip (their touching point if tangent)
    half = (xr - xl) / 2
    h = math.sqrt(max(0.0, r * r - half * half))
    notch = ((xl + xr) / 2, cy - h if below else cy + h)
    for cx, side in ((xr, 1), (xl, -1)):
        dist = math.hypot(tx - cx, ty - cy)
        base = math.atan2(ty - cy, tx - cx)
        turn = math.acos(r / dist)
        cands = (base + turn, base - turn)
        tan = max(cands, key=lambda a: side * math.cos(a))  # the tangent on the outer side
        notch_a = math.atan2(notch[1] - cy, notch[0] - cx)
        outer = 0.0 if side > 0 else math.pi
        arc = _arc(cx, cy, r, tan, notch_a, outer)
        out += arc if side > 0 else arc[::-1]
        if side > 0:
            out.append(notch)
    return out


def _stem(d, P):
    pts = [(0.5, 0.55)]
    for k in range(11):
        t = k / 10
        pts.append((0.5 - 0.045 - 0.16 * t**2, 0.62 + 0.34 * t))
    for k in range(11):
        t = 1 - k / 10
        pts.append((0.5 + 0.045 + 0.16 * t**2, 0.62 + 0.34 * t))
    d.polygon([P(x, y) for x, y in pts], fill=255)


def _ten(height: int, stem: int, max_w: int) -> Image.Image:
    """A condensed "10" drawn with the K's stem weight: a 1 of stem and flag (no foot) and a
    narrow superelliptic 0, instead of DejaVu's wide digits squeezed to 59 % of their width,
    which left their strokes much thinner than the K's, Q's and J's."""
    k = 4  # drawn at 4x and scaled down
    weight = min(float(stem), max_w / 4.35)  # 1.5 + 0.25 + 2.6 stems wide
    h, s = height * k, int(weight * k)
    one_w = int(s * 1.5)
    zero_w = int(s * 2.6)
    gap = int(s * 0.25)
    im = Image.new("L", (one_w + gap + zero_w, h), 0)
    d = ImageDraw.Draw(im)
    # the 1: a stem at the right of its cell and a flag falling to the left
    d.rectangle([one_w - s, 0, one_w - 1, h - 1], fill=255)
    flag_t = int(s * 0.92)
    d.polygon([(one_w - s, 0), (one_w - s + flag_t * 0.3, flag_t), (0, int(h * 0.3)),
               (0, int(h * 0.3) - flag_t)], fill=255)
    # the 0: outer and inner superellipses, the sides a stem thick, top and bottom 0.86 of it
    x0 = one_w + gap

    def oval(cx, cy, rx, ry, e=2.6, n=120):
        pts = []
        for i in range(n):
            t = 2 * math.pi * i / n
            c, sn = math.cos(t), math.sin(t)
            pts.append((cx + rx * math.copysign(abs(c) ** (2 / e), c),
                        cy + ry * math.copysign(abs(sn) ** (2 / e), sn)))
        return pts

    cx, cy, rx, ry = x0 + zero_w / 2, h / 2, zero_w / 2, h / 2
    d.polygon(oval(cx, cy, rx, ry), fill=255)
    d.polygon(oval(cx, cy, rx - s, ry - s * 0.86), fill=0)
    return im.resize((im.width // k, height), Image.Resampling.LANCZOS)
