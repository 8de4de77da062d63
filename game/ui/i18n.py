"""Interface strings in English and French, from ``data/i18n/<lang>.toml`` (and each
game's own ``data/i18n/<game>_<lang>.toml``).

Keys are dotted (``title.new_game``); ``{name}`` placeholders are filled with
:meth:`str.format`; when the count (``n``, else ``amount``) is 1, a ``<key>_one``
variant is used if there is one ("1 card", "1 dégât"). A key missing in a language
falls back to English, then to the key itself, so a missing string is visible but
never a crash. Card names and ability texts come from the card data, not from here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from game import games
from game.core import tomlcompat
from game.core.refusal import Refusal
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
    """The main file's strings, then each game's own file (``<game>_<lang>.toml``, for a
    game of the registry that has one): each game's screens keep their strings apart,
    so the files stay small and merge cleanly."""
    out: dict[str, str] = {}
    own = [f"{g}_{lang}" for g in games.names() if data_path("i18n", f"{g}_{lang}.toml").is_file()]
    for name in (lang, *own):
        try:
            _flatten("", tomlcompat.load_file(data_path("i18n", f"{name}.toml")), out)
        except Exception:  # a broken language file must not stop the table: English/keys show
            continue
    return out


_VOWELS = tuple("AEIOUYÀÂÉÈÊËÎÏÔÛÙaeiouyàâéèêëîïôûù")


def _elide(text: str, kw: dict[str, Any]) -> str:
    """French: "de {name}" becomes "d'{name}" when the name starts with a vowel ("Tour d'Ana")."""
    for k, v in kw.items():
        if isinstance(v, str) and v.startswith(_VOWELS):
            # "de" as a word only: "demande {card}" keeps its words
            text = re.sub(rf"\b([dD])e \{{{re.escape(k)}\}}", rf"\1'{{{k}}}", text)
    return text


#: the placeholders that hold the count a string agrees with, the first present wins
COUNT_KEYS = ("n", "amount")


def _count(kw: dict[str, Any]) -> int | None:
    """The count a string's words agree with: ``n``, else ``amount`` (damage, gold...)."""
    for k in COUNT_KEYS:
        v = kw.get(k)
        if isinstance(v, int) and not isinstance(v, bool):
            return v
    return None


class Tr:
    """A translator bound to one language (swapped when the setting changes)."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang if lang in LANGS else "en"

    def __call__(self, key: str, **kw: Any) -> str:
        # "1 card", not "1 cards"; French agrees in the singular with 0 too ("0 partie gagnée"), where
        # the singular's words hold the count (most say a literal "1")
        count = _count(kw)
        if (count == 1 or count == 0 and self.lang == "fr" and "{n}" in strings("fr").get(key + "_one", "")) \
                and self.has(key + "_one"):
            key += "_one"
        text = strings(self.lang).get(key) or strings("en").get(key) or key
        if kw and self.lang == "fr":
            text = _elide(text, kw)
        if kw:
            try:
                return text.format(**kw)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def has(self, key: str) -> bool:
        return key in strings(self.lang) or key in strings("en")


def refusal_words(tr: Tr, game: str, why: Refusal, params: Mapping[str, object]) -> str:
    """An engine's refusal in ``tr``'s language: the game's words for its key
    (``refusal.<game>.<key>``) filled with ``params`` (the refusal's, as the table shows
    them), or the engine's English sentence for a key no file words (``other``, an older
    host's)."""
    key = f"refusal.{game}.{why.key}"
    return tr(key, **params) if tr.has(key) else why.text
