"""HerosDeï card definitions: the spec's card schema, loaded and checked field by field.

A card is static data (names, type, civilisation, stats or bonuses, slot, hands,
keywords, a destiny's timing, its effects as verbs of :mod:`game.herosdei.verbs`).
Every mistake is refused with a one-line :class:`DataError` naming the place, the card
id and the field. Scenario files define cards inline with the same schema.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core import tomlcompat
from game.core.cardart import art_name
from game.core.errors import DataError
from game.core.resources import data_path
from game.herosdei.verbs import CARD_TYPES, CHOSEN_TARGETS, KEYWORDS, VERBS

CIVS = ("round_table", "greeks", "vikings", "trojans", "amazons", "neutral")
SLOTS = ("helmet", "armor", "shield", "hand_weapon", "thrown_weapon", "big", "small")
OBJECT_SLOTS = ("helmet", "armor", "shield", "hand_weapon", "thrown_weapon")
ANIMAL_SLOTS = ("big", "small")
WHENS = ("combat", "out_of_combat", "any")
CHARACTERS = frozenset({"hero", "monster", "character"})
OBJECTS = frozenset({"mythic_object", "object"})
ANIMALS = frozenset({"mythic_animal", "animal"})
DESTINIES = frozenset({"stable_destiny", "unstable_destiny"})
# cards given to a Character (placed under it)
GIVEN = OBJECTS | ANIMALS | frozenset({"quality", "sovereign_good", "stable_destiny"})
FIELDS = frozenset({"id", "name", "type", "civ", "legendary", "F", "S", "C", "M", "slot", "hands", "keywords",
                    "when", "effects", "text", "art"})
_ID = re.compile(r"^[a-z0-9]+(?:_[a-z0-9]+)*$")
# Card ids renamed since saves were first written: old id -> new id. Deck lists, positions
# and action lines that name an old id read it as the new one; a state of the rules' first
# edition hashes the old id, so the saves written then keep their hashes.
RENAMED = {"bonnet_phrygien": "bonnet_de_cuir"}  # it was named "Bonnet de cuir" / "Leather Cap"
FORMER = {new: old for old, new in RENAMED.items()}
_RENAMED_WORD = re.compile(r"\b(" + "|".join(map(re.escape, RENAMED)) + r")\b")


def current_id(card: str) -> str:
    """The id a card goes by now (an old id read as its new one)."""
    return RENAMED.get(card, card)


def current_line(line: str) -> str:
    """An action line with every old card id in it read as the new one."""
    return _RENAMED_WORD.sub(lambda m: RENAMED[m.group(1)], line)


@dataclass(frozen=True, slots=True)
class Effect:
    """One verb with its fields (as written in the card file)."""

    verb: str
    fields: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.fields:
            if k == key:
                return v
        return default


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    type: str
    name: Mapping[str, str]
    civ: str = "neutral"
    legendary: bool = False
    F: int = 0
    S: int = 0
    C: int = 0
    M: int = 0
    slot: str = ""
    hands: int = 0
    keywords: tuple[str, ...] = ()
    when: str = "any"
    effects: tuple[Effect, ...] = ()
    text: Mapping[str, str] | None = None
    art: str = ""  # the picture's name in assets/art ("" for a card without one, as in scenario files)
    # the sides its text asks a Character of (own_character, opposing_character), worked out once
    chosen: frozenset[str] = field(default=frozenset(), init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "chosen", frozenset(e.get("target") for e in self.effects) & CHOSEN_TARGETS)

    def stat(self, stat: str) -> int:
        value: int = getattr(self, stat)
        return value

    @property
    def title(self) -> str:
        """The name the rules compare ("each destiny (same name) once"): the French one,
        the rulebook's language, else the English one, else the id. Two printings of a
        card under two ids share it."""
        return self.name.get("fr") or self.name.get("en") or self.id

    @property
    def is_character(self) -> bool:
        return self.type in CHARACTERS

    @property
    def is_destiny(self) -> bool:
        return self.type in DESTINIES

    @property
    def stable(self) -> bool:
        """Every card but an Unstable destiny stays in play (the seed's "stable")."""
        return self.type != "unstable_destiny"


def _int(where: str, key: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DataError(where, f"{key} must be an integer, not {value!r}")
    if not -99 <= value <= 99:
        raise DataError(where, f"{key} must be between -99 and 99, not {value}")
    return value


def _one_of(where: str, key: str, value: Any, allowed: Iterable[str]) -> str:
    allowed = tuple(allowed)
    if not isinstance(value, str) or value not in allowed:
        raise DataError(where, f"{key} must be one of {', '.join(allowed)}, not {value!r}")
    return value


def _texts(where: str, key: str, value: Any) -> dict[str, str]:
    if not isinstance(value, dict) or not value or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise DataError(where, f"{key} must be a table of texts by language, like {{ fr = \"...\", en = \"...\" }}")
    unknown = sorted(set(value) - {"fr", "en"})
    if unknown:
        raise DataError(where, f"{key} has an unknown language {unknown[0]!r} (fr, en)")
    return dict(value)


def parse_effect(raw: Any, where: str) -> Effect:
    """One effect table, checked against the verb registry."""
    if not isinstance(raw, dict):
        raise DataError(where, f"an effect must be a table, not {raw!r}")
    verb = raw.get("verb")
    if not isinstance(verb, str) or verb not in VERBS:
        raise DataError(where, f"unknown verb {verb!r} (known: {', '.join(VERBS)})")
    spec = VERBS[verb]
    for key in raw:
        if key != "verb" and key not in spec:
            raise DataError(where, f"verb {verb}: unknown field {key!r}")
    out: list[tuple[str, Any]] = []
    for key, (want, required, allowed) in spec.items():
        if key not in raw:
            if required:
                raise DataError(where, f"verb {verb}: missing field {key!r}")
            continue
        value = raw[key]
        if want is int:
            value = _int(f"{where}: verb {verb}", key, value)
        elif not isinstance(value, want) or isinstance(value, bool) != (want is bool):
            raise DataError(where, f"verb {verb}: {key} must be {want.__name__}, not {value!r}")
        if allowed is not None and value not in allowed:
            raise DataError(where, f"verb {verb}: {key} must be one of {', '.join(sorted(allowed))}, not {value!r}")
        out.append((key, value))
    return Effect(verb, tuple(out))


def parse_card(raw: Any, where: str) -> CardDef:
    """One ``[[cards]]`` table as a :class:`CardDef`, or a one-line DataError."""
    if not isinstance(raw, dict):
        raise DataError(where, "a card must be a table")
    cid = raw.get("id")
    if not isinstance(cid, str) or not _ID.match(cid):
        raise DataError(where, f"card id must be ASCII snake_case text, not {cid!r}")
    here = f"{where}: card {cid}"
    for key in raw:
        if key not in FIELDS:
            raise DataError(here, f"unknown field {key!r}")
    ctype = _one_of(here, "type", raw.get("type"), sorted(CARD_TYPES))
    legendary = raw.get("legendary", False)
    if not isinstance(legendary, bool):
        raise DataError(here, f"legendary must be true or false, not {legendary!r}")
    stats = {k: _int(here, k, raw.get(k, 0)) for k in ("F", "S", "C", "M")}
    slot = raw.get("slot", "")
    if "slot" in raw:
        _one_of(here, "slot", slot, OBJECT_SLOTS if ctype in OBJECTS else ANIMAL_SLOTS if ctype in ANIMALS else ())
    hands = _int(here, "hands", raw.get("hands", 0))
    if hands not in (0, 1, 2):
        raise DataError(here, f"hands must be 0, 1 or 2, not {hands}")
    keywords = raw.get("keywords", [])
    if not isinstance(keywords, list):
        raise DataError(here, "keywords must be a list")
    for kw in keywords:
        _one_of(here, "keywords", kw, sorted(KEYWORDS))
    when = _one_of(here, "when", raw.get("when", "any"), WHENS)
    effects = raw.get("effects", [])
    if not isinstance(effects, list):
        raise DataError(here, "effects must be a list of tables")
    return CardDef(
        id=cid, type=ctype, name=_texts(here, "name", raw["name"]) if "name" in raw else {"fr": cid, "en": cid},
        civ=_one_of(here, "civ", raw.get("civ", "neutral"), CIVS), legendary=legendary, slot=slot, hands=hands,
        keywords=tuple(keywords), when=when, effects=tuple(parse_effect(e, f"{here}: effects") for e in effects),
        text=_texts(here, "text", raw["text"]) if "text" in raw else None,
        art=art_name(f"{here}.art", raw["art"]) if "art" in raw else "", **stats)


def parse_cards(raw: Any, where: str, known: Mapping[str, CardDef] | None = None) -> dict[str, CardDef]:
    """A ``cards`` list as definitions by id (duplicates refused), added to ``known``."""
    if not isinstance(raw, list):
        raise DataError(where, "cards must be a list of tables ([[cards]])")
    out = dict(known or {})
    seen: set[str] = set()
    for i, entry in enumerate(raw):
        card = parse_card(entry, f"{where}: cards[{i}]")
        if card.id in seen:
            raise DataError(where, f"card {card.id} is defined twice")
        seen.add(card.id)
        out[card.id] = card
    return out


def _signature(paths: Iterable[Path]) -> tuple[tuple[str, int, int], ...]:
    """What tells a set of files apart from a later edit of them: names, times and sizes."""
    out = []
    for path in paths:
        st = path.stat()
        out.append((str(path), st.st_mtime_ns, st.st_size))
    return tuple(out)


# folder -> (its files' signature, the cards read from them): every deal reads the card set,
# which is parsed again only when a file changes
_READ: dict[str, tuple[tuple[tuple[str, int, int], ...], dict[str, CardDef]]] = {}


def load_directory(folder: Path) -> dict[str, CardDef]:
    """Every card of the ``*.toml`` files of ``folder`` (not the decks under it), in a dict
    of the caller's own (the definitions are frozen: read once while the files stay as they are)."""
    paths = sorted(folder.glob("*.toml"))
    try:
        sig = _signature(paths)
    except OSError:  # a file gone since the listing: read what is there, keep nothing
        return _read_directory(paths)
    kept = _READ.get(str(folder))
    if kept is not None and kept[0] == sig:
        return dict(kept[1])
    out = _read_directory(paths)
    _READ[str(folder)] = (sig, out)
    return dict(out)


def _read_directory(paths: list[Path]) -> dict[str, CardDef]:
    out: dict[str, CardDef] = {}
    for path in paths:
        doc = tomlcompat.load_file(path)
        for key in doc:
            if key != "cards":
                raise DataError(str(path), f"unknown field {key!r} (a card file holds [[cards]] only)")
        found = parse_cards(doc.get("cards", []), str(path))
        clash = sorted(set(found) & set(out))
        if clash:
            raise DataError(str(path), f"card {clash[0]} is defined in another file too")
        out.update(found)
    return out


def library() -> dict[str, CardDef]:
    """The shipped card set (``data/herosdei/*.toml``); empty until the decks land."""
    folder = data_path("herosdei")
    return load_directory(folder) if folder.is_dir() else {}
