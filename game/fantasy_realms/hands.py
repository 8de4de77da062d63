"""Hands written as data: card references, choices and the table around a hand.

Used by ``fantasy-score`` and the tests. A hand file follows the schema of the
shared test vectors (``[[hand]]`` with id, cards, choices, modules, player_count,
discard_area, cursed_items_face_down). A card is named by its id (``FR52``), its
English name (``Mirage``) or its slug (``great_flood``); where two cards share a
name (Bell Tower, Mirage, Phoenix...) the modules decide which one is meant.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core.errors import DataError, RealmsError
from game.fantasy_realms import modules as mod
from game.fantasy_realms.cards import SUITS, CardDef, CardLibrary, slugify
from game.fantasy_realms.scoring import Choice, Table
from game.fantasy_realms.terms import DEFAULT_RULINGS, Rulings


class CardNameError(RealmsError, ValueError):
    """A card reference that names no card."""


def find_card(lib: CardLibrary, ref: str, modules: frozenset[str] = frozenset({mod.BASE})) -> CardDef:
    """A card by id, English name, alias or slug; the modules settle shared names."""
    key = ref.strip()
    if key.upper() in lib.cards:
        return lib.cards[key.upper()]
    slug = slugify(key)
    matches = [c for c in lib.cards.values() if c.slug == slug or slug in (slugify(a) for a in c.aliases)]
    if not matches:
        matches = [c for c in lib.cards.values() if slugify(c.name["fr"]) == slug]
    if not matches:
        import difflib

        near = difflib.get_close_matches(key, sorted({c.en for c in lib.cards.values()}), n=1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise CardNameError(f"no card is called {ref!r}{hint}")
    if len(matches) > 1:
        in_game = {c.id for c in mod.game_cards(lib, modules | {mod.PROMO})}
        matches = [c for c in matches if c.id in in_game] or matches
    return matches[0]


def find_item(lib: CardLibrary, ref: str) -> str:
    key = ref.strip()
    if key.upper() in lib.items:
        return key.upper()
    slug = slugify(key)
    for it in lib.items.values():
        if it.slug == slug or slugify(it.name["fr"]) == slug:
            return it.id
    raise CardNameError(f"no Cursed Item is called {ref!r}")


@dataclass
class Hand:
    id: str
    cards: list[CardDef]
    choices: dict[str, Choice]
    table: Table
    extra: list[CardDef] = field(default_factory=list)  # end-of-game cards taken (Necromancer...)

    @property
    def final(self) -> list[CardDef]:
        return self.cards + self.extra


def parse_choice(lib: CardLibrary, card: CardDef, value: Any, modules: frozenset[str], where: str) -> Choice | CardDef:
    """One card's choice: a dict of the vector schema, or the text of ``--choose``.
    End-of-game draws (Necromancer, Leprechaun, Genie) give the card taken."""
    kind = card.rule.get("choice", {}).get("kind") or ("island" if any("chosen" in c for c in card.rule.get("clears", [])) else "")
    eg = card.rule.get("end_game", {}).get("kind", "")
    if isinstance(value, str):
        text = value.strip()
        if text.lower() in ("none", "-", ""):
            return ("none",)
        if eg:
            return find_card(lib, text, modules)
        if kind == "book":
            if ":" not in text:
                raise DataError(where, f"{card.en} needs <card>:<suit>")
            tgt, suit = text.rsplit(":", 1)
            value = {"target": tgt, "suit": suit}
        elif kind in ("doppelganger", "copy"):
            value = {"copy": text}
        elif kind == "island":
            value = {"clear": text}
        elif kind == "angel":
            value = {"protect": text}
        else:
            raise DataError(where, f"{card.en} leaves no choice")
    if not isinstance(value, Mapping):
        raise DataError(where, "a choice is a table such as { copy = \"FR11\" }")
    try:
        if "take" in value:
            return find_card(lib, str(value["take"]), modules)
        if "copy" in value:
            ref = str(value["copy"])
            if ref.lower() in SUITS:
                return ("generic", ref.lower())
            return ("copy", find_card(lib, ref, modules).id)
        if "target" in value:
            suit = str(value.get("suit", "")).lower()
            if suit not in SUITS or suit == "wild":
                raise DataError(where, f"unknown suit {value.get('suit')!r}")
            return ("book", find_card(lib, str(value["target"]), modules).id, suit)
        if "clear" in value:
            return ("clear", find_card(lib, str(value["clear"]), modules).id)
        if "protect" in value:
            return ("protect", find_card(lib, str(value["protect"]), modules).id)
    except CardNameError as exc:
        raise DataError(where, str(exc)) from None
    raise DataError(where, f"unknown choice {dict(value)!r}")


def build_hand(lib: CardLibrary, hid: str, card_refs: Iterable[str], choices: Mapping[str, Any],
               modules: frozenset[str], players: int = 4, discard: Iterable[str] = (),
               items: Iterable[str] = (), rulings: Rulings = DEFAULT_RULINGS, where: str = "") -> Hand:
    where = where or f"hand {hid}"
    try:
        cards = [find_card(lib, r, modules) for r in card_refs]
        disc = tuple(find_card(lib, r, modules).id for r in discard)
        its = tuple(find_item(lib, r) for r in items)
    except CardNameError as exc:
        raise DataError(where, str(exc)) from None
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        raise DataError(where, "a card appears twice in the hand")
    if not 2 <= players <= 7:
        raise DataError(where, f"player_count must be 2-7, not {players}")
    made: dict[str, Choice] = {}
    extra: list[CardDef] = []
    for ref, value in choices.items():
        try:
            card = find_card(lib, ref, modules)
        except CardNameError as exc:
            raise DataError(where, f"choices: {exc}") from None
        if card.id not in ids:
            raise DataError(where, f"choices: {card.en} is not in the hand")
        got = parse_choice(lib, card, value, modules, f"{where}: choice for {card.en}")
        if isinstance(got, CardDef):
            if got.id in ids or got in extra:
                raise DataError(where, f"{card.en} cannot take {got.en}: it is already in the hand")
            eg = card.rule.get("end_game", {})
            if eg.get("kind") == "necromancer":
                if got.suit not in eg["suits"]:
                    raise DataError(where, f"{card.en} takes a {', '.join(eg['suits'])}, not {got.en} ({got.suit})")
                if disc and got.id not in disc:
                    raise DataError(where, f"{card.en} takes from the discard area, and {got.en} is not there")
                disc = tuple(c for c in disc if c != got.id)
            elif got.id in disc:
                raise DataError(where, f"{card.en} cannot take {got.en}: it is in the discard area")
            extra.append(got)
        else:
            made[card.id] = got
    table = Table(players=players, discard=disc, items=its, modules=modules, rulings=rulings)
    return Hand(hid, cards, made, table, extra)


def load_hands(doc: Mapping[str, Any], lib: CardLibrary, source: str, rulings: Rulings = DEFAULT_RULINGS) -> list[Hand]:
    raw_hands = doc.get("hand")
    if not isinstance(raw_hands, list) or not raw_hands:
        raise DataError(source, "no [[hand]] tables")
    out = []
    for i, raw in enumerate(raw_hands):
        if not isinstance(raw, dict):
            raise DataError(f"{source}: hand {i + 1}", "must be a table")
        hid = str(raw.get("id", i + 1))
        where = f"{source}: hand {hid}"
        cards = raw.get("cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise DataError(where, "'cards' must be a list of card ids or names")
        choices = raw.get("choices", {})
        if not isinstance(choices, dict):
            raise DataError(where, "'choices' must be a table")
        raw_modules = raw.get("modules", ["base"])
        if not isinstance(raw_modules, list) or not all(isinstance(m, str) for m in raw_modules):
            raise DataError(where, "'modules' must be a list of module names")
        try:
            modules = mod.normalize(raw_modules)
        except mod.ModuleError as exc:
            raise DataError(where, str(exc)) from None
        players = raw.get("player_count", 4)
        if not isinstance(players, int) or isinstance(players, bool):
            raise DataError(where, "'player_count' must be a whole number")
        for key in ("discard_area", "cursed_items_face_down"):
            v = raw.get(key, [])
            if not isinstance(v, list) or not all(isinstance(c, str) for c in v):
                raise DataError(where, f"'{key}' must be a list of card ids or names")
        out.append(build_hand(lib, hid, cards, choices, modules, players, raw.get("discard_area", []),
                              raw.get("cursed_items_face_down", []), rulings, where))
    return out
