"""What HerosDeï's helpers (drawing, overlays, controller, targets, hints, words, end screen)
read of its table: the kit's share and the HerosDeï pieces, as a typed protocol that
:class:`~game.ui.herosdei.table.HdTableScene` answers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.ui.herosdei.layout import HdLayout
from game.ui.herosdei.logtext import HdLog
from game.ui.herosdei.model import HdModel
from game.ui.tablekit.parts import TableParts
from game.ui.tablekit.prompts import Question, Step
from game.ui.widgets.basic import Button

if TYPE_CHECKING:
    from game.ui.herosdei.controller import Controller
    from game.ui.herosdei.director import HdDirector
    from game.ui.herosdei.prompts import Asker


class HdTable(TableParts[HdModel, HdLayout], Protocol):
    """The HerosDeï table as its helpers see it."""

    @property
    def director(self) -> HdDirector: ...

    @property
    def ctrl(self) -> Controller: ...

    @property
    def log(self) -> HdLog: ...

    @property
    def end_btn(self) -> Button: ...

    def char_rects(self, seat: int) -> list[tuple[pygame.Rect, list[pygame.Rect]]]: ...

    def fighting(self, seat: int, index: int) -> bool: ...

    def fighter_rect(self, ref: str) -> pygame.Rect | None: ...

    def hand_rects(self) -> list[pygame.Rect]: ...

    def stack_rects(self) -> list[pygame.Rect]: ...

    def in_play_chips(self, seat: int) -> list[tuple[pygame.Rect, str]]: ...

    def card_usable(self, card: str) -> bool: ...

    def lit_char(self, seat: int, i: int) -> str | None: ...

    def hovered_card(self, h: tuple[Any, ...]) -> str: ...

    def hovered_rect(self, h: tuple[Any, ...]) -> pygame.Rect: ...

    def end_button(self) -> None: ...

    def refuse(self, reason: str) -> None: ...

    def asker(self) -> Asker: ...

    def ask(self, step: Step[Question]) -> None: ...

    def show_museum(self, seat: int) -> None: ...
