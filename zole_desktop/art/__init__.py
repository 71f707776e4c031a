"""Card-art generator: three original decks, drawn as SVG masters (:mod:`.vector`) and
rendered with resvg; the felt with Pillow.

``python -m zole_desktop.art build [--only THEME]`` writes ``art/themes/<id>/``.  The
generator's names are loaded when first used, so that the game, which needs only
:mod:`.vector`, does not import the writer.
"""

from __future__ import annotations

__all__ = ["THEME_IDS", "build_theme", "render_back", "render_card", "render_felt"]


def __getattr__(name: str):
    if name in __all__:
        from . import build

        return getattr(build, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
