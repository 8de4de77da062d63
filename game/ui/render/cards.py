"""Card geometry every game's faces share: the cards' proportions."""

from __future__ import annotations

ASPECT = 1.4  # height / width, like the real cards


def card_height(w: int) -> int:
    return int(round(w * ASPECT))
