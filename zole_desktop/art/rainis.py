"""The two Rainis-character decks drawn as raster cards: folk-ornament frames, signs on the
aces, characters on the court cards.  The decks' data (names, plays, descriptions, palettes,
the caption's place) live in ``rainis_data``, which the vector deck reads too; this module keeps
its public names (``PAL``, ``CARDS``, ``card_info``...) for the code that imports them here."""

from __future__ import annotations

import math
from dataclasses import replace

from PIL import Image, ImageDraw

from . import rainis_data as data
from .common import (
    CH,
    CW,
    INK,
    R_CLEAR,
    back_field_mask,
    draw_index,
    draw_pips,
    fit_font,
    font,
    hexc,
    mix,
    text_center,
)
from .faces import Face
from .figures import Look, draw_character
from .rainis_data import (
    CAPTION_H,
    FIELD,
    PLAYS,
    RANK_LV,
    SHORT,
    SUIT_GEN,
    B,
    M,
    caption_box,
    caption_span,
    card_info,
    short_name,
    suit_plays,
)
from .signs import draw_sign

PAL = {theme: {k: hexc(v) for k, v in pal.items()} for theme, pal in data.PAL.items()}

# each court character's look in the raster drawing (the vector deck draws the figure masters)
LOOKS: dict[str, dict[str, Look]] = {
    "rainis-1": {
        "KC": Look(hair="#8A5A2B", eyes="#3F6F9A", style="fur",
                 c1="#7A2E22", c2="#A5232B", c3="#6A4A2E", headwear="bear_cap",
                 props=["sword"], scene="fire", seed=11),
        "QC": Look(skin="#F3D2B6", hair="#1A1416", hair_style="long", eyes="#2F6B3B",
                 female=True, style="gown", c1="#B3262E", c2="#1E1B18",
                 c3="#C9A227", headwear="circlet", scene="moon", seed=12),
        "JC": Look(skin="#E6C29C", hair="#2A2422", hair_style="peak", eyes="#6B5A2E",
                 style="cloak", c1="#262A30", c2="#7A2030", c3="#C9A227", scene="crowd",
                 seed=13),
        "KS": Look(hair="#C9A24A", eyes="#3F6F9A", style="shirt",
                 c1="#F3EEE2", c2="#A5232B", c3="#2F6B3B", props=["oar"], scene="river",
                 seed=14),
        "QS": Look(skin="#F6D8BE", hair="#D8B36A", hair_style="braid", eyes="#4F7FA8",
                 female=True, style="gown", c1="#FAF8F0", c2="#A5232B",
                 c3="#E9E1CC", headwear="wreath", scene="fir_river", seed=15),
        "JS": Look(hair="#E0C070", hair_style="curly", eyes="#4F7FA8", style="tunic", c1="#B9A47E",
                 c2="#A5232B", c3="#2F6B3B", props=["pipe"],
                 scene="meadow", seed=16),
        "KH": Look(hair="#7A5A3A", eyes="#5B4636", beard="moustache",
                 style="apron", c1="#F3EEE2", c2="#3F6B4A", c3="#6B4A2B", headwear="cap",
                 props=["roses"], scene="garden", seed=17),
        "QH": Look(skin="#F5D3B8", hair="#8A5A2B", hair_style="long", eyes="#6B4A2B",
                 female=True, style="gown", c1="#FAF8F0", c2="#B3262E",
                 c3="#C8323E", headwear="kerchief", props=["rose"], scene="turaida",
                 seed=18),
        "JH": Look(skin="#E6BC98", hair="#2E2420", eyes="#3A2E26", beard="long_moustache",
                 style="uniform", c1="#7A2030", c2="#C9A227",
                 c3="#C9A227", headwear="fur_cap_feather", props=["sabre"], scene="camp",
                 seed=19),
        "KD": Look(skin="#F1CDB0", hair="#F4F2EC", hair_style="bald", eyes="#4F7FA8",
                 beard="long", beard_color="#F4F2EC",
                 style="shirt", c1="#FAF8F2", c2="#C9CED6", c3="#C9CED6", belt=False,
                 headwear="ermine_cap",
                 props=["axe"], scene="lark", seed=20),
        "QD": Look(skin="#F8E0CE", hair="#EAD9A8", hair_style="long", eyes="#5A8FB8",
                 female=True, style="gown", c1="#F4F7FA", c2="#8FB3D9",
                 c3="#DDE3EA", headwear="silver_crown", scene="ice", seed=21),
        "JD": Look(hair="#B07A3A", eyes="#3F6F9A", style="shirt",
                 c1="#EFE8D6", c2="#A5232B", c3="#2F6B3B", props=["horse"], scene="gold",
                 seed=22),
    },
    "rainis-2": {
        "KC": Look(skin="#E8D6C8", hair="#1A1416", eyes="#3A3A48", pale=True, style="finery",
                 c1="#1E1B22", c2="#3A2E3E", c3="#C9A227",
                 props=["candle"], scene="grave", seed=31),
        "QC": Look(skin="#F6D6BC", hair="#A8753A", hair_style="long", eyes="#4F7FA8",
                 female=True, style="gown", c1="#FAF8F0", c2="#B3262E",
                 c3="#C0393F", headwear="wedding_crown", scene="wedding", seed=32),
        "JC": Look(skin="#E8C09A", hair="#5B3A1E", eyes="#5B4636", beard="stubble", style="mummer",
                 c1="#D9482B", c2="#1F2F5C", c3="#D9A520",
                 headwear="mummer_hat", props=["kokle"], scene="midsummer", seed=33),
        "KS": Look(skin="#D9A77C", hair="#2E2420", eyes="#3A2E26", style="egypt", c1="#F4EEDC",
                 c2="#2E5A9C", c3="#C9A227", headwear="nemes",
                 props=["scepter"], scene="egypt", seed=34),
        "QS": Look(skin="#D6A07A", hair="#16120F", hair_style="long", eyes="#3A2E26",
                 female=True, style="egypt", c1="#F6F1E2", c2="#C9A227",
                 c3="#2E5A9C", headwear="circlet", props=["lotus"], scene="nile", seed=35),
        "JS": Look(skin="#E2B48C", hair="#3A2A1E", hair_style="curly", eyes="#3A2E26",
                 style="tunic", c1="#D9C7A0", c2="#8A3A2A", c3="#3F7F3F",
                 props=["crook"], scene="pasture", seed=36),
        "KH": Look(skin="#E4BC98", hair="#5B4636", eyes="#3A2E26", beard="full", style="fur",
                 c1="#3F2A4A", c2="#7A2030", c3="#8C7A66",
                 headwear="crown", props=["sword_hilt"], scene="forest", seed=37),
        "QH": Look(skin="#F8DCC8", hair="#EBCB7A", hair_style="long", eyes="#4F7FA8",
                 female=True, style="gown", c1="#2E5A9C", c2="#C9A227",
                 c3="#DDE3EA", headwear="veil", props=["book"], scene="kuldiga", seed=38),
        "JH": Look(skin="#E6BC98", hair="#B07A3A", eyes="#3F6F9A", beard="moustache",
                 style="armour", c1="#9AA3AE", c2="#8A6A3B", c3="#D9482B",
                 headwear="helmet", props=["spear_shield"], scene="sea", seed=39),
        "KD": Look(skin="#E2B896", hair="#C8C2B8", hair_style="bald", eyes="#5B4636",
                 beard="short", beard_color="#D8D2C8",
                 style="tunic", c1="#8C7A60", c2="#5B4636", c3="#3F7F3F",
                 props=["staff_bundle"], scene="road", seed=40),
        "QD": Look(skin="#EAC2A2", hair="#D8D2C8", eyes="#4F7FA8", female=True,
                 style="gown", c1="#5B4636", c2="#2E5A9C",
                 c3="#D9A520", headwear="headscarf", scene="daugava", seed=41),
        "JD": Look(hair="#C9A24A", eyes="#3F6F9A", style="uniform",
                 c1="#6B6F4E", c2="#5B4636", c3="#9E3039", headwear="cap", props=["banner"],
                 scene="dawn", seed=42),
    },
}


# Each character's own face and build (RAINIS_DECKS.md): the old and the young, the hero
# and the traitor, the proud and the gentle.
PEOPLE: dict[str, dict[str, dict]] = {
    "rainis-1": {
        # Lāčplēsis: a young hero, square jaw, level gaze lifted, head held high
        "KC": dict(face=Face(jaw=1.05, square=3.0, chin=1.05, gaze_up=0.5, brow=(0.2, 0.26),
                             brow_w=1.4, brow_arch=0.02, mouth="closed", mouth_w=0.95,
                             blush=0.25, cleft=True),
                   build=1.15, head_dv=-0.02, neck=1.25),
        # Spīdola: a sorceress, proud and restless: narrow chin, cat's eyes glancing aside
        # under heavy lids, one brow raised, a red smirk and a beauty mark
        "QC": dict(face=Face(width=0.95, jaw=0.55, chin=1.08, eye="lidded", eye_size=1.15,
                             tilt=0.8, gaze=0.8, lashes=True, shadow="#6A2A5A", brow=(0.24, 0.36),
                             brow_r=(0.3, 0.46), brow_arch=0.08, nose="fine", mouth="smirk",
                             mouth_w=0.9, lips=1.3, lip_color="#A01828", blush=0.15,
                             cheekbones=True, mole=True, age=1.2),
                   build=0.95, head_dv=-0.02, neck=0.85),
        # Kangars: the traitor, older, a long gaunt face, a hooked nose, narrowed eyes that
        # slide aside, one brow down and one up, a sneer and a pointed black beard; stooping
        "JC": dict(face=Face(width=0.9, jaw=0.7, chin=1.18, eye="narrow", gaze=-0.9, tilt=-0.3,
                             brow=(0.12, 0.3), brow_r=(0.3, 0.26), brow_w=1.6, nose="hooked",
                             nose_len=1.15, mouth="sneer", age=3, gaunt=True, blush=0.0,
                             cheekbones=True, ears=1.15),
                   beard="goatee", beard_color="#1E1B18", head_dv=0.02, build=0.8),
        # Uldis: a carefree young boatman, sunburnt, freckled, grinning
        "KS": dict(face=Face(width=1.05, jaw=0.95, square=2.5, gaze=0.3, brow=(0.32, 0.28),
                             nose="snub", mouth="grin", mouth_w=1.15, freckles=True, blush=0.45,
                             dimples=True),
                   skin="#E8B48A", build=1.05),
        # Baiba: a slight, gentle orphan girl, eyes cast down, brows raised in sorrow
        "QS": dict(face=Face(width=0.92, jaw=0.75, chin=0.92, eye="down", eye_size=1.1,
                             brow=(0.32, 0.24), brow_arch=0.02, nose="fine", mouth="soft",
                             mouth_w=0.7, lips=0.9, blush=0.5, age=0.8),
                   build=0.88, head_scale=0.97, neck=0.8, head_dv=0.01),
        # Gatiņš: a small shepherd boy, big eyes set low, cheeks round, lips on his pipe
        "JS": dict(face=Face(width=1.08, jaw=0.85, chin=0.85, eye="round", eye_size=1.1,
                             eye_line=0.18, gaze=-0.4, brow=(0.3, 0.3), nose="button",
                             mouth="pursed", blush=0.55, freckles=True, age=0.2, ears=1.15),
                   build=0.78, head_scale=1.06, head_dv=0.035, neck=0.8),
        # Viktors Heils: an honest, broad-faced gardener in his middle years, a warm smile
        "KH": dict(face=Face(width=1.08, jaw=1.1, square=2.6, brow=(0.3, 0.26), nose="broad",
                             mouth="smile", mouth_w=1.1, lips=1.1, age=2.6, blush=0.5),
                   build=1.12, neck=1.2),
        # Maija: a young bride, steady eyes that meet yours, a straight, resolute brow
        "QH": dict(face=Face(width=0.98, jaw=0.85, eye_size=1.1, brow=(0.28, 0.28),
                             brow_arch=0.03, nose="fine", mouth="soft", lips=1.15, mouth_w=0.85),
                   build=0.95),
        # Jakubovskis: a brutal soldier, heavy jaw, low scowling brows, a scar, a leer
        "JH": dict(face=Face(width=1.1, jaw=1.2, square=3.5, chin=1.05, eye="narrow",
                             eye_size=0.9, gaze=0.5, brow=(0.1, 0.22), brow_w=1.8, nose="broad",
                             mouth="sneer", age=2.2, scar=True, blush=0.3),
                   beard="long_moustache+stubble", build=1.18, neck=1.4),
        # Baltais tēvs: a small, kindly old man, eyes creased with smiling, a long white beard
        "KD": dict(face=Face(width=1.05, chin=0.95, eye="smile", brow=(0.34, 0.3), brow_w=1.9,
                             nose="button", mouth="smile", age=4, blush=0.55),
                   build=0.82, head_scale=1.04, head_dv=0.03),
        # Saulcerīte: a cool, delicate princess with a long face, gazing up the glass mountain
        "QD": dict(face=Face(width=0.9, jaw=0.7, chin=1.1, eye_size=1.12, gaze_up=0.8,
                             gaze=-0.3, lashes=True, brow=(0.36, 0.36), brow_w=0.7,
                             brow_arch=0.06, nose="fine", mouth="soft", mouth_w=0.65, lips=0.85,
                             blush=0.15, lip_color="#C06070", age=0.9),
                   build=0.9, neck=0.8, head_dv=-0.01),
        # Antiņš: the youngest son, wide-eyed and hopeful, turned towards his horse
        "JD": dict(face=Face(width=0.92, jaw=0.85, chin=1.05, eye="round", eye_size=1.05,
                             gaze=0.7, gaze_up=0.3, brow=(0.36, 0.3), mouth="open",
                             mouth_w=0.8, age=0.7, blush=0.4, ears=1.1),
                   build=0.9, neck=0.9),
    },
    "rainis-2": {
        # Kungs: risen from the grave, a skull-like face, hollow eyes, thin bloodless lips
        "KC": dict(face=Face(width=0.88, jaw=0.75, square=2.6, chin=1.15, eye="hollow",
                             brow=(0.16, 0.36), brow_w=1.2, nose="long", nose_len=1.1,
                             mouth="thin", mouth_w=0.8, age=2, gaunt=True, cheekbones=True,
                             blush=0.0),
                   head_dv=-0.02, build=0.95, neck=0.8),
        # Lelde: a happy bride, full rosy cheeks, laughing, dimples
        "QC": dict(face=Face(width=1.05, jaw=0.9, chin=0.98, eye_size=1.1, brow=(0.32, 0.3),
                             brow_arch=0.07, nose="snub", mouth="laugh", lips=1.2, blush=0.6,
                             dimples=True, age=1.1),
                   build=1.05),
        # Tots: a merry trickster minstrel, a wink, a long nose and a wide grin
        "JC": dict(face=Face(width=0.95, jaw=0.8, chin=1.1, wink=1, gaze=-0.5,
                             brow=(0.3, 0.2), brow_r=(0.38, 0.42), nose="long", nose_len=1.2,
                             mouth="grin", mouth_w=1.2, age=2, blush=0.5),
                   beard="stubble"),
        # Jāzeps: the dreamer become ruler, kohl-lined eyes lifted, calm
        "KS": dict(face=Face(width=0.95, jaw=0.85, chin=1.05, eye="kohl", eye_size=1.05,
                             gaze_up=0.6, gaze=-0.2, brow=(0.28, 0.3), brow_arch=0.03,
                             mouth="closed", age=1.6, blush=0.15),
                   head_dv=-0.01),
        # Asnate: an Egyptian noblewoman, high cheekbones, winged kohl, full lips
        "QS": dict(face=Face(width=0.96, jaw=0.75, eye="kohl", eye_size=1.1, tilt=0.5,
                             gaze=0.4, shadow="#2E5A9C", brow=(0.26, 0.3), brow_w=0.9,
                             nose="fine", mouth="soft", lips=1.35, lip_color="#8A3A3A",
                             blush=0.1, age=1.2, cheekbones=True),
                   build=0.92, neck=0.85, head_dv=-0.015),
        # Benjamiņš: the youngest brother, a little boy looking up, big eyes
        "JS": dict(face=Face(width=1.05, jaw=0.82, chin=0.85, eye="round", eye_size=1.15,
                             eye_line=0.18, gaze=0.3, gaze_up=0.6, brow=(0.34, 0.3),
                             nose="button", mouth="smile", mouth_w=0.85, lips=1.3,
                             blush=0.45, age=0.1, ears=1.2),
                   build=0.75, head_scale=1.05, head_dv=0.04, neck=0.8),
        # Mintauts: a stern ruler, square-jawed, scowling, the mouth turned down
        "KH": dict(face=Face(width=1.05, jaw=1.15, square=3.2, eye="narrow", eye_size=0.95,
                             brow=(0.12, 0.24), brow_w=1.8, nose_len=1.1, mouth="frown",
                             mouth_w=0.9, age=3, blush=0.2),
                   build=1.15, neck=1.3),
        # Ārija: a fair, long-faced lady, heavy-lidded and looking away
        "QH": dict(face=Face(width=0.92, jaw=0.7, chin=1.12, eye="lidded", eye_size=1.05,
                             gaze=-0.6, brow=(0.3, 0.26), brow_w=0.8, nose="fine", mouth="soft",
                             mouth_w=0.7, lips=0.95, blush=0.25),
                   build=0.9, head_dv=-0.01),
        # Indulis: a chieftain torn between duty and love, firm jaw, knit brows
        "JH": dict(face=Face(jaw=1.1, square=2.8, gaze=-0.3, brow=(0.16, 0.24), brow_w=1.4,
                             mouth="stern", age=1.8, blush=0.3),
                   build=1.12, neck=1.2),
        # Vecais: a worn old man coming home, long face, sad drooping eyes, stooped
        "KD": dict(face=Face(width=0.88, jaw=0.8, chin=1.15, eye="lidded", tilt=-0.6,
                             brow=(0.36, 0.2), brow_w=1.3, nose="long", nose_len=1.15,
                             mouth="sad", age=4, gaunt=True, blush=0.1, ears=1.2),
                   build=0.9, head_dv=0.04, neck=0.85),
        # Vecmāmiņa: a round, wrinkled, smiling grandmother
        "QD": dict(face=Face(width=1.1, jaw=1.05, chin=0.95, eye="smile", brow=(0.34, 0.3),
                             brow_w=0.9, nose="broad", mouth="thin", mouth_w=0.8, age=4,
                             blush=0.5),
                   build=1.05, head_dv=0.025),
        # Jaunatnācējs: a young volunteer, eager, calling out, eyes on the banner
        "JD": dict(face=Face(width=0.95, jaw=0.95, square=2.4, gaze_up=0.7, gaze=0.4,
                             brow=(0.22, 0.3), mouth="open", mouth_w=0.9, age=0.8, blush=0.35),
                   head_dv=-0.01),
    },
}
# code -> (caption name, character names, description, look (courts) or sign id (aces))
CARDS: dict[str, dict[str, tuple]] = {
    theme: {code: (cap, names, desc,
                   sign if sign is not None
                   else replace(LOOKS[theme][code], **PEOPLE[theme][code]))
            for code, (cap, names, desc, sign) in cards.items()}
    for theme, cards in data.CARDS.items()
}




def _band(length: int, pal: dict, seed: int) -> Image.Image:
    """A woven-belt strip: edge threads and a sequence of geometric motifs that changes along
    the band, like a Lielvārde belt (or, for deck 2, a Latgale weave)."""
    b = B
    im = Image.new("RGB", (length, b), pal["band_bg"])
    d = ImageDraw.Draw(im)
    red, thr, bg = pal["band"], pal["thread"], pal["band_bg"]
    e = max(2, b // 12)
    d.rectangle([0, 0, length, e], fill=red)
    d.rectangle([0, b - e, length, b], fill=red)
    d.rectangle([0, e + 2, length, e + 2 + max(2, e // 2)], fill=thr)
    d.rectangle([0, b - e - 3 - max(2, e // 2), length, b - e - 3], fill=thr)
    t = b  # tile size
    n = length // t + 1
    off = (length - n * t) / 2
    c = b / 2
    r = b * 0.32
    for k in range(n):
        x = off + k * t + t / 2
        kind = (k + seed) % 6
        if kind in (0, 3):  # stepped diamond with an inner dot
            d.polygon([(x, c - r), (x + r, c), (x, c + r), (x - r, c)], fill=red)
            r2 = r * 0.5
            d.polygon([(x, c - r2), (x + r2, c), (x, c + r2), (x - r2, c)], fill=bg)
            d.rectangle([x - r * 0.14, c - r * 0.14, x + r * 0.14, c + r * 0.14], fill=thr)
        elif kind == 1:  # cross with hooks
            w = r * 0.28
            d.rectangle([x - w, c - r, x + w, c + r], fill=red)
            d.rectangle([x - r, c - w, x + r, c + w], fill=red)
            d.rectangle([x - w * 0.5, c - w * 0.5, x + w * 0.5, c + w * 0.5], fill=bg)
        elif kind == 2:  # hourglass (two triangles)
            d.polygon([(x - r, c - r), (x + r, c - r), (x, c)], fill=red)
            d.polygon([(x - r, c + r), (x + r, c + r), (x, c)], fill=thr)
        elif kind == 4:  # X with a centre diamond
            w = r * 0.3
            d.line([(x - r, c - r), (x + r, c + r)], fill=red, width=int(w))
            d.line([(x - r, c + r), (x + r, c - r)], fill=red, width=int(w))
            rr = r * 0.35
            d.polygon([(x, c - rr), (x + rr, c), (x, c + rr), (x - rr, c)], fill=thr)
        else:  # small zigzag
            pts = [(x - t / 2 + i * t / 4, c + (r * 0.6 if i % 2 else -r * 0.6)) for i in range(5)]
            d.line(pts, fill=red, width=int(r * 0.32))
    return im


def draw_frame(img: Image.Image, pal: dict, seed: int) -> None:
    top = _band(CW - 2 * M, pal, seed)
    img.paste(top, (M, M))
    img.paste(top.rotate(180), (M, CH - M - B))
    side = _band(CH - 2 * M - 2 * B, pal, seed + 2).rotate(90, expand=True)
    img.paste(side, (M, M + B))
    img.paste(side.rotate(180), (CW - M - B, M + B))
    d = ImageDraw.Draw(img)
    d.rectangle([M, M, CW - M - 1, CH - M - 1], outline=INK, width=3)
    d.rectangle([M + B, M + B, CW - M - B - 1, CH - M - B - 1], outline=INK, width=3)


PX_PER_PT = CW / (63 / 25.4 * 72)  # canvas pixels to a point on the printed card (63 mm)
SMALL_PT = 7.0  # the smallest type on a card, printed


def _wrap(text: str, f, max_w: float) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and f.getlength(lines[-1] + " " + word) <= max_w:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _caption(img: Image.Image, code: str, name: str, play: str, pal: dict
             ) -> list[tuple[str, int]]:
    """The caption panel: the card's name in Latvian, the character (or sign) and the play
    (or, on an ace, what the sign means, wrapped on two lines). Returns each line with its
    font size in canvas pixels."""
    d = ImageDraw.Draw(img)
    x0, _, x1, y1 = FIELD
    top = y1 - CAPTION_H
    d.rectangle([x0, top, x1, y1], fill=pal["stock"])
    d.line([(x0, top), (x1, top)], fill=INK, width=4)
    d.line([(x0, top + 9), (x1, top + 9)], fill=pal["thread"], width=3)
    # centred on the part of the panel that shows, left of the bottom-right index box
    left, right = caption_span()
    cx = (left + right) / 2
    max_w = right - left
    col = pal["caption"]
    small = int(math.ceil(SMALL_PT * PX_PER_PT))
    ace = code[0] == "A"
    gap = int((0.01 if ace else 0.016) * CH)
    y: float = top + int((0.016 if ace else 0.02) * CH)
    rank_line = f"{SUIT_GEN[code[1]]} {RANK_LV[code[0]]}"
    f1 = fit_font(rank_line, max_w, max(small, int(0.027 * CH)), bold=True, min_size=small)
    y = text_center(d, cx, y, rank_line, f1, pal["red"]) + gap
    f2 = fit_font(name, max_w, int((0.042 if ace else 0.05) * CH), bold=True,
                  min_size=int(0.03 * CH))
    y = text_center(d, cx, y, name, f2, col) + gap
    out = [(rank_line, f1.size), (name, f2.size)]
    f3 = font(small, bold=False)
    lines = _wrap(play, f3, max_w) if ace else [play]
    if not ace:
        f3 = fit_font(play, max_w, max(small, int(0.027 * CH)), bold=False, min_size=small)
    for line in lines:
        y = text_center(d, cx, y, line, f3, mix(col, pal["stock"], 0.2)) + int(0.004 * CH)
        out.append((line, f3.size))
    return out


FOUR = {"D": hexc("#1565C0"), "C": hexc("#2F7D32")}  # as the classic deck's four colours


def render(theme_id: str, code: str, four: bool = False) -> Image.Image:
    """One face; ``four``: ♦ and ♣ pips and indices in the four-colour inks (FOUR)."""
    pal = PAL[theme_id]
    # plain linen: the old grain (1 level once scaled down) could not be seen, and it
    # doubled the size of each full-colour PNG
    img = Image.new("RGB", (CW, CH), pal["stock"])
    draw_frame(img, pal, "CSHD".index(code[1]) + (0 if theme_id == "rainis-1" else 3))
    color = pal["red"] if code[1] in "HD" else pal["black"]
    if four and code[1] in FOUR:
        color = FOUR[code[1]]
    rank = code[0]
    x0, y0, x1, y1 = FIELD
    if rank in "KQJ":
        cap, _names, _desc, look = CARDS[theme_id][code]
        panel = (x0, y0, x1, y1 - CAPTION_H)
        draw_character(img, panel, look)
        ImageDraw.Draw(img).rectangle(panel, outline=INK, width=4)
        _caption(img, code, cap, "«" + PLAYS[theme_id][code[1]]["lv"] + "»", pal)
    elif rank == "A":
        cap, _names, desc, sign = CARDS[theme_id][code]
        d = ImageDraw.Draw(img)
        cx, cy = CW / 2, y0 + (y1 - CAPTION_H - y0) / 2
        r = 0.36 * CW
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=pal["medal"], outline=INK, width=4)
        d.ellipse([cx - r + 14, cy - r + 14, cx + r - 14, cy + r - 14],
                  outline=pal["thread"], width=4)
        for k in range(24):
            a = k * math.pi / 12
            px, py = cx + (r - 34) * math.cos(a), cy + (r - 34) * math.sin(a)
            d.polygon([(px, py - 8), (px + 8, py), (px, py + 8), (px - 8, py)], fill=color)
        draw_sign(d, sign, cx, cy, r * 0.68, pal["sign"])
        _caption(img, code, cap, desc["lv"], pal)
    else:
        draw_pips(img, code, color, cx=CW / 2, dx=0.185 * CW, y0=0.17 * CH, y1=0.83 * CH,
                  size=0.15 * CW)
    draw_index(img, code, color, trump_mark=True, box_fill=pal["stock"], box_outline=INK)
    return img


def render_back(theme_id: str) -> Image.Image:
    """Carmine-white-carmine (2:1:2) frame around a folk-ornament field."""
    carmine, white = hexc(data.CARMINE), hexc(data.FLAG_WHITE)
    img = Image.new("RGB", (CW, CH), carmine)
    d = ImageDraw.Draw(img)
    u = int(0.02 * CW)
    d.rectangle([2 * u, 2 * u, CW - 2 * u, CH - 2 * u], fill=white)
    d.rectangle([3 * u, 3 * u, CW - 3 * u, CH - 3 * u], fill=carmine)
    inner = (5 * u, 5 * u, CW - 5 * u, CH - 5 * u)
    back = data.BACK[theme_id]
    field, ink, acc = hexc(back["field"]), hexc(back["ink"]), hexc(back["accent"])
    sign = back["sign"]
    d.rectangle(inner, fill=field)
    # the pattern is drawn on a copy and pasted through the field's shape: nothing of it
    # reaches the flag frame, and the medallion keeps a clear ring
    pattern = img.copy()
    d = ImageDraw.Draw(pattern)
    step = 0.16 * CW
    x0, y0, x1, y1 = inner
    cols = int((x1 - x0) / step)
    rows = int((y1 - y0) / step)
    ox = (x0 + x1) / 2 - step * cols / 2
    oy = (y0 + y1) / 2 - step * rows / 2
    for i in range(cols + 1):
        for j in range(rows + 1):
            x, y = ox + i * step, oy + j * step
            h = step / 2
            d.polygon([(x, y - h), (x + h, y), (x, y + h), (x - h, y)], outline=acc, width=3)
            if math.hypot(x - CW / 2, y - CH / 2) < 0.26 * CW + R_CLEAR + step * 0.3:
                continue  # no half motif under the medallion's ring
            if (i + j) % 2 == 0:
                draw_sign(d, sign, x, y, step * 0.3, ink)
            else:
                r = step * 0.1
                d.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=ink)
    cx, cy, R = CW / 2, CH / 2, 0.26 * CW
    img.paste(pattern, (0, 0), back_field_mask(5 * u + 2, 0, (cx, cy), R + R_CLEAR))
    d = ImageDraw.Draw(img)
    # central medallion
    d.ellipse([cx - R, cy - R, cx + R, cy + R], fill=field, outline=ink, width=10)
    d.ellipse([cx - R + 20, cy - R + 20, cx + R - 20, cy + R - 20], outline=acc, width=4)
    draw_sign(d, sign, cx, cy, R * 0.7, ink)
    d.rectangle(inner, outline=INK, width=3)
    return img


__all__ = ["B", "CAPTION_H", "CARDS", "FIELD", "M", "PAL", "PLAYS", "RANK_LV", "SHORT",
           "SUIT_GEN", "caption_box", "caption_span", "card_info", "font", "render",
           "render_back", "short_name", "suit_plays"]
