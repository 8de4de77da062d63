"""The parameters of the engine's refusals as the tables show them: the cards a refusal
names, by their names in the table's language (the engine names them by slug, as its
notation does). Both tables (the standard game's and Chaos Realms') give these to the
table kit, which words the refusal's key (``refusal.fantasy_realms.<key>``)."""

from __future__ import annotations

from functools import cache

from game.core.refusal import Refusal
from game.fantasy_realms.cards import library
from game.ui.fantasy_realms import score as scoring

CARD_PARAMS = ("card",)  # the parameters that name a card (by slug or id)


@cache
def _ids() -> dict[str, str]:
    lib = library()
    return {x.slug: key for table in (lib.cards, lib.items) for key, x in table.items()}


def card_word(word: str, lang: str) -> str:
    """A card's (or Cursed Item's) name in ``lang`` from its slug or id; the word itself
    when it names no card."""
    cid = word if word in library().cards or word in library().items else _ids().get(word)
    return scoring.card_name(cid, lang) if cid else word


def params(why: Refusal, lang: str) -> dict[str, object]:
    """``why``'s parameters as the words show them: its cards by their names in ``lang``."""
    return {k: card_word(v, lang) if k in CARD_PARAMS and isinstance(v, str) else v for k, v in why.params.items()}
