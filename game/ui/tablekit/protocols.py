"""What the table kit asks of a game's table pieces, as typed protocols.

The kit's base scene, director and controller work on any game whose model, log
and layout answer these; they never name a game's classes. A view and an event
are the plain dicts the client hands over (the engine's redacted JSON).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import pygame

from game.core.game import GameState
from game.core.record import SaveRecord
from game.session.session import SeatConfig
from game.ui.i18n import Tr

View = dict[str, Any]
Event = dict[str, Any]
#: a line of the log: (the seat it is about or None, its kind, its words)
LogLine = tuple[int | None, str, str]
Point = tuple[int, int]


class ShownModel(Protocol):
    """What the base scene and the controller ask of the model: what the viewer may do,
    and to be set from the view."""

    #: the viewer's legal lines in the last view synced (empty while a line is on its way)
    legal: list[str]

    @property
    def over(self) -> bool:
        """The game has ended (as far as the model shows it)."""
        ...

    def sync(self, view: View, /) -> object:
        """Set everything from the client's view (the truth, once the events are shown)."""
        ...


class TableModel(ShownModel, Protocol):
    """The game as the table shows it: moved event by event, set from the view after."""

    def apply(self, event: Event, /) -> object:
        """Show one event at once (the director paces the calls)."""
        ...


class GameLog(Protocol):
    """The game's log, in the players' words (the sidebar's panel draws it)."""

    @property
    def entries(self) -> Sequence[object]:
        """What it has noted so far (the facts of each line)."""
        ...

    def add(self, event: Event, /) -> None:
        """Note an event (or a table note: a seat dropped, an AI took over...)."""
        ...

    def lines(self, tr: Tr, viewer: int | None, last: int, /) -> list[LogLine]:
        """The latest ``last`` lines as ``viewer`` may read them, oldest first."""
        ...


class Layout(Protocol):
    """Where the sidebar's pieces sit (see :class:`~game.ui.tablekit.frame.TableFrame`)."""

    scale: float
    log: pygame.Rect
    menu_btn: pygame.Rect
    undo_btn: pygame.Rect


class Paced(Protocol):
    """The director as the base scene sees it."""

    @property
    def idle(self) -> bool:
        """Every event received is shown (the table may take input)."""
        ...

    def push(self, events: list[Event], own: bool = False, /) -> None:
        """Show these events next (``own``: the player's own move)."""
        ...

    def clear(self) -> None:
        """Forget the events not shown yet."""
        ...

    def update(self, dt: float, /) -> object:
        """Advance ``dt`` seconds: show the events whose turn has come."""
        ...


class Controls(Protocol):
    """Where the base scene hands the mouse and the keys (a kit controller, or the scene itself)."""

    mouse: Point

    def mouse_motion(self, pos: Point, /) -> None: ...

    def mouse_down(self, pos: Point, /) -> None: ...

    def mouse_up(self, pos: Point, /) -> None: ...

    def key(self, event: pygame.event.Event, /) -> None: ...


class HostedGame(Protocol):
    """The LAN host a table's player runs: the game lives in its thread."""

    def save_as(self, path: Path, name: str | None = None) -> None: ...


class Overlay(Protocol):
    """What a guided game shows over a table (game/ui/tutorial): the table updates it
    after itself and draws it over everything it draws."""

    def update(self, dt: float) -> None: ...

    def draw(self, surf: pygame.Surface) -> None: ...


class LessonTargets(Protocol):
    """A game's ``targets`` module: where a lesson's target is on its table."""

    def target_rect(self, table: Any, target: Any, /) -> pygame.Rect | None: ...


class TableSetup(Protocol):
    """A game's setup as the end screen offers it again (a rematch) or to New game."""

    seats: list[SeatConfig]

    def record(self) -> SaveRecord[GameState]: ...
