"""The Rainis character decks as vector cards, in one style: the bold outlines, flat colour
fields and woven ornament of 1920s-30s Latvian graphic art.

Every face has the woven-belt frame (``ornament.belt_frame``) round a field; a court shows its
character from the figure masters (``art/themes/<deck>/figures``, viewBox 480 x 580) over a
caption panel naming the card, the character and the play; an ace shows its Latvian sign in a
medallion on a flat field of the deck's thread colour, what the sign means as its caption;
number cards carry their pips in the deck's inks.  The back is the flag's carmine-white-carmine
frame round a woven border and a lattice of signs kept to its field, with the deck's sign in
a medallion.  The data (names, plays, palettes) come from ``art.rainis_data``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape as _html_escape

from .. import rainis_data as data
from . import kit, ornament
from .kit import INK, H, W, f
from .signs import sign


def escape(text: str) -> str:
    """``text`` for an SVG text node (&, < and > escaped)."""
    return _html_escape(text, quote=False)

FOUR = {"D": "#1565C0", "C": "#2F7D32"}  # as the classic deck's four colours

# the layout inside print's 3 mm safe area, in card units (the table's caption_box is computed
# from the same data): the belt 3.4 mm inside the cut with the card's ground outside it, the
# corner index box moved in so that its edge lies on the belt's outer line
S = W / data.CW
M = data.SAFE_M * S  # the frame's outer edge
BAND = data.B * S  # the belt's width
FIELD = (data.SAFE_FIELD[0] * S, data.SAFE_FIELD[1] * S, data.SAFE_FIELD[2] * S,
         data.SAFE_FIELD[3] * S)
CAPTION_H = data.CAPTION_H * S
CAPTION_TOP = FIELD[3] - CAPTION_H
INDEX_INSET = (M - kit.IDX_BOX[0], M - kit.IDX_BOX[1])
INDEX_BOX = (M, M, kit.IDX_BOX[2] + INDEX_INSET[0], kit.IDX_BOX[3] + INDEX_INSET[1])
INDEX_LEFT = W - INDEX_BOX[2]  # the bottom-right index box's left edge
TEXT_PAD = 0.022 * W  # text keeps this far from the panel's edge and from the index box
PT = kit.UNITS_PER_MM * 25.4 / 72  # a printed point in card units (the card 63 mm wide)
SMALL_PT = 7.0  # the smallest type on a card
ASCENT, DESCENT = 0.76, 0.24  # DejaVu Sans' capitals-with-accents and descenders, per em

HEAVY, MEDIUM, FINE = 6.0, 3.5, 2.0  # the figures' line weights, used for everything
PIP_DX, PIP_SIZE = 0.15 * W, 0.14 * W  # number cards' pip columns, clear of the index boxes
ACE_R = 0.27 * W  # the ace's medallion: as large as the field allows clear of the index box
ACE_DROP = 0.03 * H  # its centre below the field's, away from the top index box


@dataclass(frozen=True)
class Line:
    """One line of a caption: its text, size (card units per em), weight, colour and where
    its ink lies (x0, x1, the baseline)."""
    text: str
    size: float
    bold: bool
    color: str
    x0: float
    x1: float
    baseline: float

    @property
    def top(self) -> float:
        return self.baseline - ASCENT * self.size

    @property
    def bottom(self) -> float:
        return self.baseline + DESCENT * self.size

    @property
    def pt(self) -> float:
        return self.size / PT


def _pal(theme_id: str) -> dict[str, str]:
    return dict(data.PAL[theme_id])


def _mix(a: str, b: str, t: float) -> str:
    """``a`` moved ``t`` of the way to ``b`` (hex colours): a flat tint, not a transparency."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02X}" for x, y in zip(ca, cb, strict=True))


def suit_color(theme_id: str, suit: str, four: bool) -> str:
    """The suit's ink. In four colours ♦ is blue and ♣ green, and ♠ is the ink black: a deck
    whose "black" is navy (rainis-2) would otherwise show ♠ and ♦ as two blues."""
    if four and suit in FOUR:
        return FOUR[suit]
    pal = data.PAL[theme_id]
    if four and suit == "S":
        return INK
    return pal["red"] if suit in "HD" else pal["black"]


def caption_span() -> tuple[float, float]:
    """Where caption text may run: the field's left edge to the bottom-right index box."""
    return FIELD[0] + TEXT_PAD, INDEX_LEFT - TEXT_PAD


def _wrap(text: str, size: float, bold: bool, width: float) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and kit.text_width(lines[-1] + " " + word, size, bold) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) == 2:  # two lines of even length rather than a word left on its own
        words = text.split()
        splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
        fits = [s for s in splits if max(kit.text_width(p, size, bold) for p in s) <= width]
        def key(split: tuple[str, str]) -> tuple[bool, float]:
            a, b = (kit.text_width(p, size, bold) for p in split)
            # a break after the sign's name (its colon) where the lines stay near in length
            at_colon = split[0].endswith(":") and min(a, b) >= 0.4 * max(a, b)
            return not at_colon, max(a, b)

        if fits:
            first, second = min(fits, key=key)
            return [first, second]
    return lines


def _fit(text: str, size: float, bold: bool, width: float, least: float) -> float:
    """``size``, or smaller (not below ``least``) so that ``text`` fits ``width``."""
    w = kit.text_width(text, size, bold)
    return max(least, min(size, size * width / max(w, 1e-6)))


def caption_lines(theme_id: str, code: str) -> list[Line]:
    """The caption of a court or an ace, measured: the card's name in Latvian (KREICA DĀMA),
    the character's (or the sign's) name and the «play» (on an ace, what the sign means, on two
    lines), centred in the panel's visible part and stacked in the middle of its height."""
    pal = data.PAL[theme_id]
    cap, _names, desc, _sign = data.CARDS[theme_id][code]
    left, right = caption_span()
    width = right - left
    small = SMALL_PT * PT
    ace = code[0] == "A"
    rows: list[tuple[str, float, bool, str, float]] = []  # text, size, bold, colour, gap
    rank_line = f"{data.SUIT_GEN[code[1]]} {data.RANK_LV[code[0]]}"
    rows.append((rank_line, _fit(rank_line, 7.6 * PT, True, width, small), True, pal["red"],
                 0.0))
    name_size = _fit(cap, (11.5 if ace else 13.5) * PT, True, width, small)
    rows.append((cap, name_size, True, pal["caption"], 0.34))
    if ace:
        size = small * 1.04
        for k, line in enumerate(_wrap(desc["lv"], size, False, width)):
            rows.append((line, size, False, pal["caption"], 0.3 if k == 0 else 0.1))
    else:
        play = "«" + data.PLAYS[theme_id][code[1]]["lv"] + "»"
        rows.append((play, _fit(play, 8 * PT, False, width, small), False, pal["caption"],
                     0.34))
    # the block's height from the first line's ascent to the last line's descent
    height = sum(s * ASCENT + s * DESCENT + gap * s for _t, s, _b, _c, gap in rows)
    y = CAPTION_TOP + MEDIUM / 2 + (CAPTION_H - MEDIUM / 2 - height) / 2
    cx = (left + right) / 2
    out = []
    for text, size, bold, color, gap in rows:
        y += gap * size + ASCENT * size
        w = kit.text_width(text, size, bold)
        out.append(Line(text, size, bold, color, cx - w / 2, cx + w / 2, y))
        y += DESCENT * size
    return out


def _caption(theme_id: str, code: str, pal: dict[str, str]) -> str:
    x0, _y0, x1, y1 = FIELD
    top = CAPTION_TOP
    out = [f'<rect x="{f(x0)}" y="{f(top)}" width="{f(x1 - x0)}" height="{f(y1 - top)}" '
           f'fill="{pal["stock"]}" stroke="{INK}" stroke-width="{f(MEDIUM)}"/>'
           f'<path d="M{f(x0)} {f(top + 7)}H{f(x1)}" stroke="{pal["thread"]}" '
           f'stroke-width="{f(FINE)}"/>']
    for ln in caption_lines(theme_id, code):
        out.append(f'<text x="{f((ln.x0 + ln.x1) / 2)}" y="{f(ln.baseline)}" '
                   f'text-anchor="middle" font-family="{kit.FAMILY}" '
                   f'font-weight="{"bold" if ln.bold else "normal"}" font-size="{f(ln.size)}" '
                   f'fill="{ln.color}">{escape(ln.text)}</text>')
    return "".join(out)


def _frame(theme_id: str, code: str, pal: dict[str, str]) -> str:
    seed = "CSHD".index(code[1]) + (0 if theme_id == "rainis-1" else 4)
    return ornament.belt_frame((M, M, W - M, H - M), BAND, ground=pal["band_bg"],
                               red=pal["band"], thread=pal["thread"], ink=INK, seed=seed,
                               line=MEDIUM)


def medallion(cx: float, cy: float, r: float, *, fill: str, ring: str, beads: str,
              sign_name: str, sign_color: str, sign_scale: float = 0.64) -> str:
    """A round medallion: heavy outline, an inner ring, a ring of 24 lozenge beads and the
    sign in the middle."""
    bead = r * 0.045
    d = []
    for k in range(24):
        a = k * math.pi / 12
        px, py = cx + r * 0.86 * math.cos(a), cy + r * 0.86 * math.sin(a)
        d.append(f"M{f(px)} {f(py - bead)}L{f(px + bead)} {f(py)}L{f(px)} {f(py + bead)}"
                 f"L{f(px - bead)} {f(py)}Z")
    return (f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(r)}" fill="{fill}" stroke="{INK}" '
            f'stroke-width="{f(HEAVY)}"/>'
            f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(r * 0.94)}" fill="none" '
            f'stroke="{ring}" stroke-width="{f(MEDIUM)}"/>'
            f'<path d="{"".join(d)}" fill="{beads}"/>'
            + sign(sign_name, cx, cy, r * sign_scale, sign_color))


def ace_centre() -> tuple[float, float]:
    return W / 2, (FIELD[1] + CAPTION_TOP) / 2 + ACE_DROP


def _ace(theme_id: str, code: str, pal: dict[str, str], color: str) -> str:
    x0, y0, x1, _y1 = FIELD
    y1 = CAPTION_TOP
    sign_name = data.CARDS[theme_id][code][3]
    cx, cy = ace_centre()
    r = ACE_R
    # a flat field of the thread colour with a faint lattice, kept off the medallion; the
    # lattice's line ends past the field lie under a cover of the card's ground (no clip: a
    # clip group is an offscreen layer) and, below, under the caption panel
    lat = ornament.lattice((x0, y0, x1, y1), 0.11 * W,
                           color=_mix(pal["accent"], pal["band"], 0.35), width=FINE)
    g = M + BAND + MEDIUM / 2 + 2  # two units inside the belt's inner line (its antialiasing)
    cover = (f'<path fill="{pal["stock"]}" fill-rule="evenodd" '
             f'd="M{f(g)} {f(g)}H{f(W - g)}V{f(H - g)}H{f(g)}Z'
             f'M{f(x0)} {f(y0)}H{f(x1)}V{f(y1)}H{f(x0)}Z"/>')
    return (f'<rect x="{f(x0)}" y="{f(y0)}" width="{f(x1 - x0)}" height="{f(y1 - y0)}" '
            f'fill="{pal["accent"]}"/>'
            f"{lat}{cover}"
            f'<rect x="{f(x0)}" y="{f(y0)}" width="{f(x1 - x0)}" height="{f(y1 - y0)}" '
            f'fill="none" stroke="{INK}" stroke-width="{f(MEDIUM)}"/>'
            + medallion(cx, cy, r, fill=pal["medal"], ring=pal["thread"], beads=color,
                        sign_name=sign_name, sign_color=pal["sign"], sign_scale=0.68)
            + _caption(theme_id, code, pal))


def face(theme_id: str, code: str, *, four: bool = False, bleed: float | None = None) -> str:
    pal = _pal(theme_id)
    color = suit_color(theme_id, code[1], four)
    x0, y0, x1, _y1 = FIELD
    rank = code[0]
    if rank in "KQJ":
        y1 = CAPTION_TOP
        body = (kit.figure(theme_id, code, x0, y0, x1 - x0, y1 - y0)
                + f'<rect x="{f(x0)}" y="{f(y0)}" width="{f(x1 - x0)}" height="{f(y1 - y0)}" '
                  f'fill="none" stroke="{INK}" stroke-width="{f(MEDIUM)}"/>'
                + _caption(theme_id, code, pal))
    elif rank == "A":
        body = _ace(theme_id, code, pal, color)
    else:
        x1, y1 = FIELD[2], FIELD[3]
        body = (f'<rect x="{f(x0)}" y="{f(y0)}" width="{f(x1 - x0)}" height="{f(y1 - y0)}" '
                f'fill="none" stroke="{pal["thread"]}" stroke-width="{f(FINE)}"/>'
                + kit.pip_layout(code, cx=W / 2, dx=PIP_DX, y0=0.17 * H, y1=0.83 * H,
                              size=PIP_SIZE, color=color))
    body = (_frame(theme_id, code, pal) + body
            + kit.index(code, color, box_fill=pal["stock"], box_edge=INK,
                        inset=INDEX_INSET))
    return kit.document(body, bleed=bleed, stock=pal["stock"])


# --- the back -------------------------------------------------------------------------------

BACK_U = 0.025 * W  # the flag frame's unit: carmine 2, white 1 (3.2 mm in), carmine 2
BACK_FIELD = (5 * BACK_U, 5 * BACK_U, W - 5 * BACK_U, H - 5 * BACK_U)
BACK_BAND = 0.05 * W
_GAP = BACK_BAND + 0.012 * W  # the woven border and a thin ground line inside it
BACK_INNER = (BACK_FIELD[0] + _GAP, BACK_FIELD[1] + _GAP, BACK_FIELD[2] - _GAP,
              BACK_FIELD[3] - _GAP)
BACK_R = 0.26 * W  # the medallion
BACK_CLEAR = 0.035 * W  # clear ring between the medallion and the pattern
BACK_STEP = 0.16 * W


def back(theme_id: str, *, bleed: float | None = None) -> str:
    """Carmine-white-carmine (2:1:2) frame round a field with a woven border, a lattice of
    the deck's sign kept to the field (clear of the medallion's ring) and the medallion."""
    b = data.BACK[theme_id]
    pal = data.PAL[theme_id]
    u = BACK_U
    fx0, fy0, fx1, fy1 = BACK_FIELD
    ix0, iy0, ix1, iy1 = BACK_INNER
    cx, cy = W / 2, H / 2
    clear = BACK_R + BACK_CLEAR
    # the lattice kept to its field without a clip (a clip group is an offscreen layer, half
    # a back's rendering time): the lattice's line ends past the field run under the belt and
    # under a cover of the field's colour between the belt and the field's line, and the
    # medallion's clear ring is a disc of the field's colour over it
    bx0, by0, bx1, by1 = (fx0 + BACK_BAND, fy0 + BACK_BAND, fx1 - BACK_BAND, fy1 - BACK_BAND)
    covers = (f'<path fill="{b["field"]}" fill-rule="evenodd" '
              f'd="M{f(bx0)} {f(by0)}H{f(bx1)}V{f(by1)}H{f(bx0)}Z'
              f'M{f(ix0)} {f(iy0)}H{f(ix1)}V{f(iy1)}H{f(ix0)}Z"/>'
              f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(clear)}" fill="{b["field"]}"/>')
    motifs = []
    for x, y, signed in ornament.lattice_nodes(BACK_INNER, BACK_STEP):
        # the lattice's crossings carry a lozenge, every other cell the deck's sign
        spots = [(x, y, BACK_STEP * 0.09, False)]
        if signed:
            spots.append((x, y + BACK_STEP / 2, BACK_STEP * 0.22, True))
        for px, py, reach, is_sign in spots:
            if math.hypot(px - cx, py - cy) < clear + reach * 1.45 + FINE:
                continue  # a motif the ring would cut is left out whole
            if not (ix0 + reach <= px <= ix1 - reach and iy0 + reach <= py <= iy1 - reach):
                continue  # so is one the field's edge would cut
            if is_sign:
                motifs.append(sign(b["sign"], px, py, reach, b["ink"]))
            else:
                motifs.append(f'<path d="M{f(px)} {f(py - reach)}L{f(px + reach)} {f(py)}'
                              f'L{f(px)} {f(py + reach)}L{f(px - reach)} {f(py)}Z" '
                              f'fill="{b["ink"]}"/>')
    lat = ornament.lattice(BACK_INNER, BACK_STEP, color=b["accent"], width=MEDIUM)
    body = (f'<rect x="{f(-W)}" y="{f(-H)}" width="{f(3 * W)}" height="{f(3 * H)}" '
            f'fill="{data.CARMINE}"/>'
            f'<rect x="{f(2 * u)}" y="{f(2 * u)}" width="{f(W - 4 * u)}" height="{f(H - 4 * u)}" '
            f'fill="{data.FLAG_WHITE}"/>'
            f'<rect x="{f(3 * u)}" y="{f(3 * u)}" width="{f(W - 6 * u)}" height="{f(H - 6 * u)}" '
            f'fill="{data.CARMINE}"/>'
            f'<rect x="{f(fx0)}" y="{f(fy0)}" width="{f(fx1 - fx0)}" height="{f(fy1 - fy0)}" '
            f'fill="{b["field"]}"/>'
            + f'<g id="back-pattern">{lat}{covers}{"".join(motifs)}</g>'
            + ornament.belt_frame(BACK_FIELD, BACK_BAND, ground=pal["band_bg"], red=pal["band"],
                                  thread=pal["thread"], ink=INK, seed=1, line=MEDIUM)
            + f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(clear + FINE / 2)}" fill="none" '
              f'stroke="{b["accent"]}" stroke-width="{f(FINE)}"/>'
            + f'<rect x="{f(ix0)}" y="{f(iy0)}" width="{f(ix1 - ix0)}" height="{f(iy1 - iy0)}" '
              f'fill="none" stroke="{INK}" stroke-width="{f(FINE)}"/>'
            + medallion(cx, cy, BACK_R, fill=b["field"], ring=b["accent"], beads=b["ink"],
                        sign_name=b["sign"], sign_color=b["ink"], sign_scale=0.66))
    return kit.document(body, bleed=bleed, stock=data.CARMINE)


__all__ = ["BACK_FIELD", "BACK_INNER", "CAPTION_TOP", "FIELD", "INDEX_BOX", "INDEX_INSET", "Line",
           "PIP_DX", "PIP_SIZE", "back", "caption_lines", "caption_span", "face", "medallion",
           "suit_color"]
