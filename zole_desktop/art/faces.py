"""Faces drawn for each character: head shape, eyes, brows, nose, mouth, age and marks.

A :class:`Face` describes one person's face in head-relative terms, so that the same drawing
code gives an old man's sunken, wrinkled face, a child's round one with big eyes set low, or a
traitor's long, twisted one with a hooked nose and a sideways glance.  Coordinates below are in
head radii: ``x`` across from the centre (-1 left edge, +1 right edge), ``y`` down from the
centre (-1 top of the skull, +1 chin).  Everything is plain Pillow drawing through a
:class:`~zole_desktop.art.common.Painter`, so the result is the same bytes on every build.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .common import INK, Painter, bezier, hexc, mix

WHITE = (250, 249, 244)
LIP_F = hexc("#B5403E")
LIP_M = hexc("#8C3A30")
BLUSH = hexc("#E0787A")


@dataclass(frozen=True)
class Face:
    # head shape
    width: float = 1.0  # cheek width
    jaw: float = 1.0  # jaw width (1 = oval; <1 narrows to a point, >1 square)
    square: float = 2.0  # superellipse exponent of the lower half (2 oval, 3+ square jaw)
    chin: float = 1.0  # length of the lower half
    # eyes
    eye: str = "almond"  # almond, round, lidded, down, smile, narrow, hollow, kohl
    eye_size: float = 1.0
    eye_gap: float = 1.0
    eye_line: float = 0.1  # height of the eyes (in head radii, + is lower)
    tilt: float = 0.0  # outer corners up (+) or down (-)
    gaze: float = 0.0  # -1 looks to the viewer's left, +1 to the right
    gaze_up: float = 0.0  # -1 down .. +1 up
    wink: int = 0  # -1 or +1: that eye closed
    lashes: bool = False
    shadow: str = ""  # eye shadow colour
    # brows: (inner, outer) heights above the eye in head radii; per side with *_r
    brow: tuple[float, float] = (0.26, 0.26)
    brow_r: tuple[float, float] | None = None
    brow_w: float = 1.0  # thickness
    brow_arch: float = 0.05
    # nose and mouth
    nose: str = "straight"  # straight, button, hooked, long, broad, snub, fine
    nose_len: float = 1.0
    mouth: str = "closed"  # closed, smile, grin, open, sneer, stern, frown, soft, smirk,
    #                        pursed, thin, laugh
    mouth_w: float = 1.0
    lips: float = 1.0  # fullness
    lip_color: str = ""
    # marks of age and character
    age: float = 1.0  # 0 child, 1 young, 2 adult, 3 middle-aged, 4 old
    blush: float = 0.35
    freckles: bool = False
    scar: bool = False
    mole: bool = False
    gaunt: bool = False
    cheekbones: bool = False
    dimples: bool = False
    cleft: bool = False
    ears: float = 1.0


def nose_y(face: Face) -> float:
    """Height of the nose tip in head radii."""
    return face.eye_line + 0.36 * face.nose_len + (0.02 if face.age < 0.6 else 0.0)


def mouth_y(face: Face) -> float:
    """Height of the mouth in head radii."""
    return nose_y(face) + 0.24 * face.chin + (0.02 if face.age >= 3.5 else 0.0)


def outline(face: Face, cu: float, cv: float, rx: float, ry: float, n: int = 72):
    """The face contour: a round top and a lower half shaped by jaw, squareness and chin."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        c, s = math.cos(t), math.sin(t)
        if s <= 0:  # forehead and temples
            x, y = c * face.width, s * 0.98
        else:
            e = 2.0 / face.square
            ax = math.copysign(abs(c) ** e, c)
            ay = abs(s) ** e
            # the jaw narrows towards the chin
            taper = 1 - (1 - face.jaw) * ay ** 1.5
            x, y = ax * face.width * taper, ay * face.chin
        pts.append((cu + x * rx, cv - 0.005 + y * ry))
    return pts


def draw_head(p: Painter, face: Face, cu, cv, rx, ry, skin, *, outline_w=0.007) -> None:
    """Ears and the face contour filled with ``skin``."""
    er = 0.2 * face.ears
    for s in (-1, 1):
        p.ell(cu + s * rx * face.width * 0.97, cv + 0.1 * ry, rx * er, ry * er * 1.25,
              fill=skin, outline=INK, w=outline_w)
        p.arc(cu + s * rx * face.width * 0.98, cv + 0.1 * ry, rx * er * 0.5, ry * er * 0.7,
              90 - 80 * s, 270 - 80 * s, mix(skin, INK, 0.4), outline_w * 0.5)
    p.poly(outline(face, cu, cv, rx, ry), fill=skin, outline=INK, w=outline_w)


def draw_face(p: Painter, face: Face, cu, cv, rx, ry, skin, *, hair=(90, 70, 50),
              eye_color="#3F5F8A", female=False, pale=False) -> None:
    """The features inside a head drawn by :func:`draw_head` (same centre and radii)."""
    k = rx / 0.105  # widths are tuned for the Rainis head size

    def H(x, y):
        return (cu + x * rx, cv + y * ry)

    def line(pts, col, w, curve=True):
        p.line([H(*q) for q in pts], fill=col, w=w * k, curve=curve)

    def poly(pts, fill=None, out=None, w=0.0):
        p.poly([H(*q) for q in pts], fill=fill, outline=out, w=w * k)

    def ell(x, y, a, b=None, fill=None, out=None, w=0.0):
        b = a if b is None else b
        p.ell(cu + x * rx, cv + y * ry, a * rx, b * rx, fill=fill, outline=out, w=w * k)

    shade = mix(skin, INK, 0.35)
    fold = mix(skin, INK, 0.3 if not pale else 0.45)
    age = face.age
    ey = face.eye_line
    gap = 0.4 * face.eye_gap
    esz = face.eye_size * (1.18 if age < 0.6 else 1.0)
    ew, eh = 0.2 * esz, 0.1 * esz
    iris_c = hexc(eye_color)

    # -- shading under the features: gaunt cheeks, cheekbones, blush, freckles ---------------
    if face.gaunt:
        for s in (-1, 1):
            # a hollow under the cheekbone: a crescent from the cheekbone to the jaw
            outer = bezier((s * 0.46, ey + 0.3), (s * 0.86, ey + 0.3), (s * 0.66, ey + 0.72), 10)
            inner = bezier((s * 0.66, ey + 0.72), (s * 0.64, ey + 0.4), (s * 0.46, ey + 0.3), 10)
            poly(outer + inner, fill=mix(skin, INK, 0.12))
    if face.blush > 0 and not pale:
        for s in (-1, 1):
            ell(s * 0.56, ey + 0.36, 0.19, 0.11, fill=mix(skin, BLUSH, face.blush))
    if face.freckles:
        col = mix(skin, hexc("#8A4A2A"), 0.45)
        for s in (-1, 1):
            for j, (dx, dy) in enumerate(((0.3, 0.3), (0.42, 0.26), (0.36, 0.38), (0.5, 0.34),
                                          (0.22, 0.36), (0.46, 0.44))):
                ell(s * dx + 0.01 * j, ey + dy, 0.028, fill=col)
    if face.cheekbones:
        for s in (-1, 1):
            line([(s * 0.56, ey + 0.3), (s * 0.7, ey + 0.44)], mix(skin, INK, 0.18), 0.004)
    if face.shadow:
        for s in (-1, 1):
            ell(s * gap, ey - 0.05, ew * 1.2, eh * 1.3, fill=mix(hexc(face.shadow), skin, 0.6))

    # -- eyes ----------------------------------------------------------------------------------
    for s in (-1, 1):
        x = s * gap
        kind = "closed" if face.wink == s else face.eye
        tilt = face.tilt * s  # outer corner up for + tilt
        inner, outer = (x - s * ew, ey + tilt * 0.06), (x + s * ew, ey - tilt * 0.06)
        if kind == "hollow":
            ell(x, ey, ew * 1.5, eh * 2.1, fill=mix(skin, hexc("#3A3048"), 0.45))
        if kind in ("smile", "closed"):
            # a happy crescent (smile) or a closed lid (wink, sleep)
            if kind == "smile":
                pts = bezier((inner[0], ey + 0.02), (x, ey - 0.1 * esz), (outer[0], ey + 0.02),
                             10)
            else:
                pts = bezier((inner[0], ey), (x, ey + 0.06 * esz), (outer[0], ey - 0.01), 10)
            line(pts, INK, 0.008)
            if face.lashes or female:
                line([pts[-1], (outer[0] + s * 0.06, pts[-1][1] - 0.05)], INK, 0.005)
            continue
        h = eh * (0.62 if kind == "narrow" else 1.0) * (1.2 if kind == "round" else 1.0)
        top = bezier(inner, (x, ey - h * 2.0 - tilt * 0.0), outer, 12)
        bot = bezier(outer, (x, ey + h * (1.1 if kind != "round" else 1.8)), inner, 12)
        if kind == "round":
            top = bezier(inner, (x, ey - h * 2.2), outer, 12)
        poly(top + bot, fill=WHITE if kind != "hollow" else mix(WHITE, (200, 205, 190), 0.4))
        # iris: inside the white, moved by the gaze
        ir = min(h * 1.05, ew * 0.52)
        ix = x + face.gaze * (ew - ir) * 0.8
        iy = ey - face.gaze_up * h * 0.35
        if kind == "down":
            iy = ey + h * 0.3
        ell(ix, iy, ir, fill=iris_c if kind != "hollow" else mix(iris_c, WHITE, 0.5))
        ell(ix, iy, ir * 0.5, fill=INK)
        ell(ix + ir * 0.35, iy - ir * 0.35, ir * 0.24, fill=WHITE)
        # re-cover the corners the iris overshot: skin-coloured wedges outside the eye
        lid_col = mix(skin, hexc(face.shadow), 0.45) if face.shadow else mix(skin, INK, 0.06)
        if kind in ("lidded", "down", "narrow"):
            drop = {"lidded": 0.55, "down": 0.85, "narrow": 0.35}[kind]
            lid = bezier(inner, (x, ey - h * 2.0 * (1 - drop) - h * 0.3), outer, 12)
            cap = [(inner[0], ey - h * 3.2), (outer[0], ey - h * 3.2)]
            poly(lid + cap[::-1], fill=lid_col)
            line(lid, INK, 0.009)
        else:
            line(top, INK, 0.009 if not (female or face.lashes) else 0.012)
        line(bot, mix(INK, skin, 0.45), 0.004)
        if kind == "kohl":
            line([outer, (outer[0] + s * 0.14, outer[1] - 0.04)], INK, 0.01)
            line(bot, INK, 0.007)
        if face.lashes or female:
            for j in range(3):
                t = 0.6 + 0.18 * j
                q = top[int(t * (len(top) - 1))] if kind not in ("lidded", "down") else \
                    lid[int(t * (len(lid) - 1))]
                line([q, (q[0] + s * 0.05, q[1] - 0.06)], INK, 0.004)
        if age >= 3:  # bags and crow's feet
            line(bezier((x - 0.14, ey + h + 0.06), (x, ey + h + 0.13), (x + 0.14, ey + h + 0.06),
                        8), fold, 0.004)
            for j in (-1, 1):
                line([(x + s * (ew + 0.04), ey + 0.02 * j),
                      (x + s * (ew + 0.1), ey + 0.06 * j)], mix(skin, INK, 0.22), 0.003)

    # -- brows -----------------------------------------------------------------------------------
    brow_col = mix(hair, INK, 0.35) if sum(hair) < 600 else mix(hair, INK, 0.15)
    for s in (-1, 1):
        bi, bo = face.brow_r if (face.brow_r and s > 0) else face.brow
        x = s * gap
        bw = (0.013 if not female else 0.0085) * face.brow_w
        if age < 0.6:
            bw *= 0.8
        peak = ey - max(bi, bo) - face.brow_arch
        pts = bezier((x - s * ew * 1.05, ey - bi), (x + s * 0.02, peak),
                     (x + s * ew * 1.25, ey - bo), 10)
        line(pts, brow_col, bw)

    # -- nose --------------------------------------------------------------------------------------
    ny = nose_y(face)
    kind = face.nose
    if kind == "button":
        ell(0.0, ny, 0.07, 0.055, fill=mix(skin, BLUSH, 0.25))
        ell(-0.05, ny + 0.02, 0.018, fill=shade)
        ell(0.05, ny + 0.02, 0.018, fill=shade)
    elif kind == "snub":
        line([(0.02, ey + 0.06), (-0.02, ny - 0.06), (0.05, ny), (0.0, ny + 0.04)], shade, 0.006)
        ell(-0.05, ny + 0.03, 0.022, 0.016, fill=shade)
        ell(0.05, ny + 0.03, 0.022, 0.016, fill=shade)
    elif kind == "hooked":
        line(bezier((0.02, ey + 0.02), (0.2, ny - 0.12), (0.07, ny + 0.06), 10) +
             [(0.0, ny + 0.04), (-0.06, ny + 0.02)], INK, 0.007)
        line([(-0.08, ny - 0.02), (-0.1, ny + 0.04)], shade, 0.005)
    elif kind == "broad":
        line([(0.02, ey + 0.06), (0.0, ny - 0.06)], shade, 0.006)
        line(bezier((-0.12, ny - 0.04), (-0.16, ny + 0.06), (-0.04, ny + 0.05), 8), shade, 0.007)
        line(bezier((0.12, ny - 0.04), (0.16, ny + 0.06), (0.04, ny + 0.05), 8), shade, 0.007)
        ell(0.0, ny, 0.06, 0.045, fill=mix(skin, BLUSH, 0.2))
    elif kind == "long":
        line([(0.01, ey + 0.02), (-0.02, ny + 0.04), (0.06, ny + 0.08)], shade, 0.006)
        line([(-0.07, ny + 0.03), (-0.03, ny + 0.08)], shade, 0.005)
    elif kind == "fine":
        line([(0.02, ey + 0.1), (0.0, ny), (0.05, ny + 0.03)], mix(skin, INK, 0.28), 0.0045)
    else:  # straight
        line([(0.03, ey + 0.04), (-0.03, ny), (0.06, ny + 0.05)], shade, 0.006)
        line([(-0.07, ny + 0.01), (-0.04, ny + 0.05)], shade, 0.004)

    # -- mouth ---------------------------------------------------------------------------------
    my = mouth_y(face)
    mw = 0.26 * face.mouth_w
    lip = hexc(face.lip_color) if face.lip_color else (LIP_F if female else mix(skin, LIP_M, 0.55))
    if pale:
        lip = mix(lip, (120, 110, 120), 0.6)
    dark = mix(lip, INK, 0.45)
    lf = face.lips
    m = face.mouth
    if m == "smile":
        line(bezier((-mw, my - 0.05), (0.0, my + 0.1), (mw, my - 0.05), 10), dark, 0.008)
        if lf > 1:
            poly(bezier((-mw * 0.7, my), (0.0, my + 0.1 + 0.03 * lf), (mw * 0.7, my), 8),
                 fill=lip)
    elif m in ("grin", "laugh"):
        deep = 0.16 if m == "grin" else 0.24
        outer_ = bezier((-mw, my - 0.05), (0.0, my + deep * 2), (mw, my - 0.05), 12)
        poly([(-mw, my - 0.05), (mw, my - 0.05)][::-1] + outer_[::-1], fill=mix(lip, INK, 0.6),
             out=INK, w=0.004)
        teeth = bezier((-mw * 0.9, my - 0.04), (0.0, my + deep * 0.7), (mw * 0.9, my - 0.04), 10)
        poly([(-mw * 0.9, my - 0.045), (mw * 0.9, my - 0.045)][::-1] + teeth[::-1], fill=WHITE)
        if m == "laugh":
            ell(0.0, my + deep * 0.75, mw * 0.4, 0.05, fill=mix(lip, WHITE, 0.2))
    elif m == "open":
        ell(0.0, my + 0.02, mw * 0.55, 0.09, fill=mix(lip, INK, 0.6), out=INK, w=0.004)
        poly([(-mw * 0.45, my - 0.04), (mw * 0.45, my - 0.04), (mw * 0.3, my - 0.01),
              (-mw * 0.3, my - 0.01)], fill=WHITE)
    elif m == "sneer":
        # one corner pulled up towards a creased cheek, the upper lip raised on that side
        line([(-mw, my + 0.03), (-0.05, my + 0.02), (mw * 0.6, my - 0.04), (mw * 1.1, my - 0.12)],
             INK, 0.008)
        poly([(0.0, my + 0.015), (mw * 0.6, my - 0.04), (mw * 0.35, my - 0.075),
              (0.02, my - 0.03)], fill=WHITE, out=INK, w=0.003)
        line(bezier((mw * 0.8, ey + 0.3), (mw * 1.35, ey + 0.45), (mw * 1.15, my - 0.06), 8),
             fold, 0.005)
    elif m == "smirk":
        poly(bezier((-mw * 0.8, my + 0.01), (0.0, my - 0.05), (mw, my - 0.06), 8) +
             bezier((mw, my - 0.06), (0.1, my + 0.08 * lf), (-mw * 0.8, my + 0.01), 8),
             fill=lip)
        line(bezier((-mw * 0.8, my + 0.01), (0.0, my - 0.005), (mw, my - 0.07), 8),
             dark, 0.005)
        line([(mw, my - 0.07), (mw * 1.12, my - 0.1)], dark, 0.004)
    elif m in ("stern", "frown"):
        sag = 0.0 if m == "stern" else 0.07
        line([(-mw, my + sag), (-mw * 0.6, my), (mw * 0.6, my), (mw, my + sag)], dark, 0.009,
             curve=False)
        if lf > 0.9:
            ell(0.0, my + 0.05, mw * 0.45, 0.025 * lf, fill=mix(lip, skin, 0.4))
    elif m == "soft":
        upper = [(-mw, my), (-mw * 0.35, my - 0.05 * lf), (0.0, my - 0.025 * lf),
                 (mw * 0.35, my - 0.05 * lf), (mw, my)]
        lower = bezier((mw, my), (0.0, my + 0.1 * lf), (-mw, my), 8)
        poly(upper + lower, fill=lip)
        line([(-mw * 0.9, my + 0.005), (0.0, my + 0.012), (mw * 0.9, my + 0.005)], dark, 0.004)
    elif m == "pursed":
        ell(0.0, my, 0.06 * lf, 0.05 * lf, fill=lip, out=dark, w=0.004)
        ell(0.0, my, 0.02, fill=dark)
    elif m == "thin":
        line(bezier((-mw, my + 0.03), (0.0, my - 0.02), (mw, my + 0.03), 8), dark, 0.007)
    elif m == "sad":
        line(bezier((-mw, my + 0.05), (0.0, my - 0.05), (mw, my + 0.05), 8), dark, 0.008)
    else:  # closed: a calm, slightly smiling line
        line(bezier((-mw, my - 0.01), (0.0, my + 0.04), (mw, my - 0.01), 8), dark, 0.008)
        if lf > 1:
            ell(0.0, my + 0.06, mw * 0.45, 0.03 * lf, fill=mix(lip, skin, 0.35))

    # -- marks -----------------------------------------------------------------------------------
    if face.dimples:
        for s in (-1, 1):
            line([(s * (mw + 0.08), my - 0.06), (s * (mw + 0.1), my + 0.02)], fold, 0.004)
    if age >= 2.5:  # folds from the nose to the mouth corners
        for s in (-1, 1):
            line(bezier((s * 0.14, ny - 0.02), (s * (mw + 0.1), ny + 0.1), (s * (mw + 0.06),
                        my + 0.06), 8), fold, 0.0045)
    if age >= 3.5:  # forehead lines and a sunken chin
        for j in range(3):
            yy = ey - 0.5 - 0.1 * j
            line(bezier((-0.35, yy), (0.0, yy - 0.04), (0.35, yy), 8), fold, 0.0035)
        line(bezier((-0.12, my + 0.17), (0.0, my + 0.2), (0.12, my + 0.17), 6), fold, 0.004)
    if face.cleft:
        line([(0.0, face.chin - 0.12), (0.0, face.chin - 0.04)], fold, 0.004)
    if face.scar:
        line([(-0.62, ey - 0.08), (-0.42, ey + 0.4)], mix(skin, hexc("#9A4A48"), 0.6), 0.007)
        for j in range(3):
            yy = ey + 0.02 + j * 0.13
            xx = -0.6 + j * 0.055
            line([(xx - 0.05, yy), (xx + 0.05, yy + 0.02)], mix(skin, hexc("#9A4A48"), 0.5),
                 0.0035)
    if face.mole:
        ell(0.34, my - 0.06, 0.03, fill=mix(INK, skin, 0.2))
