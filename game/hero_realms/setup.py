"""Building game states: a standard new game, or an exact position from a scenario.

A standard game follows the rulebook set-up: shuffled market deck and a row of five,
the Fire Gem stack of 16, shuffled personal decks (7 Gold, Shortsword, Dagger,
Ruby), a random first player and the format's opening hands. A *position* is the
table of a scenario file (``shared/spec/hero_realms_notation.md``), validated field
by field so that a bad file names the field and the reason.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.core.errors import DataError
from game.core.rng import RNG_VERSION, make_rng
from game.hero_realms.cards import CardDef, CardLibrary, library
from game.hero_realms.formats import Format, get_format
from game.hero_realms.state import GameState, PlayerState

MARKET_ROW = 5


def _blank(lib: CardLibrary, fmt: Format, n: int, seed: int, rng_version: int) -> GameState:
    st = GameState.__new__(GameState)
    st.lib = lib
    st.fmt = fmt
    st.n = n
    st.players = [PlayerState(s) for s in range(n)]
    st.life = fmt.life_pools(n)
    st.health = fmt.starting_health(n)
    st.row = [-1] * MARKET_ROW
    st.market_deck = []
    st.gems = []
    st.sacrificed = []
    st.out = []
    st.active = 0
    st.turn = 1
    st.phase = "main"
    st.pending = None
    st.stack = []
    st.rng = make_rng(seed, rng_version)
    st.winner = None
    st.first = 0
    st.team_turn = (0,)
    st.ended = ()
    teams = fmt.teams(n)
    st.team = tuple(next(i for i, t in enumerate(teams) if s in t) for s in range(n))
    return st


class _Instances:
    """Allocates card instances in a fixed order so that states are reproducible."""

    def __init__(self) -> None:
        self.defs: list[CardDef] = []

    def new(self, card: CardDef) -> int:
        self.defs.append(card)
        return len(self.defs) - 1

    def finish(self, st: GameState) -> None:
        st.cards = tuple(self.defs)
        st.cid = tuple(d.id for d in self.defs)
        size = len(self.defs)
        st.expended = bytearray(size)
        st.damage = [0] * size
        st.ally_used = bytearray(size)


def new_game(seats: int = 2, format: str = "ffa", seed: int = 0, first: int | None = None,
             lib: CardLibrary | None = None, market_decks: int | None = None, rng_version: int = RNG_VERSION) -> GameState:
    """A standard game dealt from ``seed`` by generator ``rng_version`` (game/core/rng.py); ``first``
    (else random) plays first.
    ``market_decks`` = 2 shuffles two boxes' market decks (and Fire Gems) together,
    as a 6-player Emperor game may; the default is the format's (one)."""
    lib = lib or library()
    fmt = get_format(format)
    problem = fmt.seats_problem(seats)
    if problem:
        raise ValueError(problem)
    if first is not None and not 0 <= first < seats:
        raise ValueError(f"first player {first} is not a seat of a {seats}-player game")
    boxes = fmt.market_boxes(seats) if market_decks is None else market_decks
    if boxes not in (1, 2):
        raise ValueError(f"market_decks must be 1 or 2, not {market_decks}")
    st = _blank(lib, fmt, seats, seed, rng_version)
    alloc = _Instances()
    for card in lib.market_cards():
        for _ in range(card.copies * boxes):
            st.market_deck.append(alloc.new(card))
    gem = lib["fire_gem"]
    for _ in range(gem.copies * boxes):
        st.gems.append(alloc.new(gem))
    for p in st.players:
        for card in lib.starting_cards():
            for _ in range(card.per_player):
                p.deck.append(alloc.new(card))
    alloc.finish(st)
    rng = st.rng
    rng.shuffle(st.market_deck)
    for slot in range(MARKET_ROW):
        st.row[slot] = st.market_deck.pop()
    for p in st.players:
        rng.shuffle(p.deck)
    st.first = fmt.choose_first(rng, seats) if first is None else first
    st.active = st.first
    st.team_turn = fmt.turn_seats(st, st.first)
    hands = fmt.opening_hands(seats, st.first)
    for p in st.players:
        for _ in range(hands[p.seat]):
            p.hand.append(p.deck.pop())
    return st


# =============================================================================
# positions (scenario files)
# =============================================================================
def _typed(where: str, value: Any, kind: type, what: str = "") -> Any:
    if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
        raise DataError(where, f"must be {'an integer' if kind is int else kind.__name__}{what}, not {value!r}")
    return value


def _cards(where: str, raw: Any, lib: CardLibrary) -> list[CardDef]:
    _typed(where, raw, list)
    out = []
    for i, c in enumerate(raw):
        _typed(f"{where}[{i}]", c, str, " (a card id)")
        card = lib.get(c)
        if card is None:
            raise DataError(f"{where}[{i}]", f"unknown card id {c!r}")
        out.append(card)
    return out


PLAYER_KEYS = {"health", "hand", "deck", "discard", "champions", "in_play", "gold", "combat", "owed"}
MARKET_KEYS = {"row", "deck", "fire_gems", "sacrificed"}


def from_position(doc: dict[str, Any], where: str = "scenario", lib: CardLibrary | None = None) -> GameState:
    """A state exactly as a scenario describes it (see the notation spec)."""
    lib = lib or library()
    try:
        fmt = get_format(_typed(f"{where}: format", doc.get("format", "ffa"), str))
    except ValueError as exc:
        raise DataError(f"{where}: format", str(exc)) from None
    players_raw = doc.get("players")
    if not isinstance(players_raw, list) or not players_raw:
        raise DataError(f"{where}: players", "needs a [[players]] table per seat")
    n = len(players_raw)
    problem = fmt.seats_problem(n)
    if problem:
        raise DataError(f"{where}: players", problem)
    seed = _typed(f"{where}: seed", doc.get("seed", 0), int)
    st = _blank(lib, fmt, n, seed, 1)  # a scenario's seed is public: the spec's generator
    alloc = _Instances()
    damage: dict[int, int] = {}
    expended: set[int] = set()
    health_by_pool: dict[int, int] = {}
    for s, raw in enumerate(players_raw):
        pw = f"{where}: players[{s}]"
        if not isinstance(raw, dict):
            raise DataError(pw, "must be a table")
        for key in raw:
            if key not in PLAYER_KEYS:
                raise DataError(pw, f"unknown field {key!r}")
        p = st.players[s]
        health = _typed(f"{pw}.health", raw.get("health", 50), int)
        pool = st.life[s]
        if pool in health_by_pool and health_by_pool[pool] != health:
            raise DataError(f"{pw}.health", "teammates share one health total; give them the same health")
        health_by_pool[pool] = health
        if health <= 0:
            raise DataError(f"{pw}.health", "a player in the game has more than 0 health")
        p.hand = [alloc.new(c) for c in _cards(f"{pw}.hand", raw.get("hand", []), lib)]
        p.deck = [alloc.new(c) for c in reversed(_cards(f"{pw}.deck", raw.get("deck", []), lib))]
        p.discard = [alloc.new(c) for c in _cards(f"{pw}.discard", raw.get("discard", []), lib)]
        for i, c in enumerate(_cards(f"{pw}.in_play", raw.get("in_play", []), lib)):
            if c.is_champion:
                raise DataError(f"{pw}.in_play[{i}]", f"{c.id} is a champion: list it under champions")
            p.in_play.append(alloc.new(c))
        champs = _typed(f"{pw}.champions", raw.get("champions", []), list)
        for i, ch in enumerate(champs):
            cw = f"{pw}.champions[{i}]"
            if isinstance(ch, str):
                ch = {"card": ch}
            if not isinstance(ch, dict):
                raise DataError(cw, "must be { card = \"...\", expended = false, damage = 0 }")
            for key in ch:
                if key not in ("card", "expended", "damage"):
                    raise DataError(cw, f"unknown field {key!r}")
            card = _cards(f"{cw}.card", [ch.get("card")], lib)[0]
            if not card.is_champion:
                raise DataError(f"{cw}.card", f"{card.id} is not a champion")
            inst = alloc.new(card)
            p.champions.append(inst)
            if _typed(f"{cw}.expended", ch.get("expended", False), bool):
                expended.add(inst)
            dmg = _typed(f"{cw}.damage", ch.get("damage", 0), int)
            if not 0 <= dmg < card.defense:
                raise DataError(f"{cw}.damage", f"must be 0 to {card.defense - 1} (a champion with {card.defense} damage is stunned)")
            damage[inst] = dmg
        p.gold = _typed(f"{pw}.gold", raw.get("gold", 0), int)
        p.combat = _typed(f"{pw}.combat", raw.get("combat", 0), int)
        p.owed = _typed(f"{pw}.owed", raw.get("owed", 0), int)
        if min(p.gold, p.combat, p.owed) < 0:
            raise DataError(pw, "gold, combat and owed cannot be negative")
    for pool, h in health_by_pool.items():
        st.health[pool] = h
    market = doc.get("market", {})
    if not isinstance(market, dict):
        raise DataError(f"{where}: market", "must be a table")
    for key in market:
        if key not in MARKET_KEYS:
            raise DataError(f"{where}: market", f"unknown field {key!r}")
    row = _cards(f"{where}: market.row", market.get("row", []), lib)
    if len(row) > MARKET_ROW:
        raise DataError(f"{where}: market.row", f"holds at most {MARKET_ROW} cards")
    mdeck = _cards(f"{where}: market.deck", market.get("deck", []), lib)
    for field, cards in (("row", row), ("deck", mdeck)):
        for c in cards:
            if c.deck != "market":
                raise DataError(f"{where}: market.{field}", f"{c.id} is not a market card")
    for slot, c in enumerate(row):
        st.row[slot] = alloc.new(c)
    st.market_deck = [alloc.new(c) for c in reversed(mdeck)]
    gems = _typed(f"{where}: market.fire_gems", market.get("fire_gems", 16), int)
    if gems < 0:
        raise DataError(f"{where}: market.fire_gems", "cannot be negative")
    most = lib["fire_gem"].copies * max(fmt.starting_boxes(n), fmt.market_boxes(n))
    if gems > most:  # refused before the stack is made: a huge count would fill the memory
        raise DataError(f"{where}: market.fire_gems", f"{gems} Fire Gems but the game has only {most}")
    st.gems = [alloc.new(lib["fire_gem"]) for _ in range(gems)]
    st.sacrificed = [alloc.new(c) for c in _cards(f"{where}: market.sacrificed", market.get("sacrificed", []), lib)]
    for i in st.sacrificed:
        if alloc.defs[i].id == "fire_gem":
            raise DataError(f"{where}: market.sacrificed", "Fire Gems return to their stack, never to the sacrifice pile")
    alloc.finish(st)
    for inst in expended:
        st.expended[inst] = 1
    for inst, d in damage.items():
        st.damage[inst] = d
    _check_copies(where, alloc.defs, n, fmt)
    active = _typed(f"{where}: active", doc.get("active", 0), int)
    if not 0 <= active < n:
        raise DataError(f"{where}: active", f"must be a seat from 0 to {n - 1}")
    st.active = active
    st.first = _typed(f"{where}: first", doc.get("first", active), int)
    st.turn = _typed(f"{where}: turn", doc.get("turn", 1), int)
    if st.turn < 1:
        raise DataError(f"{where}: turn", "must be at least 1")
    st.team_turn = fmt.turn_seats(st, active)
    from game.hero_realms.turns import queue_owed_discards

    queue_owed_discards(st)
    from game.hero_realms.rules import run_stack

    run_stack(st, [])
    return st


def _check_copies(where: str, defs: list[CardDef], n: int, fmt: Format) -> None:
    by_id = {d.id: d for d in defs}
    for cid, count in Counter(d.id for d in defs).items():
        card = by_id[cid]
        limit = card.copies * max(fmt.starting_boxes(n), fmt.market_boxes(n))
        if count > limit:
            raise DataError(f"{where}", f"{count} copies of {cid} but the game has only {limit}")
