"""The eight ancient Latvian signs used on the Rainis decks' aces.

Each sign function returns a list of polygons (lists of (x, y) points) in a box from -1 to 1
with y pointing up, following the geometry in ``RAINIS_DECKS.md``: strokes run on the 45°/90°
grid and are turned into polygons (with mitred, sharp joins) so that a single fill draws them.
Everything is scaled to stay inside the box.
"""

from __future__ import annotations

import math

Point = tuple[float, float]
Poly = list[Point]


# --- stroke geometry ------------------------------------------------------------------------


def _unit(a: Point, b: Point) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    ln = math.hypot(dx, dy) or 1.0
    return dx / ln, dy / ln


def segment(a: Point, b: Point, w: float) -> Poly:
    ux, uy = _unit(a, b)
    nx, ny = -uy * w / 2, ux * w / 2
    return [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny),
            (a[0] - nx, a[1] - ny)]


def stroke(points: list[Point], w: float, closed: bool = False, miter_limit: float = 4.0
           ) -> list[Poly]:
    """A thick polyline as polygons: one quad per segment plus a mitre (or bevel) per join."""
    pts = list(points)
    if closed:
        pts = pts + [pts[0]]
    polys = [segment(pts[i], pts[i + 1], w) for i in range(len(pts) - 1)]
    joins = range(1, len(pts) - 1) if not closed else range(0, len(pts) - 1)
    h = w / 2
    for i in joins:
        prev = pts[i - 1] if i > 0 else pts[-2]
        p, nxt = pts[i], pts[i + 1]
        u1, u2 = _unit(prev, p), _unit(p, nxt)
        cross = u1[0] * u2[1] - u1[1] * u2[0]
        if abs(cross) < 1e-9:
            continue
        side = -1 if cross > 0 else 1  # outer side of the turn
        n1 = (-u1[1] * h * side, u1[0] * h * side)
        n2 = (-u2[1] * h * side, u2[0] * h * side)
        a = (p[0] + n1[0], p[1] + n1[1])
        b = (p[0] + n2[0], p[1] + n2[1])
        # mitre point: intersection of the two offset lines
        bis = (n1[0] + n2[0], n1[1] + n2[1])
        bl = math.hypot(*bis) or 1.0
        cos_half = (bis[0] * n1[0] + bis[1] * n1[1]) / (bl * h)
        miter_len = h / max(cos_half, 1e-6)
        if miter_len / h <= miter_limit:
            m = (p[0] + bis[0] / bl * miter_len, p[1] + bis[1] / bl * miter_len)
            polys.append([p, a, m, b])
        else:
            polys.append([p, a, b])
    return polys


def rect(x0: float, y0: float, x1: float, y1: float) -> Poly:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def disc(cx: float, cy: float, r: float, n: int = 48) -> Poly:
    return [(cx + r * math.cos(2 * math.pi * k / n), cy + r * math.sin(2 * math.pi * k / n))
            for k in range(n)]


def ring(cx: float, cy: float, r: float, w: float, n: int = 64) -> list[Poly]:
    pts = [(cx + r * math.cos(2 * math.pi * k / n), cy + r * math.sin(2 * math.pi * k / n))
           for k in range(n)]
    return stroke(pts, w, closed=True)


def fit(polys: list[Poly], limit: float = 1.0) -> list[Poly]:
    """Scale about the origin so that every point lies within [-limit, limit]."""
    m = max(max(abs(x), abs(y)) for poly in polys for x, y in poly)
    if m <= limit:
        return polys
    k = limit / m
    return [[(x * k, y * k) for x, y in poly] for poly in polys]


# --- the signs ------------------------------------------------------------------------------

T = 1 / 3


def auseklis() -> list[Poly]:
    w = 0.065
    polys: list[Poly] = []
    polys += stroke([(-T, -T), (T, -T), (T, T), (-T, T)], w, closed=True)
    for rot in range(4):
        # one side (the top one, then rotated by 90° steps)
        side = [(-T, T), (-T, 1.0), (T, T), (T, 1.0)]
        pts = [_rot90(p, rot) for p in side]
        polys += stroke(pts, w, closed=True, miter_limit=3.0)
    return fit(polys)


def _rot90(p: Point, k: int) -> Point:
    x, y = p
    for _ in range(k % 4):
        x, y = -y, x
    return (x, y)


def maras_krusts() -> list[Poly]:
    a, b = 0.12, 0.37
    polys = [rect(-a, -1, a, 1), rect(-1, -a, 1, a)]
    for rot in range(4):
        polys.append([_rot90(p, rot) for p in rect(0.60, -b, 0.82, b)])
    return fit(polys)


def jumis() -> list[Poly]:
    w = 0.13
    polys = stroke([(-0.8, 0.7), (-0.4, -0.7), (0, 0.25), (0.4, -0.7), (0.8, 0.7)], w,
                   miter_limit=5.0)
    # short 45° awns on the outer arms
    for sx in (-1, 1):
        for t in (0.12, 0.34, 0.56):
            x, y = sx * (0.8 - 0.4 * t), 0.7 - 1.4 * t
            polys += stroke([(x, y), (x + sx * 0.2, y + 0.2)], 0.075)
    return fit(polys)


def austras_koks() -> list[Poly]:
    w = 0.09
    polys = stroke([(0, -0.85), (0, 0.6)], w)
    tiers = [(-0.55, 0.55), (-0.22, 0.44), (0.08, 0.33), (0.34, 0.22)]
    for y, ln in tiers:
        d = ln / math.sqrt(2)
        polys += stroke([(-d, y + d), (0, y), (d, y + d)], w, miter_limit=3.0)
    # roots
    polys += stroke([(-0.3, -0.97), (0, -0.67), (0.3, -0.97)], w, miter_limit=3.0)
    # the sun at the top, with four short rays on the grid
    polys.append(disc(0, 0.78, 0.12))
    for dx, dy in ((1, 0), (-1, 0), (0.7071, 0.7071), (-0.7071, 0.7071)):
        polys += stroke([(0.18 * dx, 0.78 + 0.18 * dy), (0.27 * dx, 0.78 + 0.27 * dy)], 0.05)
    return fit(polys)


def dieva_zime() -> list[Poly]:
    w = 0.12
    polys = stroke([(0, 0.45), (0.9, -0.45), (-0.9, -0.45)], w, closed=True, miter_limit=3.0)
    polys.append(disc(0, 0.75, 0.11))
    return fit(polys)


def saules_zime() -> list[Poly]:
    polys = ring(0, 0, 0.5, 0.11)
    polys.append(disc(0, 0, 0.13))
    for k in range(8):
        a = k * math.pi / 4
        polys.append(segment((0.68 * math.cos(a), 0.68 * math.sin(a)),
                             (0.95 * math.cos(a), 0.95 * math.sin(a)), 0.11))
    return fit(polys)


def zalktis() -> list[Poly]:
    pts = [(-0.43, -0.43), (-0.86, 0), (-0.43, 0.43), (0.43, -0.43), (0.86, 0), (0.43, 0.43)]
    return fit(stroke(pts, 0.165, miter_limit=3.0))


def dzivibas_zime() -> list[Poly]:
    w = 0.12
    h = w / 2
    polys: list[Poly] = []
    for sx in (-1, 1):
        spine = sx * 0.08
        polys.append(rect(spine - h, -1, spine + h, 1))
        for y, reach in ((1 - h, 0.7), (0.0, 0.5), (-1 + h, 0.7)):
            x0, x1 = sorted((spine, sx * reach))
            polys.append(rect(x0, y - h, x1, y + h))
    return fit(polys)


SIGNS = {
    "auseklis": auseklis,
    "jumis": jumis,
    "maras_krusts": maras_krusts,
    "austras_koks": austras_koks,
    "zalktis": zalktis,
    "dieva_zime": dieva_zime,
    "dzivibas_zime": dzivibas_zime,
    "saules_zime": saules_zime,
}


def draw_sign(draw, name: str, cx: float, cy: float, half: float, fill) -> None:
    """Draw sign ``name`` centred on (cx, cy) in image pixels, ``half`` pixels per unit."""
    for poly in SIGNS[name]():
        draw.polygon([(cx + x * half, cy - y * half) for x, y in poly], fill=fill)
