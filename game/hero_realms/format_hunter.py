"""Hunter formats (3+ players): you hunt the player on your left.

You may attack or target only the player on your left (the next seat in turn
order) and only the champions of your left and right neighbours. In *First Blood*
the game ends at the first elimination and the eliminated player's right neighbour
wins, whoever did the eliminating. In *Last One Standing* play goes on: the right
neighbour gains 10 health and draws a card, and the neighbours close ranks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from game.core.refusal import Refusal, refusal
from game.hero_realms.events import Event
from game.hero_realms.formats import Format
from game.hero_realms.mechanics import gain_health

if TYPE_CHECKING:
    from game.hero_realms.base import BaseState

HUNTER_REWARD = 10


class HunterFirstBlood(Format):
    name: ClassVar[str] = "hunter_first_blood"
    victory: ClassVar[str] = "first_blood"
    min_seats: ClassVar[int] = 3
    max_seats: ClassVar[int] = 6
    default_seats: ClassVar[int] = 4

    @staticmethod
    def left(st: BaseState, seat: int) -> int:
        """The next living seat in turn order (the player on your left)."""
        for step in range(1, st.n):
            other = (seat + step) % st.n
            if st.players[other].alive:
                return other
        return seat

    @staticmethod
    def right(st: BaseState, seat: int) -> int:
        """The previous living seat in turn order (the player on your right)."""
        for step in range(1, st.n):
            other = (seat - step) % st.n
            if st.players[other].alive:
                return other
        return seat

    def reach_players(self, st: BaseState, seat: int) -> list[int]:
        left = self.left(st, seat)
        return [left] if left != seat else []

    def reach_champions(self, st: BaseState, seat: int) -> list[int]:
        return sorted({self.left(st, seat), self.right(st, seat)} - {seat})

    def reach_reason(self, st: BaseState, seat: int, target: int, champion: bool) -> Refusal:
        if target == seat:
            return super().reach_reason(st, seat, target, champion)
        left, right = self.left(st, seat), self.right(st, seat)
        if champion:
            return refusal("hunter_champions", f"a hunter reaches only the champions of seats {left} and {right}, "
                           "the neighbours", left=left, right=right)
        return refusal("hunter_reach", f"a hunter may attack or target only seat {left}, on the left", left=left)

    def on_health_zero(self, st: BaseState, seat: int, by: int | None, ev: list[Event]) -> None:
        winner = self.right(st, seat)
        self.eliminate(st, seat, by, ev)
        self.finish(st, winner, ev)


class HunterLastOneStanding(HunterFirstBlood):
    name: ClassVar[str] = "hunter_last_one_standing"
    victory: ClassVar[str] = "last_standing"

    def on_health_zero(self, st: BaseState, seat: int, by: int | None, ev: list[Event]) -> None:
        heir = self.right(st, seat)
        self.eliminate(st, seat, by, ev)
        if heir != seat:
            gain_health(st, heir, HUNTER_REWARD, ev)
            st.draw(heir, ev)
        self.check_over(st, ev)
