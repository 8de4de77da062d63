"""Starting a Fantasy Realms game: players, modules, deal, first player.

``new_game(seats=3, modules=("promo",), seed=0)``. Two players use the rulebook's
two-player variant (no deal; draft to a full hand). With the new suits the hand is
8 cards and the game ends at 12 discards (14 with two players); with Cursed Items
each player starts with one item face up (two players: once their hand is full).
"""

from __future__ import annotations

from collections.abc import Iterable

from game.core.errors import RealmsError
from game.core.rng import RNG_VERSION, make_rng
from game.fantasy_realms import modules as mod
from game.fantasy_realms.cards import CardLibrary, library
from game.fantasy_realms.events import CardsDealt, Event, GameStarted
from game.fantasy_realms.state import GameState
from game.fantasy_realms.terms import DEFAULT_RULINGS, Rulings
from game.fantasy_realms.turn import deal_item, start_turn


class SetupError(RealmsError, ValueError):
    """Impossible setup (seats, modules)."""


MIN_SEATS, MAX_SEATS = 2, 6


def new_game(seats: int = 3, modules: Iterable[str] = (), seed: int = 0, first: int | None = None,
             rulings: Rulings = DEFAULT_RULINGS, lib: CardLibrary | None = None,
             events: list[Event] | None = None, rng_version: int = RNG_VERSION) -> GameState:
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise SetupError(f"Fantasy Realms is for {MIN_SEATS}-{MAX_SEATS} players, not {seats}")
    lib = lib or library()
    mods = mod.normalize(modules)
    st = GameState.__new__(GameState)
    st.lib = lib
    st.modules = mods
    st.rulings = rulings
    st.n = seats
    st.two_player = seats == 2
    st.cards = tuple(c.id for c in mod.game_cards(lib, mods))
    st.hand_size = mod.hand_size(mods)
    st.end_at = mod.discards_to_end(mods, st.two_player)
    st.cap = mod.hand_cap(mods)
    st.rng = make_rng(seed, rng_version)
    st.deck = list(st.cards)
    st.rng.shuffle(st.deck)
    st.discard = []
    st.hands = [[] for _ in range(seats)]
    st.limit = [0 if st.two_player else st.hand_size for _ in range(seats)]
    st.first = st.rng.below(seats) if first is None else first
    if not 0 <= st.first < seats:
        raise SetupError(f"first player {first} is not a seat (0-{seats - 1})")
    st.active = st.to_move = st.first
    st.turn = 0
    st.phase = "draw"
    st.owed = 0
    st.forbid = ""
    st.drawn = []
    st.effect = ()
    st.item_deck = sorted(lib.items) if mod.ITEMS in mods else []
    st.rng.shuffle(st.item_deck)
    st.item_discard = []
    st.face_up = [None] * seats
    st.face_down = [[] for _ in range(seats)]
    st.reserve = [[] for _ in range(seats)]
    st.turn_item = ""
    st.hourglass = False
    st.extra_turn = False
    st.ring = False
    st.sealed = {}
    st.endq = []
    st.used_extra = [[] for _ in range(seats)]
    st.taken = [[] for _ in range(seats)]
    st.winners = ()
    st.results = None
    st.ending = ""
    st.moved = False
    ev = events if events is not None else []
    ev.append(GameStarted(seats, st.first, tuple(sorted(mods)), st.two_player))
    if not st.two_player:
        for s in range(seats):
            dealt = [st.deck.pop() for _ in range(st.hand_size)]
            st.hands[s] = dealt
            ev.append(CardsDealt(s, len(dealt), tuple(dealt)))
        if mod.ITEMS in mods:
            for s in range(seats):
                deal_item(st, s, ev)
    start_turn(st, st.first, ev)
    return st
