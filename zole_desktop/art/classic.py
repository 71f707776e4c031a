"""The classic French-suited deck (two or four suit colours) with Art-Deco court figures."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import figures
from .common import (
    CH,
    CW,
    GOLD,
    INK,
    R_CLEAR,
    WHITE_STOCK,
    Painter,
    back_field_mask,
    bezier,
    draw_index,
    draw_pips,
    hexc,
    mix,
    paste_pip,
)
from .faces import Face, draw_face, draw_head

RED = hexc("#C0262E")
BLACK = INK
BLUE = hexc("#2C4F86")
GREEN4 = hexc("#2F7D32")
BLUE4 = hexc("#1565C0")
CREAM = hexc("#F6EFD9")


def suit_colors(four: bool) -> dict[str, tuple[int, int, int]]:
    if four:
        return {"C": GREEN4, "S": BLACK, "H": RED, "D": BLUE4}
    return {"C": BLACK, "S": BLACK, "H": RED, "D": RED}


# court palette per suit: (main robe, second colour, trim)
def court_palette(suit: str, four: bool):
    c = suit_colors(four)[suit]
    if suit == "H":
        return RED, BLUE, GOLD
    if suit == "D":
        return (BLUE4, RED, GOLD) if four else (RED, hexc("#3A3A3A"), GOLD)
    if suit == "C":
        return (GREEN4, BLACK, GOLD) if four else (BLUE, RED, GOLD)
    return (hexc("#2B2B33"), RED, GOLD) if c == BLACK else (c, RED, GOLD)


FRAME = (int(0.235 * CW), int(0.05 * CH), int(0.765 * CW), int(0.95 * CH))


def render(code: str, four: bool = False) -> Image.Image:
    # plain white stock: a grain of 2 levels could not be seen, and in a full-colour PNG it
    # made each card three and a half times the size (288 KB against 82 KB for the A♥)
    img = Image.new("RGB", (CW, CH), WHITE_STOCK)
    color = suit_colors(four)[code[1]]
    rank = code[0]
    if rank in "KQJ":
        _court(img, code, four)
    elif rank == "A":
        _ace(img, code, color)
    else:
        d = ImageDraw.Draw(img)
        x0, y0, x1, y1 = FRAME
        d.rounded_rectangle([x0, y0, x1, y1], radius=int(0.02 * CW),
                            outline=mix(color, WHITE_STOCK, 0.6), width=3)
        # the side columns keep a margin of 0.02 CW from the frame (they used to touch it)
        draw_pips(img, code, color, cx=CW / 2, dx=0.17 * CW, y0=0.15 * CH, y1=0.85 * CH,
                  size=0.15 * CW)
    draw_index(img, code, color, trump_mark=True)
    return img


def _ace(img: Image.Image, code: str, color) -> None:
    d = ImageDraw.Draw(img)
    cx, cy = CW / 2, CH / 2
    r = 0.36 * CW
    tint = mix(color, WHITE_STOCK, 0.88)
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=tint, outline=mix(color, WHITE_STOCK, 0.4),
              width=4)
    r2 = r * 0.9
    d.ellipse([cx - r2, cy - r2, cx + r2, cy + r2], outline=mix(color, WHITE_STOCK, 0.55),
              width=2)
    # Art-Deco rays
    for k in range(16):
        import math

        a = k * math.pi / 8
        p0 = (cx + r * 1.06 * math.cos(a), cy + r * 1.06 * math.sin(a))
        p1 = (cx + r * (1.16 if k % 2 else 1.24) * math.cos(a),
              cy + r * (1.16 if k % 2 else 1.24) * math.sin(a))
        d.line([p0, p1], fill=mix(color, WHITE_STOCK, 0.35), width=6)
    paste_pip(img, code[1], cx, cy, 0.5 * CW, color)


@dataclass(frozen=True)
class Court:
    """One court figure of the classic deck, in the manner of the French portraits: each of the
    twelve has a face, hair, headwear, attribute, robe pattern and collar of its own."""

    face: Face
    hair: str = "#8A6A3B"
    hair_style: str = "short"  # short, long, curls, braids, veil
    beard: str = ""
    headwear: str = "crown_spiked"
    prop: str = ""
    pattern: str = "chevron"  # chevron, dots, diamonds, checks, stripes, scales, fleur
    collar: str = "ermine"  # ermine, ruff, pearls, chain, plain, lace
    skin: str = "#F1CFA9"
    eyes: str = "#3F5F8A"
    female: bool = False
    swap: bool = False  # robe in the suit's second colour


COURTS: dict[str, Court] = {
    # kings: a bearded king with an orb, an old harpist king, a young king with the sword
    # behind his head, a king with a battle-axe who looks aside
    "KC": Court(Face(width=1.02, jaw=1.05, square=2.6, brow=(0.24, 0.28), brow_w=1.3,
                     mouth="closed", age=2.8, blush=0.3),
                hair="#6B4A2B", hair_style="curls", beard="full", headwear="crown_fleur",
                prop="orb", pattern="fleur", collar="ermine"),
    "KS": Court(Face(width=0.92, jaw=0.85, chin=1.12, eye="lidded", brow=(0.3, 0.22),
                     brow_w=1.8, nose="long", nose_len=1.12, mouth="thin", age=4, blush=0.2),
                hair="#C8C2B8", hair_style="long", beard="forked", headwear="crown_arched",
                prop="harp", pattern="checks", collar="chain", eyes="#5B4636"),
    "KH": Court(Face(width=1.0, jaw=1.12, square=3.2, eye="narrow", brow=(0.14, 0.26),
                     brow_w=1.5, mouth="stern", age=1.8, blush=0.35, cleft=True),
                hair="#B0642A", beard="moustache", headwear="crown_spiked",
                prop="sword_behind", pattern="chevron", collar="ruff", swap=True),
    "KD": Court(Face(width=1.06, jaw=1.0, square=2.4, gaze=-0.85, brow=(0.24, 0.3),
                     brow_w=1.4, nose="hooked", mouth="closed", age=3, blush=0.25),
                hair="#3A2A1E", hair_style="curls", beard="short", headwear="crown_laurel",
                prop="axe", pattern="scales", collar="plain", skin="#E6BC98",
                eyes="#3A2E26"),
    # queens: a young queen with a rose, a stern veiled queen with a sceptre, a smiling
    # queen with braids and a fan, a proud queen with a mirror who looks aside
    "QC": Court(Face(width=0.98, jaw=0.85, chin=0.98, eye_size=1.1, mouth="soft", lips=1.15,
                     brow=(0.3, 0.3), blush=0.45, age=0.9),
                hair="#D9A520", hair_style="long", headwear="crown_queen", prop="rose",
                pattern="dots", collar="pearls", female=True),
    "QS": Court(Face(width=0.9, jaw=0.7, chin=1.12, eye="lidded", brow=(0.18, 0.3),
                     brow_w=1.1, nose="long", mouth="frown", mouth_w=0.8, age=2.8,
                     blush=0.1),
                hair="#3A2A1E", hair_style="veil", headwear="veil_crown", prop="sceptre",
                pattern="stripes", collar="lace", female=True, eyes="#3A2E26", swap=True),
    "QH": Court(Face(width=1.04, jaw=0.9, eye="smile", brow=(0.32, 0.3), nose="snub",
                     mouth="smile", mouth_w=1.05, lips=1.3, blush=0.55, dimples=True,
                     age=1.2),
                hair="#5B3A1E", hair_style="braids", headwear="tiara", prop="fan",
                pattern="diamonds", collar="pearls", female=True, eyes="#5B4636"),
    "QD": Court(Face(width=0.94, jaw=0.75, chin=1.05, eye="lidded", eye_size=1.1, gaze=0.8,
                     tilt=0.5, lashes=True, brow=(0.26, 0.34), brow_arch=0.07, nose="fine",
                     mouth="smirk", lips=1.2, blush=0.2, mole=True, age=1.5),
                hair="#8A3A1E", hair_style="long", headwear="crown_tall", prop="mirror",
                pattern="fleur", collar="ruff", female=True, eyes="#3C7A3A"),
    # jacks: a long-haired youth with a bow, a moustached halberdier, a grinning torch-bearer
    # in a hood, a stubbled swordsman in a steel cap
    "JC": Court(Face(width=0.94, jaw=0.85, eye="round", gaze=0.5, gaze_up=0.4,
                     brow=(0.32, 0.28), mouth="closed", age=0.7, blush=0.4),
                hair="#D9A520", hair_style="long", headwear="beret", prop="bow",
                pattern="diamonds", collar="plain"),
    "JS": Court(Face(width=1.04, jaw=1.1, square=3.0, eye="narrow", brow=(0.14, 0.24),
                     brow_w=1.6, nose="broad", mouth="stern", age=2.4, blush=0.3),
                hair="#2E2420", beard="long_moustache", headwear="cap_feather",
                prop="halberd", pattern="stripes", collar="ruff", eyes="#3A2E26"),
    "JH": Court(Face(width=1.02, jaw=0.9, chin=0.95, gaze=-0.5, brow=(0.34, 0.3),
                     nose="snub", mouth="grin", freckles=True, blush=0.5, age=1.0),
                hair="#B0642A", hair_style="curls", headwear="hood", prop="torch",
                pattern="checks", collar="lace", swap=True),
    "JD": Court(Face(width=0.98, jaw=1.0, square=2.6, eye="lidded", gaze=0.6,
                     brow=(0.2, 0.3), brow_r=(0.3, 0.36), nose="straight", mouth="smirk",
                     age=1.8, blush=0.2, scar=True),
                hair="#5B4636", beard="stubble", headwear="helmet_cap", prop="sword",
                pattern="scales", collar="chain", eyes="#5B4636"),
}


def corner_pip_zone() -> tuple[int, int, int, int]:
    """The court panel's corner pip with a clear margin round it, in the half's pixels
    (x0, y0, x1, y1): the figure keeps out of it (the J♠'s feather ran through the ♠, the
    J♥'s torch stood under the ♥)."""
    fw = FRAME[2] - FRAME[0]
    cx, cy, r = fw - 0.07 * CW, 0.055 * CW, 0.0375 * CW + 0.012 * CW
    return int(cx - r), int(cy - r), int(cx + r), int(cy + r)


def court_half(code: str, four: bool = False) -> Image.Image:
    """The top half of a court's double-headed panel, before its corner pip is put on."""
    suit = code[1]
    main, second, trim = court_palette(suit, four)
    court = COURTS[code]
    if court.swap:
        main, second = second, main
    color = suit_colors(four)[suit]
    x0, y0, x1, y1 = FRAME
    fw, fh = x1 - x0, (y1 - y0) / 2
    half = Image.new("RGB", (fw, int(fh)), mix(trim, WHITE_STOCK, 0.75))
    k = 1.45  # the figure is drawn larger than the frame and cropped at the sides
    p = Painter(half, -fw * (k - 1) / 2, -fw * 0.04, fw * k, fw * k)
    hv = fh / fw / k + 0.04  # height of the half in u units
    _figure(p, court, main, second, trim, color, hv)
    return half


def _court(img: Image.Image, code: str, four: bool) -> None:
    suit = code[1]
    _main, _second, trim = court_palette(suit, four)
    color = suit_colors(four)[suit]
    x0, y0, x1, y1 = FRAME
    fh = (y1 - y0) / 2
    half = court_half(code, four)
    # paste the half twice, the second turned by 180°
    img.paste(half, (x0, y0))
    img.paste(half.rotate(180), (x0, y0 + int(fh)))
    d = ImageDraw.Draw(img)
    # centre divider with a small pip
    my = y0 + int(fh)
    d.line([(x0, my), (x1, my)], fill=INK, width=4)
    d.rectangle([x0, y0, x1, y1], outline=INK, width=5)
    d.rectangle([x0 + 10, y0 + 10, x1 - 10, y1 - 10], outline=trim, width=3)
    paste_pip(img, suit, x1 - 0.07 * CW, y0 + 0.055 * CW, 0.075 * CW, color)
    paste_pip(img, suit, x0 + 0.07 * CW, y1 - 0.055 * CW, 0.075 * CW, color, flip=True)


SKIN = hexc("#F1CFA9")
PEARL = (250, 250, 246)
STEEL = (214, 218, 224)
WOOD = hexc("#8A6A3B")
OW = 0.012
CU, CV, RX, RY = 0.5, 0.4, 0.11, 0.13  # the head


def _head_painter(p: Painter) -> Painter:
    """Map the Rainis figures' head frame onto this head, to share hair and beards."""
    s = RX / figures.HR[0]
    hu, hv = figures.HEAD
    return Painter(p.img, p.x0 + p.sx * (CU - hu * s), p.y0 + p.sy * (CV - hv * s), p.sx * s,
                   p.sy * s)


def _figure(p: Painter, court: Court, main, second, trim, color, hv) -> None:
    ink = INK
    ow = OW
    skin = hexc(court.skin)
    hair = hexc(court.hair)
    light = mix(trim, WHITE_STOCK, 0.55)
    # background rays (Deco sunburst behind the head)
    for k in range(9):
        a = math.pi * (0.05 + 0.9 * k / 8)
        p.poly([(0.5, 0.42), (0.5 + 0.9 * math.cos(a - 0.05), 0.42 - 0.9 * math.sin(a - 0.05)),
                (0.5 + 0.9 * math.cos(a + 0.05), 0.42 - 0.9 * math.sin(a + 0.05))], fill=light)
    _prop(p, court, "back", main, second, trim, color, skin)
    # hair that falls behind the shoulders
    hs = court.hair_style
    if hs in ("long", "braids"):
        p.poly([(0.37, 0.32), (0.6 - 0.27, 0.62), (0.67, 0.62), (0.63, 0.32)], fill=hair,
               outline=ink, w=ow)
    if hs == "curls":
        for k in range(9):
            a = math.pi * (0.85 + 1.3 * k / 8)
            p.ell(CU + RX * 1.05 * math.cos(a), CV + 0.01 + RY * 0.95 * math.sin(a), 0.04,
                  fill=hair, outline=ink, w=ow * 0.6)
    if hs == "veil":
        p.poly([(0.38, 0.28), (0.3, 0.64), (0.7, 0.64), (0.62, 0.28)], fill=PEARL, outline=ink,
               w=ow)
        p.line([(0.36, 0.4), (0.33, 0.6)], fill=mix(PEARL, ink, 0.25), w=0.006)
        p.line([(0.64, 0.4), (0.67, 0.6)], fill=mix(PEARL, ink, 0.25), w=0.006)
    _robe(p, court, main, second, trim, hv)
    # neck and head
    p.rect(0.45, 0.46, 0.55, 0.6, fill=skin, outline=ink, w=ow)
    f = court.face
    draw_head(p, f, CU, CV, RX, RY, skin, outline_w=ow)
    if court.beard == "stubble":
        p.chord(CU, CV + 0.02, RX * 0.92 * f.width, RY * 0.95 * f.chin, 20, 160,
                fill=mix(skin, hair, 0.16))
    draw_face(p, f, CU, CV, RX, RY, skin, hair=hair, eye_color=court.eyes, female=court.female)
    hp = _head_painter(p)
    look = figures.Look(hair_style={"curls": "short", "braids": "braid", "veil": "none"}.get(
        hs, hs), female=court.female, headwear="", face=f)
    if hs == "braids":  # braids coiled over the ears
        for s in (-1, 1):
            p.ell(CU + s * RX * 1.05, CV + 0.02, 0.045, 0.055, fill=hair, outline=ink, w=ow)
            p.arc(CU + s * RX * 1.05, CV + 0.02, 0.025, 0.032, 0, 360, mix(hair, ink, 0.4),
                  0.006)
        look = figures.Look(hair_style="long", female=True, face=f)
    if hs != "veil":
        figures._hair_front(hp, look, hair)
    if court.beard and court.beard != "stubble":
        figures.draw_beard(hp, court.beard, f, *figures.HEAD, *figures.HR, hair, skin)
    _headwear(p, court, main, second, trim)
    _prop(p, court, "front", main, second, trim, color, skin)


def _pattern(p: Painter, kind: str, u0, u1, v0, v1, second, trim) -> None:
    ink = INK
    cu = (u0 + u1) / 2
    v = v0 + 0.05
    step = 0.09
    while v < v1:
        if kind == "chevron":
            p.line([(u0 + 0.01, v), (cu, v + 0.05), (u1 - 0.01, v)], fill=ink, w=0.012,
                   curve=False)
        elif kind == "dots":
            p.ell(cu, v + 0.02, 0.025, fill=PEARL, outline=ink, w=0.006)
        elif kind == "diamonds":
            p.poly([(cu, v - 0.02), (cu + 0.05, v + 0.025), (cu, v + 0.07), (cu - 0.05, v + 0.025)],
                   fill=second, outline=ink, w=0.006)
        elif kind == "checks":
            for j in range(4):
                du = (u1 - u0) / 4
                if (j + int(v * 100) // 9) % 2 == 0:
                    p.rect(u0 + j * du, v - 0.02, u0 + (j + 1) * du, v + 0.025, fill=second)
        elif kind == "stripes":
            p.rect(u0, v, u1, v + 0.025, fill=second)
        elif kind == "scales":
            for j in range(3):
                p.arc(u0 + (j + 0.5) * (u1 - u0) / 3, v, (u1 - u0) / 6, 0.04, 0, 180, ink, 0.006)
        elif kind == "fleur":
            p.ell(cu, v, 0.016, 0.026, fill=second, outline=ink, w=0.004)
            p.ell(cu - 0.025, v + 0.02, 0.014, 0.01, fill=second, outline=ink, w=0.004)
            p.ell(cu + 0.025, v + 0.02, 0.014, 0.01, fill=second, outline=ink, w=0.004)
            p.rect(cu - 0.03, v + 0.03, cu + 0.03, v + 0.04, fill=second)
        v += step


def _robe(p: Painter, court: Court, main, second, trim, hv) -> None:
    ink, ow = INK, OW
    wide = 0.0 if not court.female else -0.04
    body = [(0.06 - wide, hv + 0.05), (0.1 - wide, 0.78), (0.2 - wide, 0.64), (0.4, 0.58),
            (0.6, 0.58), (0.8 + wide, 0.64), (0.9 + wide, 0.78), (0.94 + wide, hv + 0.05)]
    p.poly(body, fill=main, outline=ink, w=ow)
    # side panels in the second colour, cut differently for the three ranks' cloth
    p.poly([(0.2 - wide, 0.64), (0.34, 0.6), (0.3, hv + 0.05), (0.08 - wide, hv + 0.05),
            (0.1 - wide, 0.78)], fill=second, outline=ink, w=ow)
    p.poly([(0.8 + wide, 0.64), (0.66, 0.6), (0.7, hv + 0.05), (0.92 + wide, hv + 0.05),
            (0.9 + wide, 0.78)], fill=second, outline=ink, w=ow)
    if court.pattern in ("checks", "stripes"):
        _pattern(p, court.pattern, 0.12, 0.3, 0.7, hv, trim, trim)
        _pattern(p, court.pattern, 0.7, 0.88, 0.7, hv, trim, trim)
    p.poly([(0.42, 0.6), (0.58, 0.6), (0.6, hv + 0.05), (0.4, hv + 0.05)], fill=trim,
           outline=ink, w=ow)
    _pattern(p, court.pattern, 0.42, 0.58, 0.66, hv, second, trim)
    c = court.collar
    if c == "ermine":
        p.poly([(0.26, 0.62), (0.5, 0.72), (0.74, 0.62), (0.6, 0.57), (0.4, 0.57)], fill=PEARL,
               outline=ink, w=ow)
        for u, vv in ((0.34, 0.62), (0.5, 0.67), (0.66, 0.62), (0.42, 0.6), (0.58, 0.6)):
            p.poly([(u, vv - 0.015), (u + 0.01, vv + 0.012), (u - 0.01, vv + 0.012)], fill=ink)
    elif c == "ruff":
        pts = []
        for k in range(17):
            a = math.pi * k / 16
            r = 0.2 if k % 2 == 0 else 0.16
            pts.append((0.5 - r * math.cos(a), 0.575 + r * 0.45 * math.sin(a)))
        p.poly(pts, fill=PEARL, outline=ink, w=ow)
    elif c == "pearls":
        p.poly([(0.3, 0.6), (0.5, 0.7), (0.7, 0.6), (0.5, 0.64)], fill=trim, outline=ink, w=ow)
        for k in range(7):
            t = k / 6
            p.ell(0.34 + 0.32 * t, 0.615 + 0.05 * math.sin(math.pi * t), 0.012, fill=PEARL,
                  outline=ink, w=0.004)
    elif c == "chain":
        p.poly([(0.32, 0.6), (0.5, 0.66), (0.68, 0.6), (0.5, 0.585)], fill=second, outline=ink,
               w=ow)
        for k in range(9):
            t = k / 8
            p.ell(0.3 + 0.4 * t, 0.62 + 0.09 * math.sin(math.pi * t), 0.014, 0.01, fill=trim,
                  outline=ink, w=0.004)
        p.ell(0.5, 0.74, 0.028, fill=trim, outline=ink, w=0.006)
    elif c == "lace":
        p.poly([(0.34, 0.585), (0.5, 0.68), (0.66, 0.585)], fill=PEARL, outline=ink, w=ow)
        for k in range(7):
            t = k / 6
            p.ell(0.36 + 0.28 * t, 0.6 + 0.07 * (1 - abs(2 * t - 1)), 0.014, fill=PEARL,
                  outline=ink, w=0.004)
    else:
        p.poly([(0.36, 0.58), (0.5, 0.68), (0.64, 0.58)], fill=second, outline=ink, w=ow)


def _crown_band(p: Painter, trim, gem, v0=0.27, v1=0.31, half=0.14) -> None:
    p.rect(0.5 - half, v0, 0.5 + half, v1, fill=trim, outline=INK, w=OW)
    for u in (0.42, 0.5, 0.58):
        p.ell(u, (v0 + v1) / 2, 0.013, fill=gem, outline=INK, w=0.004)


def _headwear(p: Painter, court: Court, main, second, trim) -> None:
    ink, ow = INK, OW
    hw = court.headwear
    if hw == "crown_spiked":
        p.poly([(0.36, 0.31), (0.36, 0.17), (0.42, 0.24), (0.5, 0.12), (0.58, 0.24),
                (0.64, 0.17), (0.64, 0.31)], fill=trim, outline=ink, w=ow)
        _crown_band(p, trim, second)
        for u, vv in ((0.36, 0.17), (0.5, 0.12), (0.64, 0.17)):
            p.ell(u, vv, 0.018, fill=trim, outline=ink, w=0.006)
    elif hw == "crown_fleur":
        p.poly([(0.37, 0.3), (0.38, 0.22), (0.62, 0.22), (0.63, 0.3)], fill=trim, outline=ink,
               w=ow)
        for u in (0.39, 0.5, 0.61):
            p.ell(u, 0.17, 0.02, 0.03, fill=trim, outline=ink, w=0.006)
            p.ell(u - 0.03, 0.2, 0.018, 0.013, fill=trim, outline=ink, w=0.005)
            p.ell(u + 0.03, 0.2, 0.018, 0.013, fill=trim, outline=ink, w=0.005)
        _crown_band(p, trim, main)
    elif hw == "crown_arched":
        p.chord(0.5, 0.28, 0.13, 0.13, 180, 360, fill=second, outline=ink, w=ow)
        for du in (-0.12, 0.12):
            p.line(bezier((0.5 + du, 0.28), (0.5 + du * 0.8, 0.14), (0.5, 0.14), 8), fill=trim,
                   w=0.022)
        p.line([(0.5, 0.27), (0.5, 0.15)], fill=trim, w=0.022)
        p.ell(0.5, 0.12, 0.025, fill=trim, outline=ink, w=0.006)
        p.rect(0.495, 0.06, 0.505, 0.1, fill=ink)
        p.rect(0.485, 0.07, 0.515, 0.08, fill=ink)
        _crown_band(p, trim, PEARL)
    elif hw == "crown_laurel":
        for s in (-1, 1):
            for k in range(5):
                u = 0.5 + s * (0.05 + 0.022 * k)
                p.ell(u, 0.25 - 0.012 * k, 0.03, 0.014, fill=hexc("#3C7A3A"), outline=ink,
                      w=0.004)
        p.poly([(0.38, 0.28), (0.4, 0.2), (0.44, 0.26), (0.5, 0.18), (0.56, 0.26), (0.6, 0.2),
                (0.62, 0.28)], fill=trim, outline=ink, w=ow)
        _crown_band(p, trim, hexc("#2F6B3B"), 0.275, 0.31)
    elif hw == "crown_queen":
        p.poly([(0.39, 0.29), (0.42, 0.22), (0.46, 0.26), (0.5, 0.19), (0.54, 0.26),
                (0.58, 0.22), (0.61, 0.29)], fill=trim, outline=ink, w=ow)
        p.ell(0.5, 0.25, 0.016, fill=main, outline=ink, w=0.004)
    elif hw == "crown_tall":
        p.poly([(0.38, 0.3), (0.36, 0.12), (0.43, 0.2), (0.5, 0.08), (0.57, 0.2), (0.64, 0.12),
                (0.62, 0.3)], fill=trim, outline=ink, w=ow)
        for u, vv in ((0.36, 0.12), (0.5, 0.08), (0.64, 0.12)):
            p.ell(u, vv, 0.015, fill=PEARL, outline=ink, w=0.005)
        p.ell(0.5, 0.2, 0.022, fill=second, outline=ink, w=0.005)
        _crown_band(p, trim, PEARL, 0.27, 0.305, 0.12)
    elif hw == "tiara":
        p.poly(bezier((0.39, 0.3), (0.5, 0.16), (0.61, 0.3), 10) +
               bezier((0.6, 0.3), (0.5, 0.22), (0.4, 0.3), 10), fill=trim, outline=ink, w=ow)
        p.ell(0.5, 0.22, 0.018, fill=main, outline=ink, w=0.004)
        for u in (0.44, 0.56):
            p.ell(u, 0.245, 0.01, fill=PEARL, outline=ink, w=0.003)
    elif hw == "veil_crown":
        p.chord(0.5, 0.4, 0.13, 0.15, 180, 360, fill=PEARL, outline=ink, w=ow)
        p.rect(0.38, 0.27, 0.62, 0.3, fill=trim, outline=ink, w=ow)
        for u in (0.4, 0.45, 0.5, 0.55, 0.6):
            p.poly([(u - 0.02, 0.27), (u, 0.22), (u + 0.02, 0.27)], fill=trim, outline=ink,
                   w=0.006)
    elif hw == "cap_feather":
        p.poly([(0.34, 0.32), (0.38, 0.22), (0.62, 0.22), (0.68, 0.32)], fill=second,
               outline=ink, w=ow)
        p.rect(0.34, 0.29, 0.68, 0.33, fill=trim, outline=ink, w=ow)
        # the feather sweeps back along the cap, below the panel's corner pip
        p.poly([(0.64, 0.25), (0.86, 0.19), (0.88, 0.23), (0.68, 0.29)], fill=PEARL,
               outline=ink, w=ow)
    elif hw == "beret":
        p.ell(0.47, 0.25, 0.18, 0.065, fill=main, outline=ink, w=ow)
        p.rect(0.37, 0.27, 0.63, 0.31, fill=trim, outline=ink, w=ow)
        for k in range(3):
            p.line(bezier((0.34, 0.24), (0.2, 0.14 - 0.03 * k), (0.12, 0.2 - 0.04 * k), 8),
                   fill=(PEARL, second, PEARL)[k], w=0.02)
    elif hw == "hood":
        p.chord(0.5, 0.36, 0.15, 0.17, 170, 370, fill=second, outline=ink, w=ow)
        p.poly([(0.62, 0.24), (0.78, 0.3), (0.84, 0.5), (0.8, 0.52), (0.72, 0.34)],
               fill=second, outline=ink, w=ow)
        p.line(bezier((0.37, 0.32), (0.5, 0.26), (0.63, 0.32), 8), fill=trim, w=0.014)
    elif hw == "helmet_cap":
        p.chord(0.5, 0.33, 0.14, 0.12, 180, 360, fill=STEEL, outline=ink, w=ow)
        p.poly([(0.34, 0.33), (0.66, 0.33), (0.7, 0.35), (0.3, 0.35)], fill=STEEL, outline=ink,
               w=ow)
        p.poly([(0.49, 0.21), (0.5, 0.15), (0.51, 0.21)], fill=STEEL, outline=ink, w=0.006)
        p.line([(0.5, 0.21), (0.5, 0.32)], fill=mix(STEEL, ink, 0.4), w=0.008)


def _hand(p: Painter, u, v, skin) -> None:
    p.ell(u, v, 0.03, 0.025, fill=skin, outline=INK, w=OW)


PROP_SQUEEZE = 0.84


def _prop(p: Painter, court: Court, layer: str, main, second, trim, color, skin) -> None:
    ink, ow = INK, OW
    pr = court.prop
    # the attributes are drawn in a frame pulled in towards the middle, inside the crop
    c = PROP_SQUEEZE
    p = Painter(p.img, p.x0 + 0.5 * p.sx * (1 - c), p.y0, p.sx * c, p.sy)
    flower = color if color != INK else hexc("#C0262E")
    if layer == "back":
        if pr == "sword_behind":  # the blade rises behind the head
            # its point stops short of the panel's corner pip
            p.poly([(0.22, 0.78), (0.25, 0.8), (0.71, 0.23), (0.69, 0.19), (0.67, 0.21)],
                   fill=STEEL, outline=ink, w=ow)
        elif pr == "halberd":
            p.rect(0.165, 0.12, 0.185, 0.82, fill=WOOD, outline=ink, w=0.006)
            p.poly([(0.175, 0.04), (0.2, 0.12), (0.15, 0.12)], fill=STEEL, outline=ink, w=ow)
            p.poly([(0.185, 0.14), (0.27, 0.11), (0.29, 0.2), (0.185, 0.22)], fill=STEEL,
                   outline=ink, w=ow)
        elif pr == "axe":
            p.rect(0.19, 0.14, 0.21, 0.84, fill=WOOD, outline=ink, w=0.006)
            p.poly([(0.21, 0.16), (0.32, 0.1), (0.34, 0.2), (0.32, 0.3), (0.21, 0.24)],
                   fill=STEEL, outline=ink, w=ow)
            p.poly([(0.19, 0.17), (0.13, 0.2), (0.19, 0.23)], fill=STEEL, outline=ink, w=0.006)
        elif pr == "torch":
            # held lower, its flame below the panel's corner pip
            p.rect(0.8, 0.36, 0.82, 0.8, fill=WOOD, outline=ink, w=0.006)
            p.poly([(0.78, 0.36), (0.84, 0.36), (0.85, 0.3), (0.81, 0.19), (0.77, 0.3)],
                   fill=hexc("#F1A33A"), outline=ink, w=ow)
            p.poly([(0.795, 0.35), (0.825, 0.35), (0.81, 0.26)], fill=hexc("#F9DA6A"))
        elif pr == "sword":  # held upright on the right
            p.poly([(0.8, 0.7), (0.8, 0.26), (0.82, 0.2), (0.84, 0.26), (0.84, 0.7)], fill=STEEL,
                   outline=ink, w=ow)
            p.rect(0.76, 0.7, 0.88, 0.73, fill=trim, outline=ink, w=ow)
            p.rect(0.81, 0.73, 0.83, 0.8, fill=second, outline=ink, w=0.006)
        elif pr == "sceptre":
            p.rect(0.795, 0.28, 0.815, 0.82, fill=trim, outline=ink, w=0.006)
            p.ell(0.805, 0.24, 0.03, fill=trim, outline=ink, w=ow)
            p.ell(0.805, 0.24, 0.012, fill=second)
        elif pr == "bow":
            p.line(bezier((0.2, 0.2), (0.05, 0.5), (0.2, 0.82), 12), fill=WOOD, w=0.018)
            p.line([(0.2, 0.2), (0.2, 0.82)], fill=ink, w=0.004)
        elif pr == "harp":
            p.poly([(0.14, 0.86), (0.16, 0.36), (0.22, 0.34), (0.34, 0.5), (0.32, 0.86)],
                   fill=mix(trim, WHITE_STOCK, 0.3), outline=ink, w=ow)
            p.line([(0.16, 0.86), (0.17, 0.36), (0.22, 0.34), (0.34, 0.5), (0.32, 0.86)],
                   fill=trim, w=0.02, curve=False)
            for k in range(5):
                u = 0.19 + 0.025 * k
                p.line([(u, 0.4 + 0.025 * k), (u, 0.84)], fill=ink, w=0.003)
        return
    if pr == "sword_behind":  # the cross-guard square to the blade, the grip in the hand
        gu, gv, du, dv = 0.28, 0.735, 0.055, 0.045
        p.poly([(gu - du, gv - dv), (gu - du + 0.02, gv - dv - 0.016), (gu + du + 0.02,
                gv + dv - 0.016), (gu + du, gv + dv)], fill=trim, outline=ink, w=ow)
        p.line([(gu - 0.01, gv + 0.01), (0.215, 0.81)], fill=ink, w=0.03)
        p.line([(gu - 0.01, gv + 0.01), (0.215, 0.81)], fill=WOOD, w=0.018)
        _hand(p, 0.225, 0.8, skin)
    elif pr in ("halberd", "axe"):
        _hand(p, 0.175 if pr == "halberd" else 0.2, 0.78, skin)
    elif pr in ("torch", "sceptre", "sword"):
        _hand(p, 0.81 if pr != "sceptre" else 0.805, 0.8, skin)
    elif pr == "harp":
        _hand(p, 0.3, 0.7, skin)
    elif pr == "orb":
        p.ell(0.78, 0.64, 0.06, fill=trim, outline=ink, w=ow)
        p.line([(0.72, 0.64), (0.84, 0.64)], fill=ink, w=0.006)
        p.line([(0.78, 0.64), (0.78, 0.7)], fill=ink, w=0.006)
        p.rect(0.774, 0.54, 0.786, 0.58, fill=ink)
        p.rect(0.764, 0.55, 0.796, 0.562, fill=ink)
        _hand(p, 0.78, 0.72, skin)
    elif pr == "rose":
        p.line([(0.78, 0.78), (0.8, 0.5)], fill=hexc("#2F6B3B"), w=0.014)
        p.ell(0.84, 0.62, 0.035, 0.015, fill=hexc("#3C7A3A"))
        for k in range(6):
            a = k * math.pi / 3
            p.ell(0.8 + 0.035 * math.cos(a), 0.46 + 0.035 * math.sin(a), 0.028, fill=flower,
                  outline=ink, w=0.004)
        p.ell(0.8, 0.46, 0.022, fill=trim, outline=ink, w=0.004)
        _hand(p, 0.78, 0.8, skin)
    elif pr == "fan":
        p.pie(0.22, 0.7, 0.16, 0.16, 200, 340, fill=main, outline=ink, w=ow)
        for k in range(6):
            a = math.radians(200 + 140 * k / 5)
            p.line([(0.22, 0.7), (0.22 + 0.16 * math.cos(a), 0.7 + 0.16 * math.sin(a))],
                   fill=trim, w=0.006)
        _hand(p, 0.22, 0.72, skin)
    elif pr == "mirror":
        p.rect(0.2, 0.6, 0.23, 0.76, fill=trim, outline=ink, w=0.006)
        p.ell(0.215, 0.5, 0.06, 0.08, fill=trim, outline=ink, w=ow)
        p.ell(0.215, 0.5, 0.045, 0.065, fill=hexc("#BFD9EA"), outline=ink, w=0.004)
        p.line([(0.19, 0.46), (0.22, 0.44)], fill=PEARL, w=0.008)
        _hand(p, 0.215, 0.76, skin)
    elif pr == "bow":
        p.line([(0.14, 0.62), (0.62, 0.62)], fill=WOOD, w=0.008, curve=False)
        p.poly([(0.62, 0.6), (0.66, 0.62), (0.62, 0.64)], fill=STEEL, outline=ink, w=0.004)
        p.poly([(0.14, 0.6), (0.12, 0.6), (0.14, 0.62), (0.12, 0.64), (0.14, 0.64)],
               fill=PEARL, outline=ink, w=0.003)
        _hand(p, 0.2, 0.64, skin)


def render_back() -> Image.Image:
    """Navy lattice of small diamonds and stars inside a white border."""
    import math

    img = Image.new("RGB", (CW, CH), WHITE_STOCK)
    navy, light = hexc("#1F3357"), hexc("#2E4C7D")
    m = int(0.055 * CW)
    ImageDraw.Draw(img).rounded_rectangle([m, m, CW - m, CH - m], radius=int(0.03 * CW),
                                          fill=navy)
    # the lattice is drawn on a copy and pasted through the field's shape, so that it stops
    # inside the gold rule and leaves a clear ring round the medallion
    pattern = img.copy()
    d = ImageDraw.Draw(pattern)
    step = CW * 0.1
    cols = int((CW - 2 * m) / step) + 2
    rows = int((CH - 2 * m) / step) + 2
    ox = CW / 2 - step * (cols // 2)
    oy = CH / 2 - step * (rows // 2)
    for i in range(cols + 1):
        for j in range(rows + 1):
            x, y = ox + i * step, oy + j * step
            if not (m + 8 < x < CW - m - 8 and m + 8 < y < CH - m - 8):
                continue
            r = step * 0.5
            d.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], outline=light, width=3)
            r2 = step * 0.14
            if math.hypot(x - CW / 2, y - CH / 2) < CW * 0.2 + R_CLEAR + r2:
                continue  # no half motif under the medallion's ring
            d.polygon([(x, y - r2), (x + r2, y), (x, y + r2), (x - r2, y)], fill=GOLD)
    cx, cy, R = CW / 2, CH / 2, CW * 0.2
    img.paste(pattern, (0, 0), back_field_mask(m + 3, int(0.03 * CW), (cx, cy), R + R_CLEAR))
    d = ImageDraw.Draw(img)
    # a central medallion
    d.ellipse([cx - R, cy - R, cx + R, cy + R], fill=navy, outline=GOLD, width=8)
    d.ellipse([cx - R * 0.85, cy - R * 0.85, cx + R * 0.85, cy + R * 0.85], outline=light,
              width=4)
    pts = []
    for k in range(16):
        rr = R * (0.7 if k % 2 == 0 else 0.3)
        a = -math.pi / 2 + k * math.pi / 8
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    d.polygon(pts, fill=GOLD)
    d.rounded_rectangle([m, m, CW - m, CH - m], radius=int(0.03 * CW), outline=GOLD, width=6)
    d.rounded_rectangle([m + 16, m + 16, CW - m - 16, CH - m - 16], radius=int(0.02 * CW),
                        outline=light, width=3)
    return img
