"""The rules guide's illustrations and the card images shared with the deck gallery (being
split by what the pictures show; for now all in :mod:`.scoring`)."""

from .scoring import (
    ASPECT,
    CARD_TITLES,
    GALLERY_ORDER,
    band_label,
    blit_card,
    card_image,
    card_title,
    draw_picture,
    picture_on_felt,
    row_rects,
    source_height,
    trump_rank,
)

__all__ = ["ASPECT", "CARD_TITLES", "GALLERY_ORDER", "band_label", "blit_card", "card_image",
           "card_title", "draw_picture", "picture_on_felt", "row_rects", "source_height",
           "trump_rank"]
