"""The data of a game: zones, pools, health, turn, pending prompt and the RNG.

Plain data with ``__slots__`` and a hand-written :meth:`BaseState.clone`, because
the AI clones states thousands of times a second. Every physical card is an
*instance* (an int); its definition is ``cards[instance]``. Per-instance flags
(expended, damage, ally used) live in flat arrays that copy in one call.

Decks keep their top card at the *end* of the list (``pop()`` draws); every outward
form (views, scenario output) lists decks top first, as the notation spec says.
This module sits below the rules (``rules.py``, ``effects.py``, the formats): they
change this data and import it, never the reverse; it only offers the zone moves
they are built from and says who acts. ``state.py`` puts the door on top.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from game.core.rng import Rng
from game.hero_realms.cards import CardDef, CardLibrary
from game.hero_realms.events import CardDrawn, DeckShuffled, Event
from game.hero_realms.prompts import Prompt

if TYPE_CHECKING:
    from game.hero_realms.formats import Format

S = TypeVar("S", bound="BaseState")

# A frame of the resolution stack: (kind, seat, src instance, effects, next index, extra)
Frame = tuple[Any, ...]


class PlayerState:
    __slots__ = (
        "seat", "hand", "deck", "discard", "in_play", "champions",
        "gold", "combat", "owed", "known_top", "redirects", "alive",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.hand: list[int] = []
        self.deck: list[int] = []  # top card last
        self.discard: list[int] = []  # top card last
        self.in_play: list[int] = []  # actions and items played this turn
        self.champions: list[int] = []
        self.gold = 0
        self.combat = 0
        self.owed = 0  # forced discards to make at the start of the next turn
        self.known_top = 0  # how many top cards of the deck are public knowledge
        self.redirects: list[tuple[str, str]] = []  # (to, of) next-acquire redirections
        self.alive = True

    def copy(self) -> PlayerState:
        p = PlayerState.__new__(PlayerState)
        p.seat = self.seat
        p.hand = self.hand[:]
        p.deck = self.deck[:]
        p.discard = self.discard[:]
        p.in_play = self.in_play[:]
        p.champions = self.champions[:]
        p.gold = self.gold
        p.combat = self.combat
        p.owed = self.owed
        p.known_top = self.known_top
        p.redirects = self.redirects[:]
        p.alive = self.alive
        return p


class BaseState:
    """The data of one Hero Realms game and the zone moves the rules are built from;
    :class:`game.hero_realms.state.GameState` adds the door."""

    __slots__ = (
        "lib", "fmt", "cards", "cid", "n", "players", "health", "life", "row",
        "market_deck", "gems", "sacrificed", "out", "expended", "damage", "ally_used",
        "active", "turn", "phase", "pending", "stack", "rng", "winner", "first",
        "team_turn", "ended", "team",
    )

    lib: CardLibrary
    fmt: Format
    cards: tuple[CardDef, ...]
    cid: tuple[str, ...]
    n: int
    players: list[PlayerState]
    health: list[int]
    life: tuple[int, ...]
    row: list[int]
    market_deck: list[int]
    gems: list[int]
    sacrificed: list[int]
    out: list[int]
    expended: bytearray
    damage: list[int]
    ally_used: bytearray
    active: int
    turn: int
    phase: str
    pending: Prompt | None
    stack: list[Frame]
    rng: Rng
    winner: int | tuple[int, ...] | None
    first: int
    team_turn: tuple[int, ...]
    ended: tuple[int, ...]  # seats of a shared turn that have ended their main phase
    team: tuple[int, ...]  # seat -> index of its team (fixed for the game)

    def clone(self: S) -> S:
        cls = self.__class__
        s = cls.__new__(cls)
        s.lib = self.lib
        s.fmt = self.fmt
        s.cards = self.cards
        s.cid = self.cid
        s.n = self.n
        s.players = [p.copy() for p in self.players]
        s.health = self.health[:]
        s.life = self.life
        s.row = self.row[:]
        s.market_deck = self.market_deck[:]
        s.gems = self.gems[:]
        s.sacrificed = self.sacrificed[:]
        s.out = self.out[:]
        s.expended = self.expended[:]
        s.damage = self.damage[:]
        s.ally_used = self.ally_used[:]
        s.active = self.active
        s.turn = self.turn
        s.phase = self.phase
        s.pending = self.pending
        s.stack = self.stack[:]
        s.rng = self.rng.clone()
        s.winner = self.winner
        s.first = self.first
        s.team_turn = self.team_turn
        s.ended = self.ended
        s.team = self.team
        return s

    # ---- health (shared between teammates in some formats) -------------
    def health_of(self, seat: int) -> int:
        return self.health[self.life[seat]]

    # ---- zone moves used by the rules ---------------------------------
    def draw(self, seat: int, ev: list[Event]) -> int:
        """Draw one card (reshuffling the discard pile if the deck is empty).
        Returns the instance drawn, or -1 when there is nothing to draw."""
        p = self.players[seat]
        if not p.deck:
            if not p.discard:
                return -1
            self.reshuffle(seat, ev)
        inst = p.deck.pop()
        if p.known_top:
            p.known_top -= 1
        p.hand.append(inst)
        ev.append(CardDrawn(seat, self.cid[inst]))
        return inst

    def draw_n(self, seat: int, n: int, ev: list[Event]) -> int:
        drawn = 0
        for _ in range(n):
            if self.draw(seat, ev) < 0:
                break
            drawn += 1
        return drawn

    def reshuffle(self, seat: int, ev: list[Event]) -> None:
        p = self.players[seat]
        p.deck = p.discard + p.deck  # the deck is empty whenever the rules reshuffle
        p.discard = []
        self.rng.shuffle(p.deck)
        p.known_top = 0
        ev.append(DeckShuffled(seat, len(p.deck)))

    # ---- who acts ------------------------------------------------------
    def waiting_for(self) -> list[int]:
        """The seats that may act now: the seat a decision waits on, else the turn's actors."""
        if self.phase == "over":
            return []
        if self.pending is not None:
            return [self.pending.seat]
        return self.actors()

    def actors(self) -> list[int]:
        """Seats that may make a main-phase move now (no prompt pending)."""
        players = self.players
        return [s for s in self.team_turn if players[s].alive and s not in self.ended]

    def actor(self) -> int | None:
        """The seat expected to act now (the prompt's seat, else the active seat)."""
        if self.phase == "over":
            return None
        if self.pending is not None:
            return self.pending.seat
        return self.active
