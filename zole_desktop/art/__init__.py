"""Card-art generator: three original decks drawn with Pillow.

``python -m zole_desktop.art build [--only THEME]`` writes ``art/themes/<id>/``.
"""

from .build import THEME_IDS, build_theme, render_back, render_card, render_felt

__all__ = ["THEME_IDS", "build_theme", "render_back", "render_card", "render_felt"]
