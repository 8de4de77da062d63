"""The HerosDeï state the house holds: :class:`State`, the data of ``base.py`` with the
door on top (python-chess's ``Board(BaseBoard)``).

The door is :meth:`State.legal_actions`, :meth:`State.check`, :meth:`State.apply`,
:meth:`State.view`, :meth:`State.clone`, :meth:`State.state_hash` and
:meth:`State.outcome` (core's ``GameState`` protocol). This module stands above the
rules, the view and the hash it calls; none of them imports it back.
"""

from __future__ import annotations

from typing import Any

from game.core.events import Event
from game.core.game import Outcome
from game.core.refusal import Refusal
from game.herosdei import rules, serialize
from game.herosdei import view as _view
from game.herosdei.actions import Action
from game.herosdei.base import (
    DRAW_EACH_TURN,
    EDITION,
    EDITIONS,
    HAND_LIMIT,
    KILLS_TO_WIN,
    STAT_INDEX,
    VARIANTS,
    VP_TO_WIN,
    BaseState,
    Boost,
    Combat,
    Player,
    Prompt,
    StackEntry,
    Window,
)

__all__ = ["DRAW_EACH_TURN", "EDITION", "EDITIONS", "HAND_LIMIT", "KILLS_TO_WIN", "STAT_INDEX", "VARIANTS",
           "VP_TO_WIN", "Boost", "Combat", "Player", "Prompt", "StackEntry", "State", "Window"]


class State(BaseState):
    """One HerosDeï game, as the session, the AI, the table and the tests play it."""

    __slots__ = ()

    def legal_actions(self) -> list[Action]:
        """Every legal action now (:class:`game.herosdei.actions.Action` values)."""
        return rules.legal_actions(self)

    def check(self, action: Action | str) -> Refusal | None:
        """Why ``action`` is not legal now (a refusal with its key), or None."""
        return rules.check(self, action)

    def apply(self, action: Action | str) -> list[Event]:
        """Play ``action``: its events, or IllegalActionError with the refusal, the state unchanged."""
        return rules.apply(self, action)

    def outcome(self) -> Outcome | None:
        """The winning seat (none for a draw) and the ``victory.TERMINATIONS`` key of the ending."""
        if self.phase != "over" or self.winner is None:
            return None
        w = self.winner
        return Outcome(() if w == "draw" else (int(w),), self.termination or "")

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (None: a spectator, who sees no hand)."""
        return _view.view(self, -1 if seat is None else seat)

    def state_hash(self) -> str:
        return serialize.state_hash(self)
