"""The effect vocabulary: every verb a card file may use, with its parameters.

Cards are data; an ability is a list of effects, and each effect names one verb of
this table. The loader validates card files against it (unknown verb, unknown or
missing parameter, wrong type) and ``effects.py`` implements each verb once. A test
checks that both agree, so a new verb cannot be half-added.
"""

from __future__ import annotations

from typing import Any

# Parameter name -> (expected python type, required, allowed values or None).
ParamSpec = dict[str, tuple[type, bool, "frozenset[Any] | None"]]

_AMOUNT: ParamSpec = {"amount": (int, True, None)}
_PER = frozenset({"champion", "other_champion", "other_guard", "other_faction"})
_FACTIONS = frozenset({"guild", "imperial", "necros", "wild"})

VERBS: dict[str, ParamSpec] = {
    "gold": dict(_AMOUNT),
    "combat": dict(_AMOUNT),
    "health": dict(_AMOUNT),
    "draw": dict(_AMOUNT),
    # "Choose one": each option is itself a list of effects.
    "choose_one": {"options": (list, True, None)},
    "stun_target_champion": {"optional": (bool, False, None)},
    "opponent_discards": dict(_AMOUNT),
    "prepare_champion": dict(_AMOUNT),
    "next_acquire": {
        "to": (str, True, frozenset({"deck_top", "hand"})),
        "of": (str, True, frozenset({"card", "action"})),
    },
    "discard_to_deck_top": {
        "of": (str, True, frozenset({"card", "champion"})),
        "optional": (bool, False, None),
    },
    "sacrifice_from_hand_or_discard": {
        "amount": (int, True, None),
        "optional": (bool, False, None),
        "up_to": (bool, False, None),
        "bonus_combat": (int, False, None),
    },
    "draw_then_discard": {
        "amount": (int, True, None),
        "optional": (bool, False, None),
        "up_to": (bool, False, None),
    },
    "combat_per": {
        "amount": (int, True, None),
        "per": (str, True, _PER),
        "faction": (str, False, _FACTIONS),
    },
    "health_per": {
        "amount": (int, True, None),
        "per": (str, True, _PER),
        "faction": (str, False, _FACTIONS),
    },
}
