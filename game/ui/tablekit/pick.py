"""The card-pick dialog every table asks its engine's questions with.

A question offers only legal answers: options laid out in a grid of card faces
(picked with a click or their digit), buttons for the other answers, Esc to cancel
what the player started (the engine's own questions must be answered), and, when
the dialog only shows cards (``closable``), any click outside, Esc, Return or Space
closes it. The table around the panel is dimmed, all but a ``clear`` rectangle
(the player's hand stays readable). Hovering an option a moment zooms it.

A game's dialog (:class:`PickDialogBase` subclass) says how big its cards are and
draws them: :meth:`~PickDialogBase.draw_option`, :meth:`~PickDialogBase.zoom`, and
optionally other ways to lay options out or answer (several cards at once...).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from functools import partial
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import pygame

from game.ui import theme
from game.ui.scene import Dialog
from game.ui.scenes.dialogs import DIGITS
from game.ui.tablekit.prompts import CANCELLED
from game.ui.widgets.basic import Button, Group

CANCEL = "__cancel__"  # the value of the Cancel and Close buttons


class PickOption(Protocol):
    """One answer: its value (None: shown only), its words, its card, a caption."""

    @property
    def value(self) -> Any: ...
    @property
    def label(self) -> str: ...
    @property
    def card(self) -> str | None: ...
    @property
    def caption(self) -> str: ...


class PickQuestion(Protocol):
    """What a game's question tells the dialog."""

    @property
    def title(self) -> str: ...
    @property
    def subtitle(self) -> str: ...
    @property
    def options(self) -> Sequence[PickOption]: ...
    @property
    def buttons(self) -> Sequence[PickOption]: ...
    @property
    def cancellable(self) -> bool: ...


Q = TypeVar("Q", bound=PickQuestion)


def dim_around(surf: pygame.Surface, clear: pygame.Rect | None) -> None:
    """Darken the whole surface but ``clear`` (all of it when ``clear`` is None)."""
    w, h = surf.get_size()
    c = clear
    if c is None:
        surf.blit(theme.translucent((w, h), (0, 0, 0), 140, 0), (0, 0))
        return
    for r in (pygame.Rect(0, 0, w, c.top), pygame.Rect(0, c.bottom, w, h - c.bottom),
              pygame.Rect(0, c.top, c.left, c.height), pygame.Rect(c.right, c.top, w - c.right, c.height)):
        if r.width > 0 and r.height > 0:
            surf.blit(theme.translucent(r.size, (0, 0, 0), 140, 0), r)


class PickDialogBase(Dialog, ABC, Generic[Q]):
    """A question's options as a grid of cards and its other answers as buttons."""

    dim_below = 0  # dims the table itself, all but ``clear`` (the player's hand stays readable)
    _sub_w = 0  # the width the subtitle is wrapped to (panel_rect sets it)

    #: the most rows of cards the grid tries
    max_rows: ClassVar[int] = 4
    #: room under each row of cards for its words (unscaled pixels)
    row_gap: ClassVar[int] = 24
    #: the widest and narrowest a card may be drawn (unscaled pixels)
    card_max: ClassVar[int] = 170
    card_min: ClassVar[int] = 40
    #: how far past the panel the cards' room reaches when the panel is laid out
    #: (unscaled pixels; the panel is the room less its margin)
    grid_reach: ClassVar[int] = 0
    #: seconds the pointer rests on an option before it is zoomed
    zoom_delay: ClassVar[float] = 0.25
    #: the text key of the Cancel button (in the game's words)
    cancel_key: ClassVar[str]

    def __init__(self, app: Any, question: Q, closable: bool = False, region: pygame.Rect | None = None,
                 clear: pygame.Rect | None = None, aspect: float = 1.4) -> None:
        super().__init__(app)
        self.q = question
        self.closable = closable  # a viewer (cards shown): any click outside or Esc closes
        self.region = region  # where the panel goes (over the table, above the hand)
        self.clear = clear
        self.aspect = aspect  # a card's height over its width
        self.card_w = 0
        self.rects: list[pygame.Rect] = []
        self.hover = -1
        self.hover_time = 0.0
        self.group = Group()
        self.buttons: list[tuple[Any, Button]] = []  # each button's answer, left to right

    # ---- what a game's dialog says --------------------------------------------------------------
    @abstractmethod
    def draw_option(self, surf: pygame.Surface, i: int, o: Any, rr: pygame.Rect) -> None:
        """Draw the ``i``-th option ``o`` in ``rr`` (its face and words)."""

    @abstractmethod
    def zoom(self, surf: pygame.Surface, o: Any, rr: pygame.Rect) -> None:
        """The hovered option ``o`` (drawn at ``rr``) seen large."""

    def as_cards(self) -> bool:
        """The options are laid out as a grid of cards (else :meth:`other_rects`)."""
        return bool(self.q.options)

    def other_rects(self, area: pygame.Rect) -> list[pygame.Rect]:
        """Where the options go when they are not a grid of cards (none by default)."""
        return []

    def extra_buttons(self) -> list[tuple[Any, str, bool]]:
        """Buttons of the dialog's own between the question's and Cancel: (value, words, primary)."""
        return []

    def picked(self, i: int) -> None:
        """The player picked the ``i``-th option, an answer: it is the dialog's result."""
        self.close(self.q.options[i].value)

    def decorate(self, surf: pygame.Surface) -> None:
        """What a game's dialog draws over its panel, under the zoomed option (nothing by default)."""

    def keyed(self, event: pygame.event.Event) -> bool:
        """A key of the dialog's own (after the digits, before Esc); True when used."""
        return False

    def frame(self, surf: pygame.Surface, i: int, o: Any, rr: pygame.Rect) -> None:
        """The frame around the ``i``-th option: the hovered answer's."""
        if i == self.hover and o.value is not None:
            u = self.u
            pygame.draw.rect(surf, theme.HILITE, rr.inflate(u(6), u(6)), max(2, u(3)), border_radius=u(8))

    # ---- layout ---------------------------------------------------------------------------------
    def _subtitle(self) -> tuple[list[str], int, int]:
        """The subtitle's lines, their size and step: a line that does not fit the panel's
        width (:meth:`panel_rect` sets it) is wrapped a little smaller (a card's long rule,
        a larger text size)."""
        u = self.u
        room = self._sub_w or u(520) - u(40)
        lines: list[str] = []
        size = u(16)
        for para in self.q.subtitle.split("\n") if self.q.subtitle else ():  # a subtitle may hold several lines
            if theme.font(u(16)).size(para)[0] <= room:
                lines.append(para)
            else:
                size = u(14)
                lines += theme.wrap(para, theme.font(size), room)
        step = max(u(26), theme.font(u(16)).get_linesize())
        return lines, size, step

    def _sub_top(self) -> int:
        """Where the subtitle begins, under the panel's title at any text size."""
        u = self.u
        return max(u(58), u(14) + theme.font(u(26), "serif").get_height())

    def _head(self) -> int:
        lines, _size, step = self._subtitle()
        return self._sub_top() + self.u(4) + step * len(lines)

    def _grid(self, room: pygame.Rect) -> tuple[int, int, int]:
        """(card width, columns, rows) for the options in a ``room``-sized panel at most."""
        u = self.u
        n = max(1, len(self.q.options))
        aw, ah = room.width - u(48), room.height - self._head() - u(84)
        best = (0.0, n, 1)
        for rows in range(1, self.max_rows + 1):
            cols = (n + rows - 1) // rows
            fit = min((aw - (cols - 1) * u(12)) / cols,
                      (ah - (rows - 1) * u(self.row_gap)) / rows / self.aspect - u(2), u(self.card_max))
            if fit > best[0] + 0.5:
                best = (fit, cols, rows)
        return max(u(self.card_min), int(best[0])), best[1], best[2]

    def panel_rect(self, w: int, h: int) -> pygame.Rect:
        room = (self.region or pygame.Rect(0, 0, w, h)).inflate(-self.u(16), -self.u(16))
        u = self.u
        self._sub_w = room.width - u(40)
        pw, _ph = self._size(room)
        # the subtitle is wrapped to the panel's width; the head's height that gives is the panel's
        self._sub_w = min(pw, room.width) - u(40)
        pw, ph = self._size(room)
        r = pygame.Rect(0, 0, min(pw, room.width), min(ph, room.height))
        r.center = room.center
        return r

    def _size(self, room: pygame.Rect) -> tuple[int, int]:
        u = self.u
        if self.as_cards():
            cw, cols, rows = self._grid(room)
            pw = max(u(520), cols * cw + (cols - 1) * u(12) + u(48))
            return pw, self._head() + rows * (int(cw * self.aspect) + u(self.row_gap)) + u(84)
        return self.panel_size()

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        r = self.rect
        u = self.u
        top = r.top + self._head()
        area = pygame.Rect(r.left + u(24), top, r.width - u(48), r.bottom - u(84) - top)
        self.rects = self._card_rects(area) if self.as_cards() else self.other_rects(area)
        self._lay_buttons()

    def _card_rects(self, area: pygame.Rect) -> list[pygame.Rect]:
        u = self.u
        self.card_w, cols, rows = self._grid(self.rect.inflate(u(self.grid_reach), u(self.grid_reach)))
        ch = int(self.card_w * self.aspect)
        total_w = cols * self.card_w + (cols - 1) * u(12)
        y0 = area.top + max(0, (area.height - rows * (ch + u(self.row_gap))) // 2)
        rects = []
        for i in range(len(self.q.options)):
            row, col = divmod(i, cols)
            x = area.centerx - total_w // 2 + col * (self.card_w + u(12))
            rects.append(pygame.Rect(x, y0 + row * (ch + u(self.row_gap)), self.card_w, ch))
        return rects

    def _lay_buttons(self) -> None:
        r, u = self.rect, self.u
        self.group = Group()
        self.buttons = []
        buttons: list[tuple[Any, str, bool]] = [(o.value, o.label, False) for o in self.q.buttons]
        buttons += self.extra_buttons()
        if self.q.cancellable:
            buttons.append((CANCEL, self.tr(self.cancel_key), False))
        if self.closable:
            buttons.append((CANCEL, self.tr("table.close"), True))
        bw = min(u(260), (r.width - u(40)) // max(1, len(buttons)) - u(12))
        x = r.centerx - (len(buttons) * (bw + u(12)) - u(12)) // 2
        for value, label, primary in buttons:
            b = Button(label, partial(self.button, value), pygame.Rect(x, r.bottom - u(66), bw, u(46)), primary=primary)
            b.app_sound = self.app.sound.play
            self.group.add(b)
            self.buttons.append((value, b))
            x += bw + u(12)

    # ---- input ----------------------------------------------------------------------------------
    def button(self, value: Any) -> None:
        """A button was pressed: its answer (Cancel and Close: none)."""
        self.close(CANCELLED if value == CANCEL else value)

    def pick(self, i: int) -> None:
        """The ``i``-th option clicked or keyed (an option shown only answers nothing)."""
        if not 0 <= i < len(self.q.options) or self.q.options[i].value is None:
            return
        self.app.sound.play("click")
        self.picked(i)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            was = self.hover
            self.hover = next((i for i, rr in enumerate(self.rects) if rr.collidepoint(event.pos)), -1)
            if self.hover != was:
                self.hover_time = 0.0
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rr in enumerate(self.rects):
                if rr.collidepoint(event.pos):
                    self.pick(i)
                    return
            if self.closable and not self.rect.collidepoint(event.pos):
                self.close(CANCELLED)
                return
        if event.type == pygame.KEYDOWN:
            if event.key in DIGITS and DIGITS[event.key] <= len(self.q.options):
                self.pick(DIGITS[event.key] - 1)
                return
            if self.keyed(event):
                return
            if event.key == pygame.K_ESCAPE:
                if self.q.cancellable or self.closable:
                    self.close(CANCELLED)
                return
            if event.key in (pygame.K_RETURN, pygame.K_SPACE) and self.closable:
                self.close(CANCELLED)
                return
        self.group.handle(event)

    def update(self, dt: float) -> None:
        self.hover_time += dt

    def picture(self) -> object:
        """Only input changes the dialog, but for the zoom of an option the pointer rests on."""
        return self.hover, self.hover_time > self.zoom_delay

    # ---- drawing --------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        dim_around(surf, self.clear)
        self.draw_panel(surf, self.q.title)
        u = self.u
        lines, size, step = self._subtitle()
        for k, line in enumerate(lines):
            t = theme.fit_text(line, size, self.rect.width - u(40), theme.TEXT_DIM)
            surf.blit(t, t.get_rect(midtop=(self.rect.centerx, self.rect.top + self._sub_top() + step * k)))
        for i, (o, rr) in enumerate(zip(self.q.options, self.rects)):
            self.draw_option(surf, i, o, rr)
            self.frame(surf, i, o, rr)
        self.group.draw(surf)
        self.decorate(surf)
        if 0 <= self.hover < len(self.q.options) and self.hover_time > self.zoom_delay:
            self.zoom(surf, self.q.options[self.hover], self.rects[self.hover])
