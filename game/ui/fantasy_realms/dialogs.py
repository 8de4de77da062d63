"""The Fantasy Realms decision dialog: a question with only legal answers.

Cards are shown face up (compact chips when there are many: a Genie's or a
Wishing Ring's whole deck); one is picked with a click or its digit, or several
are toggled and confirmed when the question asks for a set (Market Wagon offers,
a Sealed Vault). Hovering a card zooms it. Buttons carry the other answers
(pass, done, keep...). Esc cancels only what the player started (using an item);
what the engine asks must be answered. Also used, closable, to show revealed cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import pygame

from game.ui import theme
from game.ui.fantasy_realms import chips as chip_grid
from game.ui.fantasy_realms import suits
from game.ui.fantasy_realms.draw_hand import digit
from game.ui.fantasy_realms.faces import ASPECT, art_of, draw_zoom
from game.ui.tablekit.pick import PickDialogBase
from game.ui.tablekit.prompts import CANCELLED as CANCELLED  # the dialogs' "no answer", kept importable from here
from game.ui.tablekit.prompts import Option, Question
from game.ui.widgets.basic import Button

CONFIRM = "__confirm__"  # the value of the Confirm button (several cards at once)
HEAD_W = 120  # the width of a grouped row's heading, its suit (unscaled pixels)


class PickDialog(PickDialogBase[Question]):
    """The kit's card-pick dialog with Fantasy Realms' faces, its chips and its choice of several cards."""

    cancel_key: ClassVar[str] = "fprompt.cancel"

    def __init__(self, app: Any, question: Question, closable: bool = False, region: pygame.Rect | None = None,
                 clear: pygame.Rect | None = None, corner: Callable[[], str] | None = None) -> None:
        super().__init__(app, question, closable, region, clear, ASPECT)
        self.corner = corner  # words kept up to date in the panel's top right (Chaos Realms: the time left)
        self.chosen: list[int] = []
        self.art = art_of(app)
        self.confirm: Button | None = None
        self.heads: dict[int, tuple[str | None, pygame.Rect]] = {}  # a group's first option -> its suit and heading (grouped chips)
        self.chip_size = 0  # the one text size of the chips' words (set by the layout)

    @property
    def multi(self) -> bool:
        return bool(self.q.sizes)

    @property
    def chips(self) -> bool:
        return self.q.chips or any(o.card is None for o in self.q.options)

    def as_cards(self) -> bool:
        return bool(self.q.options) and not self.chips

    def panel_size(self) -> tuple[int, int]:
        n = len(self.q.options)
        if not n:
            return self.u(600), self._head() + self.u(100)
        if self.chips:
            g = self._chip_cells()
            head = self.u(HEAD_W) if self.q.grouped else 0
            widest = 0.94 if self.q.grouped else 0.86  # a grouped list's rows take what the window has
            return min(int(self.w * widest), self.u(210 * g.cols + 60) + head), self._head() + self.u(96 + g.rows * 42)
        return int(self.w * 0.8), int(self.h * 0.78)

    def _chip_cells(self) -> chip_grid.ChipGrid:
        return chip_grid.grid([o.suit for o in self.q.options], self.q.grouped)

    def other_rects(self, area: pygame.Rect) -> list[pygame.Rect]:
        """Compact chips in up to six columns (grouped: a row per suit, headed by it)."""
        u = self.u
        n = len(self.q.options)
        self.heads = {}
        if not n:
            return []
        g = self._chip_cells()
        head = u(HEAD_W) if self.q.grouped else 0
        left = area.left + head
        cw = (area.width - head - (g.cols - 1) * u(8)) // g.cols
        chh = min(u(36), max(u(16), (area.height - (g.rows - 1) * u(6)) // max(1, g.rows)))
        rects = [pygame.Rect(left + col * (cw + u(8)), area.top + row * (chh + u(6)), cw, chh) for row, col in g.cells]
        self.heads = {first: (self.q.options[first].suit, pygame.Rect(area.left, area.top + row * (chh + u(6)), head - u(8), chh))
                      for row, first in g.heads}
        return rects

    def extra_buttons(self) -> list[tuple[Any, str, bool]]:
        return [(CONFIRM, self.tr("fprompt.confirm"), True)] if self.multi else []

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        self.confirm = next((b for value, b in self.buttons if value == CONFIRM), None)
        self._refresh()
        if self.chips and self.rects:  # one size for every chip's words: the list reads as one list
            hh = self.rects[0].height
            rooms = [chip_grid.room_of(r.width, hh, self._chip_suit(o) is not None,
                                   theme.font(int(hh * 0.4), "bold").size(o.caption)[0] if o.caption else 0, self.u)
                     for o, r in zip(self.q.options, self.rects)]
            self.chip_size = chip_grid.shared_size([self._chip_label(i, o) for i, o in enumerate(self.q.options)], rooms,
                                               int(hh * 0.46), max(self.u(11), int(hh * 0.36)))

    def _refresh(self) -> None:
        if self.confirm is not None:
            self.confirm.enabled = len(self.chosen) in self.q.sizes

    def button(self, value: Any) -> None:
        if value == CONFIRM:
            if len(self.chosen) in self.q.sizes:
                self.close([self.q.options[i].value for i in self.chosen])
        else:
            super().button(value)

    def picked(self, i: int) -> None:
        """One card answers; with several to pick, it is toggled in or out of the set."""
        if not self.multi:
            super().picked(i)
            return
        if i in self.chosen:
            self.chosen.remove(i)
        elif len(self.chosen) < max(self.q.sizes):
            self.chosen.append(i)
        self._refresh()

    def keyed(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.multi:
            self.button(CONFIRM)
            return True
        return False

    def frame(self, surf: pygame.Surface, i: int, o: Any, rr: pygame.Rect) -> None:
        if i in self.chosen:
            u = self.u
            pygame.draw.rect(surf, theme.OK, rr.inflate(u(8), u(8)), max(3, u(4)), border_radius=u(9))
        else:
            super().frame(surf, i, o, rr)

    def draw_option(self, surf: pygame.Surface, i: int, o: Option, rr: pygame.Rect) -> None:
        if self.chips:
            self._chip(surf, o, rr, i)
            return
        u = self.u
        surf.blit(self.art.face(o.card, rr.width, self.tr.lang), rr)
        if o.caption:
            c = theme.fit_text(o.caption, u(14), rr.width + u(10), theme.HILITE, "bold")
            surf.blit(c, c.get_rect(midtop=(rr.centerx, rr.bottom + u(3))))
        if i < 9 and o.value is not None:
            digit(surf, i + 1, (rr.left + u(4), rr.top - u(4)), self.app.scale)

    def zoom(self, surf: pygame.Surface, o: Any, rr: pygame.Rect) -> None:
        if o.card and (self.chips or rr.width < self.u(170)):
            draw_zoom(surf, self.art, o.card, rr, self.tr.lang, self.app.scale)

    def decorate(self, surf: pygame.Surface) -> None:
        if self.corner is not None:
            t = theme.text(self.corner(), self.u(18), theme.TEXT, "bold")
            surf.blit(t, t.get_rect(topright=(self.rect.right - self.u(18), self.rect.top + self.u(16))))

    def _chip_suit(self, o: Option) -> str | None:
        """The badge a chip shows (none when grouped: the row's heading names the suit)."""
        if self.q.grouped:
            return None
        return "item" if o.card and o.card in self.art.lib.items else o.suit

    def _chip_label(self, i: int, o: Option) -> str:
        label = o.label
        if o.card and o.card in self.art.lib.cards:
            label = f"{o.label} ({self.art.lib.cards[o.card].strength})"
        if len(self.q.options) <= 9 and not self.multi:  # a digit picks it (on a longer list only some would have one)
            label = f"{i + 1}. {label}"
        return label

    def _chip(self, surf: pygame.Surface, o: Option, rr: pygame.Rect, i: int) -> None:
        u = self.u
        if i in self.heads:  # a group's first chip: its suit heads the row
            self._head_of(surf, *self.heads[i])
        pygame.draw.rect(surf, theme.PANEL_LIGHT, rr, border_radius=rr.height // 4)
        x = rr.left + u(6)
        suit = self._chip_suit(o)
        if suit:
            b = suits.badge(suit, rr.height - u(8))
            surf.blit(b, b.get_rect(midleft=(x, rr.centery)))
            x += b.get_width() + u(6)
        right = rr.right - u(6)
        if o.caption:
            c = theme.text(o.caption, int(rr.height * 0.4), theme.HILITE, "bold")
            surf.blit(c, c.get_rect(midright=(right, rr.centery)))
            right -= c.get_width() + u(6)
        size = self.chip_size or int(rr.height * 0.46)
        t = chip_grid.clipped(self._chip_label(i, o), size, right - x, theme.TEXT)
        surf.blit(t, t.get_rect(midleft=(x, rr.centery)))

    def _head_of(self, surf: pygame.Surface, suit: str | None, hr: pygame.Rect) -> None:
        """A group's heading at the left of its first row: its suit's badge and name."""
        if not suit:
            return
        b = suits.badge(suit, hr.height - self.u(8))
        surf.blit(b, b.get_rect(midleft=(hr.left, hr.centery)))
        name = theme.fit_text(suits.name(suit, self.tr.lang), int(hr.height * 0.46), hr.width - b.get_width() - self.u(6),
                              theme.TEXT_DIM, "bold")
        surf.blit(name, name.get_rect(midleft=(hr.left + b.get_width() + self.u(6), hr.centery)))


def reveal_question(title: str, cards: list[str], names: dict[str, str]) -> Question:
    """Cards shown to the player (a Spyglass, a Crystal Lens...): nothing to answer."""
    return Question(title, "", [Option(None, names.get(c, c), c) for c in cards])
