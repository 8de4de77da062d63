"""What Fantasy Realms' and Chaos Realms' helpers (drawing, controllers, targets, hints, end
screen) read of their tables: the kit's share and each table's pieces, as typed protocols
that :class:`~game.ui.fantasy_realms.table.FantasyTableScene` and
:class:`~game.ui.fantasy_realms.chaos_table.ChaosTableScene` answer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.fantasy_realms.terms import Rulings
from game.ui.fantasy_realms.chaos_layout import ChaosLayout
from game.ui.fantasy_realms.chaos_model import ChaosLog, ChaosModel, OfferView
from game.ui.fantasy_realms.faces import FantasyArt
from game.ui.fantasy_realms.layout import FantasyLayout
from game.ui.fantasy_realms.logtext import FantasyLog
from game.ui.fantasy_realms.model import FantasyModel
from game.ui.tablekit.parts import TableParts
from game.ui.widgets.basic import Button

if TYPE_CHECKING:  # (named as strings in TableParts' arguments, which ruff does not read)
    from game.ui.fantasy_realms.chaos_controller import ChaosController  # noqa: F401
    from game.ui.fantasy_realms.chaos_director import ChaosDirector  # noqa: F401
    from game.ui.fantasy_realms.controller import FantasyController  # noqa: F401
    from game.ui.fantasy_realms.director import FantasyDirector  # noqa: F401


class FantasyTable(TableParts[FantasyModel, FantasyLayout, "FantasyDirector", "FantasyController", FantasyLog],
                   Protocol):
    """The Fantasy Realms table as its helpers see it."""

    art: FantasyArt
    rulings: Rulings
    end_btn: Button
    use_btn: Button
    swap_btn: Button

    def hand_cards(self) -> list[str]: ...
    def hand_rect(self, i: int, count: int | None = None) -> pygame.Rect: ...
    def opp_hand_rect(self, seat: int) -> pygame.Rect: ...
    def opp_item_rect(self, seat: int) -> pygame.Rect: ...
    def taken_chips(self, seat: int) -> list[tuple[pygame.Rect, str]]: ...
    def down_rects(self) -> list[pygame.Rect]: ...
    def use_item(self) -> None: ...
    def swap_item(self) -> None: ...


class ChaosTable(TableParts[ChaosModel, ChaosLayout, "ChaosDirector", "ChaosController", ChaosLog], Protocol):
    """The Chaos Realms table as its helpers see it."""

    art: FantasyArt
    rulings: Rulings
    paused: bool

    @property
    def can_trade(self) -> bool: ...
    def u(self, n: float) -> int: ...
    def hand_rect(self, i: int) -> pygame.Rect: ...
    def offer_tiles(self) -> list[tuple[pygame.Rect, OfferView]]: ...
    def tile_buttons(self, r: pygame.Rect, o: OfferView) -> list[tuple[pygame.Rect, str, str | None]]: ...
    def tile_cards(self, r: pygame.Rect, o: OfferView) -> list[tuple[pygame.Rect, str | None]]: ...
    def card_name(self, cid: Any) -> str: ...
    def drop_on_offer(self, card: str, number: int) -> None: ...
    def ask_want(self, give: str, to: int) -> None: ...
    def left_ms(self) -> int: ...
