"""The classic French-suited deck (two or four suit colours) with Art-Deco court figures."""

from __future__ import annotations

from PIL import Image, ImageDraw

from .common import (
    CH,
    CW,
    GOLD,
    INK,
    WHITE_STOCK,
    Painter,
    add_noise,
    draw_index,
    draw_pips,
    hexc,
    mix,
    paste_pip,
)

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
    seed = sum(ord(c) * 31**i for i, c in enumerate(code))
    img = add_noise(Image.new("RGB", (CW, CH), WHITE_STOCK), 2.0, seed=seed)
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
        draw_pips(img, code, color, cx=CW / 2, dx=0.19 * CW, y0=0.15 * CH, y1=0.85 * CH,
                  size=0.165 * CW)
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


def _court(img: Image.Image, code: str, four: bool) -> None:
    rank, suit = code[0], code[1]
    main, second, trim = court_palette(suit, four)
    if rank == "J":
        main, second = second, main
    color = suit_colors(four)[suit]
    x0, y0, x1, y1 = FRAME
    fw, fh = x1 - x0, (y1 - y0) / 2
    half = Image.new("RGB", (fw, int(fh)), mix(trim, WHITE_STOCK, 0.75))
    k = 1.28  # the figure is drawn a little larger than the frame and cropped at the sides
    p = Painter(half, -fw * (k - 1) / 2, -fw * 0.04, fw * k, fw * k)
    hv = fh / fw / k + 0.04  # height of the half in u units
    _figure(p, rank, suit, main, second, trim, color, hv)
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


def _figure(p: Painter, rank, suit, main, second, trim, color, hv) -> None:
    ink = INK
    ow = 0.012
    # background rays (Deco sunburst behind the head)
    bg = mix(trim, WHITE_STOCK, 0.55)
    for k in range(9):
        import math

        a = math.pi * (0.05 + 0.9 * k / 8)
        p.poly([(0.5, 0.42), (0.5 + 0.9 * math.cos(a - 0.05), 0.42 - 0.9 * math.sin(a - 0.05)),
                (0.5 + 0.9 * math.cos(a + 0.05), 0.42 - 0.9 * math.sin(a + 0.05))], fill=bg)
    # robe: shoulders to the centre line
    body = [(0.06, hv + 0.05), (0.1, 0.78), (0.2, 0.64), (0.4, 0.58), (0.6, 0.58), (0.8, 0.64),
            (0.9, 0.78), (0.94, hv + 0.05)]
    p.poly(body, fill=main, outline=ink, w=ow)
    # side panels in the second colour
    p.poly([(0.2, 0.64), (0.34, 0.6), (0.3, hv + 0.05), (0.08, hv + 0.05), (0.1, 0.78)],
           fill=second, outline=ink, w=ow)
    p.poly([(0.8, 0.64), (0.66, 0.6), (0.7, hv + 0.05), (0.92, hv + 0.05), (0.9, 0.78)],
           fill=second, outline=ink, w=ow)
    # central gold band with chevrons
    p.poly([(0.42, 0.6), (0.58, 0.6), (0.6, hv + 0.05), (0.4, hv + 0.05)], fill=trim,
           outline=ink, w=ow)
    v = 0.7
    while v < hv:
        if rank == "K":
            p.line([(0.43, v), (0.5, v + 0.05), (0.57, v)], fill=ink, w=0.012, curve=False)
        elif rank == "Q":
            p.ell(0.5, v + 0.02, 0.025, fill=(250, 250, 246), outline=ink, w=0.006)
        else:
            p.poly([(0.5, v - 0.02), (0.55, v + 0.025), (0.5, v + 0.07), (0.45, v + 0.025)],
                   fill=second, outline=ink, w=0.006)
        v += 0.09
    # collar
    if rank == "K":
        p.poly([(0.26, 0.62), (0.5, 0.72), (0.74, 0.62), (0.6, 0.57), (0.4, 0.57)],
               fill=(250, 250, 246), outline=ink, w=ow)
        for u, vv in ((0.34, 0.62), (0.5, 0.67), (0.66, 0.62), (0.42, 0.6), (0.58, 0.6)):
            p.poly([(u, vv - 0.015), (u + 0.01, vv + 0.012), (u - 0.01, vv + 0.012)], fill=ink)
    elif rank == "Q":
        p.poly([(0.3, 0.6), (0.5, 0.7), (0.7, 0.6), (0.5, 0.64)], fill=trim, outline=ink, w=ow)
        for k in range(5):
            p.ell(0.38 + 0.06 * k, 0.62 + (0.03 if k in (1, 2, 3) else 0) + (0.01 if k == 2 else 0),
                  0.012, fill=(250, 250, 246), outline=ink, w=0.004)
    else:
        p.poly([(0.36, 0.58), (0.5, 0.68), (0.64, 0.58)], fill=second, outline=ink, w=ow)
    # neck and head
    p.rect(0.45, 0.46, 0.55, 0.6, fill=SKIN, outline=ink, w=ow)
    hair = {"K": hexc("#8A6A3B"), "Q": hexc("#C9A227"), "J": hexc("#5B4636")}[rank]
    if rank == "Q":
        p.poly([(0.34, 0.3), (0.66, 0.3), (0.7, 0.6), (0.3, 0.6)], fill=hair, outline=ink, w=ow)
    p.ell(0.5, 0.4, 0.11, 0.13, fill=SKIN, outline=ink, w=ow)
    # hair fringe
    p.chord(0.5, 0.4, 0.115, 0.135, 195, 345, fill=hair, outline=ink, w=ow)
    # face: Deco minimal
    p.line([(0.44, 0.39), (0.475, 0.385)], fill=ink, w=0.012)
    p.line([(0.525, 0.385), (0.56, 0.39)], fill=ink, w=0.012)
    p.ell(0.458, 0.41, 0.012, 0.008, fill=ink)
    p.ell(0.542, 0.41, 0.012, 0.008, fill=ink)
    p.line([(0.5, 0.41), (0.49, 0.46), (0.505, 0.465)], fill=ink, w=0.008)
    mouth = RED if rank == "Q" else mix(RED, SKIN, 0.3)
    p.poly([(0.47, 0.49), (0.5, 0.485), (0.53, 0.49), (0.5, 0.5)], fill=mouth)
    if rank == "K":
        p.poly([(0.4, 0.45), (0.43, 0.52), (0.5, 0.57), (0.57, 0.52), (0.6, 0.45), (0.56, 0.5),
                (0.5, 0.515), (0.44, 0.5)], fill=hair, outline=ink, w=ow)
        p.poly([(0.45, 0.475), (0.5, 0.468), (0.55, 0.475), (0.5, 0.485)], fill=hair)
    # headwear
    if rank == "K":
        p.poly([(0.36, 0.31), (0.36, 0.17), (0.42, 0.24), (0.5, 0.12), (0.58, 0.24),
                (0.64, 0.17), (0.64, 0.31)], fill=trim, outline=ink, w=ow)
        p.rect(0.36, 0.27, 0.64, 0.31, fill=trim, outline=ink, w=ow)
        for u in (0.42, 0.5, 0.58):
            p.ell(u, 0.29, 0.014, fill=second if u != 0.5 else main, outline=ink, w=0.004)
        for u, vv in ((0.36, 0.17), (0.5, 0.12), (0.64, 0.17)):
            p.ell(u, vv, 0.018, fill=trim, outline=ink, w=0.006)
    elif rank == "Q":
        p.poly([(0.39, 0.29), (0.42, 0.22), (0.46, 0.26), (0.5, 0.19), (0.54, 0.26),
                (0.58, 0.22), (0.61, 0.29)], fill=trim, outline=ink, w=ow)
        p.ell(0.5, 0.25, 0.016, fill=main, outline=ink, w=0.004)
    else:
        p.poly([(0.34, 0.32), (0.38, 0.22), (0.62, 0.22), (0.68, 0.32)], fill=second,
               outline=ink, w=ow)
        p.rect(0.34, 0.29, 0.68, 0.33, fill=trim, outline=ink, w=ow)
        p.poly([(0.62, 0.25), (0.8, 0.08), (0.85, 0.1), (0.68, 0.27)], fill=(250, 250, 246),
               outline=ink, w=ow)
    # props
    if rank == "K":  # sword held upright on the left
        p.rect(0.16, 0.2, 0.2, 0.7, fill=(214, 218, 224), outline=ink, w=ow)
        p.poly([(0.16, 0.2), (0.18, 0.14), (0.2, 0.2)], fill=(214, 218, 224), outline=ink, w=ow)
        p.rect(0.11, 0.7, 0.25, 0.73, fill=trim, outline=ink, w=ow)
        p.rect(0.165, 0.73, 0.195, 0.8, fill=second, outline=ink, w=ow)
        p.ell(0.18, 0.8, 0.03, 0.025, fill=SKIN, outline=ink, w=ow)
    elif rank == "Q":  # a flower held on the right
        p.line([(0.78, 0.78), (0.8, 0.5)], fill=hexc("#2F6B3B"), w=0.014)
        p.ell(0.84, 0.62, 0.035, 0.015, fill=hexc("#3C7A3A"))
        for k in range(6):
            import math

            a = k * math.pi / 3
            p.ell(0.8 + 0.035 * math.cos(a), 0.46 + 0.035 * math.sin(a), 0.028,
                  fill=color if color != INK else RED, outline=ink, w=0.004)
        p.ell(0.8, 0.46, 0.022, fill=trim, outline=ink, w=0.004)
        p.ell(0.78, 0.8, 0.03, 0.025, fill=SKIN, outline=ink, w=ow)
    else:  # halberd on the left
        p.rect(0.165, 0.12, 0.185, 0.82, fill=hexc("#8A6A3B"), outline=ink, w=0.006)
        p.poly([(0.175, 0.04), (0.2, 0.12), (0.15, 0.12)], fill=(214, 218, 224), outline=ink,
               w=ow)
        p.poly([(0.185, 0.14), (0.27, 0.11), (0.29, 0.2), (0.185, 0.22)], fill=(214, 218, 224),
               outline=ink, w=ow)
        p.ell(0.175, 0.78, 0.03, 0.025, fill=SKIN, outline=ink, w=ow)


def render_back() -> Image.Image:
    """Navy lattice of small diamonds and stars inside a white border."""
    import math

    img = Image.new("RGB", (CW, CH), WHITE_STOCK)
    d = ImageDraw.Draw(img)
    navy, light = hexc("#1F3357"), hexc("#2E4C7D")
    m = int(0.055 * CW)
    d.rounded_rectangle([m, m, CW - m, CH - m], radius=int(0.03 * CW), fill=navy)
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
            d.polygon([(x, y - r2), (x + r2, y), (x, y + r2), (x - r2, y)], fill=GOLD)
    # a central medallion
    cx, cy, R = CW / 2, CH / 2, CW * 0.2
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
    return add_noise(img, 2.0, seed=7)
