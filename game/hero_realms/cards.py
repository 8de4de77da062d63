"""Card definitions loaded from ``data/hero_realms/*.toml`` and checked loudly.

A card is static data: names in both languages, faction, type, cost, defense, guard
and its abilities. An ability is a kind (primary, expend, ally, sacrifice) and a
tuple of :class:`Effect` values naming verbs of :mod:`game.hero_realms.verbs`. Any
mistake in a file is reported with the file, the card id, the field and the reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.core import tomlcompat
from game.core.cardart import art_name
from game.core.errors import DataError
from game.core.resources import data_path
from game.hero_realms.verbs import VERBS

FACTIONS = ("guild", "imperial", "necros", "wild")
KINDS = ("primary", "expend", "ally", "sacrifice")
TYPES = ("action", "item", "champion")
DECKS = ("market", "fire_gems", "starting")


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect verb with its parameters (unused ones keep their defaults)."""

    verb: str
    amount: int = 0
    optional: bool = False
    up_to: bool = False
    options: tuple[tuple[Effect, ...], ...] = ()
    to: str = ""
    of: str = ""
    per: str = ""
    faction: str = ""
    bonus_combat: int = 0


@dataclass(frozen=True, slots=True)
class Ability:
    kind: str
    effects: tuple[Effect, ...]
    text: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name: Mapping[str, str]
    faction: str  # one of FACTIONS, or "none"
    type: str
    subtypes: tuple[str, ...]
    cost: int
    deck: str
    copies: int
    per_player: int = 0
    defense: int = 0
    guard: bool = False
    abilities: Mapping[str, Ability] = field(default_factory=dict)
    art: str = ""  # the picture's name in assets/art ("" in custom files without one)
    # Derived flags, read in the legal-action hot loop.
    has_expend: bool = field(init=False, default=False)
    has_ally: bool = field(init=False, default=False)
    has_sacrifice: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "has_expend", "expend" in self.abilities)
        object.__setattr__(self, "has_ally", "ally" in self.abilities)
        object.__setattr__(self, "has_sacrifice", "sacrifice" in self.abilities)

    @property
    def is_champion(self) -> bool:
        return self.type == "champion"

    def ability(self, kind: str) -> Ability | None:
        return self.abilities.get(kind)


def _expect(where: str, value: Any, kind: type, what: str) -> Any:
    if kind is int and isinstance(value, bool):
        raise DataError(where, f"{what} must be an integer, not {value!r}")
    if not isinstance(value, kind):
        raise DataError(where, f"{what} must be {kind.__name__}, not {type(value).__name__}")
    return value


def parse_effect(where: str, raw: Any) -> Effect:
    if not isinstance(raw, dict):
        raise DataError(where, "an effect must be a table like { verb = \"gold\", amount = 2 }")
    verb = raw.get("verb")
    if verb is None:
        raise DataError(where, "effect has no 'verb'")
    if verb not in VERBS:
        raise DataError(where, f"unknown verb {verb!r}")
    spec = VERBS[verb]
    kwargs: dict[str, Any] = {}
    for key, value in raw.items():
        if key == "verb":
            continue
        if key not in spec:
            raise DataError(where, f"verb {verb!r} takes no parameter {key!r}")
        kind, _required, allowed = spec[key]
        _expect(f"{where}.{key}", value, kind, key)
        if allowed is not None and value not in allowed:
            raise DataError(f"{where}.{key}", f"{value!r} is not one of {sorted(allowed)}")
        if key == "options":
            if len(value) < 2:
                raise DataError(f"{where}.options", "choose_one needs at least two options")
            value = tuple(
                tuple(parse_effect(f"{where}.options[{i}][{j}]", e) for j, e in enumerate(_as_list(f"{where}.options[{i}]", opt)))
                for i, opt in enumerate(value)
            )
        if key == "amount" and value < 1:
            raise DataError(f"{where}.amount", "must be at least 1")
        kwargs[key] = value
    for key, (_kind, required, _allowed) in spec.items():
        if required and key not in raw:
            raise DataError(where, f"verb {verb!r} needs parameter {key!r}")
    if verb in ("combat_per", "health_per") and (kwargs.get("per") == "other_faction") != ("faction" in kwargs):
        raise DataError(where, "'faction' is required exactly when per = \"other_faction\"")
    return Effect(verb=verb, **kwargs)


def _as_list(where: str, value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise DataError(where, f"must be a list, not {type(value).__name__}")
    return value


def _names(where: str, raw: Any) -> dict[str, str]:
    if not isinstance(raw, dict) or not all(isinstance(raw.get(k), str) and raw.get(k) for k in ("en", "fr")):
        raise DataError(where, "needs English and French text: { en = \"...\", fr = \"...\" }")
    return {"en": raw["en"], "fr": raw["fr"]}


def parse_card(source: str, raw: Any) -> CardDef:
    if not isinstance(raw, dict):
        raise DataError(source, "each [[card]] must be a table")
    cid = raw.get("id")
    if not isinstance(cid, str) or not cid:
        raise DataError(source, "a card has no 'id'")
    where = f"{source}: card {cid}"

    def req(key: str, kind: type) -> Any:
        if key not in raw:
            raise DataError(where, f"missing field {key!r}")
        return _expect(f"{where}.{key}", raw[key], kind, key)

    known = {"id", "name", "faction", "type", "subtypes", "cost", "deck", "copies", "per_player", "defense", "guard", "ability", "art"}
    for key in raw:
        if key not in known:
            raise DataError(where, f"unknown field {key!r}")
    name = _names(f"{where}.name", raw.get("name"))
    faction = req("faction", str)
    if faction not in FACTIONS and faction != "none":
        raise DataError(f"{where}.faction", f"{faction!r} is not a faction")
    ctype = req("type", str)
    if ctype not in TYPES:
        raise DataError(f"{where}.type", f"{ctype!r} is not one of {list(TYPES)}")
    subtypes = tuple(_expect(f"{where}.subtypes", s, str, "subtype") for s in _as_list(f"{where}.subtypes", raw.get("subtypes", [])))
    cost = req("cost", int)
    deck = req("deck", str)
    if deck not in DECKS:
        raise DataError(f"{where}.deck", f"{deck!r} is not one of {list(DECKS)}")
    copies = req("copies", int)
    per_player = _expect(f"{where}.per_player", raw.get("per_player", 0), int, "per_player")
    defense = 0
    guard = False
    if ctype == "champion":
        defense = req("defense", int)
        guard = req("guard", bool)
        if defense < 1:
            raise DataError(f"{where}.defense", "a champion needs a defense of at least 1")
    elif "defense" in raw or "guard" in raw:
        raise DataError(where, "only champions have 'defense' and 'guard'")
    abilities: dict[str, Ability] = {}
    for i, ab in enumerate(_as_list(f"{where}.ability", raw.get("ability", []))):
        aw = f"{where}.ability[{i}]"
        if not isinstance(ab, dict):
            raise DataError(aw, "must be a table")
        kind = ab.get("kind")
        if kind not in KINDS:
            raise DataError(f"{aw}.kind", f"{kind!r} is not one of {list(KINDS)}")
        if kind in abilities:
            raise DataError(aw, f"a second {kind} ability")
        if kind == "expend" and ctype != "champion":
            raise DataError(aw, "only champions have expend abilities")
        if kind == "ally" and faction == "none":
            raise DataError(aw, "a card without a faction cannot have an ally ability")
        effects = tuple(parse_effect(f"{aw}.effects[{j}]", e) for j, e in enumerate(_as_list(f"{aw}.effects", ab.get("effects"))))
        if not effects:
            raise DataError(f"{aw}.effects", "an ability needs at least one effect")
        abilities[kind] = Ability(kind=kind, effects=effects, text=_names(f"{aw}.text", ab.get("text")))
    return CardDef(
        id=cid, name=name, faction=faction, type=ctype, subtypes=subtypes, cost=cost, deck=deck,
        copies=copies, per_player=per_player, defense=defense, guard=guard, abilities=abilities,
        art=art_name(f"{where}.art", raw["art"]) if "art" in raw else "",
    )


class CardLibrary:
    """Every card definition by id, in a stable order (file name, then file order)."""

    def __init__(self, cards: Iterable[CardDef]) -> None:
        self.cards: dict[str, CardDef] = {}
        for c in cards:
            if c.id in self.cards:
                raise DataError(f"card {c.id}", "defined twice")
            self.cards[c.id] = c

    def __getitem__(self, cid: str) -> CardDef:
        return self.cards[cid]

    def __contains__(self, cid: object) -> bool:
        return cid in self.cards

    def get(self, cid: str) -> CardDef | None:
        return self.cards.get(cid)

    def market_cards(self) -> list[CardDef]:
        return [c for c in self.cards.values() if c.deck == "market"]

    def starting_cards(self) -> list[CardDef]:
        return [c for c in self.cards.values() if c.deck == "starting"]


def load_directory(folder: Path) -> CardLibrary:
    files = sorted(folder.glob("*.toml"))
    if not files:
        raise DataError(str(folder), "no card files (*.toml)")
    cards: list[CardDef] = []
    for path in files:
        doc = tomlcompat.load_file(path)
        for key in doc:
            if key != "card":
                raise DataError(str(path), f"unknown top-level key {key!r}")
        for raw in _as_list(f"{path.name}.card", doc.get("card", [])):
            cards.append(parse_card(path.name, raw))
    return CardLibrary(cards)


@lru_cache(maxsize=1)
def library() -> CardLibrary:
    """The base-set library from the game's data folder (loaded once)."""
    return load_directory(data_path("hero_realms"))
