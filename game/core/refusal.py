"""Reasons as values: why an action is refused, as a key with parameters.

The engine says why an action is not legal once; the command line prints the English
sentence, a table words the key in the player's language (``data/i18n/<game>_<lang>.toml``,
``refusal.<key>``), and the LAN carries both, so an old client still reads the sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

Param = str | int | bool  # what a refusal's parameters hold (plain JSON, for the LAN)


@dataclass(frozen=True)
class Refusal:
    """Why an action is refused: a ``key`` a table words in the player's language, with
    its ``params``, and the English sentence the command line prints and old clients show."""

    key: str
    text: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}


def refusal(key: str, text: str, **params: Param) -> Refusal:
    """A refusal with its English sentence and the parameters a table words it with."""
    return Refusal(key, text, params)
