"""Game formats as small rule classes: who plays when, who may attack whom, who wins.

The turn machinery in ``rules.py`` asks the format every question that differs
between formats, so a new format is one subclass registered in :data:`FORMATS`.
Free-for-all (2-4 players) lives here; other formats add their own modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from game.hero_realms.events import CardsLeftGame, Event, GameOver, PlayerEliminated
from game.hero_realms.turns import end_turn

if TYPE_CHECKING:
    from game.hero_realms.actions import Action
    from game.hero_realms.state import GameState

STARTING_HEALTH = 50


class Format:
    name: ClassVar[str] = "base"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    default_seats: ClassVar[int] = 2

    def seats_problem(self, n: int) -> str | None:
        if not self.min_seats <= n <= self.max_seats:
            return f"format {self.name!r} is for {self.min_seats} to {self.max_seats} players, not {n}"
        return None

    # ---- set-up ---------------------------------------------------------
    def life_pools(self, n: int) -> tuple[int, ...]:
        """Seat -> index of its health total (teams share one)."""
        return tuple(range(n))

    def starting_health(self, n: int) -> list[int]:
        """Starting health of each life pool."""
        return [STARTING_HEALTH] * len(set(self.life_pools(n)))

    def opening_hands(self, n: int, first: int) -> list[int]:
        """Opening hand size by seat: 3/5 with two players, 3/4/5/5... with more."""
        sizes = [3, 5] if n == 2 else [3, 4] + [5] * (n - 2)
        hands = [0] * n
        for i in range(n):
            hands[(first + i) % n] = sizes[i]
        return hands

    def market_boxes(self, n: int) -> int:
        """How many copies of the market deck the game uses."""
        return 1

    # ---- turns ------------------------------------------------------------
    def turn_seats(self, st: GameState, leader: int) -> tuple[int, ...]:
        """The seats that act in the turn led by ``leader``."""
        return (leader,)

    def next_leader(self, st: GameState) -> int:
        n = st.n
        seat = st.active
        for _ in range(n):
            seat = (seat + 1) % n
            if st.players[seat].alive and seat not in st.team_turn:
                return seat
        return st.active

    # ---- reach --------------------------------------------------------------
    def is_opponent(self, st: GameState, seat: int, other: int) -> bool:
        return other != seat

    def opponents(self, st: GameState, seat: int) -> list[int]:
        return [p.seat for p in st.players if p.alive and self.is_opponent(st, seat, p.seat)]

    def reach_players(self, st: GameState, seat: int) -> list[int]:
        """Players ``seat`` may attack or target, before guards are considered."""
        return self.opponents(st, seat)

    def reach_champions(self, st: GameState, seat: int) -> list[int]:
        """Players whose champions ``seat`` may attack or target, before guards."""
        return self.opponents(st, seat)

    def guard_of(self, st: GameState, owner: int) -> int:
        """A prepared guard protecting ``owner`` (an instance), or -1."""
        champs = st.players[owner].champions
        cards = st.cards
        expended = st.expended
        for inst in champs:
            if cards[inst].guard and not expended[inst]:
                return inst
        return -1

    # ---- gold, extra moves and the end of the main phase -----------------------
    def spendable_gold(self, st: GameState, seat: int) -> int:
        return st.players[seat].gold

    def pay(self, st: GameState, seat: int, cost: int) -> None:
        st.players[seat].gold -= cost

    def extra_actions(self, st: GameState, actors: list[int]) -> list[Action]:
        """Format-specific main-phase moves (pooled gold, card transfers...)."""
        return []

    def extra_reason(self, st: GameState, seat: int, a: Action) -> str | None:
        return f"'{a.verb}' is not a move of the {self.name} format"

    def apply_extra(self, st: GameState, seat: int, a: Action, ev: list[Event]) -> None:
        raise AssertionError(f"unchecked action {a}")

    def end_main_phase(self, st: GameState, seat: int, ev: list[Event]) -> None:
        end_turn(st, ev)

    def reach_reason(self, st: GameState, seat: int, target: int, champion: bool) -> str:
        if target == seat:
            return "you cannot attack yourself" if not champion else "you cannot attack your own champions"
        return f"seat {seat} cannot reach seat {target} in the {self.name} format"

    def champion_attack_reason(self, st: GameState, seat: int, owner: int, inst: int, n: int) -> str | None:
        return None

    def champion_attack_cap(self, st: GameState, seat: int, combat: int) -> int:
        return combat

    # ---- the end ------------------------------------------------------------
    def eliminate(self, st: GameState, seat: int, by: int | None, ev: list[Event]) -> None:
        """A player is out: their cards leave the game (champions leave play)."""
        p = st.players[seat]
        p.alive = False
        ev.append(PlayerEliminated(seat, by))
        gone = p.hand + p.deck + p.discard + p.in_play + p.champions
        for inst in p.champions:
            st.expended[inst] = 0
            st.damage[inst] = 0
        p.hand, p.deck, p.discard, p.in_play, p.champions = [], [], [], [], []
        p.gold = p.combat = p.owed = p.known_top = 0
        p.redirects = []
        st.out.extend(gone)
        ev.append(CardsLeftGame(seat, len(gone)))

    def on_health_zero(self, st: GameState, seat: int, by: int | None, ev: list[Event]) -> None:
        """Called when a life pool reaches 0 or less: eliminate and maybe end."""
        for s in range(st.n):
            if st.players[s].alive and st.life[s] == st.life[seat]:
                self.eliminate(st, s, by, ev)
        self.check_over(st, ev)

    def check_over(self, st: GameState, ev: list[Event]) -> None:
        alive = [p.seat for p in st.players if p.alive]
        if len(alive) <= 1:
            self.finish(st, alive[0] if alive else None, ev)

    def finish(self, st: GameState, winner: int | tuple[int, ...] | None, ev: list[Event]) -> None:
        st.winner = winner
        st.phase = "over"
        st.pending = None
        st.stack = []
        ev.append(GameOver(winner))


class FreeForAll(Format):
    """The default format: anyone attacks anyone; the last one standing wins."""

    name: ClassVar[str] = "ffa"


FORMATS: dict[str, Format] = {"ffa": FreeForAll()}


def get_format(name: str) -> Format:
    try:
        return FORMATS[name]
    except KeyError:
        raise ValueError(f"unknown format {name!r} (known: {', '.join(sorted(FORMATS))})") from None
