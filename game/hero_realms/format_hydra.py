"""Hydra (teams of two with 4 players, of three with 6): shared health, shared turns.

Each team shares one health total (75, or 100 for teams of three) and plays one
turn together: both teammates act in any order, each with their own deck, hand,
pools and ally abilities (a teammate's cards never trigger yours); the turn ends
when every teammate has ended their main phase, then all discard and draw together.
Teammates may pool gold (``give <seat> <n>``) and combine combat on a champion.
While anyone on a team has a prepared guard, the team cannot be attacked and its
non-guard champions cannot be attacked or targeted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from game.core.refusal import Refusal, refusal
from game.hero_realms.actions import Action
from game.hero_realms.events import Event, GoldGiven
from game.hero_realms.formats import Format
from game.hero_realms.turns import end_turn

if TYPE_CHECKING:
    from game.core.rng import Rng
    from game.hero_realms.base import BaseState

TEAM_HEALTH = {2: 75, 3: 100}


class Hydra(Format):
    name: ClassVar[str] = "hydra"
    victory: ClassVar[str] = "last_team_standing"
    min_seats: ClassVar[int] = 4
    max_seats: ClassVar[int] = 6
    default_seats: ClassVar[int] = 4

    def seats_problem(self, n: int) -> str | None:
        if n not in (4, 6):
            return f"format 'hydra' is for 4 players (teams of two) or 6 (teams of three), not {n}"
        return None

    def teams(self, n: int) -> tuple[tuple[int, ...], ...]:
        half = n // 2
        return (tuple(range(half)), tuple(range(half, n)))

    def life_pools(self, n: int) -> tuple[int, ...]:
        return tuple(0 if s < n // 2 else 1 for s in range(n))

    def starting_health(self, n: int) -> list[int]:
        return [TEAM_HEALTH[n // 2]] * 2

    def choose_first(self, rng: Rng, n: int) -> int:
        return self.teams(n)[rng.below(2)][0]

    def opening_hands(self, n: int, first: int) -> list[int]:
        starting = self.team_of(n, first)
        return [3 if s in starting else 5 for s in range(n)]

    def turn_seats(self, st: BaseState, leader: int) -> tuple[int, ...]:
        return tuple(s for s in self.team_of(st.n, leader) if st.players[s].alive)

    def end_actions(self, st: BaseState, actors: list[int]) -> list[Action]:
        return [Action("end", actor=s) for s in actors]

    def end_main_phase(self, st: BaseState, seat: int, ev: list[Event]) -> None:
        st.ended = (*st.ended, seat)
        if not st.actors():
            end_turn(st, ev)

    def guard_of(self, st: BaseState, owner: int) -> int:
        for mate in self.team_of(st.n, owner):
            if st.players[mate].alive:
                guard = super().guard_of(st, mate)
                if guard >= 0:
                    return guard
        return -1

    # ---- pooled gold -------------------------------------------------------------
    def extra_actions(self, st: BaseState, actors: list[int]) -> list[Action]:
        out = []
        for a in actors:
            gold = st.players[a].gold
            if gold > 0:
                out += [Action("give", seat=t, amount=gold, actor=a) for t in actors if t != a]
        return out

    def extra_reason(self, st: BaseState, seat: int, a: Action) -> Refusal | None:
        if a.verb != "give":
            return super().extra_reason(st, seat, a)
        to = a.seat if a.seat is not None else -1
        if to == seat or to not in st.actors():
            return refusal("give_to_teammate", f"gold can be given only to a teammate still in their main phase, "
                           f"not seat {to}", seat=to)
        gold = st.players[seat].gold
        if not 1 <= (a.amount or 0) <= gold:
            return refusal("not_enough_gold", f"you have {gold} gold, not {a.amount}", gold=gold, n=a.amount or 0)
        return None

    def apply_extra(self, st: BaseState, seat: int, a: Action, ev: list[Event]) -> None:
        to, n = a.seat or 0, a.amount or 0
        st.players[seat].gold -= n
        st.players[to].gold += n
        ev.append(GoldGiven(seat, to, n))
