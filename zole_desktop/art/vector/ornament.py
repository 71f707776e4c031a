"""The Rainis decks' folk ornament as SVG: the woven-belt frame (the raster deck's ``_band``
motifs: stepped diamond, hooked cross, hourglass, X, sun ring, woven on a grid of square
stitches as a Lielvārde belt is) and the backs' lattice of signs.

A frame runs round a rectangle: its edge stripes are single stroked rectangles (mitred, so
the corners join without a seam), a corner motif sits in each corner square, and each side
carries a whole number of motifs spread evenly between the corners, the sequence mirrored about
the side's middle and the opposite side turned by 180°, like the card itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from .kit import f

# 7 x 7 stitch motifs: R the belt's colour, G its thread colour, "." the ground
MOTIFS = {
    "diamond": ("...R...",
                "..R.R..",
                ".R.G.R.",
                "R.GGG.R",
                ".R.G.R.",
                "..R.R..",
                "...R..."),
    "cross": ("RR.R.RR",
              "R..R..R",
              "..RRR..",
              "RRRGRRR",
              "..RRR..",
              "R..R..R",
              "RR.R.RR"),
    "hourglass": ("RRRRRRR",
                  ".RRRRR.",
                  "..RRR..",
                  "...R...",
                  "..GGG..",
                  ".GGGGG.",
                  "GGGGGGG"),
    "x": ("RR...RR",
          ".RR.RR.",
          "..RGR..",
          "..GRG..",
          "..RGR..",
          ".RR.RR.",
          "RR...RR"),
    "sun": ("..RRR..",
            ".R...R.",
            "R..G..R",
            "R.GGG.R",
            "R..G..R",
            ".R...R.",
            "..RRR.."),
    "corner": ("G..R..G",
               ".G.R.G.",
               "..RRR..",
               "RRRGRRR",
               "..RRR..",
               ".G.R.G.",
               "G..R..G"),
}
SEQUENCE = ("diamond", "cross", "diamond", "hourglass", "diamond", "x", "diamond", "sun")
N = 7  # stitches a motif is tall and wide

Rect = tuple[float, float, float, float]
Cell = tuple[str, float, float, float, float]  # colour key, u0, v0, u1, v1 in band units


@lru_cache(maxsize=16)
def _motif_runs(name: str) -> tuple[tuple[str, int, int, int, int], ...]:
    """Motif ``name`` as few rectangles of stitches (colour key, column, row, end column, end
    row; ends exclusive): each row's runs of one colour merged, then a run merged with the same
    run in the rows below it.  Fewer edges for the renderer to antialias, the same picture."""
    open_runs: dict[tuple[str, int, int], int] = {}  # (key, c0, c1) -> its first row
    out: list[tuple[str, int, int, int, int]] = []
    for r, row in enumerate((*MOTIFS[name], "")):
        runs = set()
        c = 0
        while c < len(row):
            end = c
            while end + 1 < len(row) and row[end + 1] == row[c]:
                end += 1
            if row[c] != ".":
                runs.add((row[c], c, end + 1))
            c = end + 1
        for run in [k for k in open_runs if k not in runs]:
            key, c0, c1 = run
            out.append((key, c0, open_runs.pop(run), c1, r))
        for run in runs:
            open_runs.setdefault(run, r)
    return tuple(sorted(out, key=lambda t: (t[2], t[1])))


def _motif_cells(name: str, u0: float, v0: float, cu: float, cv: float) -> list[Cell]:
    """The stitches of motif ``name`` with its top-left at (u0, v0), as rectangles."""
    return [(key, u0 + c0 * cu, v0 + r0 * cv, u0 + c1 * cu, v0 + r1 * cv)
            for key, c0, r0, c1, r1 in _motif_runs(name)]


def _side_cells(length: float, band: float, seed: int) -> list[Cell]:
    """One side's motifs between the corner squares, in band units (u along, v across)."""
    cell = band * 0.58 / N
    v0 = (band - N * cell) / 2
    n = max(1, round(length / (cell * 9.5)))
    step = length / n
    cells: list[Cell] = []
    for k in range(n):
        name = SEQUENCE[(min(k, n - 1 - k) + seed) % len(SEQUENCE)]
        u = k * step + (step - N * cell) / 2
        cells += _motif_cells(name, u, v0, cell, cell)
        if k < n - 1:  # a thread stitch between two motifs
            mid = (k + 1) * step
            cells.append(("G", mid - cell / 2, v0 + 3 * cell, mid + cell / 2, v0 + 4 * cell))
    return cells


def _path(cells: list[Cell], key: str, to_card: Callable[[float, float], tuple[float, float]]
          ) -> str:
    d = []
    for k, u0, v0, u1, v1 in cells:
        if k != key:
            continue
        (xa, ya), (xb, yb) = to_card(u0, v0), to_card(u1, v1)
        x0, x1 = sorted((xa, xb))
        y0, y1 = sorted((ya, yb))
        d.append(f"M{f(x0)} {f(y0)}H{f(x1)}V{f(y1)}H{f(x0)}Z")
    return "".join(d)


@lru_cache(maxsize=32)
def belt_frame(rect: Rect, band: float, *, ground: str, red: str, thread: str, ink: str,
               seed: int = 0, line: float = 3.5) -> str:
    """A woven-belt frame ``band`` units wide inside ``rect`` (its outer edge); kept once
    made (a deck draws its eight frames over and over)."""
    X0, Y0, X1, Y1 = rect
    b = band
    horiz, vert = X1 - X0 - 2 * b, Y1 - Y0 - 2 * b
    sides: list[tuple[list[Cell], Callable[[float, float], tuple[float, float]]]] = [
        (_side_cells(horiz, b, seed), lambda u, v: (X0 + b + u, Y0 + v)),
        (_side_cells(horiz, b, seed), lambda u, v: (X1 - b - u, Y1 - v)),
        (_side_cells(vert, b, seed + 3), lambda u, v: (X0 + v, Y0 + b + u)),
        (_side_cells(vert, b, seed + 3), lambda u, v: (X1 - v, Y1 - b - u)),
    ]
    cell = b * 0.58 / N
    off = (b - N * cell) / 2
    corner = _motif_cells("corner", off, off, cell, cell)

    def at(cx: float, cy: float) -> Callable[[float, float], tuple[float, float]]:
        return lambda u, v: (cx + u, cy + v)

    for cx, cy in ((X0, Y0), (X1 - b, Y0), (X0, Y1 - b), (X1 - b, Y1 - b)):
        sides.append((corner, at(cx, cy)))
    red_d = "".join(_path(c, "R", m) for c, m in sides)
    thread_d = "".join(_path(c, "G", m) for c, m in sides)
    stripe = b * 0.075  # the belt's edge stripes
    s_off = line / 2 + stripe * 0.7 + stripe / 2

    def ring(inset: float, width: float, color: str) -> str:
        return (f'<rect x="{f(X0 + inset)}" y="{f(Y0 + inset)}" '
                f'width="{f(X1 - X0 - 2 * inset)}" height="{f(Y1 - Y0 - 2 * inset)}" '
                f'fill="none" stroke="{color}" stroke-width="{f(width)}"/>')

    ground_d = (f"M{f(X0)} {f(Y0)}H{f(X1)}V{f(Y1)}H{f(X0)}Z"
                f"M{f(X0 + b)} {f(Y0 + b)}V{f(Y1 - b)}H{f(X1 - b)}V{f(Y0 + b)}Z")
    return (f'<path d="{ground_d}" fill="{ground}"/>'
            + ring(s_off, stripe, red) + ring(b - s_off, stripe, red)
            + f'<path d="{red_d}" fill="{red}"/><path d="{thread_d}" fill="{thread}"/>'
            + ring(0, line, ink) + ring(b, line, ink))


def lattice(rect: Rect, step: float, *, color: str, width: float) -> str:
    """Diagonal lattice lines across ``rect`` (each cut to the rect, so nothing but the
    caller's clip is needed at the edge), on a grid of ``step`` centred on the rect."""
    x0, y0, x1, y1 = rect
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    pad = width  # the stroke's reach past the rect is left to the caller's clip
    lo_x, hi_x, lo_y, hi_y = x0 - pad, x1 + pad, y0 - pad, y1 + pad
    n = int(math.ceil((x1 - x0 + y1 - y0) / step)) + 2
    d = []
    for k in range(-n, n + 1):
        for slope in (1, -1):
            # the line through (cx + k * step, cy) with direction (1, slope)
            px = cx + k * step
            t0 = max(lo_x - px, (lo_y - cy) / slope if slope > 0 else (hi_y - cy) / slope)
            t1 = min(hi_x - px, (hi_y - cy) / slope if slope > 0 else (lo_y - cy) / slope)
            if t1 <= t0:
                continue
            d.append(f"M{f(px + t0)} {f(cy + slope * t0)}L{f(px + t1)} {f(cy + slope * t1)}")
    return (f'<path d="{"".join(d)}" fill="none" stroke="{color}" '
            f'stroke-width="{f(width)}"/>')


def lattice_nodes(rect: Rect, step: float) -> list[tuple[float, float, bool]]:
    """The lattice's crossings inside ``rect``: (x, y, whether the cell below it is one of
    every other cell, in a checkerboard turned by 180° into itself, that carries a sign)."""
    x0, y0, x1, y1 = rect
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    h = step / 2
    out = []
    n = int(max(x1 - x0, y1 - y0) / h) + 2
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            if (i + j) % 2:
                continue
            x, y = cx + i * h, cy + j * h
            if x0 <= x <= x1 and y0 <= y <= y1:
                out.append((x, y, i % 2 == 0))
    return out


__all__ = ["MOTIFS", "SEQUENCE", "belt_frame", "lattice", "lattice_nodes"]
