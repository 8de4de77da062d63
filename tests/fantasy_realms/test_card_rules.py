"""One small hand per card rule, with the arithmetic worked out from the card text.

Each case names the cards, the expected best total (the scorer chooses), and some
per-card points. Choices, where given, are fixed instead of searched.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.fantasy_realms.cards import library
from game.fantasy_realms.hands import build_hand
from game.fantasy_realms.modules import normalize
from game.fantasy_realms.optimal import best

CH = ("cursed_hoard_suits",)
CASES: list[tuple[str, list[str], int, dict[str, int], dict[str, Any]]] = [
    # name, cards, best total, some per-card points, extras (modules, choose, players, discard)
    ("forest", ["Forest", "Unicorn", "Elven Archers"], 55, {"FR04": 31, "FR22": 15}, {}),
    ("earth elemental", ["Earth Elemental", "Mountain", "Cavern"], 49, {"FR05": 34}, {}),
    ("fountain takes the best one", ["Fountain of Life", "Lightning", "Sword of Keth"], 30, {"FR06": 12}, {}),
    ("swamp", ["Swamp", "Knights", "Fire Elemental"], 28, {"FR07": 12, "FR21": 12}, {}),
    ("island clears swamp", ["Island", "Swamp", "Knights"], 44, {"FR07": 18}, {}),
    ("water elemental", ["Water Elemental", "Island", "Swamp"], 66, {"FR10": 34}, {}),
    ("rainstorm spares lightning", ["Rainstorm", "Island", "Fire Elemental", "Lightning"], 73, {"FR20": 0, "FR19": 41}, {}),
    ("blizzard", ["Blizzard", "Island", "Knights", "Unicorn"], 41, {"FR12": 20, "FR09": 0}, {}),
    ("smoke with a flame", ["Smoke", "Lightning"], 38, {"FR13": 27}, {}),
    ("smoke without a flame", ["Smoke", "Mountain"], 9, {"FR13": 0}, {}),
    ("whirlwind", ["Whirlwind", "Rainstorm", "Blizzard"], 91, {"FR14": 53}, {}),
    ("fire elemental", ["Fire Elemental", "Candle", "Forge"], 45, {"FR20": 34}, {}),
    ("dwarvish infantry", ["Dwarvish Infantry", "Knights", "King"], 51, {"FR24": 13, "FR31": 18}, {}),
    ("light cavalry", ["Light Cavalry", "Mountain", "Forest"], 29, {"FR23": 13}, {}),
    ("rangers clear the word army", ["Rangers", "Swamp", "Knights", "Cavern"], 51, {"FR25": 15, "FR07": 18}, {}),
    ("collector", ["Collector", "Mountain", "Cavern", "Forest"], 39, {"FR26": 17}, {}),
    ("beastmaster clears beasts", ["Beastmaster", "Dragon", "Basilisk"], 92, {"FR27": 27, "FR39": 30}, {}),
    ("warlock lord", ["Warlock Lord", "King", "Enchantress"], 18, {"FR29": 5}, {}),
    ("enchantress", ["Enchantress", "Mountain", "Island", "Lightning"], 54, {"FR30": 20}, {}),
    ("princess", ["Princess", "Knights", "Enchantress", "King"], 64, {"FR33": 26}, {}),
    ("warlord (a leader, so knights score full)", ["Warlord", "Knights", "Rangers"], 54, {"FR34": 29, "FR21": 20}, {}),
    ("empress", ["Empress", "King", "Knights"], 53, {"FR35": 20}, {}),
    ("unicorn with princess", ["Unicorn", "Princess"], 41, {"FR36": 39}, {}),
    ("unicorn with queen", ["Unicorn", "Queen"], 30, {"FR36": 24}, {}),
    ("warhorse", ["Warhorse", "Enchantress"], 25, {"FR38": 20}, {}),
    ("dragon alone", ["Dragon"], -10, {}, {}),
    ("dragon with a wizard", ["Dragon", "Enchantress"], 35, {"FR39": 30}, {}),
    ("hydra", ["Hydra", "Swamp"], 58, {"FR40": 40}, {}),
    ("warship with a flood", ["Warship", "Island"], 37, {}, {}),
    ("warship alone", ["Warship"], 0, {}, {}),
    ("magic wand", ["Magic Wand", "Enchantress"], 31, {"FR42": 26}, {}),
    ("sword and shield", ["Sword of Keth", "King", "Shield of Keth"], 99, {"FR43": 47, "FR46": 44}, {}),
    ("elven longbow", ["Elven Longbow", "Warlord"], 37, {"FR44": 33}, {}),
    ("war dirigible with an army", ["War Dirigible", "Knights"], 47, {"FR45": 35}, {}),
    ("war dirigible with weather", ["War Dirigible", "Knights", "Rainstorm"], 20, {"FR45": 0}, {}),
    ("gem of order run of 4", ["Gem of Order", "Shield of Keth", "Cavern", "Forest"], 52, {"FR47": 35}, {}),
    ("world tree", ["World Tree", "Mountain", "Lightning", "Knights"], 84, {"FR48": 52}, {}),
    ("protection rune", ["Protection Rune", "Dragon", "Knights"], 51, {"FR39": 30, "FR21": 20}, {}),
    ("book of changes best", ["Bell Tower", "Book of Changes", "Forge"], 44, {"FR03": 23}, {}),
    ("shapeshifter as a leader", ["Shapeshifter", "Sword of Keth", "Shield of Keth"], 91, {"FR51": 0, "FR43": 47}, {}),
    ("mirage as rainstorm", ["Mirage", "Lightning"], 41, {"FR19": 41}, {}),
    ("doppelganger copies knights", ["Doppelganger", "King", "Queen", "Knights"], 134, {"FR53": 20, "FR31": 48}, {}),
    ("doppelganger declined", ["Doppelganger", "King"], 8, {"FR53": 0},
     {"choose": {"Doppelganger": "none"}}),
    ("crypt blanks leaders", ["Crypt", "Lich", "King"], 47, {"CH03": 34, "FR31": 0}, {"modules": CH}),
    ("chapel exactly two", ["Chapel", "King", "Enchantress"], 55, {"CH04": 42}, {"modules": CH}),
    ("genie with three players", ["Genie"], -30, {}, {"modules": CH, "players": 3}),
    ("judge", ["Judge", "Dragon", "Knights"], 33, {"CH07": 31}, {"modules": CH}),
    ("angel protects smoke", ["Angel", "Smoke"], 43, {"FR13": 27}, {"modules": CH}),
    ("leprechaun", ["Leprechaun"], 20, {}, {"modules": CH}),
    ("demon blanks lonely cards", ["Demon", "Knights", "King"], 45, {"FR21": 0, "FR31": 0}, {"modules": CH}),
    ("rune clears the demon", ["Demon", "Protection Rune", "Knights", "King"], 79, {"FR31": 13}, {"modules": CH}),
    ("death knight", ["Death Knight"], 28, {}, {"modules": CH, "discard": ["Knights", "Sword of Keth", "King"]}),
    ("lich", ["Lich", "Specter", "CH20"], 48, {"CH14": 33}, {"modules": CH}),
    ("castle", ["Castle", "CH16", "King"], 46, {"CH02": 30}, {"modules": CH}),
    ("garden with the demon", ["Garden", "Demon"], 45, {"CH05": 0}, {"modules": CH}),
    ("dark queen", ["Dark Queen"], 20, {}, {"modules": CH, "discard": ["Unicorn", "Mountain"]}),
    ("ch rangers", ["CH19", "Castle"], 35, {"CH19": 15, "CH02": 20}, {"modules": CH}),
    ("necromancer's card counts", ["Necromancer", "King"], 36, {"FR31": 13, "FR21": 20},
     {"choose": {"Necromancer": "Knights"}, "discard": ["Knights"]}),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_card_rule(case: tuple[str, list[str], int, dict[str, int], dict[str, Any]]) -> None:
    _name, cards, total, per_card, extra = case
    lib = library()
    mods = normalize(extra.get("modules", ()))
    hand = build_hand(lib, "t", cards, extra.get("choose", {}), mods, extra.get("players", 4), extra.get("discard", []))
    sc = best(hand.final, hand.table, lib, fixed=hand.choices)
    assert sc.total == total, sc.per_card
    for cid, pts in per_card.items():
        assert sc.per_card[cid] == pts, (cid, sc.per_card)
