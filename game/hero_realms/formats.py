"""Game formats as small rule classes: who plays when, who may reach whom, who wins.

The turn machinery in ``rules.py`` and ``turns.py`` asks the format every question
that differs between the rulebook's formats, so a new format is one subclass in
its own module, registered in :data:`FORMATS`. Free-for-all (2-4 players) lives
here; Hunter, Hydra and Emperor have their own modules, which build on this one and
are registered from above it (the package's ``__init__``), so this module never
imports them back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from game.core.refusal import Refusal, refusal
from game.hero_realms.actions import END, Action
from game.hero_realms.events import CardsLeftGame, Event, GameOver, PlayerEliminated
from game.hero_realms.turns import end_turn

if TYPE_CHECKING:
    from game.core.rng import Rng
    from game.hero_realms.base import BaseState

STARTING_HEALTH = 50
BOX_SEATS = 4  # one box of starting cards serves four players
NO_ONE_STANDING = "no_one_standing"  # the termination key of a game every player left at once


class Format:
    name: ClassVar[str] = "base"
    victory: ClassVar[str] = "last_standing"  # the termination key of a game won the format's way
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    default_seats: ClassVar[int] = 2

    def seats_problem(self, n: int) -> str | None:
        if not self.min_seats <= n <= self.max_seats:
            return f"format {self.name!r} is for {self.min_seats} to {self.max_seats} players, not {n}"
        return None

    # ---- set-up ---------------------------------------------------------------
    def teams(self, n: int) -> tuple[tuple[int, ...], ...]:
        """The teams, each a tuple of seats (one seat each outside team formats)."""
        return tuple((s,) for s in range(n))

    def life_pools(self, n: int) -> tuple[int, ...]:
        """Seat -> index of its health total (teammates may share one)."""
        return tuple(range(n))

    def starting_health(self, n: int) -> list[int]:
        """Starting health of each life pool."""
        return [STARTING_HEALTH] * len(set(self.life_pools(n)))

    def choose_first(self, rng: Rng, n: int) -> int:
        """The seat that goes first in a standard game (the rulebook: at random)."""
        return rng.below(n)

    def opening_hands(self, n: int, first: int) -> list[int]:
        """Opening hand size by seat: 3/5 with two players, 3/4/5/5... with more."""
        sizes = [3, 5] if n == 2 else [3, 4] + [5] * (n - 2)
        hands = [0] * n
        for i in range(n):
            hands[(first + i) % n] = sizes[i]
        return hands

    def starting_boxes(self, n: int) -> int:
        """Boxes of starting cards needed (personal decks and score cards)."""
        return (n + BOX_SEATS - 1) // BOX_SEATS

    def market_boxes(self, n: int) -> int:
        """Copies of the market deck (and Fire Gem stack) the game uses."""
        return 1

    # ---- turns ----------------------------------------------------------------
    def turn_seats(self, st: BaseState, leader: int) -> tuple[int, ...]:
        """The seats that act in the turn led by ``leader``."""
        return (leader,)

    def next_leader(self, st: BaseState) -> int:
        n = st.n
        seat = st.active
        for _ in range(n):
            seat = (seat + 1) % n
            if st.players[seat].alive and seat not in st.team_turn:
                return seat
        return st.active

    def end_actions(self, st: BaseState, actors: list[int]) -> list[Action]:
        return [END]

    def end_main_phase(self, st: BaseState, seat: int, ev: list[Event]) -> None:
        end_turn(st, ev)

    # ---- reach ----------------------------------------------------------------
    def role(self, seat: int) -> str:
        """A seat's role in the format ("emperor", "commander"), or ""."""
        return ""

    def team_of(self, n: int, seat: int) -> tuple[int, ...]:
        for team in self.teams(n):
            if seat in team:
                return team
        return (seat,)

    def is_opponent(self, st: BaseState, seat: int, other: int) -> bool:
        return st.team[other] != st.team[seat]

    def opponents(self, st: BaseState, seat: int) -> list[int]:
        mine = st.team[seat]
        team = st.team
        return [p.seat for p in st.players if p.alive and team[p.seat] != mine]

    def reach_players(self, st: BaseState, seat: int) -> list[int]:
        """Players ``seat`` may attack or target, before guards are considered."""
        return self.opponents(st, seat)

    def reach_champions(self, st: BaseState, seat: int) -> list[int]:
        """Players whose champions ``seat`` may attack or target, before guards."""
        return self.opponents(st, seat)

    def reach_reason(self, st: BaseState, seat: int, target: int, champion: bool) -> Refusal:
        if target == seat:
            if champion:
                return refusal("own_champions", "you cannot attack your own champions")
            return refusal("yourself", "you cannot attack yourself")
        if not self.is_opponent(st, seat, target):
            return refusal("teammate", f"seat {target} is your teammate", seat=target)
        return refusal("out_of_reach", f"seat {seat} cannot reach seat {target} in the {self.name} format",
                       seat=target, format=self.name)

    def guard_of(self, st: BaseState, owner: int) -> int:
        """A prepared guard protecting ``owner`` (an instance), or -1."""
        cards = st.cards
        expended = st.expended
        for inst in st.players[owner].champions:
            if cards[inst].guard and not expended[inst]:
                return inst
        return -1

    def champion_attack_reason(self, st: BaseState, seat: int, owner: int, inst: int, n: int) -> Refusal | None:
        return None

    def champion_attack_cap(self, st: BaseState, seat: int, combat: int) -> int:
        return combat

    # ---- gold and extra moves -------------------------------------------------
    def spendable_gold(self, st: BaseState, seat: int) -> int:
        return st.players[seat].gold

    def pay(self, st: BaseState, seat: int, cost: int) -> None:
        st.players[seat].gold -= cost

    def extra_actions(self, st: BaseState, actors: list[int]) -> list[Action]:
        """Format-specific main-phase moves (pooled gold, card transfers...)."""
        return []

    def extra_reason(self, st: BaseState, seat: int, a: Action) -> Refusal | None:
        return refusal("not_a_format_move", f"'{a.verb}' is not a move of the {self.name} format", verb=a.verb,
                       format=self.name)

    def apply_extra(self, st: BaseState, seat: int, a: Action, ev: list[Event]) -> None:
        raise AssertionError(f"unchecked action {a}")

    # ---- the end --------------------------------------------------------------
    def eliminate(self, st: BaseState, seat: int, by: int | None, ev: list[Event]) -> None:
        """A player is out: their cards leave the game (champions leave play)."""
        p = st.players[seat]
        if p.alive:
            p.alive = False
            ev.append(PlayerEliminated(seat, by))
        self.remove_cards(st, seat, ev)

    def remove_cards(self, st: BaseState, seat: int, ev: list[Event]) -> None:
        p = st.players[seat]
        gone = p.hand + p.deck + p.discard + p.in_play + p.champions
        for inst in gone:
            st.expended[inst] = 0
            st.damage[inst] = 0
            st.ally_used[inst] = 0
        p.hand, p.deck, p.discard, p.in_play, p.champions = [], [], [], [], []
        p.gold = p.combat = p.owed = p.known_top = 0
        p.redirects = []
        st.out.extend(gone)
        ev.append(CardsLeftGame(seat, len(gone)))

    def on_health_zero(self, st: BaseState, seat: int, by: int | None, ev: list[Event]) -> None:
        """A life pool reached 0 or less: everyone sharing it is out; maybe the end."""
        for s in range(st.n):
            if st.players[s].alive and st.life[s] == st.life[seat]:
                self.eliminate(st, s, by, ev)
        self.check_over(st, ev)

    def winner_of(self, team: tuple[int, ...]) -> int | tuple[int, ...]:
        return team[0] if len(team) == 1 else team

    def check_over(self, st: BaseState, ev: list[Event]) -> None:
        standing = [t for t in self.teams(st.n) if any(st.players[s].alive for s in t)]
        if len(standing) <= 1:
            self.finish(st, self.winner_of(standing[0]) if standing else None, ev)

    def termination(self, st: BaseState) -> str:
        """How a finished game ended, as a key: the format's victory, or nobody left standing.
        Read off the winner, so a replayed or rebuilt state tells it without keeping it."""
        return self.victory if st.winner is not None else NO_ONE_STANDING

    def finish(self, st: BaseState, winner: int | tuple[int, ...] | None, ev: list[Event]) -> None:
        st.winner = winner
        st.phase = "over"
        st.pending = None
        st.stack = []
        ev.append(GameOver(winner, self.termination(st)))


class FreeForAll(Format):
    """The default format: anyone attacks anyone; the last one standing wins."""

    name: ClassVar[str] = "ffa"


FORMATS: dict[str, Format] = {"ffa": FreeForAll()}


def register(fmt: Format) -> None:
    FORMATS[fmt.name] = fmt


def get_format(name: str) -> Format:
    try:
        return FORMATS[name]
    except KeyError:
        raise ValueError(f"unknown format {name!r} (known: {', '.join(sorted(FORMATS))})") from None
