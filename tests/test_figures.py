"""The court figures: hand-authored SVG masters that the deck pipeline places on the cards
(art/themes/<deck>/figures/<CODE>.svg, the lead's figure contract).

One row of FIGURE_DECKS per deck: (deck, codes, viewBox, keep-clear box). The keep-clear box
is (x0, y0, x1, y1) in the figure's own units: the part of the figure that the corner index
covers. Each row is checked for: the file exists, parses, has the exact viewBox, uses nothing
the contract forbids, is under the size bound, renders with resvg and paints its own background
to all four edges; the keep-clear box is plain background; the deck's line weights are kept;
and the figures of one deck differ from each other.

The Rainis decks' setting (sky, river, trees) runs on under the index box, which covers only
part of the keep-clear box (the contract: "only background/setting there"). A figure of a deck
in SETTING_UNDER_INDEX draws its character and key props in one group, <g id="...-figure">,
over the setting, and that group must paint nothing in the keep-clear box.
"""

from __future__ import annotations

import io
import itertools
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
import resvg_py
from PIL import Image, ImageChops, ImageStat

THEMES = Path(__file__).resolve().parent.parent / "art" / "themes"
COURTS = ("KC", "QC", "JC", "KS", "QS", "JS", "KH", "QH", "JH", "KD", "QD", "JD")

# (deck, codes, viewBox, keep-clear box in figure units)
FIGURE_DECKS: list[tuple[str, tuple[str, ...], str, tuple[float, float, float, float]]] = [
    # classic: the top half of a double-headed court; the corner index (rank over suit)
    # covers the top-left 75 x 200, kept plain background
    ("classic", COURTS, "0 0 500 380", (0, 0, 75, 200)),
    # rainis-1: single-headed pictures above the caption; the index box and its trump star
    # cover the top-left 110 x 240, kept plain background
    ("rainis-1", COURTS, "0 0 480 580", (0, 0, 110, 240)),
    # rainis-2: the characters of four plays by Rainis
    ("rainis-2", COURTS, "0 0 480 580", (0, 0, 110, 240)),
]

# decks whose setting may run under the index: only the "-figure" group keeps out of the zone
SETTING_UNDER_INDEX = {"rainis-2"}

# the contract's line-weight systems, in card units
LINE_WEIGHTS = {"classic": (4.0, 2.5, 1.5), "rainis-1": (6.0, 3.5, 2.0),
                "rainis-2": (6.0, 3.5, 2.0)}

MAX_BYTES = 200 * 1024
SVG_NS = "http://www.w3.org/2000/svg"
FORBIDDEN_ELEMENTS = {"image", "text", "script", "foreignObject", "filter", "feImage",
                      "iframe", "video", "audio", "canvas"}


def _cases() -> Iterator[tuple[str, str, str, tuple[float, float, float, float]]]:
    for deck, codes, viewbox, zone in FIGURE_DECKS:
        for code in codes:
            yield deck, code, viewbox, zone


CASES = list(_cases())
CASE_IDS = [f"{deck}-{code}" for deck, code, _v, _z in CASES]
DECK_IDS = [row[0] for row in FIGURE_DECKS]


def _path(deck: str, code: str) -> Path:
    return THEMES / deck / "figures" / f"{code}.svg"


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _size(viewbox: str) -> tuple[float, float]:
    _x, _y, w, h = (float(v) for v in viewbox.split())
    return w, h


def render(svg: str, height: int) -> Image.Image:
    """The SVG drawn by resvg at ``height`` pixels (the width follows the viewBox; no system
    fonts: a figure has no text) as an RGBA image."""
    png = resvg_py.svg_to_bytes(svg_string=svg, height=height, skip_system_fonts=True)
    return Image.open(io.BytesIO(bytes(png))).convert("RGBA")


def problems_of(svg: str, viewbox: str) -> list[str]:
    """What in an SVG text breaks the contract's format rules (empty when it keeps them)."""
    out: list[str] = []
    try:
        root = ET.fromstring(svg)
    except ET.ParseError as e:
        return [f"not well-formed XML ({e})"]
    if root.tag != f"{{{SVG_NS}}}svg":
        out.append(f"root element is {root.tag}, not an SVG <svg>")
    if root.get("viewBox") != viewbox:
        out.append(f"viewBox is {root.get('viewBox')!r}, not {viewbox!r}")
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    for el in root.iter():
        name = _local(el.tag)
        if name in FORBIDDEN_ELEMENTS:
            out.append(f"<{name}> is not allowed")
        if name == "style" and re.search(r"@import|url\(\s*['\"]?(?!#)", el.text or ""):
            out.append("<style> imports or refers to something outside the file")
        for key, value in el.attrib.items():
            attr = _local(key)
            if attr == "href" and not (value.startswith("#") and value[1:] in ids):
                out.append(f"<{name}> href {value!r} is not a reference inside the file")
            if attr == "filter" or (attr == "style" and "filter" in value):
                out.append(f"<{name}> uses a filter")
            if attr.startswith("on"):
                out.append(f"<{name}> has an event handler {attr}")
            for ref in re.findall(r"url\(\s*['\"]?([^)'\"]*)", value):
                if not (ref.startswith("#") and ref[1:] in ids):
                    out.append(f"<{name}> {attr} refers to {ref!r}, not to an id in the file")
    return out


def off_background(img: Image.Image, box: tuple[int, int, int, int], tol: int = 16) -> float:
    """The fraction of the box's pixels that differ from the box's commonest colour by more
    than ``tol`` in some channel: 0 for plain background, more for any line, face or prop."""
    part = img.convert("RGB").crop(box)
    colours = part.getcolors(part.width * part.height) or []
    common: tuple[int, int, int] = max(colours)[1]  # type: ignore[assignment]
    r, g, b = ImageChops.difference(part, Image.new("RGB", part.size, common)).split()
    diff = ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v > tol else 0)
    return diff.histogram()[255] / (part.width * part.height)


ZONE_SCALE = 2  # pixels per figure unit for the keep-clear check
ZONE_LIMIT = 0.001  # at most 0.1% of the box may differ (antialiasing dust, never a shape)


def zone_fraction(svg: str, viewbox: str, zone: tuple[float, float, float, float]) -> float:
    img = render(svg, round(_size(viewbox)[1] * ZONE_SCALE))
    box = tuple(round(v * ZONE_SCALE) for v in zone)
    return off_background(img, box)  # type: ignore[arg-type]


def figure_group(root: ET.Element) -> ET.Element:
    """The one <g id="...-figure"> that holds a figure's character and key props."""
    found = [el for el in root.iter(f"{{{SVG_NS}}}g") if (el.get("id") or "").endswith("-figure")]
    assert len(found) == 1, f"{len(found)} groups with an id ending in -figure, not one"
    return found[0]


def figure_layer(svg: str) -> str:
    """The SVG with only its <defs> and its figure group: the setting taken away."""
    root = ET.fromstring(svg)
    group = figure_group(root)
    layer = ET.Element(root.tag, {k: v for k, v in root.attrib.items()})
    for el in root.iter():
        if _local(el.tag) == "defs":
            layer.append(el)
    # the group's inherited presentation attributes (stroke, joins) come from its ancestors
    parents = {child: parent for parent in root.iter() for child in parent}
    attrs: dict[str, str] = {}
    node = group
    while node in parents:
        node = parents[node]
        for k, v in node.attrib.items():
            if k not in ("id", "transform", "clip-path") and k not in attrs:
                attrs[k] = v
    holder = ET.SubElement(layer, f"{{{SVG_NS}}}g", attrs)
    holder.append(group)
    ET.register_namespace("", SVG_NS)
    return ET.tostring(layer, encoding="unicode")


def figure_zone_fraction(svg: str, viewbox: str,
                         zone: tuple[float, float, float, float]) -> float:
    """The fraction of the keep-clear box that the figure group paints (any alpha)."""
    img = render(figure_layer(svg), round(_size(viewbox)[1] * ZONE_SCALE))
    box = tuple(round(v * ZONE_SCALE) for v in zone)
    alpha = img.getchannel("A").crop(box).point(lambda v: 255 if v > 8 else 0)  # type: ignore[arg-type]
    return alpha.histogram()[255] / (alpha.width * alpha.height)


def keep_clear_fraction(deck: str, svg: str, viewbox: str,
                        zone: tuple[float, float, float, float]) -> float:
    if deck in SETTING_UNDER_INDEX:
        return figure_zone_fraction(svg, viewbox, zone)
    return zone_fraction(svg, viewbox, zone)


def spoil(deck: str, svg: str, bad: str) -> str:
    """The SVG with ``bad`` drawn as a part of the figure (in its figure group where the deck
    has one, else last)."""
    if deck in SETTING_UNDER_INDEX:
        root = ET.fromstring(svg)
        gid = figure_group(root).get("id")
        at = svg.index(f'id="{gid}"')
        end = svg.index(">", at) + 1
        return svg[:end] + bad + svg[end:]
    return svg.replace("</svg>", bad + "</svg>")


# ---- line weights -------------------------------------------------------------------

_NUM = r"-?(?:\d+\.?\d*|\.\d+)"


def _transform_scale(value: str | None) -> float | None:
    """The uniform scale of a transform attribute (1 for translate/rotate), None when the
    transform stretches unevenly (a stroke's width would then vary along it)."""
    if not value:
        return 1.0
    k = 1.0
    for fn, args in re.findall(r"(\w+)\(([^)]*)\)", value):
        nums = [float(v) for v in re.findall(_NUM, args)]
        if fn in ("translate", "rotate"):
            continue
        if fn == "scale":
            sx, sy = nums[0], nums[1] if len(nums) > 1 else nums[0]
            if not math.isclose(abs(sx), abs(sy)):
                return None
            k *= abs(sx)
        elif fn == "matrix":
            a, b, c, d = nums[:4]
            if not (math.isclose(a * a + b * b, c * c + d * d) and math.isclose(a * c + b * d, 0,
                                                                                 abs_tol=1e-9)):
                return None
            k *= math.sqrt(abs(a * d - b * c))
        else:
            return None
    return k


def _style_props(el: ET.Element) -> dict[str, str]:
    props = {k: v for k, v in el.attrib.items() if k in ("stroke", "stroke-width")}
    for decl in (el.get("style") or "").split(";"):
        if ":" in decl:
            k, v = (p.strip() for p in decl.split(":", 1))
            if k in ("stroke", "stroke-width"):
                props[k] = v
    return props


SHAPES = {"path", "circle", "ellipse", "rect", "line", "polyline", "polygon"}


def strokes_of(root: ET.Element) -> list[tuple[str, str, float | None]]:
    """Every stroked shape as (geometry key, stroke colour, width in the figure's units);
    stroke and stroke-width are inherited through groups, widths scaled by transforms (None
    where a transform stretches the stroke unevenly). Shapes inside <defs> are counted where
    they are used, not where they are defined."""
    out: list[tuple[str, str, float | None]] = []
    by_id = {el.get("id"): el for el in root.iter() if el.get("id")}

    def walk(el: ET.Element, stroke: str, width: float, k: float | None,
             used: bool = False) -> None:
        name = _local(el.tag)
        if name in ("clipPath", "mask", "linearGradient", "radialGradient", "pattern") or (
                name in ("defs", "symbol") and not used):
            return
        props = _style_props(el)
        stroke = props.get("stroke", stroke)
        if "stroke-width" in props:
            width = float(props["stroke-width"])
        ts = _transform_scale(el.get("transform"))
        k = None if k is None or ts is None else k * ts
        if name in SHAPES and stroke not in ("none", "transparent"):
            geom = " ".join(f"{a}={el.get(a)}" for a in
                            ("d", "cx", "cy", "r", "rx", "ry", "x", "y", "width", "height", "x1",
                             "y1", "x2", "y2", "points", "href", "transform") if el.get(a))
            out.append((f"{name} {geom}", stroke, None if k is None else width * k))
        if name == "use":
            href = next((v for a, v in el.attrib.items() if _local(a) == "href"), "")
            target = by_id.get(href[1:])
            if target is not None:
                walk(target, stroke, width, k, used=True)
        for child in el:
            walk(child, stroke, width, k, used)

    for child in root:
        walk(child, "none", 1.0, 1.0)
    # patterns are drawn in user units (checked as a part of their own)
    for pat in root.iter(f"{{{SVG_NS}}}pattern"):
        for child in pat:
            walk(child, "none", 1.0, _transform_scale(pat.get("patternTransform")))
    return out


def weight_problems(root: ET.Element, weights: tuple[float, ...]) -> list[str]:
    """Strokes outside the deck's weights. A wider stroke is allowed only as one of a pair
    drawn on the same geometry (an ink outline under a colour stroke: a capsule, a chain),
    where half the difference of the two widths is one of the weights."""
    def ok(w: float) -> bool:
        return any(math.isclose(w, v, abs_tol=0.01) for v in weights)

    strokes = strokes_of(root)
    by_geom: dict[str, list[float]] = {}
    for geom, _colour, w in strokes:
        if w is not None:
            by_geom.setdefault(geom, []).append(w)
    out = []
    for geom, _colour, w in strokes:
        if w is None:
            out.append(f"stroke stretched unevenly by a transform: {geom[:60]}")
        elif not ok(w):
            pair = [v for v in by_geom[geom] if v != w]
            if not any(ok(abs(w - v) / 2) for v in pair):
                out.append(f"stroke width {w:g} is not one of {weights}: {geom[:60]}")
    return out


# ---- the tests ----------------------------------------------------------------------

@pytest.mark.parametrize(("deck", "code", "viewbox", "zone"), CASES, ids=CASE_IDS)
def test_figure_file_keeps_the_format(deck, code, viewbox, zone):
    path = _path(deck, code)
    assert path.is_file(), f"{path} is missing"
    data = path.read_bytes()
    assert len(data) <= MAX_BYTES, f"{path.name}: {len(data)} bytes, over {MAX_BYTES}"
    assert problems_of(data.decode("utf-8"), viewbox) == []


@pytest.mark.parametrize(("deck", "code", "viewbox", "zone"), CASES, ids=CASE_IDS)
def test_figure_renders_and_fills_its_box(deck, code, viewbox, zone):
    w, h = _size(viewbox)
    img = render(_path(deck, code).read_text("utf-8"), 1000)
    assert abs(img.width - 1000 * w / h) <= 1 and img.height == 1000
    # the figure paints its own background to all four edges: nothing is see-through
    assert img.getchannel("A").getextrema() == (255, 255), "transparent parts in the figure"
    # and it is a picture, not a flat field
    assert len(img.convert("RGB").getcolors(1 << 24) or []) > 200
    assert max(ImageStat.Stat(img.convert("L")).stddev) > 20


@pytest.mark.parametrize(("deck", "code", "viewbox", "zone"), CASES, ids=CASE_IDS)
def test_keep_clear_zone_is_plain_background(deck, code, viewbox, zone):
    frac = keep_clear_fraction(deck, _path(deck, code).read_text("utf-8"), viewbox, zone)
    assert frac <= ZONE_LIMIT, f"{code}: {frac:.2%} of the index corner is drawn on"


@pytest.mark.parametrize("row", FIGURE_DECKS, ids=DECK_IDS)
def test_keep_clear_check_sees_what_enters_the_zone(row):
    """The zone check fails for a fingertip, a feather's thin line or a crown tip that
    strays into the corner (so it is not a check that cannot fail)."""
    deck, codes, viewbox, (x0, y0, x1, y1) = row
    svg = _path(deck, codes[0]).read_text("utf-8")
    assert keep_clear_fraction(deck, svg, viewbox, (x0, y0, x1, y1)) <= ZONE_LIMIT
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    intruders = [
        f'<circle cx="{cx}" cy="{cy}" r="6" fill="#F1CFA9" stroke="#1E1B18" stroke-width="1.5"/>',
        f'<path d="M{x1 + 30} {y1 + 20} L{cx} {y0 + 10}" stroke="#1E1B18" stroke-width="1.5"/>',
        f'<path d="M{x1 - 10} {y1 - 4} l5 -12 l5 12 z" fill="#E2B33C"/>',
    ]
    for bad in intruders:
        spoilt = spoil(deck, svg, bad)
        assert keep_clear_fraction(deck, spoilt, viewbox, (x0, y0, x1, y1)) > ZONE_LIMIT, bad


@pytest.mark.parametrize("row", FIGURE_DECKS, ids=DECK_IDS)
def test_line_weights_are_the_decks(row):
    deck, codes = row[0], row[1]
    weights = LINE_WEIGHTS[deck]
    for code in codes:
        root = ET.fromstring(_path(deck, code).read_text("utf-8"))
        assert weight_problems(root, weights) == [], code
        assert not any(el.get("vector-effect") for el in root.iter()), code


def test_line_weight_check_sees_a_stray_width():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g stroke="#000" '
           'stroke-width="4"><path d="M0 0 L5 5"/><g transform="scale(2)"><path d="M1 1 L2 2" '
           'stroke-width="2"/></g><path d="M0 9 L9 9" stroke-width="9"/>'
           '<path d="M0 9 L9 9" stroke="#fc0" stroke-width="4"/><circle r="3" '
           'stroke-width="3"/></g></svg>')
    found = weight_problems(ET.fromstring(svg), LINE_WEIGHTS["classic"])
    assert found == ["stroke width 3 is not one of (4.0, 2.5, 1.5): circle r=3"]


@pytest.mark.parametrize("row", FIGURE_DECKS, ids=DECK_IDS)
def test_figures_of_a_deck_are_distinct(row):
    deck, codes = row[0], row[1]
    texts = {c: _path(deck, c).read_text("utf-8") for c in codes}
    small = {c: render(t, 160).convert("RGB") for c, t in texts.items()}
    for a, b in itertools.combinations(codes, 2):
        diff = ImageChops.difference(small[a], small[b]).convert("L")
        changed = diff.point(lambda v: 255 if v > 40 else 0).histogram()[255] / (
            diff.width * diff.height)
        assert changed > 0.25, f"{a} and {b} look alike ({changed:.0%} of pixels differ)"
    # no costume is shared: no long path appears in two figures
    long_paths = {c: set(re.findall(r'\sd="([^"]{160,})"', t)) for c, t in texts.items()}
    for a, b in itertools.combinations(codes, 2):
        assert not long_paths[a] & long_paths[b], f"{a} and {b} share a drawn part"
    # and the ids of one deck never collide, so any two figures can share one document
    seen: dict[str, str] = {}
    for c, t in texts.items():
        for i in re.findall(r'\sid="([^"]+)"', t):
            assert i not in seen, f"id {i!r} is in both {seen[i]} and {c}"
            seen[i] = c


def test_format_check_refuses_what_the_contract_forbids():
    vb = "0 0 500 380"
    head = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{vb}">'
    assert problems_of(head + '<rect width="5" height="5"/></svg>', vb) == []
    bad = {
        '<image href="x.png" width="5" height="5"/>': "<image>",
        '<text x="1" y="1">K</text>': "<text>",
        '<script>alert(1)</script>': "<script>",
        '<foreignObject width="5" height="5"/>': "<foreignObject>",
        '<use href="other.svg#a"/>': "href",
        '<rect width="5" height="5" fill="url(http://x/p)"/>': "refers to",
        '<rect width="5" height="5" filter="url(#f)"/>': "filter",
        '<style>@import url(x.css);</style>': "<style>",
    }
    for inner, what in bad.items():
        found = problems_of(head + inner + "</svg>", vb)
        assert any(what in p for p in found), (inner, found)
    assert problems_of(head.replace(vb, "0 0 500 760") + "</svg>", vb) != []
    assert problems_of("<svg", vb)[0].startswith("not well-formed")


SETTING_CASES = [c for c in CASES if c[0] in SETTING_UNDER_INDEX]


@pytest.mark.parametrize(("deck", "code", "viewbox", "zone"), SETTING_CASES,
                         ids=[f"{d}-{c}" for d, c, _v, _z in SETTING_CASES])
def test_figure_group_holds_the_character(deck, code, viewbox, zone):
    """The figure group is the character, not an empty marker nor the whole picture: it
    paints between a sixth and four fifths of the field, and the setting is drawn first."""
    svg = _path(deck, code).read_text("utf-8")
    img = render(figure_layer(svg), 290)
    alpha = img.getchannel("A").point(lambda v: 255 if v > 8 else 0)
    share = alpha.histogram()[255] / (img.width * img.height)
    assert 1 / 6 < share < 4 / 5, f"{code}: the figure group paints {share:.0%} of the field"
    # nothing of the picture is drawn over the character after its group closes
    root = ET.fromstring(svg)
    group = figure_group(root)
    parents = {child: parent for parent in root.iter() for child in parent}
    node = group
    while node in parents:
        siblings = list(parents[node])
        later = siblings[siblings.index(node) + 1:]
        assert not any(_local(el.tag) in SHAPES | {"g", "use"} for el in later), code
        node = parents[node]
