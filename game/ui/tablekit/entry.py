"""What a game's table gives the shared screens: the ``game/ui/<game>/entry.py`` door.

The registry entry of a game (``game/games.py``) names its table module; the New
game, LAN, saves, rules and tour screens import it through :func:`table_entry` and
call only what :class:`TableEntry` lists (its New game panel is a
:class:`game.ui.tablekit.options.GameOptions`), so none of them names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

import pygame

from game import games
from game.core.game import GameState
from game.core.record import SaveRecord
from game.session.clients import GameClient
from game.session.session import SeatConfig
from game.ui.i18n import Tr
from game.ui.tablekit.options import GameOptions, OptionsScreen

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.tablekit.base import TableSceneBase


class TableEntry(Protocol):
    """A game's table door (a module): the functions every shared screen may call."""

    def open_local(self, app: App, client: GameClient, rec: SaveRecord[GameState],
                   seats: list[SeatConfig]) -> TableSceneBase:
        """The table scene of a local game (new or resumed; its past comes from the session)."""
        ...

    def open_remote(self, app: App, client: GameClient, names: list[str],
                    on_close: Callable[[], None] | None) -> TableSceneBase:
        """The table scene of a LAN game, played through a remote client."""
        ...

    def open_replay(self, app: Any, client: Any, names: list[str], kinds: list[str]) -> Any:
        """The table scene of a replay (``game.session.replay.ReplayClient``: it takes no moves and
        hands the table each step's events; its ``history()`` is the log so far)."""
        ...

    def new_options(self, screen: OptionsScreen, previous: object | None) -> GameOptions:
        """The game's panel of the New game screen, starting from ``previous`` (the
        setup a table hands back for "new game", of this game; its attributes are read
        by name) or, given None, from the defaults."""
        ...

    def setup_words(self, tr: Tr, fmt: str, modules: Sequence[str]) -> str:
        """A LAN game's setup as the game list and the lobby show it after the game's
        title, from what the host announces (its format and modules)."""
        ...

    def rulings_line(self, tr: Tr, rulings: Mapping[str, bool]) -> str | None:
        """What the lobby adds about the host's rulings, or None when there is nothing to say."""
        ...

    @property
    def RULES_STEM(self) -> str:  # noqa: N802 (a module constant)
        """The rules page's file stem: ``data/i18n/<stem>_<lang>.md``."""
        ...

    def rules_bullet(self, size: int) -> pygame.Surface:
        """The bullet drawn before each item of the rules page (a surface)."""
        ...

    def tour(self, app: App, shot: Callable[[str], None]) -> None:
        """This game's scenes of the screenshot tour, each saved by ``shot(name)``."""
        ...

    def saved_game(self) -> SaveRecord[GameState]:
        """A record of this game (with ``players``) for the Load list's picture."""
        ...

    def showcase(self) -> list[str]:
        """Card ids the menus' fan of cards shows for this game (its most telling faces)."""
        ...

    def fan_face(self, app: App, card: str, width: int, lang: str, angle: float) -> pygame.Surface:
        """The face of ``card`` (one of :meth:`showcase`) ``width`` pixels wide, turned
        ``angle`` degrees, from the game's face cache."""
        ...


def table_entry(game: str) -> TableEntry:
    """The table door of a game of the registry."""
    module = games.listing(game).table
    if module is None:
        raise ValueError(f"{games.title(game)} has no table yet")
    return cast(TableEntry, games.module(module))
