"""Helpers of the HerosDeï tests: a small neutral card pool covering all 14 card types,
two decks made of it, and a fresh game between them."""

from __future__ import annotations

from game.core import tomlcompat
from game.herosdei.cards import CardDef, parse_cards
from game.herosdei.decks import Deck
from game.herosdei.setup import new_game
from game.herosdei.state import State

POOL_TOML = """
[[cards]]
id = "knight"
type = "hero"
F = 5
S = 5
C = 2
M = 3
[[cards]]
id = "sage"
type = "hero"
F = 2
S = 4
C = 5
M = 2
legendary = true
[[cards]]
id = "eagle_rider"
type = "hero"
F = 3
S = 3
C = 1
M = 3
keywords = ["flying"]
[[cards]]
id = "berserk"
type = "hero"
F = 4
S = 4
M = 1
keywords = ["insensible"]
[[cards]]
id = "hydra"
type = "monster"
F = 6
S = 4
effects = [{ verb = "boost", stat = "S", amount = 1, target = "carrier" }]
[[cards]]
id = "page"
type = "character"
F = 2
S = 2
M = 2
[[cards]]
id = "spear"
type = "mythic_object"
F = 2
slot = "thrown_weapon"
hands = 1
[[cards]]
id = "buckler"
type = "object"
S = 2
slot = "shield"
hands = 1
[[cards]]
id = "great_axe"
type = "object"
F = 3
hands = 2
[[cards]]
id = "pegasus"
type = "mythic_animal"
slot = "big"
keywords = ["flying"]
[[cards]]
id = "owl"
type = "animal"
M = 1
slot = "small"
[[cards]]
id = "valour"
type = "stable_destiny"
S = 1
effects = [{ verb = "grant", keyword = "insensible", target = "carrier" }]
[[cards]]
id = "fury"
type = "unstable_destiny"
when = "combat"
effects = [{ verb = "boost", stat = "F", amount = 2, target = "attacker" }]
[[cards]]
id = "deny"
type = "unstable_destiny"
effects = [{ verb = "cancel" }]
[[cards]]
id = "lure"
type = "unstable_destiny"
effects = [{ verb = "take_control", target = "opposing_character" }]
[[cards]]
id = "exile"
type = "unstable_destiny"
when = "out_of_combat"
effects = [{ verb = "bounce", target = "opposing_character" }, { verb = "discard", amount = 1 }]
[[cards]]
id = "doom"
type = "unstable_destiny"
effects = [{ verb = "kill", target = "opposing_character" }]
[[cards]]
id = "feast"
type = "unstable_destiny"
effects = [{ verb = "draw", amount = 2 }, { verb = "gain_vp", amount = 1 }, { verb = "search", type = "hero" }]
[[cards]]
id = "shieldwall"
type = "unstable_destiny"
when = "combat"
effects = [{ verb = "no_riposte" }, { verb = "boost", stat = "S", amount = 1, target = "all_own" }]
[[cards]]
id = "thunder"
type = "god"
M = 1
effects = [{ verb = "boost", stat = "F", amount = 1, target = "own_character" }]
[[cards]]
id = "grove"
type = "place"
S = 1
[[cards]]
id = "hex"
type = "black_magic"
C = -1
[[cards]]
id = "courage"
type = "quality"
F = 1
[[cards]]
id = "knowledge"
type = "quality"
M = 1
[[cards]]
id = "humility"
type = "quality"
C = 1
[[cards]]
id = "tolerance"
type = "quality"
S = 1
[[cards]]
id = "grail"
type = "sovereign_good"
civ = "round_table"
C = 1
[[cards]]
id = "stone"
type = "sovereign_good"
civ = "greeks"
M = 1
"""

# (card, count): 40 cards, each deck with its own Sovereign Good
_COMMON = [("knight", 4), ("sage", 1), ("eagle_rider", 2), ("berserk", 2), ("hydra", 2), ("page", 3),
           ("spear", 1), ("buckler", 2), ("great_axe", 1), ("pegasus", 1), ("owl", 2), ("valour", 2),
           ("fury", 2), ("deny", 2), ("lure", 1), ("exile", 1), ("doom", 1), ("feast", 1), ("shieldwall", 1),
           ("thunder", 1), ("grove", 1), ("hex", 1), ("courage", 1), ("knowledge", 1), ("humility", 1),
           ("tolerance", 1)]


def pool() -> dict[str, CardDef]:
    return parse_cards(tomlcompat.loads(POOL_TOML, "pool")["cards"], "pool")


def decks() -> list[Deck]:
    return [Deck("Test Round Table", "round_table", (*_COMMON, ("grail", 1))),
            Deck("Test Greeks", "greeks", (*_COMMON, ("stone", 1)))]


def legal_decks() -> list[Deck]:
    """:func:`decks` grown to 80 cards within the copy limits: what a save may deal."""
    defs = pool()
    counts = {c: n if defs[c].legendary else min(7, 2 * n) for c, n in _COMMON}
    for card in list(counts):
        if sum(counts.values()) == 79:
            break
        if not defs[card].legendary and counts[card] < 7:
            counts[card] += 1
    common = tuple(counts.items())
    return [Deck("Test Round Table", "round_table", (*common, ("grail", 1))),
            Deck("Test Greeks", "greeks", (*common, ("stone", 1)))]


def new(seed: int, variant: str = "standard") -> State:
    return new_game(decks(), pool(), variant, seed)
