"""The engine's refusals in the table's words: a refusal's key worded from
``refusal.fantasy_realms.<key>`` in the table's language, the cards it names by their
names in that language (the engine names them by slug, as its notation does).

Both tables (the standard game's and Chaos Realms') word refusals here; a key without
words keeps the engine's English sentence.
"""

from __future__ import annotations

from functools import cache

from game.core.refusal import Param, Refusal
from game.fantasy_realms.cards import library
from game.ui.fantasy_realms import score as scoring
from game.ui.i18n import Tr

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


def words(why: Refusal, tr: Tr) -> str:
    """``why`` in ``tr``'s language."""
    key = f"refusal.fantasy_realms.{why.key}"
    if not tr.has(key):
        return why.text
    params: dict[str, Param] = {k: card_word(v, tr.lang) if k in CARD_PARAMS and isinstance(v, str) else v
                                for k, v in why.params.items()}
    return tr(key, **params)
