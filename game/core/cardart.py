"""The ``art`` field every game's card data may carry: the name of the card's picture.

A picture is an SVG file ``assets/art/<name>.svg`` (extracted from the Game Icons set by
``build/extract_art.py``); the engines only check the name's form, the table draws it.
"""

from __future__ import annotations

import re
from typing import Any

from game.core.errors import DataError

ART_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def art_name(where: str, value: Any) -> str:
    """``value`` checked as a picture name (lowercase letters, digits and single hyphens)."""
    if not isinstance(value, str) or not ART_NAME.fullmatch(value):
        raise DataError(where, f"art must be an icon name of a-z, 0-9 and '-' (like \"dragon-head\"), not {value!r}")
    return value
