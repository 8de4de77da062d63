"""The effect vocabulary of HerosDeï cards: every verb a card file may name, with its fields.

Cards are data; a card's ``effects`` is a list of tables, each naming one verb of this
table. The loader (``cards.py``) checks every effect against it (unknown verb, unknown
or missing field, wrong type, value out of its set) and ``effects.py`` implements each
verb once; a test checks that both agree and that ``data/herosdei/README.md``
documents every verb and field.
"""

from __future__ import annotations

from typing import Any

# Field name -> (expected python type, required, allowed values or None).
FieldSpec = dict[str, tuple[type, bool, "frozenset[Any] | None"]]

STATS = frozenset({"F", "S", "C", "M"})
KEYWORDS = frozenset({"flying", "insensible"})
# Whom an effect on a Character reaches: the Character a destiny was played on (its
# side checked), the two fighters of the combat in progress, the card's carrier (a card
# given to a Character) or every Character of one side.
CHARACTER_TARGETS = frozenset({"own_character", "opposing_character", "attacker", "defender", "carrier",
                               "all_own", "all_opposing"})
# Whom a card-level effect reaches: one Character, never a whole side.
ONE_TARGET = CHARACTER_TARGETS - {"all_own", "all_opposing"}
PLAYERS = frozenset({"self", "opponent"})
CARD_TYPES = frozenset({"hero", "monster", "character", "mythic_object", "object", "mythic_animal", "animal",
                        "stable_destiny", "unstable_destiny", "god", "place", "black_magic", "quality",
                        "sovereign_good"})

VERBS: dict[str, FieldSpec] = {
    "boost": {"stat": (str, True, STATS), "amount": (int, True, None), "target": (str, True, CHARACTER_TARGETS)},
    "cancel": {},
    "draw": {"amount": (int, True, None), "player": (str, False, PLAYERS)},
    "discard": {"amount": (int, True, None)},
    "take_control": {"target": (str, True, ONE_TARGET)},
    "bounce": {"target": (str, True, ONE_TARGET)},
    "kill": {"target": (str, True, ONE_TARGET)},
    "gain_vp": {"amount": (int, True, None)},
    "search": {"type": (str, False, CARD_TYPES)},
    "no_riposte": {},
    "grant": {"keyword": (str, True, KEYWORDS), "target": (str, True, CHARACTER_TARGETS)},
}

# Targets a player names when playing the card (``play <card> on <seat>:<card>``).
CHOSEN_TARGETS = frozenset({"own_character", "opposing_character"})
