"""The HerosDeï decision dialog: a question with only legal answers.

Cards are shown face up, each captioned (a Character's side, what a card is), picked
with a click or its digit; buttons carry the other answers ("No Monster", "on no
Character"). Hovering a card zooms it. Esc cancels only what the player started (a
card clicked that asks where it goes); what the engine asks must be answered. Also
used, closable, to look at a museum.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from game.ui import theme
from game.ui.herosdei.draw import card_face
from game.ui.herosdei.overlays import draw_zoom
from game.ui.tablekit.pick import PickDialogBase
from game.ui.tablekit.prompts import Option, Question


class PickDialog(PickDialogBase[Question]):
    """The kit's card-pick dialog with HerosDeï's faces, each captioned under its words."""

    max_rows: ClassVar[int] = 5
    row_gap: ClassVar[int] = 34  # the option's words and its caption under each card
    card_max: ClassVar[int] = 150
    card_min: ClassVar[int] = 36
    grid_reach: ClassVar[int] = 16
    zoom_delay: ClassVar[float] = 0.3
    cancel_key: ClassVar[str] = "hdprompt.cancel"

    def panel_size(self) -> tuple[int, int]:
        return self.u(560), self._head() + self.u(100)

    def draw_option(self, surf: pygame.Surface, i: int, o: Option, rr: pygame.Rect) -> None:
        u = self.u
        if o.card:
            surf.blit(card_face(o.card, rr.width, self.tr.lang), rr)
        else:
            theme.panel(surf, rr, theme.PANEL_LIGHT, theme.PANEL_EDGE, u(8))
            t = theme.fit_text(o.label, u(28), rr.width - u(8), theme.TEXT, "bold")
            surf.blit(t, t.get_rect(center=rr.center))
        label = f"{i + 1}. {o.label}" if i < 9 and o.value is not None else o.label
        words = theme.fit_text(label, u(13), rr.width + u(10), theme.TEXT, "bold")
        surf.blit(words, words.get_rect(midtop=(rr.centerx, rr.bottom + u(3))))
        if o.caption:
            c = theme.fit_text(o.caption, u(12), rr.width + u(10), theme.TEXT_DIM)
            surf.blit(c, c.get_rect(midtop=(rr.centerx, rr.bottom + u(18))))

    def zoom(self, surf: pygame.Surface, o: Any, rr: pygame.Rect) -> None:
        if o.card:
            draw_zoom(surf, o.card, rr, self.tr.lang, self.app.scale, self.tr)
