"""The Cursed Items' vocabulary: every verb an item's ``ability`` may name, with its fields.

Items are data: ``data/fantasy_realms/cursed_items.toml`` gives each item an
``ability = { verb = "...", field = value }``. The loader (``cards.py``) checks every
ability against this table (unknown verb, unknown or missing field, wrong type or
value), ``items.py`` implements each verb once in its registry, and a test checks that
both name the same verbs, so a verb cannot be half-added. Items that share a mechanism
share a verb with different fields (the Book of Prophecy and the Crystal Lens both
``see_deck``).
"""

from __future__ import annotations

from typing import Any

# Field name -> (expected python type, required, allowed values or None). An ``int``
# field is a count of at least 1; a ``list`` field is a list of item names.
ParamSpec = dict[str, tuple[type, bool, "frozenset[Any] | None"]]

_COUNT: ParamSpec = {"count": (int, True, None)}

ITEM_VERBS: dict[str, ParamSpec] = {
    "see_hand": {},
    "reveal_suit": {},
    "see_deck": {
        "from": (str, True, frozenset({"top", "bottom"})),
        "count": (int, True, None),
        "before_draw": (bool, False, None),
    },
    "deck_to_discard": {"ends_turn": (bool, False, None)},
    "discard_to_deck_bottom": {},
    "seal_discards": dict(_COUNT),
    "swap_discards_with_deck": {},
    "take_discards": {},
    "discard_then_draw": {},
    "draw_then_discard": dict(_COUNT),
    "draw_and_put_back": dict(_COUNT),
    "draw_until_suit": dict(_COUNT),
    "transmute": {},
    "wish_to_top": {},
    "offer_trade": {},
    "set_aside_items": dict(_COUNT),
    "steal_item": {},
    "use_discarded_item": dict(_COUNT),
    "copy_used_item": {"except": (list, False, None)},
    "extra_turn": {},
    "raise_hand_limit": {},
    "nothing": {},
}
