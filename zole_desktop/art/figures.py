"""Half-figure character illustrations for the Rainis decks, from Pillow primitives.

A character is a :class:`Look` (skin, hair, costume, headwear, props, scene) with a
:class:`~zole_desktop.art.faces.Face` of their own and a build (shoulders, head size and
carriage). The panel uses a local frame where u runs 0..1 across the panel and v runs down
in the same unit, so circles stay round; ``pv`` is the panel height in that unit (about 1.15).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from PIL import Image

from .common import INK, Painter, bezier, hexc, mix, vgradient
from .faces import Face, draw_face, draw_head, mouth_y

OW = 0.007  # outline width
WHITE = (250, 249, 244)
LINEN = hexc("#F3EEE2")
STEEL = hexc("#C9CED6")
SILVER = hexc("#DDE3EA")
GOLD = hexc("#E2B33C")
DARKGOLD = hexc("#B8892A")
RED = hexc("#B3262E")
WOOD = hexc("#8A5A2B")


@dataclass
class Look:
    skin: str = "#F0C8A0"
    hair: str = "#6B4A2B"
    hair_style: str = "short"  # short, long, braid, bald, none, curly
    eyes: str = "#3F5F8A"
    female: bool = False
    beard: str = ""  # "", full, long, short, goatee, moustache, long_moustache, stubble
    beard_color: str = ""
    style: str = "shirt"
    c1: str = "#F3EEE2"  # main garment
    c2: str = "#A5232B"  # trim / embroidery
    c3: str = "#2F6B3B"  # third colour
    headwear: str = ""
    props: list[str] = field(default_factory=list)
    scene: str = "plain"
    seed: int = 1
    pale: bool = False
    belt: bool = True
    face: Face = Face()
    build: float = 1.0  # shoulder width
    head_scale: float = 1.0
    head_dv: float = 0.0  # head lower (+) for a stoop or a child, higher (-) for a proud neck
    neck: float = 1.0  # neck width


# --- scenes ---------------------------------------------------------------------------------


def scene(p: Painter, name: str, pv: float, seed: int) -> None:
    rnd = random.Random(seed)
    img = p.img
    box = (p.x0, p.y0, p.x0 + p.sx, p.y0 + pv * p.sy)

    def grad(top, bottom, v0=0.0, v1=None):
        v1 = pv if v1 is None else v1
        vgradient(img, (box[0], p.y0 + v0 * p.sy, box[2], p.y0 + v1 * p.sy + 1), hexc(top),
                  hexc(bottom))

    def hills(v, color, amp=0.04, n=3):
        pts = [(0, pv)]
        for k in range(41):
            u = k / 40
            pts.append((u, v - amp * math.sin(u * math.pi * n + seed)))
        pts.append((1, pv))
        p.poly(pts, fill=hexc(color))

    def firs(color, items):
        for u, v, h in items:
            for k in range(4):
                w = h * (0.35 - 0.06 * k)
                top = v - h * (0.35 + 0.22 * k)
                p.poly([(u, top), (u + w, top + h * 0.42), (u - w, top + h * 0.42)],
                       fill=hexc(color))
            p.rect(u - h * 0.03, v - h * 0.02, u + h * 0.03, v + h * 0.1, fill=hexc("#4A3424"))

    def water(v0, c_top, c_bot, line):
        grad(c_top, c_bot, v0, pv)
        for _k in range(14):
            v = v0 + 0.03 + rnd.random() * (pv - v0)
            u = rnd.random()
            p.line([(u - 0.08, v), (u, v - 0.006), (u + 0.08, v)], fill=hexc(line), w=0.006)

    def birds(n, color, region=(0.55, 0.95, 0.06, 0.3), size=0.03):
        for _ in range(n):
            u = region[0] + rnd.random() * (region[1] - region[0])
            v = region[2] + rnd.random() * (region[3] - region[2])
            s = size * (0.7 + 0.5 * rnd.random())
            p.poly([(u - s, v - s * 0.3), (u - s * 0.3, v - s * 0.1), (u, v + s * 0.25),
                    (u + s * 0.3, v - s * 0.1), (u + s, v - s * 0.3), (u + s * 0.2, v + s * 0.05),
                    (u, v + s * 0.4), (u - s * 0.2, v + s * 0.05)], fill=hexc(color))

    def crescent(u, v, r, color, bg):
        p.ell(u, v, r, fill=hexc(color))
        p.ell(u + r * 0.45, v - r * 0.2, r * 0.85, fill=hexc(bg))

    def stars(n, color, vmax=0.6):
        for _ in range(n):
            p.star(rnd.random(), rnd.random() * vmax, 0.008 + rnd.random() * 0.008,
                   hexc(color), n=4, inner=0.35)

    def tower(u, v, w, h, wall, roof):
        p.rect(u - w / 2, v - h, u + w / 2, v, fill=hexc(wall), outline=INK, w=0.004)
        p.poly([(u - w / 2 - 0.01, v - h), (u, v - h - w * 1.1), (u + w / 2 + 0.01, v - h)],
               fill=hexc(roof), outline=INK, w=0.004)
        p.rect(u - w * 0.12, v - h * 0.7, u + w * 0.12, v - h * 0.55, fill=INK)

    if name == "fire":
        grad("#2A0D0A", "#C2521C")
        for k in range(9):
            u = k / 8
            h = 0.25 + rnd.random() * 0.3
            p.poly([(u - 0.1, pv), (u - 0.02, pv - h * 0.6), (u + 0.01, pv - h), (u + 0.04,
                   pv - h * 0.5), (u + 0.1, pv)], fill=hexc("#E0782A"))
            p.poly([(u - 0.05, pv), (u, pv - h * 0.55), (u + 0.05, pv)], fill=hexc("#F4C04A"))
        for _ in range(30):
            p.ell(rnd.random(), rnd.random() * pv * 0.8, 0.004, fill=hexc("#F7D77A"))
    elif name == "moon":
        grad("#0E1430", "#3A2D5C")
        stars(26, "#F3EEE2")
        crescent(0.8, 0.2, 0.11, "#F4E3A1", "#141A3A")
    elif name == "crowd":
        # a torch-lit sky over a dark crowd with spears: the traitor stands out against it
        grad("#E7A04E", "#8A3A22", 0, 0.75)
        grad("#8A3A22", "#3A1A16", 0.75, pv)
        for u in (0.1, 0.9):
            p.line([(u, 0.34), (u + 0.01, 0.7)], fill=hexc("#2A1A14"), w=0.014)
            p.poly([(u - 0.03, 0.34), (u, 0.22), (u + 0.03, 0.34)], fill=hexc("#F4C04A"))
            p.poly([(u - 0.015, 0.34), (u, 0.28), (u + 0.015, 0.34)], fill=hexc("#FFF0B0"))
        for row, (v, col) in enumerate(((0.6, "#4A241E"), (0.76, "#2A1614"))):
            for k in range(9):
                u = k / 8 + (0.06 if row else 0) + rnd.uniform(-0.02, 0.02)
                p.ell(u, v, 0.045, fill=hexc(col))
                p.ell(u, v + 0.12, 0.09, 0.08, fill=hexc(col))
        for u in (0.2, 0.32, 0.72, 0.84):
            p.line([(u, 0.44), (u + 0.02, 0.8)], fill=hexc("#2A1614"), w=0.008)
            p.poly([(u - 0.012, 0.45), (u, 0.39), (u + 0.012, 0.45)], fill=hexc("#8C8681"))
    elif name == "river":
        grad("#BFD9EA", "#EAF1EC", 0, 0.55)
        hills(0.5, "#5E8C4E", 0.02)
        firs("#2F5A35", [(u, 0.55, 0.14) for u in (0.05, 0.16, 0.9, 0.97)])
        water(0.6, "#4F7FA8", "#2E5A80", "#A9C8DE")
        p.poly([(0.02, 0.78), (0.22, 0.78), (0.19, 0.82), (0.05, 0.82)], fill=WOOD, outline=INK,
               w=0.004)
    elif name == "fir_river":
        grad("#DCE8E2", "#F4F0E2", 0, 0.6)
        hills(0.58, "#7FA35F", 0.02, 2)
        firs("#23492B", [(0.82, 0.66, 0.55), (0.12, 0.6, 0.3)])
        water(0.7, "#6F9BBE", "#3E6D96", "#D5E4EE")
    elif name == "meadow":
        grad("#A7CBE6", "#E6EFD8", 0, 0.7)
        p.ell(0.84, 0.16, 0.07, fill=hexc("#F6D26B"))
        hills(0.55, "#86B160", 0.03, 2)
        hills(0.7, "#5F9445", 0.03, 3)
        for u, v in ((0.1, 0.66), (0.22, 0.7), (0.9, 0.74)):
            p.ell(u, v, 0.035, 0.022, fill=WHITE, outline=INK, w=0.003)
            p.ell(u - 0.035, v - 0.006, 0.012, fill=INK)
    elif name == "garden":
        grad("#E4EDD3", "#B9D19A")
        for k in range(7):
            u = k / 6
            p.line([(u, 0), (u, pv)], fill=hexc("#C9B98F"), w=0.006)
        for u, v in ((0.1, 0.7), (0.9, 0.65), (0.15, 0.35), (0.88, 0.3)):
            p.ell(u, v, 0.12, 0.09, fill=hexc("#4E7F3A"))
            for _ in range(5):
                p.ell(u + rnd.uniform(-0.08, 0.08), v + rnd.uniform(-0.05, 0.05), 0.018,
                      fill=hexc("#C8323E"), outline=INK, w=0.003)
    elif name == "turaida":
        grad("#F2C38E", "#F7E6C4", 0, 0.6)
        hills(0.52, "#6E9A52", 0.05, 1)
        p.rect(0.7, 0.28, 0.96, 0.5, fill=hexc("#B4553A"), outline=INK, w=0.004)
        tower(0.78, 0.5, 0.12, 0.34, "#B4553A", "#7A3024")
        for k in range(5):
            p.rect(0.7 + 0.055 * k, 0.26, 0.73 + 0.055 * k, 0.29, fill=hexc("#B4553A"))
        p.chord(0.1, 0.8, 0.14, 0.16, 180, 360, fill=hexc("#3A2A20"))
        p.rect(0, 0.8, 1, pv, fill=hexc("#5E8C4E"))
    elif name == "camp":
        grad("#9C8F7A", "#4E4538")
        for u in (0.1, 0.88):
            p.poly([(u - 0.12, 0.72), (u, 0.5), (u + 0.12, 0.72)], fill=hexc("#D9CFB8"),
                   outline=INK, w=0.004)
        for _ in range(6):
            p.ell(rnd.random(), rnd.random() * 0.4, 0.08, 0.04, fill=hexc("#B3A892"))
    elif name == "lark":
        grad("#F6F0D8", "#DDE7CF")
        hills(0.75, "#A8BE84", 0.02, 2)
        p.ell(0.5, 0.5, 0.42, fill=hexc("#FBF6E4"))
        birds(1, "#5B4636", (0.8, 0.82, 0.14, 0.16), 0.05)
        birds(2, "#8C8681", (0.1, 0.3, 0.1, 0.3), 0.03)
    elif name == "ice":
        grad("#EEF6F8", "#BFD9E4")
        birds(7, "#1E1B18", (0.05, 0.95, 0.05, 0.22), 0.03)
        for u, w, h, c in ((0.2, 0.3, 0.6, "#8FB3D9"), (0.78, 0.35, 0.7, "#A8D5D1"),
                           (0.5, 0.45, 0.45, "#9CC6D6")):
            top = pv - h - 0.15
            p.poly([(u - w, pv), (u, top), (u + w, pv)], fill=hexc(c), outline=hexc("#6F9CB8"),
                   w=0.004)
            p.poly([(u, top), (u + w * 0.3, pv), (u + w * 0.05, pv)], fill=hexc("#E4F3F5"))
        for _ in range(25):
            p.star(rnd.random(), rnd.random() * pv, 0.01, WHITE, n=6, inner=0.3)
    elif name == "gold":
        grad("#FBE7A6", "#E9B44C")
        for k in range(14):
            a = math.pi * k / 13
            p.poly([(0.5, 0.5), (0.5 + math.cos(a - 0.04), 0.5 - math.sin(a - 0.04)),
                    (0.5 + math.cos(a + 0.04), 0.5 - math.sin(a + 0.04))], fill=hexc("#F6D57C"))
    elif name == "grave":
        grad("#10201E", "#2E3C3A")
        crescent(0.18, 0.14, 0.07, "#E8E2C6", "#122220")
        stars(14, "#C9D2C8", 0.4)
        p.ell(0.5, pv + 0.1, 0.6, 0.3, fill=hexc("#253021"))
        p.rect(0.83, 0.35, 0.86, 0.8, fill=hexc("#3A2E26"))
        p.rect(0.77, 0.44, 0.92, 0.47, fill=hexc("#3A2E26"))
        for u in (0.1, 0.22):
            p.ell(u, 0.8, 0.06, fill=hexc("#F4C04A"))
    elif name == "wedding":
        grad("#F7F1E3", "#EADFC7")
        for k in range(12):
            for j in range(12):
                if (k + j) % 2 == 0:
                    u, v = k / 11, j / 11 * pv
                    p.poly([(u, v - 0.02), (u + 0.02, v), (u, v + 0.02), (u - 0.02, v)],
                           fill=hexc("#E2C6BF"))
        p.rect(0, 0, 1, 0.03, fill=hexc("#A5232B"))
    elif name == "midsummer":
        grad("#241A3A", "#6B3A3A")
        stars(16, "#F3EEE2", 0.4)
        p.poly([(0.7, pv), (0.82, 0.6), (0.94, pv)], fill=hexc("#F1A33A"))
        p.poly([(0.76, pv), (0.82, 0.72), (0.88, pv)], fill=hexc("#F9DA6A"))
        for u in (0.08, 0.2):
            p.ell(u, 0.68, 0.03, fill=hexc("#120E18"))
            p.poly([(u - 0.05, 0.92), (u, 0.7), (u + 0.05, 0.92)], fill=hexc("#120E18"))
    elif name == "egypt":
        grad("#F6D9A0", "#E4B46A", 0, 0.7)
        p.ell(0.8, 0.2, 0.09, fill=hexc("#D9482B"))
        p.poly([(0.0, 0.72), (0.16, 0.46), (0.34, 0.72)], fill=hexc("#C99853"), outline=INK,
               w=0.003)
        p.poly([(0.7, 0.72), (0.86, 0.5), (1.02, 0.72)], fill=hexc("#C99853"), outline=INK,
               w=0.003)
        p.rect(0, 0.72, 1, pv, fill=hexc("#D8A95E"))
    elif name == "nile":
        grad("#CFE3D4", "#F1E3BC")
        for u in (0.08, 0.92):
            p.rect(u - 0.05, 0.2, u + 0.05, pv, fill=hexc("#E8D3A2"), outline=INK, w=0.004)
            p.poly([(u - 0.09, 0.2), (u - 0.05, 0.1), (u + 0.05, 0.1), (u + 0.09, 0.2)],
                   fill=hexc("#3C7A3A"), outline=INK, w=0.004)
            for k in range(4):
                p.rect(u - 0.05, 0.3 + k * 0.18, u + 0.05, 0.32 + k * 0.18, fill=hexc("#2E5A9C"))
        water(0.85, "#4E8BA0", "#2E5A80", "#B7D7DF")
    elif name == "pasture":
        grad("#F2D3A8", "#F4EAD4", 0, 0.6)
        hills(0.58, "#9DB36A", 0.04, 1)
        hills(0.75, "#7D9C52", 0.03, 2)
        for u, v in ((0.12, 0.72), (0.88, 0.68), (0.8, 0.8)):
            p.ell(u, v, 0.04, 0.025, fill=WHITE, outline=INK, w=0.003)
            p.ell(u + 0.04, v - 0.008, 0.013, fill=INK)
    elif name == "forest":
        grad("#5C6F6A", "#25322C")
        tower(0.5, 0.5, 0.14, 0.3, "#7F7468", "#3A2E26")
        firs("#17261D", [(0.08, 0.9, 0.6), (0.25, 0.95, 0.5), (0.75, 0.95, 0.5),
                         (0.93, 0.9, 0.6)])
    elif name == "kuldiga":
        grad("#C8D8E4", "#E9EEF0", 0, 0.6)
        tower(0.15, 0.55, 0.12, 0.3, "#C79E74", "#7A3024")
        p.rect(0.22, 0.4, 0.5, 0.55, fill=hexc("#C79E74"), outline=INK, w=0.004)
        water(0.62, "#6E93B0", "#3E6D96", "#E4EEF4")
        for k in range(10):
            p.ell(k / 9, 0.64, 0.06, 0.02, fill=WHITE)
    elif name == "sea":
        grad("#9FB7C7", "#D8E2E6", 0, 0.55)
        p.poly([(0.72, 0.52), (0.8, 0.3), (0.8, 0.52)], fill=WHITE, outline=INK, w=0.003)
        p.poly([(0.66, 0.53), (0.9, 0.53), (0.86, 0.57), (0.7, 0.57)], fill=WOOD)
        water(0.56, "#5F7F95", "#37546A", "#C9D8E0")
        p.ell(0.1, pv + 0.05, 0.4, 0.2, fill=hexc("#D9C79A"))
    elif name == "road":
        grad("#E9C79A", "#F4E9D4", 0, 0.6)
        hills(0.6, "#A9A360", 0.02, 1)
        p.poly([(0.42, 0.6), (0.5, 0.6), (0.9, pv), (0.1, pv)], fill=hexc("#C9A77A"))
        p.rect(0.78, 0.48, 0.94, 0.6, fill=hexc("#8C6A4A"), outline=INK, w=0.003)
        p.poly([(0.75, 0.49), (0.86, 0.4), (0.97, 0.49)], fill=hexc("#6E5B3A"), outline=INK,
               w=0.003)
        for u in (0.1, 0.2):
            p.rect(u - 0.008, 0.3, u + 0.008, 0.65, fill=WHITE)
            p.ell(u, 0.32, 0.06, 0.1, fill=hexc("#D9A520"))
    elif name == "daugava":
        grad("#B8C9D3", "#E6ECEC", 0, 0.5)
        p.poly([(0, 0.5), (0.3, 0.4), (0.5, 0.5)], fill=hexc("#8C7A60"))
        water(0.5, "#5C7F98", "#2E4F6C", "#F3F6F6")
        for _ in range(18):
            p.ell(rnd.random(), 0.55 + rnd.random() * (pv - 0.55), 0.04, 0.012, fill=WHITE)
        p.poly([(0.02, 0.9), (0.24, 0.9), (0.2, 0.95), (0.06, 0.95)], fill=hexc("#CDB98F"),
               outline=INK, w=0.004)
    elif name == "dawn":
        grad("#F2B07A", "#FBE8C8", 0, 0.7)
        for k in range(10):
            a = math.pi * k / 9
            p.poly([(0.5, 0.75), (0.5 + math.cos(a - 0.05), 0.75 - math.sin(a - 0.05)),
                    (0.5 + math.cos(a + 0.05), 0.75 - math.sin(a + 0.05))], fill=hexc("#F6C98E"))
        hills(0.75, "#6E8A4A", 0.02, 2)
    else:
        grad("#E8E0CC", "#D9CFB8")


# --- the figure -----------------------------------------------------------------------------

HEAD = (0.5, 0.42)  # centre
HR = (0.105, 0.13)  # radii


def draw_character(img: Image.Image, box: tuple[int, int, int, int], look: Look) -> None:
    x0, y0, x1, y1 = (int(v) for v in box)
    sub = img.crop((x0, y0, x1, y1))
    pw = x1 - x0
    pv = (y1 - y0) / pw
    scene(Painter(sub, 0, 0, pw), look.scene, pv, look.seed)
    # the figure is drawn a little larger than the panel, anchored at the bottom edge
    k = FIG_SCALE
    p = Painter(sub, pw * (0.5 - 0.5 * k), pv * pw * (1 - k), pw * k)
    _figure(p, look, pv)
    img.paste(sub, (x0, y0))


FIG_SCALE = 1.17


def _figure(p: Painter, look: Look, pv: float) -> None:
    skin = hexc(look.skin)
    if look.pale:
        skin = mix(skin, (225, 228, 230), 0.5)
    hair = hexc(look.hair)
    c1, c2, c3 = hexc(look.c1), hexc(look.c2), hexc(look.c3)
    cu, cv = HEAD
    rx, ry = HR
    base, p = p, head_painter(p, look)

    back_props = [pr for pr in look.props if pr in BACK_PROPS]
    front_props = [pr for pr in look.props if pr not in BACK_PROPS]
    for pr in back_props:
        PROPS[pr](base, look, pv)

    # headwear parts that hang behind (veils, cloaks, hoods, nemes)
    if look.headwear in ("hood",):
        p.ell(cu, cv - 0.01, rx * 1.55, ry * 1.45, fill=c1, outline=INK, w=OW)
    if look.headwear == "nemes":
        p.poly([(cu - rx * 1.3, cv - ry * 0.9), (cu + rx * 1.3, cv - ry * 0.9),
                (cu + rx * 1.7, cv + 0.25), (cu - rx * 1.7, cv + 0.25)], fill=GOLD, outline=INK,
               w=OW)
        for k in range(7):
            v = cv - ry * 0.6 + k * 0.045
            p.line([(cu - rx * 1.45 - k * 0.008, v), (cu + rx * 1.45 + k * 0.008, v)],
                   fill=hexc("#2E5A9C"), w=0.014)
    if look.headwear in ("kerchief", "headscarf"):
        col = c3 if look.headwear == "kerchief" else c2
        p.ell(cu, cv + 0.005, rx * 1.35, ry * 1.3, fill=col, outline=INK, w=OW)
        p.poly([(cu - rx * 1.2, cv + 0.05), (cu - rx * 1.7, cv + 0.26), (cu + rx * 1.7, cv + 0.26),
                (cu + rx * 1.2, cv + 0.05)], fill=col, outline=INK, w=OW)

    # long hair behind the shoulders
    if look.hair_style in ("long", "braid") and look.headwear not in ("kerchief", "headscarf",
                                                                     "nemes"):
        p.poly([(cu - rx * 1.15, cv - 0.04), (cu - rx * 1.45, cv + 0.3), (cu + rx * 1.45, cv + 0.3),
                (cu + rx * 1.15, cv - 0.04)], fill=hair, outline=INK, w=OW)
        p.ell(cu, cv - 0.02, rx * 1.2, ry * 1.15, fill=hair, outline=INK, w=OW)

    _body(base, look, pv, skin, c1, c2, c3)

    # neck, from under the chin (wherever the head sits) down into the collar
    s = look.head_scale * HEAD_SCALE
    nw = 0.045 * look.neck * s
    top = cv + look.head_dv + 0.06 * s
    base.poly([(cu - nw, top), (cu + nw, top), (cu + nw * 1.1, 0.64), (cu - nw * 1.1, 0.64)],
              fill=skin, outline=INK, w=OW)
    chin = cv + look.head_dv + (0.1 + 0.03 * (look.face.chin - 1)) * s
    base.poly([(cu - nw, chin), (cu + nw, chin), (cu + nw, chin + 0.03),
               (cu - nw, chin + 0.05)], fill=mix(skin, INK, 0.15))
    _neckwear(base, look, pv, skin, c1, c2, c3)

    # head
    if look.hair_style == "curly":
        for k in range(9):
            a = math.pi * (0.9 + 1.2 * k / 8)
            p.ell(cu + rx * 1.0 * math.cos(a), cv - 0.01 + ry * 0.95 * math.sin(a), 0.04,
                  fill=hair, outline=INK, w=OW)
    draw_head(p, look.face, cu, cv, rx, ry, skin, outline_w=OW)
    if "stubble" in look.beard.split("+"):  # under the features, not over them
        col = hexc(look.beard_color) if look.beard_color else hair
        f = look.face
        p.chord(cu, cv + 0.02, rx * 0.92 * f.width, ry * 0.95 * f.chin, 20, 160,
                fill=mix(skin, col, 0.16))
    draw_face(p, look.face, cu, cv, rx, ry, skin, hair=hair if look.hair_style != "bald" else
              hexc("#C8C2B8"), eye_color=look.eyes, female=look.female, pale=look.pale)
    _hair_front(p, look, hair)
    _beard(p, look, skin, hair)
    _headwear(p, look, c1, c2, c3, hair)

    for pr in front_props:
        PROPS[pr](base, look, pv)


HEAD_SCALE = 1.08  # heads a little larger than life, so that faces read at table size


def head_painter(p: Painter, look: Look) -> Painter:
    """A painter in which the standard head at ``HEAD`` comes out scaled by the look's head
    size around its centre and moved down by ``head_dv``."""
    s = look.head_scale * HEAD_SCALE
    cu, cv = HEAD
    return Painter(p.img, p.x0 + p.sx * (cu - cu * s), p.y0 + p.sy * (cv + look.head_dv - cv * s),
                   p.sx * s, p.sy * s)


def _body(p: Painter, look: Look, pv, skin, c1, c2, c3) -> None:
    cu = HEAD[0]
    sh = (0.33 if look.female else 0.38) * look.build  # shoulder half width
    top = 0.6
    bottom = pv + 0.02
    body = [(cu - sh - 0.06, bottom), (cu - sh - 0.02, top + 0.14)]
    body += bezier((cu - sh - 0.02, top + 0.14), (cu - sh + 0.01, top + 0.02), (cu - 0.1, top), 8)
    body += bezier((cu + 0.1, top), (cu + sh - 0.01, top + 0.02), (cu + sh + 0.02, top + 0.14), 8)
    body += [(cu + sh + 0.06, bottom)]
    st = look.style
    if st == "cloak":
        # a high, stiff collar framing the face
        for s in (-1, 1):
            p.poly([(cu + s * 0.06, top + 0.02), (cu + s * 0.3, HEAD[1] - 0.02),
                    (cu + s * 0.26, top + 0.12)], fill=c2, outline=INK, w=OW)
        b = look.build
        p.poly([(cu - 0.5 * b, bottom), (cu - 0.44 * b, top + 0.1), (cu - 0.2, top - 0.04),
                (cu + 0.2, top - 0.04), (cu + 0.44 * b, top + 0.1), (cu + 0.5 * b, bottom)],
               fill=c1, outline=INK, w=OW)
        p.poly([(cu - 0.13, top), (cu + 0.13, top), (cu + 0.18, bottom), (cu - 0.18, bottom)],
               fill=c2, outline=INK, w=OW)
        for k in range(4):
            p.line([(cu - 0.3 + 0.02 * k, top + 0.15 + k * 0.05), (cu - 0.35, bottom)],
                   fill=mix(c1, INK, 0.4), w=0.006)
        p.ell(cu, top + 0.03, 0.025, fill=c3, outline=INK, w=OW)
        return
    p.poly(body, fill=c1, outline=INK, w=OW)
    if st == "shirt":
        # linen shirt with a red embroidered placket and a Lielvārde-style belt
        p.poly([(cu - 0.035, top + 0.02), (cu + 0.035, top + 0.02), (cu + 0.03, top + 0.3),
                (cu - 0.03, top + 0.3)], fill=c2)
        for k in range(6):
            v = top + 0.04 + k * 0.045
            p.poly([(cu, v - 0.015), (cu + 0.02, v), (cu, v + 0.015), (cu - 0.02, v)], fill=c1)
        for s in (-1, 1):
            p.line([(cu + s * 0.22, top + 0.1), (cu + s * 0.26, bottom)],
                   fill=mix(c1, INK, 0.18), w=0.006)
        if look.belt:
            p.rect(cu - sh - 0.06, pv - 0.08, cu + sh + 0.06, pv - 0.035, fill=c2, outline=INK,
                   w=0.004)
            for k in range(14):
                u = cu - sh + k * (2 * sh) / 13
                p.poly([(u, pv - 0.078), (u + 0.02, pv - 0.057), (u, pv - 0.037),
                        (u - 0.02, pv - 0.057)], fill=LINEN)
                p.ell(u, pv - 0.057, 0.006, fill=c3)
    elif st == "gown":
        # bodice with an embroidered neckline and a contrasting shawl edge
        p.poly([(cu - 0.12, top), (cu, top + 0.12), (cu + 0.12, top)], fill=skin, outline=INK,
               w=OW)
        p.line([(cu - 0.13, top - 0.005), (cu, top + 0.125), (cu + 0.13, top - 0.005)], fill=c2,
               w=0.02)
        p.poly([(cu - 0.08, top + 0.2), (cu + 0.08, top + 0.2), (cu + 0.12, bottom),
                (cu - 0.12, bottom)], fill=c2, outline=INK, w=OW)
        for k in range(5):
            v = top + 0.25 + 0.08 * k
            p.poly([(cu, v - 0.025), (cu + 0.03, v), (cu, v + 0.025), (cu - 0.03, v)], fill=c3)
        for s in (-1, 1):
            p.poly([(cu + s * (sh + 0.02), top + 0.14), (cu + s * 0.14, top + 0.05),
                    (cu + s * 0.13, top + 0.15), (cu + s * (sh + 0.06), bottom - 0.2)],
                   fill=c3, outline=INK, w=OW)
    elif st == "armour":
        for j in range(12):
            for k in range(16):
                u = cu - sh - 0.04 + k * 0.055 + (0.027 if j % 2 else 0)
                v = top + 0.06 + j * 0.04
                if abs(u - cu) < sh + 0.02 - (0.0 if v > top + 0.1 else 0.1):
                    p.arc(u, v, 0.025, 0.02, 0, 180, mix(c1, INK, 0.35), 0.005)
        p.poly([(cu - 0.14, top + 0.02), (cu + 0.14, top + 0.02), (cu + 0.1, top + 0.08),
                (cu - 0.1, top + 0.08)], fill=c2, outline=INK, w=OW)
    elif st == "egypt":
        p.poly([(cu - 0.1, top), (cu + 0.1, top), (cu + 0.14, bottom), (cu - 0.14, bottom)],
               fill=mix(c1, INK, 0.06))
    elif st == "apron":
        p.poly([(cu - 0.2, top + 0.05), (cu - 0.12, top + 0.02), (cu - 0.14, bottom),
                (cu - 0.24, bottom)], fill=c3, outline=INK, w=OW)
        p.poly([(cu + 0.2, top + 0.05), (cu + 0.12, top + 0.02), (cu + 0.14, bottom),
                (cu + 0.24, bottom)], fill=c3, outline=INK, w=OW)
        p.poly([(cu - 0.17, top + 0.22), (cu + 0.17, top + 0.22), (cu + 0.2, bottom),
                (cu - 0.2, bottom)], fill=c2, outline=INK, w=OW)
        p.rect(cu - 0.08, top + 0.32, cu + 0.08, top + 0.42, outline=INK, w=0.004)
        p.line([(cu - 0.17, top + 0.22), (cu - 0.12, top + 0.02)], fill=mix(c2, INK, 0.3),
               w=0.01)
        p.line([(cu + 0.17, top + 0.22), (cu + 0.12, top + 0.02)], fill=mix(c2, INK, 0.3),
               w=0.01)
    elif st == "fur":
        p.poly([(cu - 0.09, top), (cu + 0.09, top), (cu + 0.12, bottom), (cu - 0.12, bottom)],
               fill=c2, outline=INK, w=OW)
        for s in (-1, 1):
            for k in range(9):
                v = top + 0.02 + k * 0.055
                p.ell(cu + s * (0.15 + 0.005 * k), v, 0.05, 0.035, fill=c3, outline=INK, w=0.003)
        for k in range(7):
            a = math.pi * (0.1 + 0.8 * k / 6)
            p.ell(cu + 0.2 * math.cos(a), top + 0.02 - 0.04 * math.sin(a) + 0.04, 0.05, 0.04,
                  fill=c3, outline=INK, w=0.003)
    elif st == "mummer":
        for j in range(7):
            for k in range(10):
                u = cu - sh - 0.05 + k * 0.085 + (0.042 if j % 2 else 0)
                v = top + 0.08 + j * 0.085
                col = (c1, c2, c3)[(j + k) % 3]
                if abs(u - cu) < sh + 0.02:
                    p.poly([(u, v - 0.042), (u + 0.042, v), (u, v + 0.042), (u - 0.042, v)],
                           fill=col)
        p.poly(body, outline=INK, w=OW)
        for s in (-1, 1):
            p.line([(cu + s * 0.1, top + 0.01), (cu + s * 0.22, top + 0.4)], fill=GOLD, w=0.02)
    elif st == "tunic":
        p.line([(cu - 0.1, top + 0.02), (cu, top + 0.1), (cu + 0.1, top + 0.02)],
               fill=mix(c1, INK, 0.4), w=0.01)
        p.rect(cu - sh - 0.06, pv - 0.08, cu + sh + 0.06, pv - 0.05, fill=c2)
        for k in range(6):
            u = cu - 0.25 + k * 0.1
            p.line([(u, top + 0.25), (u + 0.01, pv - 0.1)], fill=mix(c1, INK, 0.15), w=0.004)
    elif st == "uniform":
        p.line([(cu - 0.01, top + 0.05), (cu - 0.01, bottom)], fill=INK, w=0.008)
        for k in range(5):
            p.ell(cu + 0.04, top + 0.1 + k * 0.09, 0.012, fill=GOLD, outline=INK, w=0.003)
        p.line([(cu - sh + 0.05, top + 0.08), (cu + 0.22, pv - 0.05)], fill=c2, w=0.04)
        for s in (-1, 1):
            p.rect(cu + s * (sh - 0.08) - 0.05, top + 0.02, cu + s * (sh - 0.08) + 0.05,
                   top + 0.06, fill=c3, outline=INK, w=0.003)
    elif st == "finery":
        p.poly([(cu - 0.1, top), (cu + 0.1, top), (cu + 0.12, bottom), (cu - 0.12, bottom)],
               fill=c2, outline=INK, w=OW)
        for k in range(6):
            p.line([(cu - 0.1, top + 0.08 + k * 0.07), (cu + 0.1, top + 0.08 + k * 0.07)],
                   fill=c3, w=0.01)
        for s in (-1, 1):
            p.poly([(cu + s * 0.1, top), (cu + s * 0.2, top + 0.2), (cu + s * 0.12, top + 0.35)],
                   fill=mix(c1, WHITE, 0.2), outline=INK, w=OW)


def _neckwear(p: Painter, look: Look, pv, skin, c1, c2, c3) -> None:
    cu, cv = HEAD
    if look.style == "egypt":
        for k, col in enumerate((GOLD, hexc("#2E5A9C"), GOLD, hexc("#B3262E"), GOLD)):
            r = 0.24 - k * 0.035
            p.chord(cu, 0.59, r, r * 0.75, 0, 180, fill=col, outline=INK, w=0.004)
        p.chord(cu, 0.59, 0.065, 0.05, 0, 180, fill=skin)
    elif look.style in ("shirt", "tunic", "uniform", "apron", "mummer"):
        p.poly([(cu - 0.07, 0.6), (cu, 0.66), (cu + 0.07, 0.6)], fill=skin, outline=INK, w=OW)
        if look.style in ("shirt", "apron"):
            p.line([(cu - 0.08, 0.595), (cu, 0.665), (cu + 0.08, 0.595)], fill=c2, w=0.012)


def _hair_front(p: Painter, look: Look, hair) -> None:
    cu, cv = HEAD
    rx, ry = HR
    hs = look.hair_style
    hw = look.headwear
    if hs in ("none",):
        return
    if hs == "peak":  # slicked back, a widow's peak
        for s in (-1, 1):  # temples down to the ears
            p.poly([(cu + s * rx * 1.04, cv - 0.05), (cu + s * rx * 1.06, cv + 0.01),
                    (cu + s * rx * 0.92, cv - 0.0), (cu + s * rx * 0.9, cv - 0.05)],
                   fill=hair, outline=INK, w=0.004)
        p.chord(cu, cv - 0.01, rx * 1.06, ry * 1.04, 190, 350, fill=hair, outline=INK, w=OW)
        p.poly([(cu - rx * 0.7, cv - ry * 0.24), (cu - rx * 0.3, cv - ry * 0.3),
                (cu, cv - ry * 0.12), (cu + rx * 0.3, cv - ry * 0.3), (cu + rx * 0.7,
                cv - ry * 0.24), (cu, cv - ry * 0.6)], fill=hair, outline=INK, w=0.004)
        for k in (-1, 1):
            p.line([(cu + k * rx * 0.3, cv - ry * 0.85), (cu + k * rx * 0.85, cv - ry * 0.4)],
                   fill=mix(hair, WHITE, 0.35), w=0.004)
        return
    if hs == "bald":
        for s in (-1, 1):
            p.poly([(cu + s * rx * 1.02, cv - 0.06), (cu + s * rx * 1.12, cv - 0.0),
                    (cu + s * rx * 1.05, cv + 0.05), (cu + s * rx * 0.9, cv - 0.03)],
                   fill=hair, outline=INK, w=0.004)
        return
    if hw in ("kerchief", "headscarf", "nemes", "hood", "helmet"):
        if hw in ("kerchief",):
            p.chord(cu, cv - 0.01, rx * 1.0, ry * 0.95, 195, 345, fill=hair, outline=INK, w=OW)
        return
    if look.female:
        # centre parting, hair framing the face
        for s in (-1, 1):
            outer = bezier((cu, cv - ry * 1.04), (cu + s * rx * 1.25, cv - ry * 1.0),
                           (cu + s * rx * 1.1, cv + 0.07), 12)
            inner = bezier((cu + s * rx * 0.93, cv + 0.07), (cu + s * rx * 0.8, cv - ry * 0.55),
                           (cu, cv - ry * 0.7), 12)
            p.poly(outer + inner, fill=hair, outline=INK, w=0.005)
        p.line([(cu, cv - ry * 1.02), (cu, cv - ry * 0.7)], fill=mix(hair, INK, 0.4), w=0.004)
    else:
        p.chord(cu, cv - 0.01, rx * 1.1, ry * 1.05, 190, 350, fill=hair, outline=INK, w=OW)
        fr = [(cu - rx * 1.1, cv - 0.01)]
        for k in range(7):
            u = cu - rx + k * rx * 2 / 6
            fr.append((u, cv - ry * (0.45 if k % 2 else 0.62)))
        fr.append((cu + rx * 1.1, cv - 0.01))
        fr.append((cu + rx * 1.1, cv - ry * 0.5))
        fr.append((cu, cv - ry * 1.05))
        fr.append((cu - rx * 1.1, cv - ry * 0.5))
        p.poly(fr, fill=hair)
    if hs == "braid":
        for k in range(6):
            p.ell(cu + rx * 1.1 + 0.01 * k, cv + 0.1 + k * 0.055, 0.03, 0.035, fill=hair,
                  outline=INK, w=0.004)
        bu, bv = cu + rx * 1.1 + 0.06, cv + 0.1 + 5 * 0.055 + 0.04
        p.poly([(bu, bv), (bu - 0.035, bv - 0.02), (bu - 0.035, bv + 0.02)], fill=RED,
               outline=INK, w=0.003)
        p.poly([(bu, bv), (bu + 0.035, bv - 0.02), (bu + 0.035, bv + 0.02)], fill=RED,
               outline=INK, w=0.003)


def _beard(p: Painter, look: Look, skin, hair) -> None:
    col = hexc(look.beard_color) if look.beard_color else hair
    if look.beard:
        draw_beard(p, look.beard, look.face, *HEAD, *HR, col, skin)


def draw_beard(p: Painter, kind: str, face: Face, cu, cv, rx, ry, col, skin) -> None:
    """A beard or moustache fitted to ``face``: full, long, short, goatee, forked, moustache,
    long_moustache, stubble (combine with ``+``, e.g. ``goatee+moustache``)."""
    k = rx / 0.105

    def H(x, y):
        return (cu + x * rx * face.width, cv + y * ry)

    my = mouth_y(face)
    ch = face.chin
    ow = 0.005 * k
    dark = mix(col, INK, 0.35)
    kinds = kind.split("+")
    for b in kinds:
        if b in ("full", "long", "short", "forked"):
            depth = {"full": 1.65, "long": 2.35, "short": 1.2, "forked": 2.0}[b] * ch
            pts = [H(-0.98, 0.1)]
            if b == "forked":
                pts += [H(-0.9, 0.6), H(-0.5, depth * 0.8), H(-0.22, depth), H(0.0, depth * 0.78),
                        H(0.22, depth), H(0.5, depth * 0.8), H(0.9, 0.6)]
            else:
                pts += bezier(H(-0.95, 0.4), H(-0.75 * face.jaw, depth + 0.05), H(0.0, depth), 8)
                pts += bezier(H(0.0, depth), H(0.75 * face.jaw, depth + 0.05), H(0.95, 0.4), 8)
            pts += [H(0.98, 0.1), H(0.6, my - 0.12), H(0.3, my + 0.05), H(0.0, my + 0.14),
                    H(-0.3, my + 0.05), H(-0.6, my - 0.12)]
            p.poly(pts, fill=col, outline=INK, w=ow)
            if b in ("long", "forked"):
                for j in (-1, 0, 1):
                    p.line([H(0.3 * j, my + 0.4), H(0.25 * j, depth - 0.25)], fill=dark,
                           w=0.004 * k)
        elif b == "goatee":
            p.poly([H(-0.3, my + 0.1), H(0.3, my + 0.1), H(0.12, ch + 0.3), H(0.0, ch + 0.62),
                    H(-0.12, ch + 0.3)], fill=col, outline=INK, w=ow)
    if any(b in ("full", "long", "short", "forked", "goatee", "moustache", "long_moustache")
           for b in kinds):
        long = "long_moustache" in kinds
        ext = 0.72 if long else 0.45
        drop = 0.3 if long else 0.08
        for s in (-1, 1):
            p.poly([H(0.0, my - 0.18), H(s * 0.28, my - 0.2), H(s * ext, my + drop),
                    H(s * 0.18, my - 0.07)], fill=col, outline=INK, w=0.003 * k)


def _headwear(p: Painter, look: Look, c1, c2, c3, hair) -> None:
    cu, cv = HEAD
    rx, ry = HR
    hw = look.headwear
    top = cv - ry * 0.92
    if hw == "bear_cap":
        fur = hexc("#6A4A2E")
        for s in (-1, 1):
            p.ell(cu + s * 0.085, top - 0.02, 0.04, fill=fur, outline=INK, w=OW)
            p.ell(cu + s * 0.085, top - 0.015, 0.02, fill=hexc("#B58A6A"))
        p.chord(cu, cv - 0.015, rx * 1.18, ry * 1.1, 180, 360, fill=fur, outline=INK, w=OW)
        rnd = random.Random(3)
        for k in range(13):
            u = cu - rx * 1.15 + k * rx * 2.3 / 12
            p.ell(u, cv - 0.03 + rnd.uniform(-0.004, 0.004), 0.018, fill=mix(fur, WHITE, 0.12),
                  outline=INK, w=0.003)
        for _ in range(20):
            u = cu + rnd.uniform(-0.09, 0.09)
            v = cv + rnd.uniform(-0.13, -0.06)
            p.line([(u, v), (u + 0.01, v - 0.012)], fill=mix(fur, INK, 0.35), w=0.004)
    elif hw in ("crown", "silver_crown", "circlet"):
        col = GOLD if hw != "silver_crown" else SILVER
        gem = hexc("#B3262E") if hw != "silver_crown" else hexc("#8FB3D9")
        band_v = top + 0.03
        if hw == "circlet":
            p.line([(cu - rx * 1.0, cv - 0.04), (cu, band_v - 0.01), (cu + rx * 1.0, cv - 0.04)],
                   fill=col, w=0.012)
            p.ell(cu, band_v, 0.014, fill=gem, outline=INK, w=0.003)
            return
        n = 5 if hw == "crown" else 7
        pts = [(cu - rx * 0.95, band_v + 0.03)]
        for k in range(n * 2 + 1):
            u = cu - rx * 0.95 + k * rx * 1.9 / (n * 2)
            pts.append((u, band_v - (0.09 if k % 2 else 0.03) * (1.2 if hw == "silver_crown" and
                                                                  k == n else 1)))
        pts.append((cu + rx * 0.95, band_v + 0.03))
        p.poly(pts, fill=col, outline=INK, w=OW)
        p.rect(cu - rx * 0.98, band_v, cu + rx * 0.98, band_v + 0.035, fill=col, outline=INK,
               w=OW)
        for k in range(3):
            p.ell(cu + (k - 1) * 0.06, band_v + 0.017, 0.011, fill=gem, outline=INK, w=0.003)
        for k in range(n):
            u = cu - rx * 0.95 + (2 * k + 1) * rx * 1.9 / (n * 2)
            p.ell(u, band_v - 0.09 * (1.2 if hw == "silver_crown" and k == n // 2 else 1),
                  0.009, fill=WHITE if hw == "silver_crown" else col, outline=INK, w=0.003)
    elif hw == "wreath":
        rnd = random.Random(5)
        for k in range(15):
            a = math.pi * (1.02 + 0.96 * k / 14)
            u = cu + rx * 1.05 * math.cos(a)
            v = cv - 0.03 + ry * 0.7 * math.sin(a)
            p.ell(u, v, 0.028, 0.016, fill=hexc("#3C7A3A"), outline=INK, w=0.003)
            if k % 3 == 1:
                p.ell(u, v - 0.01, 0.014, fill=(WHITE, hexc("#D9A520"), RED)[rnd.randrange(3)],
                      outline=INK, w=0.003)
    elif hw == "wedding_crown":
        v0, v1 = top - 0.06, top + 0.04
        p.rect(cu - rx * 1.02, v0, cu + rx * 1.02, v1, fill=hexc("#A5232B"), outline=INK, w=OW)
        for k in range(7):
            u = cu - rx * 0.9 + k * rx * 1.8 / 6
            p.poly([(u, v0 + 0.015), (u + 0.014, v0 + 0.05), (u, v1 - 0.015),
                    (u - 0.014, v0 + 0.05)], fill=GOLD)
        p.rect(cu - rx * 1.02, v0 - 0.012, cu + rx * 1.02, v0 + 0.006, fill=GOLD, outline=INK,
               w=0.003)
        for k in range(9):
            p.ell(cu - rx * 0.95 + k * rx * 1.9 / 8, v0 - 0.02, 0.01, fill=WHITE, outline=INK,
                  w=0.003)
    elif hw == "kerchief":
        p.chord(cu, cv - 0.015, rx * 1.32, ry * 1.3, 180, 360, fill=c3, outline=INK, w=OW)
        for k in range(6):
            a = math.pi * (1.1 + 0.8 * k / 5)
            p.ell(cu + rx * 1.0 * math.cos(a), cv - 0.02 + ry * 1.0 * math.sin(a), 0.008,
                  fill=WHITE)
        p.poly([(cu - 0.02, cv + ry + 0.05), (cu + 0.05, cv + ry + 0.03), (cu + 0.02,
                cv + ry + 0.09)], fill=c3, outline=INK, w=0.004)
    elif hw == "headscarf":
        p.chord(cu, cv - 0.02, rx * 1.3, ry * 1.28, 180, 360, fill=c2, outline=INK, w=OW)
        for k in range(8):
            a = math.pi * (1.08 + 0.84 * k / 7)
            p.ell(cu + rx * 1.1 * math.cos(a), cv - 0.03 + ry * 1.05 * math.sin(a), 0.009,
                  fill=c3)
        p.poly([(cu - 0.04, cv + ry + 0.03), (cu + 0.04, cv + ry + 0.03), (cu, cv + ry + 0.1)],
               fill=c2, outline=INK, w=0.004)
    elif hw == "fur_cap_feather":
        p.poly([(cu - rx * 0.95, cv - 0.05), (cu - rx * 0.85, top - 0.1), (cu + rx * 0.9,
                top - 0.12), (cu + rx * 0.95, cv - 0.05)], fill=c2, outline=INK, w=OW)
        p.rect(cu - rx * 1.12, cv - 0.09, cu + rx * 1.12, cv - 0.03, fill=hexc("#4A3424"),
               outline=INK, w=OW, r=0.02)
        feather = bezier((cu + 0.05, top - 0.05), (cu + 0.16, top - 0.2), (cu + 0.28, top - 0.2),
                         12)
        for i, (u, v) in enumerate(feather):
            p.ell(u, v, 0.022 - 0.001 * i, 0.012, fill=WHITE, outline=mix(WHITE, INK, 0.4),
                  w=0.002)
        p.ell(cu + 0.05, top - 0.04, 0.02, fill=GOLD, outline=INK, w=0.004)
        p.ell(cu + 0.05, top - 0.04, 0.009, fill=hexc("#B3262E"))
    elif hw == "ermine_cap":
        p.chord(cu, cv - 0.02, rx * 1.15, ry * 1.45, 180, 360, fill=WHITE, outline=INK, w=OW)
        p.rect(cu - rx * 1.18, cv - 0.07, cu + rx * 1.18, cv - 0.025, fill=WHITE, outline=INK,
               w=OW, r=0.02)
        spots = ((-0.07, -0.12), (0.0, -0.16), (0.07, -0.12), (-0.035, -0.08), (0.04, -0.085),
                 (-0.09, -0.05), (0.09, -0.05))
        for du, dv in spots:
            u, v = cu + du, cv + dv
            p.poly([(u, v - 0.012), (u + 0.007, v + 0.01), (u - 0.007, v + 0.01)], fill=INK)
    elif hw == "nemes":
        p.chord(cu, cv - 0.01, rx * 1.15, ry * 1.15, 180, 360, fill=GOLD, outline=INK, w=OW)
        for k in range(4):
            v = cv - ry * 0.95 + k * 0.035
            p.line([(cu - rx * 0.95 + 0.01 * (3 - k), v), (cu + rx * 0.95 - 0.01 * (3 - k), v)],
                   fill=hexc("#2E5A9C"), w=0.013)
        p.rect(cu - rx * 1.12, cv - 0.05, cu + rx * 1.12, cv - 0.025, fill=GOLD, outline=INK,
               w=0.004)
        p.ell(cu, cv - 0.075, 0.016, 0.022, fill=hexc("#3C7A3A"), outline=INK, w=0.003)
    elif hw == "helmet":
        p.chord(cu, cv - 0.01, rx * 1.15, ry * 1.25, 180, 360, fill=STEEL, outline=INK, w=OW)
        p.poly([(cu - 0.03, cv - ry * 1.1), (cu, cv - ry * 1.5), (cu + 0.03, cv - ry * 1.1)],
               fill=STEEL, outline=INK, w=OW)
        p.rect(cu - rx * 1.16, cv - 0.06, cu + rx * 1.16, cv - 0.02, fill=hexc("#8A6A3B"),
               outline=INK, w=OW)
        p.rect(cu - 0.011, cv - 0.03, cu + 0.011, cv + 0.04, fill=STEEL, outline=INK, w=0.004)
        for k in range(5):
            p.ell(cu - rx + k * rx / 2, cv - 0.04, 0.006, fill=GOLD)
    elif hw == "hood":
        p.chord(cu, cv - 0.015, rx * 1.4, ry * 1.35, 170, 370, fill=c1, outline=INK, w=OW)
        p.line([(cu - rx * 0.9, cv - 0.06), (cu, cv - ry * 0.95), (cu + rx * 0.9, cv - 0.06)],
               fill=mix(c1, INK, 0.5), w=0.006)
    elif hw == "mummer_hat":
        p.poly([(cu - rx * 1.25, cv - 0.05), (cu + 0.02, top - 0.2), (cu + rx * 1.25, cv - 0.05)],
               fill=c2, outline=INK, w=OW)
        for k in range(4):
            v = cv - 0.07 - k * 0.06
            w = rx * 1.2 * (1 - (k + 0.5) / 4.6)
            p.line([(cu - w, v), (cu + w, v)], fill=c3 if k % 2 else GOLD, w=0.014)
        p.ell(cu + 0.02, top - 0.2, 0.02, fill=RED, outline=INK, w=0.003)
        for s in (-1, 1):
            p.line([(cu + s * rx * 1.2, cv - 0.05), (cu + s * rx * 1.5, cv + 0.12)],
                   fill=RED if s < 0 else c3, w=0.012)
    elif hw == "cap":
        p.chord(cu, cv - 0.02, rx * 1.12, ry * 1.05, 180, 360, fill=c3, outline=INK, w=OW)
        p.poly([(cu - rx * 1.0, cv - 0.04), (cu + rx * 1.35, cv - 0.05), (cu + rx * 1.3,
                cv - 0.025), (cu - rx * 1.0, cv - 0.02)], fill=mix(c3, INK, 0.4), outline=INK,
               w=0.004)
        p.ell(cu, cv - ry * 0.75, 0.015, fill=GOLD, outline=INK, w=0.003)
    elif hw == "veil":
        p.chord(cu, cv - 0.015, rx * 1.18, ry * 1.12, 180, 360, fill=WHITE, outline=INK, w=OW)
        p.line([(cu - rx * 1.05, cv - 0.05), (cu + rx * 1.05, cv - 0.05)], fill=GOLD, w=0.016)


# --- props ----------------------------------------------------------------------------------


def _hand(p: Painter, look: Look, u, v, sleeve_from=None, r=0.035) -> None:
    skin = hexc(look.skin) if not look.pale else mix(hexc(look.skin), (225, 228, 230), 0.5)
    if sleeve_from is not None:
        col = hexc(look.c1) if look.style not in ("mummer",) else hexc(look.c2)
        p.line([sleeve_from, (u, v + 0.02)], fill=INK, w=0.1)
        p.line([sleeve_from, (u, v + 0.02)], fill=col, w=0.086)
    p.ell(u, v, r * 1.05, r * 0.9, fill=skin, outline=INK, w=0.005)
    p.line([(u - r * 0.6, v - r * 0.1), (u + r * 0.6, v - r * 0.1)], fill=mix(skin, INK, 0.4),
           w=0.003)


def prop_sword(p, look, pv):
    u = 0.8
    p.poly([(u - 0.022, 0.95), (u - 0.022, 0.3), (u, 0.24), (u + 0.022, 0.3), (u + 0.022, 0.95)],
           fill=SILVER, outline=INK, w=OW)
    p.line([(u, 0.32), (u, 0.9)], fill=mix(SILVER, INK, 0.25), w=0.005)
    p.rect(u - 0.1, 0.93, u + 0.1, 0.965, fill=GOLD, outline=INK, w=OW, r=0.01)
    _hand(p, look, u, 1.0, sleeve_from=(0.62, pv + 0.05))


def prop_moon(p, look, pv):
    pass


def prop_oar(p, look, pv):
    p.line([(0.86, 0.08), (0.74, pv + 0.02)], fill=INK, w=0.04)
    p.line([(0.86, 0.08), (0.74, pv + 0.02)], fill=hexc("#B9874F"), w=0.028)
    p.poly([(0.82, 0.02), (0.9, 0.02), (0.92, 0.3), (0.86, 0.34), (0.81, 0.3)],
           fill=hexc("#C9955C"), outline=INK, w=OW)
    _hand(p, look, 0.775, 0.86, sleeve_from=(0.62, pv + 0.05))


def face_point(look: Look, x: float, y: float) -> tuple[float, float]:
    """Where the point (x, y) of the face, in head radii, lands in the figure's frame."""
    k = look.head_scale * HEAD_SCALE
    return (HEAD[0] + x * HR[0] * k * look.face.width, HEAD[1] + look.head_dv + y * HR[1] * k)


def prop_pipe(p, look, pv):
    a, b = face_point(look, 0.08, mouth_y(look.face) + 0.02), (0.74, 0.95)
    p.line([a, b], fill=INK, w=0.034)
    p.line([a, b], fill=hexc("#C89A5E"), w=0.024)
    for k in range(4):
        t = 0.35 + k * 0.13
        p.ell(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, 0.006, fill=INK)
    _hand(p, look, 0.6, 0.72, sleeve_from=(0.32, pv + 0.05), r=0.03)
    _hand(p, look, 0.7, 0.88, sleeve_from=(0.75, pv + 0.05), r=0.03)


def _rose(p, u, v, r, col=None):
    col = col or hexc("#C8323E")
    p.ell(u, v, r, fill=col, outline=INK, w=0.004)
    p.arc(u, v, r * 0.65, r * 0.6, 180, 450, mix(col, INK, 0.45), 0.005)
    p.arc(u + r * 0.1, v, r * 0.3, r * 0.3, 0, 270, mix(col, INK, 0.45), 0.004)


def prop_roses(p, look, pv):
    for (u, v) in ((0.16, 0.8), (0.24, 0.76), (0.12, 0.9), (0.22, 0.86), (0.3, 0.84)):
        p.ell(u + 0.03, v + 0.04, 0.03, 0.015, fill=hexc("#3C7A3A"), outline=INK, w=0.003)
    for (u, v) in ((0.16, 0.8), (0.24, 0.76), (0.12, 0.9), (0.22, 0.86), (0.3, 0.84)):
        _rose(p, u, v, 0.035)
    _hand(p, look, 0.24, 0.96, sleeve_from=(0.3, pv + 0.05))
    # pruning knife in the other hand
    p.poly([(0.76, 0.9), (0.8, 0.74), (0.84, 0.72), (0.8, 0.9)], fill=SILVER, outline=INK, w=OW)
    p.rect(0.765, 0.9, 0.805, 0.98, fill=WOOD, outline=INK, w=OW)
    _hand(p, look, 0.785, 0.97, sleeve_from=(0.68, pv + 0.05))


def prop_rose(p, look, pv):
    p.line([(0.5, 0.95), (0.42, 0.74)], fill=hexc("#2F6B3B"), w=0.012)
    p.ell(0.47, 0.83, 0.03, 0.014, fill=hexc("#3C7A3A"), outline=INK, w=0.003)
    _rose(p, 0.415, 0.72, 0.045)
    _hand(p, look, 0.5, 0.95, sleeve_from=(0.7, pv + 0.05))


def prop_sabre(p, look, pv):
    pts = bezier((0.78, 0.92), (0.9, 0.5), (0.74, 0.16), 16)
    p.line(pts, fill=INK, w=0.04)
    p.line(pts, fill=SILVER, w=0.028)
    p.line(bezier((0.72, 0.9), (0.78, 0.98), (0.86, 0.92), 8), fill=GOLD, w=0.016)
    _hand(p, look, 0.79, 0.98, sleeve_from=(0.66, pv + 0.05))


def prop_axe(p, look, pv):
    p.line([(0.82, 0.3), (0.74, pv)], fill=INK, w=0.036)
    p.line([(0.82, 0.3), (0.74, pv)], fill=hexc("#D9C7A0"), w=0.024)
    p.poly([(0.82, 0.3), (0.92, 0.22), (0.96, 0.32), (0.93, 0.44), (0.8, 0.38)], fill=SILVER,
           outline=INK, w=OW)
    p.line([(0.93, 0.24), (0.95, 0.42)], fill=WHITE, w=0.008)
    _hand(p, look, 0.775, 0.85, sleeve_from=(0.64, pv + 0.05))


def prop_horse(p, look, pv):
    g, gd = hexc("#E7B93E"), hexc("#B98420")
    # head in profile facing left, neck going down-right
    pts = [(0.62, pv), (0.66, 0.78), (0.6, 0.66), (0.55, 0.62), (0.53, 0.64), (0.58, 0.58),
           (0.62, 0.52), (0.66, 0.46), (0.68, 0.41), (0.72, 0.44), (0.75, 0.4), (0.77, 0.46),
           (0.84, 0.52), (0.92, 0.64), (0.98, 0.8), (1.0, pv)]
    head = [(0.66, 0.46), (0.6, 0.5), (0.56, 0.56), (0.52, 0.62), (0.515, 0.68), (0.55, 0.7),
            (0.6, 0.68), (0.66, 0.64), (0.72, 0.62)]
    p.poly(pts[:1] + head + pts[-5:], fill=g, outline=INK, w=OW)
    p.poly([(0.7, 0.42), (0.72, 0.35), (0.75, 0.43)], fill=g, outline=INK, w=OW)
    for k in range(7):
        u = 0.76 + 0.035 * k
        v = 0.46 + 0.055 * k
        p.poly([(u, v), (u + 0.05, v - 0.02), (u + 0.035, v + 0.04)], fill=gd, outline=INK,
               w=0.003)
    p.ell(0.63, 0.54, 0.012, fill=INK)
    p.ell(0.535, 0.665, 0.008, fill=mix(gd, INK, 0.5))
    p.line([(0.56, 0.69), (0.62, 0.67)], fill=mix(gd, INK, 0.3), w=0.005)
    for k in range(5):
        p.line([(0.68 + 0.04 * k, 0.66 + 0.05 * k), (0.72 + 0.04 * k, 0.63 + 0.05 * k)],
               fill=gd, w=0.006)


def prop_candle(p, look, pv):
    u = 0.24
    p.ell(u, 0.64, 0.07, fill=hexc("#FFE9A8"))
    p.rect(u - 0.025, 0.68, u + 0.025, 0.92, fill=hexc("#F6F1E0"), outline=INK, w=OW)
    p.poly([(u, 0.6), (u + 0.018, 0.65), (u, 0.68), (u - 0.018, 0.65)], fill=hexc("#F4A02A"),
           outline=INK, w=0.003)
    p.ell(u, 0.655, 0.007, 0.012, fill=hexc("#FFF3C0"))
    p.rect(u - 0.06, 0.92, u + 0.06, 0.95, fill=hexc("#8A6A3B"), outline=INK, w=0.004)
    _hand(p, look, u, 0.97, sleeve_from=(0.36, pv + 0.05))


def prop_kokle(p, look, pv):
    body = [(0.22, 0.72), (0.74, 0.86), (0.78, 1.0), (0.24, 0.9)]
    p.poly(body, fill=hexc("#B07A40"), outline=INK, w=OW)
    for k in range(6):
        t = 0.15 + 0.13 * k
        p.line([(0.24, 0.74 + t * 0.16), (0.74 + 0.0 * t, 0.88 + t * 0.1)],
               fill=hexc("#F3EEE2"), w=0.003)
    p.ell(0.42, 0.84, 0.025, fill=hexc("#5B3A1E"))
    p.poly([(0.3, 0.78), (0.34, 0.79), (0.32, 0.82)], fill=GOLD)
    _hand(p, look, 0.5, 0.86, sleeve_from=(0.7, pv + 0.05), r=0.03)


def prop_staff_bundle(p, look, pv):
    p.line([(0.82, 0.3), (0.8, pv)], fill=INK, w=0.034)
    p.line([(0.82, 0.3), (0.8, pv)], fill=WOOD, w=0.022)
    p.ell(0.22, 0.62, 0.12, 0.09, fill=hexc("#9C8A6A"), outline=INK, w=OW)
    p.ell(0.22, 0.55, 0.05, 0.03, fill=mix(hexc("#9C8A6A"), INK, 0.2), outline=INK, w=0.004)
    p.line([(0.28, 0.56), (0.42, 0.66)], fill=hexc("#5B4636"), w=0.012)
    _hand(p, look, 0.81, 0.82, sleeve_from=(0.66, pv + 0.05))


def prop_banner(p, look, pv):
    p.line([(0.84, 0.180), (0.82, pv)], fill=INK, w=0.03)
    p.line([(0.84, 0.180), (0.82, pv)], fill=WOOD, w=0.02)
    p.ell(0.84, 0.03, 0.018, fill=GOLD, outline=INK, w=0.004)
    car = hexc("#9E3039")
    wave = [(0.84, 0.220)] + bezier((0.84, 0.220), (0.74, 0.190), (0.66, 0.240), 10)
    lower = bezier((0.66, 0.500), (0.74, 0.450), (0.84, 0.480), 10)
    p.poly(wave + lower, fill=car, outline=INK, w=OW)
    mid1 = bezier((0.84, 0.324), (0.74, 0.290), (0.66, 0.344), 10)
    mid2 = bezier((0.66, 0.396), (0.74, 0.350), (0.84, 0.376), 10)
    p.poly(mid1 + mid2, fill=WHITE)
    _hand(p, look, 0.825, 0.85, sleeve_from=(0.66, pv + 0.05))


def prop_spear_shield(p, look, pv):
    p.line([(0.84, 0.1), (0.82, pv)], fill=INK, w=0.028)
    p.line([(0.84, 0.1), (0.82, pv)], fill=WOOD, w=0.018)
    p.poly([(0.84, 0.0), (0.865, 0.08), (0.84, 0.13), (0.815, 0.08)], fill=STEEL, outline=INK,
           w=OW)
    _hand(p, look, 0.826, 0.8, sleeve_from=(0.66, pv + 0.05))
    cu, cv, r = 0.2, 0.92, 0.2
    p.ell(cu, cv, r, fill=hexc("#7A4A2A"), outline=INK, w=OW)
    p.ell(cu, cv, r * 0.85, outline=GOLD, w=0.01)
    for k in range(8):
        a = k * math.pi / 4
        p.line([(cu, cv), (cu + r * 0.85 * math.cos(a), cv + r * 0.85 * math.sin(a))],
               fill=mix(hexc("#7A4A2A"), INK, 0.3), w=0.006)
    p.ell(cu, cv, 0.045, fill=STEEL, outline=INK, w=OW)


def prop_crook(p, look, pv):
    p.line([(0.82, 0.3), (0.8, pv)], fill=INK, w=0.03)
    p.line([(0.82, 0.3), (0.8, pv)], fill=WOOD, w=0.02)
    p.arc(0.78, 0.3, 0.045, 0.05, 180, 360, INK, 0.03)
    p.arc(0.78, 0.3, 0.045, 0.05, 180, 360, WOOD, 0.02)
    _hand(p, look, 0.81, 0.8, sleeve_from=(0.66, pv + 0.05))


def prop_lotus(p, look, pv):
    p.line([(0.3, 0.95), (0.26, 0.78)], fill=hexc("#3C7A3A"), w=0.012)
    for a in (-0.5, -0.25, 0, 0.25, 0.5):
        u, v = 0.26 + a * 0.08, 0.74
        p.poly([(0.26, 0.79), (u - 0.018, v), (u, v - 0.06 + abs(a) * 0.06), (u + 0.018, v)],
               fill=hexc("#E9A6B8"), outline=INK, w=0.003)
    _hand(p, look, 0.3, 0.95, sleeve_from=(0.36, pv + 0.05))


def prop_scepter(p, look, pv):
    p.line([(0.78, 0.36), (0.74, 0.98)], fill=INK, w=0.03)
    p.line([(0.78, 0.36), (0.74, 0.98)], fill=GOLD, w=0.02)
    p.arc(0.79, 0.33, 0.04, 0.05, 0, 360, INK, 0.024)
    p.arc(0.79, 0.33, 0.04, 0.05, 0, 360, GOLD, 0.014)
    _hand(p, look, 0.745, 0.9, sleeve_from=(0.64, pv + 0.05))


def prop_book(p, look, pv):
    p.poly([(0.2, 0.82), (0.36, 0.78), (0.38, 0.96), (0.22, 1.0)], fill=hexc("#7A3024"),
           outline=INK, w=OW)
    p.line([(0.23, 0.84), (0.35, 0.81)], fill=GOLD, w=0.006)
    p.ell(0.29, 0.88, 0.02, fill=GOLD)
    _hand(p, look, 0.36, 0.93, sleeve_from=(0.42, pv + 0.05))


def prop_sword_hilt(p, look, pv):
    p.rect(0.72, 0.86, 0.86, 0.89, fill=GOLD, outline=INK, w=OW)
    p.rect(0.775, 0.74, 0.805, 0.86, fill=hexc("#4A3424"), outline=INK, w=OW)
    p.ell(0.79, 0.73, 0.022, fill=GOLD, outline=INK, w=0.004)
    p.poly([(0.77, 0.89), (0.81, 0.89), (0.805, pv), (0.775, pv)], fill=SILVER, outline=INK,
           w=OW)
    _hand(p, look, 0.79, 0.8, sleeve_from=(0.62, pv + 0.05))


def prop_lark(p, look, pv):
    pass


PROPS = {
    "sword": prop_sword,
    "oar": prop_oar,
    "pipe": prop_pipe,
    "roses": prop_roses,
    "rose": prop_rose,
    "sabre": prop_sabre,
    "axe": prop_axe,
    "horse": prop_horse,
    "candle": prop_candle,
    "kokle": prop_kokle,
    "staff_bundle": prop_staff_bundle,
    "banner": prop_banner,
    "spear_shield": prop_spear_shield,
    "crook": prop_crook,
    "lotus": prop_lotus,
    "scepter": prop_scepter,
    "book": prop_book,
    "sword_hilt": prop_sword_hilt,
}
BACK_PROPS: set[str] = set()
