"""A game's part of the New game screen: the options panel its table door gives.

The New game screen (``game/ui/scenes/newgame.py``) lays out what every game has -
the game, the player count, who sits where, the seed, Start, Host - and asks the
chosen game's :class:`GameOptions` for the rest: its own rows under the game row,
what sits beside the player count, the note under it, the seat counts it allows,
whether Start is refused, and the setup object a table opens from. A game's table
door names its panel (``PANEL``, made from the screen and the previous setup), so the screen never names a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.session.session import SeatConfig
from game.ui.widgets.basic import Group

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.i18n import Tr


@dataclass(frozen=True)
class Geometry:
    """Where the New game screen's rows go (window pixels)."""

    x: int  # the labels' left edge
    label_w: int  # the labels' width
    field_x: int  # the fields' left edge
    field_w: int  # the fields' width, to the panel's right margin
    row_h: int  # one row's height
    width: int  # from ``x`` to the panel's right margin (a note's width)


class NewGameSetup(Protocol):
    """A new game as the New game screen describes it: a table opens from it, the LAN
    host is set up from it, and a rematch or "new game" brings it back to the screen."""

    seats: list[SeatConfig]
    seed: int | None

    @property
    def game(self) -> str: ...

    def record(self) -> Any:
        """The game's record (a ``SaveRecord`` of its engine) at its first position."""
        ...

    def lan_config(self) -> dict[str, Any]:
        """What the LAN host is given to set this game up (``HostConfig`` fields)."""
        ...


class OptionsScreen(Protocol):
    """What a game's options panel may ask of the New game screen it sits in."""

    @property
    def app(self) -> App: ...

    @property
    def tr(self) -> Tr: ...

    def u(self, n: float) -> int:
        """``n`` design pixels scaled to the window."""
        ...

    def refit(self) -> None:
        """The allowed seat counts may have changed: fit the seats to them and lay out again."""
        ...

    def relayout(self) -> None:
        """An option changed what the screen shows: lay it out again."""
        ...


class GameOptions(Protocol):
    """A game's options on the New game screen (one object per game, kept while the
    player looks at other games, so coming back finds the choices made)."""

    def seat_counts(self) -> list[int]:
        """The player counts these options allow, smallest first (never empty)."""
        ...

    def rows(self, group: Group, y: int, geo: Geometry) -> int:
        """Add the game's option rows at ``y``; the ``y`` under them."""
        ...

    def beside_count(self, group: Group, rect: pygame.Rect) -> None:
        """Add what sits beside the player count in ``rect``, if anything."""
        ...

    def note(self, group: Group, y: int, geo: Geometry, seats: list[SeatConfig]) -> int:
        """Add what the options mean for this game under the player count (``y``: the
        bottom of the player count's row); the ``y`` where the seats start."""
        ...

    def start_problem(self, seats: list[SeatConfig]) -> str | None:
        """Why this game cannot start with these seats (a translated line), or None."""
        ...

    def setup(self, seats: list[SeatConfig], seed: int | None) -> NewGameSetup:
        """The new game these options, ``seats`` and ``seed`` describe."""
        ...
