"""Interface strings in English and French, from ``data/i18n/<lang>.toml``.

Keys are dotted (``title.new_game``); ``{name}`` placeholders are filled with
:meth:`str.format`. A key missing in a language falls back to English, then to
the key itself, so a missing string is visible but never a crash. Card names and
ability texts come from the card data, not from here.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from game.core import tomlcompat
from game.core.resources import data_path

LANGS = ("en", "fr")


def _flatten(prefix: str, doc: dict[str, Any], out: dict[str, str]) -> None:
    for k, v in doc.items():
        key = f"{prefix}.{k}" if prefix else k
        if isinstance(v, dict):
            _flatten(key, v, out)
        elif isinstance(v, str):
            out[key] = v


@cache
def strings(lang: str) -> dict[str, str]:
    path = data_path("i18n", f"{lang}.toml")
    out: dict[str, str] = {}
    try:
        _flatten("", tomlcompat.load_file(path), out)
    except Exception:  # a broken language file must not stop the table: English/keys show
        return {}
    return out


class Tr:
    """A translator bound to one language (swapped when the setting changes)."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang if lang in LANGS else "en"

    def __call__(self, key: str, **kw: Any) -> str:
        text = strings(self.lang).get(key) or strings("en").get(key) or key
        if kw:
            try:
                return text.format(**kw)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def has(self, key: str) -> bool:
        return key in strings(self.lang) or key in strings("en")
