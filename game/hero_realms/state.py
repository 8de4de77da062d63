"""The game state the house holds: :class:`GameState`, the data of ``base.py`` with
the door on top (python-chess's ``Board(BaseBoard)``).

The door is :meth:`GameState.legal_actions`, :meth:`GameState.check`,
:meth:`GameState.apply`, :meth:`GameState.view`, :meth:`GameState.clone`,
:meth:`GameState.state_hash` and :meth:`GameState.outcome` (core's ``GameState``
protocol). This module stands above the rules, the view and the hash it calls;
none of them imports it back.
"""

from __future__ import annotations

from typing import Any

from game.core.game import Outcome
from game.core.refusal import Refusal
from game.hero_realms import rules, serialize
from game.hero_realms import view as _view
from game.hero_realms.actions import Action
from game.hero_realms.base import BaseState, Frame, PlayerState
from game.hero_realms.events import Event

__all__ = ["Frame", "GameState", "PlayerState"]


class GameState(BaseState):
    """One Hero Realms game, as the session, the AI and the tests play it."""

    __slots__ = ()

    # ---- the door (implemented in rules.py) ------------------------------
    def legal_actions(self) -> list[Action]:
        return rules.legal_actions(self)

    def apply(self, action: Action | str) -> list[Event]:
        return rules.apply(self, action)

    def check(self, action: Action | str) -> Refusal | None:
        """None when ``action`` is legal now, else the reason it is not."""
        return rules.check(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        return _view.view(self, seat)

    def outcome(self) -> Outcome | None:
        """The winning seats (a team's, or none when nobody is left) and how the game ended."""
        if self.phase != "over":
            return None
        w = self.winner
        winners = () if w is None else (w,) if isinstance(w, int) else tuple(sorted(w))
        return Outcome(winners, self.fmt.termination(self))

    def state_hash(self) -> str:
        return serialize.state_hash(self)
