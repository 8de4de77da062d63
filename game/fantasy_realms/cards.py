"""Fantasy Realms cards and Cursed Items, loaded from ``data/fantasy_realms/*.toml``.

A card is static data: number, suit, base strength, names and texts in English and
French, and a structured rule (scoring terms, BLANKS selectors, self-blanking,
CLEARS, the choice a wild card or the Book of Changes leaves, end-of-game draws).
The vocabulary is checked here, once, so that the scorer can trust it: every
mistake in a file is reported with the file, the card id, the field and the reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.core import tomlcompat
from game.core.cardart import art_name
from game.core.errors import DataError
from game.core.resources import data_path
from game.fantasy_realms.item_verbs import ITEM_VERBS

BASE_SUITS = ("land", "flood", "weather", "flame", "army", "wizard", "leader", "beast", "weapon", "artifact")
NEW_SUITS = ("building", "outsider", "undead")
SUITS = (*BASE_SUITS, "wild", *NEW_SUITS)
SUIT_NAMES: Mapping[str, Mapping[str, str]] = {
    "land": {"en": "Land", "fr": "Terrain"}, "flood": {"en": "Flood", "fr": "Vague"},
    "weather": {"en": "Weather", "fr": "Climat"}, "flame": {"en": "Flame", "fr": "Flamme"},
    "army": {"en": "Army", "fr": "Armée"}, "wizard": {"en": "Wizard", "fr": "Sorcier"},
    "leader": {"en": "Leader", "fr": "Seigneur"}, "beast": {"en": "Beast", "fr": "Créature"},
    "weapon": {"en": "Weapon", "fr": "Arme"}, "artifact": {"en": "Artifact", "fr": "Artefact"},
    "wild": {"en": "Wild", "fr": "Joker"}, "building": {"en": "Building", "fr": "Bâtiment"},
    "outsider": {"en": "Outsider", "fr": "Extérieur"}, "undead": {"en": "Undead", "fr": "Mort-vivant"},
}
CARD_FILES = ("base.toml", "promo.toml", "cursed_hoard.toml")
ITEM_FILE = "cursed_items.toml"
SETS = {"base.toml": "base", "promo.toml": "promo", "cursed_hoard.toml": "cursed_hoard"}
FLAGS = ("book_immune", "blank_immune", "never_blanks", "unblankable", "keeps_suits_when_blanked")
TIMINGS = ("any_time", "replace_turn", "after_turn", "copy")

# term kind -> {field: (type, required)}; the scorer implements exactly these kinds
_COND = "cond"
_SUITS = "suits"
_NAMES = "names"
TERM_KINDS: dict[str, dict[str, tuple[Any, bool]]] = {
    "with": {"points": (int, True), "when": (_COND, True)},
    "unless": {"points": (int, True), "unless": (_COND, True)},
    "tiers": {"tiers": ("tiers", True)},
    "each": {"points": (int, True), "suits": (_SUITS, False), "names": (_NAMES, False), "other": (bool, False),
             "army_word": (bool, False)},
    "each_tiered": {"suits": (_SUITS, True), "tiers": ("tiers", True)},
    "sum_strength": {"suits": (_SUITS, True)},
    "best_strength": {"suits": (_SUITS, True)},
    "collector": {"table": ("ints", True), "from": (int, True)},
    "run": {"table": ("ints", True), "from": (int, True)},
    "distinct_suits": {"points": (int, True)},
    "odd": {"each": (int, True), "all": (int, True)},
    "first_then": {"suits": (_SUITS, True), "first": (int, True), "more": (int, True), "other": (bool, False)},
    "exactly": {"n": (int, True), "points": (int, True), "suits": (_SUITS, True)},
    "per_opponent": {"points": (int, True)},
    "per_open_penalty": {"points": (int, True)},
    "in_discard": {"points": (int, True), "suits": (_SUITS, True), "names": (_NAMES, False)},
}
CHOICE_KINDS = ("doppelganger", "copy", "book", "angel")
END_GAME_KINDS = ("necromancer", "leprechaun", "genie")


@dataclass(frozen=True, slots=True)
class CardDef:
    """One Fantasy Realms card. ``rule`` keeps the checked rule tables (plain data);
    the scorer compiles them once per library."""

    id: str
    number: int
    set: str
    suit: str
    strength: int
    name: Mapping[str, str]
    bonus: Mapping[str, str]
    penalty: Mapping[str, str]
    rule: Mapping[str, Any]
    replaces: str = ""
    variant: str = ""
    aliases: tuple[str, ...] = ()
    art: str = ""  # the picture's name in assets/art ("" in custom files without one)

    @property
    def en(self) -> str:
        return self.name["en"]

    @property
    def has_penalty(self) -> bool:
        return bool(self.penalty)

    @property
    def slug(self) -> str:
        return slugify(self.name["en"])

    @property
    def extra_suits(self) -> tuple[str, ...]:
        return tuple(self.rule.get("extra_suits", ()))

    @property
    def suits(self) -> tuple[str, ...]:
        return (self.suit, *self.extra_suits)


@dataclass(frozen=True, slots=True)
class ItemDef:
    """One Cursed Item. ``verb`` and ``params`` are its checked ``ability``: the verb of
    ``item_verbs.ITEM_VERBS`` that ``items.py`` runs, and that verb's fields."""

    id: str
    number: int
    name: Mapping[str, str]
    value: int
    timing: str
    effect: Mapping[str, str]
    verb: str
    params: Mapping[str, Any]
    value_two_players: int | None = None
    chest_extra: int = 0
    chest_others: int = 0
    hand_size: int = 0
    art: str = ""  # the picture's name in assets/art ("" in custom files without one)

    @property
    def en(self) -> str:
        return self.name["en"]

    @property
    def slug(self) -> str:
        return slugify(self.name["en"])


def slugify(text: str) -> str:
    table = str.maketrans({"ä": "a", "à": "a", "é": "e", "è": "e", "ê": "e", "î": "i", "ô": "o", "ö": "o", "ü": "u", "'": ""})
    out = "".join(ch if ch.isalnum() else "_" for ch in text.lower().translate(table))
    return "_".join(p for p in out.split("_") if p)


class CardLibrary:
    """Every card and item, by id; name lookups for the CLI and the notation."""

    def __init__(self, cards: list[CardDef], items: list[ItemDef]) -> None:
        self.cards: dict[str, CardDef] = {c.id: c for c in cards}
        self.items: dict[str, ItemDef] = {i.id: i for i in items}
        self.names = {c.en for c in cards}

    def card(self, cid: str) -> CardDef:
        return self.cards[cid]

    def end_card(self, hand: Iterable[str], used: Iterable[str], kind: str) -> str | None:
        """The card of ``hand`` that acts at the end of the game as ``kind`` (necromancer,
        genie...) and has not acted yet (``used``), if any."""
        spent = set(used)
        for cid in hand:
            eg = self.cards[cid].rule.get("end_game")
            if eg and eg["kind"] == kind and cid not in spent:
                return cid
        return None


def _where_type(where: str, value: Any, kind: Any, what: str) -> Any:
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise DataError(where, f"{what} must be an integer, not {value!r}")
    if kind is bool and not isinstance(value, bool):
        raise DataError(where, f"{what} must be true or false, not {value!r}")
    if kind is str and (not isinstance(value, str) or not value):
        raise DataError(where, f"{what} must be a non-empty string, not {value!r}")
    return value


def _texts(where: str, raw: Any) -> dict[str, str]:
    if not isinstance(raw, dict) or set(raw) != {"en", "fr"} or not all(isinstance(v, str) and v for v in raw.values()):
        raise DataError(where, 'needs English and French text: { en = "...", fr = "..." }')
    return {"en": raw["en"], "fr": raw["fr"]}


def _suit_list(where: str, raw: Any, allow_wild: bool = False) -> None:
    if not isinstance(raw, list) or not raw:
        raise DataError(where, "must be a non-empty list of suits")
    for s in raw:
        if s not in SUITS or (s == "wild" and not allow_wild):
            raise DataError(where, f"unknown suit {s!r}")


def _name_list(where: str, raw: Any, names: set[str]) -> None:
    if not isinstance(raw, list) or not raw:
        raise DataError(where, "must be a non-empty list of card names")
    for n in raw:
        if not isinstance(n, str) or n not in names:
            raise DataError(where, f"no card is named {n!r}")


def check_condition(where: str, raw: Any, names: set[str]) -> None:
    if not isinstance(raw, dict) or len(raw) != 1:
        raise DataError(where, "a condition is one of { names | any_name | suits | no_suit | all | any = ... }")
    (key, value), = raw.items()
    if key in ("names", "any_name"):
        _name_list(f"{where}.{key}", value, names)
    elif key in ("suits", "no_suit"):
        _suit_list(f"{where}.{key}", value)
    elif key in ("all", "any"):
        if not isinstance(value, list) or len(value) < 2:
            raise DataError(f"{where}.{key}", "needs a list of at least two conditions")
        for i, c in enumerate(value):
            check_condition(f"{where}.{key}[{i}]", c, names)
    else:
        raise DataError(where, f"unknown condition {key!r}")


def _check_tiers(where: str, raw: Any, names: set[str]) -> None:
    if not isinstance(raw, list) or len(raw) < 2:
        raise DataError(where, "needs a list of at least two { points, when } tiers")
    for i, t in enumerate(raw):
        if not isinstance(t, dict) or "points" not in t or set(t) - {"points", "when"}:
            raise DataError(f"{where}[{i}]", "a tier is { points = N, when = condition } (when optional on the last)")
        _where_type(f"{where}[{i}].points", t["points"], int, "points")
        if "when" in t:
            check_condition(f"{where}[{i}].when", t["when"], names)
        elif i != len(raw) - 1:
            raise DataError(f"{where}[{i}]", "only the last tier may omit 'when'")


def check_term(where: str, raw: Any, names: set[str]) -> None:
    if not isinstance(raw, dict) or "kind" not in raw:
        raise DataError(where, "a term needs a 'kind'")
    kind = raw["kind"]
    spec = TERM_KINDS.get(kind)
    if spec is None:
        raise DataError(where, f"unknown term kind {kind!r} (known: {', '.join(TERM_KINDS)})")
    for key, value in raw.items():
        if key == "kind":
            continue
        if key not in spec:
            raise DataError(where, f"term {kind!r} takes no field {key!r}")
        typ = spec[key][0]
        f = f"{where}.{key}"
        if typ == _COND:
            check_condition(f, value, names)
        elif typ == _SUITS:
            _suit_list(f, value)
        elif typ == _NAMES:
            _name_list(f, value, names)
        elif typ == "tiers":
            _check_tiers(f, value, names)
        elif typ == "ints":
            if not isinstance(value, list) or not value or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                raise DataError(f, "must be a non-empty list of integers")
        else:
            _where_type(f, value, typ, key)
    for key, (_t, required) in spec.items():
        if required and key not in raw:
            raise DataError(where, f"term {kind!r} needs field {key!r}")
    if kind == "each" and "suits" not in raw and "names" not in raw:
        raise DataError(where, "term 'each' needs 'suits' or 'names'")


def _check_blank(where: str, raw: Any, names: set[str]) -> None:
    if not isinstance(raw, dict):
        raise DataError(where, "a BLANKS selector must be a table")
    if "lonely" in raw:
        if set(raw) - {"lonely", "except_suits"} or raw["lonely"] is not True:
            raise DataError(where, "the lonely-suit selector is { lonely = true, except_suits = [...] }")
        _suit_list(f"{where}.except_suits", raw.get("except_suits"))
    elif "all_but_suits" in raw:
        if set(raw) - {"all_but_suits", "all_but_names"}:
            raise DataError(where, "the all-but selector takes only all_but_suits and all_but_names")
        _suit_list(f"{where}.all_but_suits", raw["all_but_suits"])
        if "all_but_names" in raw:
            _name_list(f"{where}.all_but_names", raw["all_but_names"], names)
    elif "suit" in raw:
        extra = set(raw) - {"suit", "except", "army_word", "other"}
        if extra:
            raise DataError(where, f"unknown field {sorted(extra)[0]!r}")
        _suit_list(f"{where}.suit", [raw["suit"]])
        if "except" in raw:
            _name_list(f"{where}.except", raw["except"], names)
        for k in ("army_word", "other"):
            if k in raw:
                _where_type(f"{where}.{k}", raw[k], bool, k)
    else:
        raise DataError(where, "a BLANKS selector names a suit, all_but_suits, or lonely")


def _check_clear(where: str, raw: Any) -> None:
    if not isinstance(raw, dict):
        raise DataError(where, "a CLEARS entry must be a table")
    extra = set(raw) - {"suit", "all", "chosen", "army_word"}
    if extra:
        raise DataError(where, f"unknown field {sorted(extra)[0]!r}")
    targets = [k for k in ("suit", "all", "chosen") if k in raw]
    if len(targets) != 1 and not (raw.get("army_word") and not targets):
        raise DataError(where, "a CLEARS entry targets exactly one of suit, all, chosen")
    if "suit" in raw:
        _suit_list(f"{where}.suit", [raw["suit"]])
    if "chosen" in raw:
        _suit_list(f"{where}.chosen", raw["chosen"])
    if "all" in raw and raw["all"] is not True:
        raise DataError(f"{where}.all", "must be true")


RULE_KEYS = {"bonus_terms", "penalty_terms", "blanks", "self_blank", "clears", "choice", "end_game",
             "extra_suits", "flags", "protects_suits"}
CARD_KEYS = {"id", "number", "suit", "strength", "name", "bonus", "penalty", "replaces", "variant", "aliases", "art"} | RULE_KEYS


def parse_card(source: str, raw: Any, names: set[str], set_name: str) -> CardDef:
    if not isinstance(raw, dict):
        raise DataError(source, "each [[card]] must be a table")
    cid = raw.get("id")
    if not isinstance(cid, str) or not cid:
        raise DataError(source, "a card has no 'id'")
    where = f"{source}: card {cid}"
    for key in raw:
        if key not in CARD_KEYS:
            raise DataError(where, f"unknown field {key!r}")
    for key, typ in (("number", int), ("suit", str), ("strength", int)):
        if key not in raw:
            raise DataError(where, f"missing field {key!r}")
        _where_type(f"{where}.{key}", raw[key], typ, key)
    if raw["suit"] not in SUITS:
        raise DataError(f"{where}.suit", f"unknown suit {raw['suit']!r}")
    name = _texts(f"{where}.name", raw.get("name"))
    bonus = _texts(f"{where}.bonus", raw["bonus"]) if "bonus" in raw else {}
    penalty = _texts(f"{where}.penalty", raw["penalty"]) if "penalty" in raw else {}
    if not bonus and not penalty:
        raise DataError(where, "a card needs a bonus or a penalty text")
    rule: dict[str, Any] = {k: raw[k] for k in RULE_KEYS if k in raw}
    for part in ("bonus_terms", "penalty_terms"):
        if part in rule:
            if not isinstance(rule[part], list) or not rule[part]:
                raise DataError(f"{where}.{part}", "must be a non-empty list of terms")
            for i, t in enumerate(rule[part]):
                check_term(f"{where}.{part}[{i}]", t, names)
    if ("penalty_terms" in rule or "blanks" in rule or "self_blank" in rule) and not penalty:
        raise DataError(where, "penalty rules need a penalty text")
    for i, b in enumerate(rule.get("blanks", [])):
        _check_blank(f"{where}.blanks[{i}]", b, names)
    if "self_blank" in rule:
        sb = rule["self_blank"]
        if not isinstance(sb, dict) or not sb or set(sb) - {"unless", "army_word", "when"}:
            raise DataError(f"{where}.self_blank", "is { unless = condition, army_word = bool, when = condition }")
        for k in ("unless", "when"):
            if k in sb:
                check_condition(f"{where}.self_blank.{k}", sb[k], names)
    for i, c in enumerate(rule.get("clears", [])):
        _check_clear(f"{where}.clears[{i}]", c)
    if "choice" in rule:
        ch = rule["choice"]
        if not isinstance(ch, dict) or ch.get("kind") not in CHOICE_KINDS:
            raise DataError(f"{where}.choice", f"kind must be one of {', '.join(CHOICE_KINDS)}")
        if ch["kind"] == "copy":
            _suit_list(f"{where}.choice.suits", ch.get("suits"))
    if "end_game" in rule:
        eg = rule["end_game"]
        if not isinstance(eg, dict) or eg.get("kind") not in END_GAME_KINDS:
            raise DataError(f"{where}.end_game", f"kind must be one of {', '.join(END_GAME_KINDS)}")
        if eg["kind"] == "necromancer":
            _suit_list(f"{where}.end_game.suits", eg.get("suits"))
    if "extra_suits" in rule:
        _suit_list(f"{where}.extra_suits", rule["extra_suits"])
    if "protects_suits" in rule:
        _suit_list(f"{where}.protects_suits", rule["protects_suits"])
    for f in rule.get("flags", []):
        if f not in FLAGS:
            raise DataError(f"{where}.flags", f"unknown flag {f!r} (known: {', '.join(FLAGS)})")
    variant = raw.get("variant", "")
    if variant not in ("", "deluxe", "original"):
        raise DataError(f"{where}.variant", "must be 'deluxe' or 'original'")
    aliases = raw.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        raise DataError(f"{where}.aliases", "must be a list of names")
    return CardDef(id=cid, number=raw["number"], set=set_name, suit=raw["suit"], strength=raw["strength"],
                   name=name, bonus=bonus, penalty=penalty, rule=rule, replaces=raw.get("replaces", ""),
                   variant=variant, aliases=tuple(aliases),
                   art=art_name(f"{where}.art", raw["art"]) if "art" in raw else "")


def check_ability(where: str, raw: Any, item_names: set[str]) -> tuple[str, dict[str, Any]]:
    """An item's ``ability`` table -> (verb, fields), checked against ``ITEM_VERBS``."""
    if not isinstance(raw, dict) or not isinstance(raw.get("verb"), str):
        raise DataError(where, 'an ability is { verb = "...", and the fields of that verb }')
    verb = raw["verb"]
    spec = ITEM_VERBS.get(verb)
    if spec is None:
        raise DataError(f"{where}.verb", f"unknown item verb {verb!r} (known: {', '.join(ITEM_VERBS)})")
    params = {k: v for k, v in raw.items() if k != "verb"}
    for key, value in params.items():
        if key not in spec:
            raise DataError(where, f"verb {verb!r} takes no field {key!r}")
        typ, _required, allowed = spec[key]
        f = f"{where}.{key}"
        if typ is list:
            _item_name_list(f, value, item_names)
            continue
        _where_type(f, value, typ, key)
        if typ is int and value < 1:
            raise DataError(f, f"{key} must be at least 1, not {value}")
        if allowed is not None and value not in allowed:
            raise DataError(f, f"must be one of {', '.join(sorted(allowed))}, not {value!r}")
    for key, (_typ, required, _allowed) in spec.items():
        if required and key not in params:
            raise DataError(where, f"verb {verb!r} needs field {key!r}")
    return verb, params


def _item_name_list(where: str, raw: Any, item_names: set[str]) -> None:
    if not isinstance(raw, list) or not raw:
        raise DataError(where, "must be a non-empty list of item names")
    for n in raw:
        if not isinstance(n, str) or n not in item_names:
            raise DataError(where, f"no item is named {n!r}")


def parse_item(source: str, raw: Any, item_names: set[str]) -> ItemDef:
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
        raise DataError(source, "each [[item]] must be a table with an 'id'")
    where = f"{source}: item {raw['id']}"
    known = {"id", "number", "name", "value", "timing", "effect", "ability", "value_two_players", "chest", "hand_size", "art"}
    for key in raw:
        if key not in known:
            raise DataError(where, f"unknown field {key!r}")
    for key in ("number", "value", "ability"):
        if key not in raw:
            raise DataError(where, f"missing field {key!r}")
    for key in ("number", "value"):
        _where_type(f"{where}.{key}", raw[key], int, key)
    if raw.get("timing") not in TIMINGS:
        raise DataError(f"{where}.timing", f"must be one of {', '.join(TIMINGS)}")
    verb, params = check_ability(f"{where}.ability", raw["ability"], item_names)
    chest = raw.get("chest", {})
    if chest and (not isinstance(chest, dict) or set(chest) != {"extra", "others"}):
        raise DataError(f"{where}.chest", "is { extra = N, others = N }")
    v2 = raw.get("value_two_players")
    if v2 is not None:
        _where_type(f"{where}.value_two_players", v2, int, "value_two_players")
    hs = raw.get("hand_size", 0)
    _where_type(f"{where}.hand_size", hs, int, "hand_size")
    return ItemDef(id=raw["id"], number=raw["number"], name=_texts(f"{where}.name", raw.get("name")),
                   value=raw["value"], timing=raw["timing"], effect=_texts(f"{where}.effect", raw.get("effect")),
                   verb=verb, params=params, value_two_players=v2, chest_extra=chest.get("extra", 0) if chest else 0,
                   chest_others=chest.get("others", 0) if chest else 0, hand_size=hs,
                   art=art_name(f"{where}.art", raw["art"]) if "art" in raw else "")


def load_library(root: Path | None = None) -> CardLibrary:
    folder = root if root is not None else data_path("fantasy_realms")
    docs = []
    names: set[str] = set()
    for fname in CARD_FILES:
        path = folder / fname
        doc = tomlcompat.load_file(path)
        cards = doc.get("card")
        if not isinstance(cards, list) or not cards:
            raise DataError(str(path), "no [[card]] tables")
        extra = set(doc) - {"card"}
        if extra:
            raise DataError(str(path), f"unknown top-level key {sorted(extra)[0]!r}")
        for raw in cards:
            if isinstance(raw, dict) and isinstance(raw.get("name"), dict) and isinstance(raw["name"].get("en"), str):
                names.add(raw["name"]["en"])
        docs.append((path, fname, cards))
    cards_out: list[CardDef] = []
    seen: dict[str, str] = {}
    for path, fname, cards in docs:
        for raw in cards:
            card = parse_card(str(path), raw, names, SETS[fname])
            if card.id in seen:
                raise DataError(f"{path}: card {card.id}", f"duplicate id (also in {seen[card.id]})")
            seen[card.id] = str(path)
            cards_out.append(card)
    ids = {c.id for c in cards_out}
    for c in cards_out:
        if c.replaces and c.replaces not in ids:
            raise DataError(f"{seen[c.id]}: card {c.id}.replaces", f"no card has id {c.replaces!r}")
    ipath = folder / ITEM_FILE
    idoc = tomlcompat.load_file(ipath)
    raw_items = idoc.get("item")
    if not isinstance(raw_items, list) or not raw_items:
        raise DataError(str(ipath), "no [[item]] tables")
    item_names = {r["name"]["en"] for r in raw_items
                  if isinstance(r, dict) and isinstance(r.get("name"), dict) and isinstance(r["name"].get("en"), str)}
    items = [parse_item(str(ipath), r, item_names) for r in raw_items]
    if len({i.id for i in items}) != len(items) or ids & {i.id for i in items}:
        raise DataError(str(ipath), "item ids must be unique and differ from card ids")
    return CardLibrary(cards_out, items)


@lru_cache(maxsize=1)
def library() -> CardLibrary:
    """The shipped cards (loaded once)."""
    return load_library()
