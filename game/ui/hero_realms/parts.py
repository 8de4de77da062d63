"""What Hero Realms' helpers (drawing, the trackers' panel, questions, targets, hints) read of
its table: the kit's share and the Hero Realms pieces, as a typed protocol that
:class:`~game.ui.hero_realms.table.TableScene` answers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game.ui.hero_realms.layout import TableLayout
from game.ui.hero_realms.logtext import HeroLog
from game.ui.hero_realms.model import HeroModel, Sprite
from game.ui.scene import Scene
from game.ui.tablekit.parts import TableParts
from game.ui.tablekit.prompts import Step
from game.ui.widgets.basic import Button

if TYPE_CHECKING:  # (named as strings in TableParts' arguments, which ruff does not read)
    from game.ui.hero_realms.controller import HeroController  # noqa: F401
    from game.ui.hero_realms.director import HeroDirector  # noqa: F401
    from game.ui.hero_realms.draw import TableRenderer
    from game.ui.hero_realms.tracker_panel import TrackerPanel


class HeroTable(TableParts[HeroModel, TableLayout, "HeroDirector", "HeroController", HeroLog], Protocol):
    """The Hero Realms table as its helpers see it."""

    asking: bool  # a question's dialog is open
    renderer: TableRenderer
    end_btn: Button
    play_all_btn: Button
    more_btn: Button
    skip_btn: Button
    tracker: TrackerPanel

    def draw_order(self) -> list[tuple[Sprite, tuple[Any, ...]]]: ...
    def ask(self, step: Step[Scene]) -> None: ...
    def play_all(self) -> None: ...
    def show_discard(self, seat: int) -> None: ...
    def show_deck(self, seat: int) -> None: ...
    def show_sacrificed(self) -> None: ...
