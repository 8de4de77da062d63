"""What a game's table gives the shared screens: its door, as data.

The registry entry of a game (``game/games.py``) names the module of its table door
(``game/ui/<game>/entry.py``), which holds one :class:`TableDoor` as ``DOOR``. The New
game, LAN, saves, rules and tour screens reach it through :func:`table_entry` and call
only its methods (its New game panel is a :class:`game.ui.tablekit.options.GameOptions`),
so none of them names a game. The door names the game's scene and the modules of its
other parts; each is imported on first use, so a menu never loads a table it does not open.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

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

#: what each part's module answers, as the door reads it
PARTS: Mapping[str, tuple[str, ...]] = {
    "options": ("PANEL", "setup_words"),  # and rulings_line, for a game with disputed rulings
    "faces": ("RULES_STEM", "SHOWCASE", "rules_bullet", "fan_face"),
    "capture": ("tour", "saved_game"),
}


@dataclass(frozen=True)
class TableDoor:
    """A game's table: its scene, and the modules of its New game panel, its faces' hooks
    and its tour (each answering what :data:`PARTS` lists)."""

    scene: str  # "module:Class": the table scene (a TableSceneBase)
    options: str  # PANEL(screen, previous), setup_words(tr, fmt, modules), maybe rulings_line(tr, rulings)
    faces: str  # RULES_STEM, SHOWCASE (card ids), rules_bullet(size), fan_face(app, card, width, lang, angle)
    capture: str  # tour(app, shot), saved_game()
    #: the scene of a variant, by the "variant" its views carry (Fantasy Realms' Chaos Realms)
    variants: Mapping[str, str] = field(default_factory=dict)
    #: "module:function(rec, past) -> keyword arguments" a resumed local game's scene is given
    #: beyond its log (Hero Realms: each seat's figures, counted over the whole past)
    resumed: str | None = None
    keep: int = 120  # the latest events a resumed game's log shows

    # ---- the tables ---------------------------------------------------------------------------
    def scene_of(self, client: GameClient) -> type[TableSceneBase]:
        """The scene class for ``client``'s game (a variant's, when its views name one)."""
        view = client.view(client.seats[0] if client.seats else None)
        return cast("type[TableSceneBase]", games.hook(self.variants.get(str(view.get("variant")), self.scene)))

    def open_local(self, app: App, client: GameClient, rec: SaveRecord[GameState],
                   seats: list[SeatConfig]) -> TableSceneBase:
        """The table scene of a local game (new or resumed; its past comes from the session)."""
        more: dict[str, Any] = {}
        past: list[dict[str, Any]] = []
        if rec.actions:
            session: Any = cast(Any, client).session  # a local client holds its session
            past = session.history(client.seats[0] if client.seats else None, None if self.resumed else self.keep)
            if self.resumed is not None:
                more = dict(cast("Mapping[str, Any]", games.hook(self.resumed)(rec, past)))
        return self.scene_of(client)(app, client, [s.name for s in seats], [s.kind for s in seats],
                                     rec=rec, history=past[-self.keep:], **more)

    def open_remote(self, app: App, client: GameClient, names: list[str],
                    on_close: Callable[[], None] | None) -> TableSceneBase:
        """The table scene of a LAN game, played through a remote client; a seat taken back
        from a new process starts its log with the game's recent past."""
        cast(Any, client).keep_history = True  # what this seat sees is kept in the history of finished games
        return self.scene_of(client)(app, client, names, None, rec=None,
                                     history=list(getattr(client, "past", [])), on_close=on_close)

    def open_replay(self, app: App, client: Any, names: list[str], kinds: list[str]) -> TableSceneBase:
        """The table scene of a replay (``game.session.replay.ReplayClient``: it takes no moves and
        hands the table each step's events; its ``history()`` is the log so far)."""
        table = self.scene_of(client)(app, client, names, kinds, rec=None,
                                      history=client.history()[-self.keep:])
        table.over_shown = True  # a replay's end needs no end-of-game panel
        return table

    # ---- the New game panel and the LAN's words -------------------------------------------------
    def new_options(self, screen: OptionsScreen, previous: object | None) -> GameOptions:
        """The game's panel of the New game screen, starting from ``previous`` (the
        setup a table hands back for "new game", of this game; its attributes are read
        by name) or, given None, from the defaults."""
        return cast(GameOptions, games.module(self.options).PANEL(screen, previous))

    def setup_words(self, tr: Tr, fmt: str, modules: Sequence[str]) -> str:
        """A LAN game's setup as the game list and the lobby show it after the game's
        title, from what the host announces (its format and modules)."""
        return str(games.module(self.options).setup_words(tr, fmt, modules))

    def rulings_line(self, tr: Tr, rulings: Mapping[str, bool]) -> str | None:
        """What the lobby adds about the host's rulings, or None when there is nothing to say
        (always, for a game whose options module words no rulings)."""
        line = getattr(games.module(self.options), "rulings_line", None)
        said = None if line is None else line(tr, rulings)
        return None if said is None else str(said)

    # ---- the faces' hooks ---------------------------------------------------------------------
    def rules_stem(self) -> str:
        """The rules page's file stem: ``data/i18n/<stem>_<lang>.md``."""
        return str(games.module(self.faces).RULES_STEM)

    def rules_bullet(self, size: int) -> pygame.Surface:
        """The bullet drawn before each item of the rules page."""
        return cast(pygame.Surface, games.module(self.faces).rules_bullet(size))

    def showcase(self) -> list[str]:
        """Card ids the menus' fan of cards shows for this game (its most telling faces);
        none for a game still being built, whose faces have no showcase yet."""
        return [str(c) for c in getattr(games.module(self.faces), "SHOWCASE", ())]

    def fan_face(self, app: App, card: str, width: int, lang: str, angle: float) -> pygame.Surface:
        """The face of ``card`` (one of :meth:`showcase`) ``width`` pixels wide, turned
        ``angle`` degrees, from the game's face cache."""
        return cast(pygame.Surface, games.module(self.faces).fan_face(app, card, width, lang, angle))

    # ---- the tour -----------------------------------------------------------------------------
    def tour(self, app: App, shot: Callable[[str], None]) -> None:
        """This game's scenes of the screenshot tour, each saved by ``shot(name)``."""
        games.module(self.capture).tour(app, shot)

    def saved_game(self) -> SaveRecord[GameState]:
        """A record of this game (with ``players``) for the Load list's picture."""
        return cast("SaveRecord[GameState]", games.module(self.capture).saved_game())


def table_entry(game: str) -> TableDoor:
    """The table door of a game of the registry."""
    module = games.listing(game).table
    if module is None:
        raise ValueError(f"{games.title(game)} has no table yet")
    door = getattr(games.module(module), "DOOR", None)
    if not isinstance(door, TableDoor):
        raise ValueError(f"{module} holds no TableDoor named DOOR")
    return door
