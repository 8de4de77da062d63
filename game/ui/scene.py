"""Scenes on a stack, one class per screen; dialogs return a value when dismissed.

The app draws the stack from the topmost opaque scene upwards (a dialog shows the
scene under it, dimmed) and sends input to the top scene only. ``push`` takes an
optional callback that receives the value the scene passes to ``close``, as a
Textual screen or an Arcade view would.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import theme
from game.ui.i18n import Tr
from game.ui.widgets.basic import Group

if TYPE_CHECKING:
    from game.ui.app import App

ResultCallback = Callable[[Any], object]


class Scene:
    #: False for dialogs: the scene below is drawn first
    opaque: bool = True
    #: darken what is under a dialog
    dim_below: int = 150
    #: menu-like scenes: Esc calls :meth:`on_escape`, other input goes to ``self.group``
    menu: bool = False
    #: Esc leaves the scene (dialogs, menus)
    escape_closes: bool = False

    def __init__(self, app: App) -> None:
        self.app = app
        self.w, self.h = app.size

    @property
    def tr(self) -> Tr:
        return self.app.tr

    def u(self, n: float) -> int:
        """``n`` design pixels (at 1280×720) scaled to the window."""
        return max(1, int(round(n * self.app.scale)))

    # ---- life cycle ---------------------------------------------------------------------
    def enter(self) -> None:
        self.layout(*self.app.size)

    def leave(self) -> None:
        pass

    def toast_top(self) -> int:
        """How far down the window the toasts start over this scene (clear of what it
        must not cover)."""
        return int(self.h * 0.12)

    def toast_span(self) -> tuple[int, int]:
        """The middle and the width the toasts keep to over this scene (a table keeps
        them over its play area, off its sidebar)."""
        return self.w // 2, int(self.w * 0.7)

    def covered(self) -> None:
        """Another scene opened above this one: the pointer speaks to that one now, so
        nothing here stays hovered (a tooltip must not outlive its button's turn)."""
        group = getattr(self, "group", None)
        if isinstance(group, Group):
            group.clear_hover()

    def resume(self) -> None:
        """The scene above this one was closed."""
        self.layout(*self.app.size)

    def layout(self, w: int, h: int) -> None:
        self.w, self.h = w, h

    def close(self, result: Any = None) -> None:
        self.app.pop(self, result)

    # ---- frame --------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and (self.menu or self.escape_closes):
            self.on_escape()
            return
        if self.menu:
            self.group.handle(event)  # type: ignore[attr-defined]  # menu scenes own a widget group

    def on_escape(self) -> None:
        self.close(None)

    def update(self, dt: float) -> None:
        pass

    def animating(self) -> bool:
        """Something of this scene moves by itself now and must move smoothly (events
        played on a table, a replay playing): the loop stays at full frame rate. Input
        makes it lively anyway, and ambient motion follows ``app.ambient_t`` (game/ui/pace.py)."""
        return False

    def picture(self) -> object | None:
        """What this scene's picture shows that may change with no input and nothing moving
        (a game's position, a status line), as a value compared with the one last drawn: at
        rest the loop draws again only when it changes. None: the scene cannot say, and is
        drawn again every ``REST_DRAW_S`` (game/ui/pace.py)."""
        return None

    def draw(self, surf: pygame.Surface) -> None:
        pass


class Dialog(Scene):
    """A centred panel over the scene below; Esc cancels (closes with None)."""

    opaque = False
    escape_closes = True
    title_key = ""

    def panel_rect(self, w: int, h: int) -> pygame.Rect:
        pw, ph = self.panel_size()
        return pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)

    def panel_size(self) -> tuple[int, int]:
        return self.u(520), self.u(360)

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        self.rect = self.panel_rect(w, h)

    def draw_panel(self, surf: pygame.Surface, title: str = "") -> None:
        theme.panel(surf, self.rect.inflate(self.u(8), self.u(8)), (0, 0, 0), None, self.u(16), alpha=90)
        theme.panel(surf, self.rect, theme.PANEL, theme.ACCENT, self.u(14), width=max(2, self.u(2)))
        if title:
            t = theme.fit_text(title, self.u(26), self.rect.width - self.u(40), theme.ACCENT, "serif")
            surf.blit(t, t.get_rect(midtop=(self.rect.centerx, self.rect.top + self.u(16))))
