"""Setting a game up: a real deal from two decks (the seed's set-up), or a position.

The deal: each player's Sovereign Good is slipped into the other's deck (its owner
stays the same), each deck is shuffled and cut, cards are turned over until 3 Heroes
are on the table, the others are shuffled back, the deck is cut again (the future),
and each player draws 8. Then the first turn starts. A position (scenario files,
saves) puts exact cards in exact zones at the start of a turn, of the placement phase
or of the attack phase.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.errors import DataError
from game.core.rng import make_rng
from game.herosdei.cards import CIVS, GIVEN, CardDef, current_id, parse_cards
from game.herosdei.combat import begin_attack
from game.herosdei.decks import Deck, unknown_or_short
from game.herosdei.events import HeroesRevealed
from game.herosdei.state import EDITION, HAND_LIMIT, VARIANTS, State
from game.herosdei.turn import begin_placement, begin_turn
from game.herosdei.zones import draw

HEROES_REVEALED = 3
PHASES = ("start", "placement", "attack")
TOP = frozenset({"name", "description", "game", "variant", "seed", "turn", "phase", "first", "to_act", "actions",
                 "cards", "players", "expect", "setup", "decks"})
PLAYER = frozenset({"hand", "future", "museum", "characters", "gods", "places", "black_magic", "vp", "kills", "civ"})
ZONE_TYPES = {"gods": ("god",), "places": ("place",), "black_magic": ("black_magic",)}


def _cut(st: State, cards: list[int]) -> list[int]:
    at = st.rng.below(len(cards)) if cards else 0
    return cards[at:] + cards[:at]


def new_game(decks: list[Deck], defs: Mapping[str, CardDef], variant: str, seed: int,
             rng_version: int = 1, ask_all: bool = False, edition: int = EDITION) -> State:
    if len(decks) != 2:
        raise DataError("decks", "HerosDeï is played with 2 decks")
    if variant not in VARIANTS:
        raise DataError("variant", f"unknown variant {variant!r} ({', '.join(VARIANTS)})")
    for deck in decks:
        why = unknown_or_short(deck, defs)
        if why:
            raise DataError(f"deck {deck.name}", why)
    st = State(dict(defs), variant, make_rng(seed, rng_version), ask_all=ask_all, edition=edition)
    piles: list[list[int]] = [[], []]
    for seat, deck in enumerate(decks):
        st.players[seat].civ = deck.civ
        for card in deck.ids():
            uid = st.new_card(card, seat)
            # the Sovereign Good goes into the other player's deck
            piles[1 - seat if defs[card].type == "sovereign_good" else seat].append(uid)
    for seat in (0, 1):
        _reveal(st, seat, piles[seat])
    for seat in (0, 1):
        draw(st, seat, HAND_LIMIT)
    begin_turn(st)
    return st


def _reveal(st: State, seat: int, pile: list[int]) -> None:
    """Shuffle, cut, turn over until 3 Heroes, shuffle the rest back and cut: the future."""
    st.rng.shuffle(pile)
    pile = _cut(st, pile)
    heroes: list[int] = []
    others: list[int] = []
    while len(heroes) < HEROES_REVEALED and pile:
        uid = pile.pop(0)
        (heroes if st.card(uid).type == "hero" else others).append(uid)
    if len(heroes) < HEROES_REVEALED:
        raise DataError("decks", f"seat {seat}'s deck has fewer than {HEROES_REVEALED} Heroes")
    st.players[seat].chars = heroes
    st.emit(HeroesRevealed(seat, tuple(st.cid[u] for u in heroes), tuple(st.cid[u] for u in others)))
    pile += others
    st.rng.shuffle(pile)
    st.players[seat].future = _cut(st, pile)


# ---- positions ----------------------------------------------------------------------------------
def _int(doc: Mapping[str, Any], key: str, where: str, default: int, low: int, high: int) -> int:
    v = doc.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise DataError(f"{where}: {key}", f"must be an integer from {low} to {high}, not {v!r}")
    return v


def _ids(p: Mapping[str, Any], key: str, where: str, defs: Mapping[str, CardDef]) -> list[str]:
    v = p.get(key, [])
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise DataError(f"{where}: {key}", "must be a list of card ids")
    v = [current_id(x) for x in v]
    for x in v:
        if x not in defs:
            raise DataError(f"{where}: {key}", f"unknown card {x!r}")
    return v


def from_position(doc: Mapping[str, Any], where: str, defs: Mapping[str, CardDef], ask_all: bool = False,
                  edition: int = EDITION) -> State:
    """The state a scenario (or a saved position) describes (``ask_all``, ``edition``: see State)."""
    for key in doc:
        if key not in TOP:
            raise DataError(where, f"unknown field {key!r}")
    defs = parse_cards(doc.get("cards", []), where, defs)
    variant = doc.get("variant", "standard")
    if variant not in VARIANTS:
        raise DataError(f"{where}: variant", f"must be one of {', '.join(VARIANTS)}, not {variant!r}")
    phase = doc.get("phase", "start")
    if phase not in PHASES:
        raise DataError(f"{where}: phase", f"must be one of {', '.join(PHASES)}, not {phase!r}")
    seed = _int(doc, "seed", where, 0, 0, (1 << 63) - 1)
    st = State(defs, variant, make_rng(seed, 1), ask_all=ask_all, edition=edition)
    st.turn = _int(doc, "turn", where, 1, 1, 10_000)
    st.first = _int(doc, "first", where, 0, 0, 1)
    to_act = _int(doc, "to_act", where, st.first, 0, 1)
    players = doc.get("players", [])
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, dict) for p in players):
        raise DataError(f"{where}: players", "must be two [[players]] tables")
    for seat, p in enumerate(players):
        civ = p.get("civ", "neutral")
        if civ not in CIVS:
            raise DataError(f"{where}: players[{seat}].civ", f"must be one of {', '.join(CIVS)}, not {civ!r}")
        st.players[seat].civ = civ
    for seat, p in enumerate(players):
        _fill(st, seat, p, f"{where}: players[{seat}]")
    if phase == "start":
        begin_turn(st)
    elif phase == "placement":
        begin_placement(st, to_act)
    else:
        begin_attack(st, to_act)
    st.log = []
    return st


def _owner(st: State, seat: int, card: str) -> int:
    """A Sovereign Good belongs to the player of its civilisation; other cards to the seat."""
    d = st.defs[card]
    if d.type == "sovereign_good":
        for p in st.players:
            if p.civ == d.civ and d.civ != "neutral":
                return p.seat
    return seat


def _fill(st: State, seat: int, p: Mapping[str, Any], where: str) -> None:
    for key in p:
        if key not in PLAYER:
            raise DataError(where, f"unknown field {key!r}")
    me = st.players[seat]
    for key in ("hand", "future", "museum"):
        getattr(me, key).extend(st.new_card(c, _owner(st, seat, c)) for c in _ids(p, key, where, st.defs))
    for key, types in ZONE_TYPES.items():
        for c in _ids(p, key, where, st.defs):
            if st.defs[c].type not in types:
                raise DataError(f"{where}: {key}", f"{c} is a {st.defs[c].type}, not a {types[0]}")
            getattr(me, key).append(st.new_card(c, seat))
    me.vp = _int(p, "vp", where, 0, 0, 1000)
    me.kills = _int(p, "kills", where, 0, 0, 1000)
    chars = p.get("characters", [])
    if not isinstance(chars, list):
        raise DataError(f"{where}: characters", "must be a list of { card = \"id\", given = [...], attacked = false }")
    for i, ch in enumerate(chars):
        _character(st, seat, ch, f"{where}: characters[{i}]")


def _character(st: State, seat: int, ch: Any, where: str) -> None:
    if not isinstance(ch, dict) or set(ch) - {"card", "given", "attacked"}:
        raise DataError(where, "must be { card = \"id\", given = [...], attacked = false }")
    card = ch.get("card")
    if not isinstance(card, str) or card not in st.defs:
        raise DataError(where, f"unknown card {card!r}")
    if not st.defs[card].is_character:
        raise DataError(where, f"{card} is a {st.defs[card].type}, not a Character")
    attacked = ch.get("attacked", False)
    if not isinstance(attacked, bool):
        raise DataError(f"{where}: attacked", "must be true or false")
    uid = st.new_card(card, seat)
    st.players[seat].chars.append(uid)
    if attacked:
        st.attacked.add(uid)
    for g in _ids(ch, "given", where, st.defs):
        if st.defs[g].type not in GIVEN:
            raise DataError(f"{where}: given", f"{g} is a {st.defs[g].type}: it cannot be given to a Character")
        st.give(uid, st.new_card(g, _owner(st, seat, g)))
