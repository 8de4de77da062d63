"""What a game's helpers (drawing, targets, hints, words, end screen, controller) may read of
its table: the kit's share of every table scene, as a typed protocol.

A game's ``parts.py`` extends :class:`TableParts`, naming its model, layout, director,
controller and log, with its own pieces (the places it computes...); its helpers are typed against that,
so none of them imports its scene, and the scene is checked to answer it where it hands
itself over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeVar

import pygame

from game.core.game import GameState
from game.core.record import SaveRecord
from game.core.refusal import Refusal
from game.session.clients import GameClient
from game.ui.i18n import Tr
from game.ui.tablekit.hint import HintKey
from game.ui.tablekit.protocols import View
from game.ui.widgets.basic import Button, Group

if TYPE_CHECKING:
    from game.ui.app import App

M_co = TypeVar("M_co", covariant=True)
L_co = TypeVar("L_co", covariant=True)
D_co = TypeVar("D_co", covariant=True)
C_co = TypeVar("C_co", covariant=True)
G_co = TypeVar("G_co", covariant=True)


class TableParts(Protocol[M_co, L_co, D_co, C_co, G_co]):
    """The table as its helpers see it: who sits where, what is shown, and what they may ask of it."""

    app: App
    client: GameClient
    names: list[str]
    kinds: list[str]
    humans: list[int]
    viewer: int | None
    rec: SaveRecord[GameState] | None
    t: float  # the table's clock for what pulses and glows
    replaying: bool
    hand_hidden: bool
    curtain_for: int | None
    synced: bool
    group: Group
    menu_btn: Button
    undo_btn: Button
    hints: HintKey  # the hint key (the log panel gives its foot to a hint shown)
    log_scroll: int  # the log's lines scrolled back, kept by the log panel
    log_cache: tuple[tuple[object, ...], pygame.Surface] | None  # the log panel's page

    @property
    def tr(self) -> Tr: ...
    @property
    def model(self) -> M_co: ...
    @property
    def lay(self) -> L_co: ...
    @property
    def director(self) -> D_co: ...
    @property
    def ctrl(self) -> C_co: ...
    @property
    def log(self) -> G_co: ...
    @property
    def on_top(self) -> bool: ...
    @property
    def can_act(self) -> bool: ...
    def submit(self, line: str) -> bool: ...
    def view_of(self, seat: int | None) -> View: ...
    def refusal_words(self, why: Refusal) -> str: ...
    def undo(self) -> None: ...
    def pause(self) -> None: ...
