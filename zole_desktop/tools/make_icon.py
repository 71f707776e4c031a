"""Draw the application icon (our own drawing): ``python -m zole_desktop.tools.make_icon``.

Three fanned cards — the top trumps ♣Q ♠Q ♥Q — on a carmine tile, written as
``art/icons/zole.png`` (512 px) and ``art/icons/zole.ico`` (Windows sizes).
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw, ImageFont

from .. import resources

CARMINE = (158, 48, 57, 255)
LINEN = (243, 238, 226, 255)
INK = (30, 27, 24, 255)
AMBER = (226, 179, 60, 255)
RED = (178, 34, 44, 255)


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for path in (resources.fonts_dir() / "DejaVuSans-Bold.ttf",):
        if path.exists():
            return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size)


def draw(size: int = 512) -> Image.Image:
    s = size * 2  # supersample
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, s - 1, s - 1), radius=s // 6, fill=CARMINE)
    d.rounded_rectangle((s * 0.04, s * 0.04, s * 0.96, s * 0.96), radius=s // 7,
                        outline=LINEN, width=max(2, s // 80))
    cw, ch = int(s * 0.40), int(s * 0.56)
    font = _font(int(ch * 0.30))
    pip = _font(int(ch * 0.26))
    for k, (suit, colour) in enumerate((("♣", INK), ("♠", INK), ("♥", RED))):
        card = Image.new("RGBA", (cw, ch), (0, 0, 0, 0))
        cd = ImageDraw.Draw(card)
        cd.rounded_rectangle((0, 0, cw - 1, ch - 1), radius=cw // 9, fill=LINEN,
                             outline=INK, width=max(2, s // 160))
        cd.text((cw * 0.12, ch * 0.05), "Q", font=font, fill=colour)
        cd.text((cw * 0.14, ch * 0.38), suit, font=pip, fill=colour)
        # the shared trump mark: a small amber star
        cx, cy, r = cw * 0.78, ch * 0.14, cw * 0.11
        pts = [(cx + r * (1 if i % 2 == 0 else 0.45) * math.sin(i * math.pi / 5),
                cy - r * (1 if i % 2 == 0 else 0.45) * math.cos(i * math.pi / 5))
               for i in range(10)]
        cd.polygon(pts, fill=AMBER, outline=INK)
        angle = (1 - k) * 16
        rot = card.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
        x = int(s / 2 - rot.width / 2 + (k - 1) * s * 0.17)
        y = int(s / 2 - rot.height / 2 + abs(k - 1) * s * 0.03)
        img.alpha_composite(rot, (x, y))
    return img.resize((size, size), Image.Resampling.LANCZOS)


def main() -> int:
    out = resources.art_dir() / "icons"
    out.mkdir(parents=True, exist_ok=True)
    icon = draw(512)
    icon.save(out / "zole.png", optimize=True)
    icon.save(out / "zole.ico", sizes=[(16, 16), (32, 32), (48, 48), (64, 64), (128, 128),
                                        (256, 256)])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
