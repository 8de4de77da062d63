"""Buttons, option cycles, sliders, text fields and a focus group for the keyboard.

Widgets announce (a callback with the new value); the scene decides what it means.
Every widget is usable with the mouse and with the keyboard (Tab/arrows move the
focus, Enter/Space activate, Left/Right change a value).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.ui import theme


class Widget:
    focusable = True

    def __init__(self, rect: pygame.Rect | None = None) -> None:
        self.rect = rect or pygame.Rect(0, 0, 10, 10)
        self.visible = True
        self.enabled = True
        self.hover = False
        self.focused = False
        self.tooltip = ""

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was used."""
        return False

    def activate(self) -> None:
        pass

    def step(self, delta: int) -> None:
        """Left/Right while focused."""

    def draw(self, surf: pygame.Surface) -> None:
        pass

    def _mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos)


class Pressable(Widget):
    """A widget a click activates (as Enter or Space does once it has the focus)."""

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible or not self.enabled:
            return False
        if self._mouse(event):
            self.activate()
            return True
        return False


class Button(Widget):
    def __init__(self, label: str, on_click: Callable[[], Any], rect: pygame.Rect | None = None,
                 primary: bool = False, hotkey: int | None = None, danger: bool = False, sound: str = "click") -> None:
        super().__init__(rect)
        self.label = label
        self.on_click = on_click
        self.primary = primary
        self.danger = danger
        self.hotkey = hotkey
        self.glow = 0.0  # 0..1: pulses when the button deserves attention
        self.sound = sound
        self.app_sound: Callable[[str], None] | None = None

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if self._mouse(event) and self.enabled:
            self.activate()
            return True
        return False

    def activate(self) -> None:
        if self.enabled and self.visible:
            if self.app_sound:
                self.app_sound(self.sound)
            self.on_click()

    def draw(self, surf: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        base = theme.ACCENT if self.primary else (theme.DANGER if self.danger else theme.PANEL_LIGHT)
        if not self.enabled:
            base = theme.shade(theme.PANEL_LIGHT, 0.7)
        elif self.hover or self.focused:
            base = theme.shade(base, 1.18)
        rad = max(4, r.height // 4)
        if self.glow > 0 and self.enabled:
            g = r.inflate(int(r.height * 0.35 * self.glow), int(r.height * 0.35 * self.glow))
            theme.panel(surf, g, theme.HILITE, None, rad + 4, alpha=int(90 * self.glow))
        pygame.draw.rect(surf, theme.shade(base, 0.55), r.move(0, max(1, r.height // 14)), border_radius=rad)
        pygame.draw.rect(surf, base, r, border_radius=rad)
        edge = theme.HILITE if self.focused else theme.shade(base, 0.7)
        pygame.draw.rect(surf, edge, r, max(1, r.height // 22), border_radius=rad)
        ink = theme.TEXT_DARK if self.primary and self.enabled else (theme.TEXT if self.enabled else theme.TEXT_DIM)
        label = theme.fit_text(self.label, int(r.height * 0.42), r.width - r.height // 2, ink, "bold")
        surf.blit(label, label.get_rect(center=r.center))


class Cycle(Widget):
    """A value chosen among options: click or Right/Left to change. ``wrap=False`` for
    an ordered scale (slow to fast): it stops at either end instead of jumping to the
    other one, and the arrow of an end it reached is dimmed."""

    def __init__(self, options: Sequence[tuple[Any, str]], value: Any, on_change: Callable[[Any], None],
                 rect: pygame.Rect | None = None, caption: str = "", wrap: bool = True) -> None:
        super().__init__(rect)
        self.options = list(options)
        self.index = max(0, next((i for i, (v, _) in enumerate(self.options) if v == value), 0))
        self.on_change = on_change
        self.caption = caption
        self.wrap = wrap

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible or not self.enabled:
            return False
        if self._mouse(event):
            left = event.pos[0] < self.rect.left + self.rect.height
            self.step(-1 if left else 1)
            return True
        return False

    def activate(self) -> None:
        self.step(1)

    def step(self, delta: int) -> None:
        if not self.options or not self.enabled:
            return
        if self.wrap:
            self.index = (self.index + delta) % len(self.options)
        else:
            index = max(0, min(len(self.options) - 1, self.index + delta))
            if index == self.index:
                return  # already at that end of the scale
            self.index = index
        self.on_change(self.value)

    def draw(self, surf: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        rad = max(4, r.height // 4)
        col = theme.PANEL_LIGHT if self.enabled else theme.PANEL
        if self.hover or self.focused:
            col = theme.shade(col, 1.2)
        pygame.draw.rect(surf, col, r, border_radius=rad)
        pygame.draw.rect(surf, theme.HILITE if self.focused else theme.PANEL_EDGE, r, max(1, r.height // 22), border_radius=rad)
        a = r.height // 4
        cy = r.centery
        ink = theme.TEXT if self.enabled else theme.TEXT_DIM
        if self.enabled and len(self.options) > 1:
            first, last = not self.wrap and self.index == 0, not self.wrap and self.index == len(self.options) - 1
            pygame.draw.polygon(surf, theme.TEXT_DIM if first else theme.ACCENT,
                                [(r.left + a * 2, cy - a), (r.left + a, cy), (r.left + a * 2, cy + a)])
            pygame.draw.polygon(surf, theme.TEXT_DIM if last else theme.ACCENT,
                                [(r.right - a * 2, cy - a), (r.right - a, cy), (r.right - a * 2, cy + a)])
        label = self.options[self.index][1] if self.options else ""
        t = theme.fit_text(label, int(r.height * 0.42), r.width - r.height * 2, ink, "bold")
        surf.blit(t, t.get_rect(center=r.center))


class Slider(Widget):
    def __init__(self, value: int, on_change: Callable[[int], None], rect: pygame.Rect | None = None,
                 lo: int = 0, hi: int = 100, step_size: int = 10) -> None:
        super().__init__(rect)
        self.value = value
        self.on_change = on_change
        self.lo, self.hi, self.step_size = lo, hi, step_size
        self.dragging = False

    def _set_from_x(self, x: int) -> None:
        r = self.rect
        t = (x - r.left) / max(1, r.width)
        self.value = int(round(self.lo + max(0.0, min(1.0, t)) * (self.hi - self.lo)))
        self.on_change(self.value)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if self._mouse(event):
            self.dragging = True
            self._set_from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._set_from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            self.dragging = False
        return False

    def step(self, delta: int) -> None:
        self.value = max(self.lo, min(self.hi, self.value + delta * self.step_size))
        self.on_change(self.value)

    def draw(self, surf: pygame.Surface) -> None:
        r = self.rect
        track = pygame.Rect(r.left, r.centery - r.height // 8, r.width, max(2, r.height // 4))
        pygame.draw.rect(surf, theme.PANEL_LIGHT, track, border_radius=track.height // 2)
        t = (self.value - self.lo) / max(1, self.hi - self.lo)
        fill = pygame.Rect(track.left, track.top, int(track.width * t), track.height)
        pygame.draw.rect(surf, theme.ACCENT, fill, border_radius=track.height // 2)
        knob = (int(track.left + track.width * t), r.centery)
        pygame.draw.circle(surf, theme.HILITE if self.focused or self.hover else theme.TEXT, knob, r.height // 3)
        lab = theme.text(f"{self.value}", int(r.height * 0.4), theme.TEXT, "bold")
        surf.blit(lab, lab.get_rect(midleft=(r.right + r.height // 3, r.centery)))


class TextField(Widget):
    """One line of text: a blinking caret at the insertion point, Left/Right/Home/End
    move it, Ctrl+A selects everything (typing then replaces it), Backspace and
    Delete erase the selection or the character before/after the caret."""

    def __init__(self, value: str, on_change: Callable[[str], None], rect: pygame.Rect | None = None,
                 max_len: int = 18, placeholder: str = "", allowed: Callable[[str], bool] | None = None) -> None:
        super().__init__(rect)
        self.value = value
        self.on_change = on_change
        self.max_len = max_len
        self.placeholder = placeholder
        self.allowed = allowed
        self.editing = False
        self.caret = len(value)
        self.anchor: int | None = None  # the other end of the selection, if any

    # ---- editing -------------------------------------------------------------------------
    def selection(self) -> tuple[int, int] | None:
        """The selected span (start, end), None when nothing is selected."""
        caret = self._clamped()
        if self.anchor is None or min(self.anchor, len(self.value)) == caret:
            return None
        a = min(self.anchor, len(self.value))
        return (min(a, caret), max(a, caret))

    def _clamped(self) -> int:
        # the scene may set ``value`` itself (a default name that follows a seat's type)
        self.caret = max(0, min(self.caret, len(self.value)))
        return self.caret

    def _replace(self, start: int, end: int, text: str) -> None:
        new = self.value[:start] + text + self.value[end:]
        if len(new) > self.max_len:
            text = text[: max(0, self.max_len - (len(new) - len(text)))]
            new = self.value[:start] + text + self.value[end:]
        self.value = new
        self.caret = start + len(text)
        self.anchor = None
        self.on_change(self.value)

    def _move(self, to: int, extend: bool) -> None:
        caret = self._clamped()
        if extend:
            if self.anchor is None:
                self.anchor = caret
        else:
            self.anchor = None
        self.caret = max(0, min(len(self.value), to))

    def _key(self, event: pygame.event.Event) -> bool:
        caret = self._clamped()
        sel = self.selection()
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        k = event.key
        if k == pygame.K_a and ctrl:
            self.anchor, self.caret = 0, len(self.value)
        elif k == pygame.K_BACKSPACE:
            if sel is not None:
                self._replace(*sel, "")
            elif caret > 0:
                self._replace(caret - 1, caret, "")
        elif k == pygame.K_DELETE:
            if sel is not None:
                self._replace(*sel, "")
            elif caret < len(self.value):
                self._replace(caret, caret + 1, "")
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if k == pygame.K_LEFT else 1
            if sel is not None and not shift:  # an arrow ends a selection at its own side
                self._move(sel[0] if step < 0 else sel[1], False)
            else:
                self._move(caret + step, shift)
        elif k == pygame.K_HOME:
            self._move(0, shift)
        elif k == pygame.K_END:
            self._move(len(self.value), shift)
        else:
            return False
        return True

    def _typed(self, raw: str) -> None:
        text = "".join(ch for ch in raw if ch.isprintable())
        if self.allowed is not None:
            text = "".join(ch for ch in text if self.allowed(ch))
        if not text:
            return
        caret = self._clamped()
        self._replace(*(self.selection() or (caret, caret)), text)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if self._mouse(event):
            self.editing = True
            self.anchor = None
            self.caret = self._index_at(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and not self.rect.collidepoint(event.pos):
            self.editing = False
        if not (self.editing or self.focused):
            return False
        if event.type == pygame.TEXTINPUT:
            self._typed(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    # ---- drawing ---------------------------------------------------------------------------
    def _font(self) -> pygame.font.Font:
        return theme.font(self._size())

    def _size(self) -> int:
        """The text's size: the largest up to the field's that fits (the caret measures with it)."""
        r = self.rect
        size, room = int(r.height * 0.45), r.width - r.height // 2
        shown = self.value or self.placeholder
        while size > 7 and theme.font(size).size(shown)[0] > room:
            size -= 1
        return size

    def _index_at(self, x: int) -> int:
        """The insertion point nearest to the window's ``x``."""
        f = self._font()
        left = self.rect.left + self.rect.height // 4
        best, dist = 0, abs(x - left)
        for i in range(1, len(self.value) + 1):
            d = abs(x - (left + f.size(self.value[:i])[0]))
            if d < dist:
                best, dist = i, d
        return best

    def caret_x(self) -> int:
        """Where the caret is drawn: after the characters before the insertion point."""
        return self.rect.left + self.rect.height // 4 + self._font().size(self.value[:self._clamped()])[0]

    def draw(self, surf: pygame.Surface) -> None:
        r = self.rect
        rad = max(4, r.height // 5)
        pygame.draw.rect(surf, (18, 20, 26), r, border_radius=rad)
        active = self.editing or self.focused
        pygame.draw.rect(surf, theme.HILITE if active else theme.PANEL_EDGE, r, max(1, r.height // 22), border_radius=rad)
        size = self._size()
        left = r.left + r.height // 4
        sel = self.selection() if active else None
        if sel is not None:
            f = theme.font(size)
            x0, x1 = left + f.size(self.value[:sel[0]])[0], left + f.size(self.value[:sel[1]])[0]
            pygame.draw.rect(surf, theme.shade(theme.ACCENT, 0.55), (x0, r.top + r.height // 5, x1 - x0, r.height - 2 * (r.height // 5)))
        shown = self.value or self.placeholder
        ink = theme.TEXT if self.value else theme.TEXT_DIM
        t = theme.text(shown, size, ink)
        surf.blit(t, t.get_rect(midleft=(left, r.centery)))
        if active and (pygame.time.get_ticks() // 500) % 2 == 0:
            x = self.caret_x()
            pygame.draw.line(surf, theme.TEXT, (x, r.top + r.height // 5), (x, r.bottom - r.height // 5), 2)


class Label(Widget):
    focusable = False

    def __init__(self, text: str, size: int = 18, color: theme.Color = theme.TEXT, rect: pygame.Rect | None = None,
                 align: str = "left", kind: str = "regular") -> None:
        super().__init__(rect)
        self.text, self.size, self.color, self.align, self.kind = text, size, color, align, kind

    def draw(self, surf: pygame.Surface) -> None:
        t = theme.fit_text(self.text, self.size, self.rect.width, self.color, self.kind)
        pos = {"left": t.get_rect(midleft=self.rect.midleft), "center": t.get_rect(center=self.rect.center),
               "right": t.get_rect(midright=self.rect.midright)}[self.align]
        surf.blit(t, pos)


class Group:
    """The widgets of a scene, with a keyboard focus."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus = -1
        self.mouse: tuple[int, int] | None = None  # where the pointer was last seen over this group's scene

    def add(self, w: Widget) -> Widget:
        self.widgets.append(w)
        return w

    def focusables(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable and w.visible and w.enabled]

    def move_focus(self, delta: int) -> None:
        items = self.focusables()
        if not items:
            return
        cur = next((i for i, w in enumerate(items) if w.focused), -1)
        for w in items:
            w.focused = False
        nxt = (cur + delta) % len(items) if cur >= 0 else (0 if delta > 0 else len(items) - 1)
        items[nxt].focused = True

    def focused(self) -> Widget | None:
        return next((w for w in self.widgets if w.focused and w.visible), None)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = (int(event.pos[0]), int(event.pos[1]))
        for w in self.widgets:
            if w.visible and isinstance(w, Button) and w.hotkey is not None and event.type == pygame.KEYDOWN \
                    and event.key == w.hotkey and w.enabled:
                w.activate()
                return True
        f = self.focused()
        if isinstance(f, TextField) and f.handle(event):
            return True
        for w in list(self.widgets):
            if w is not f and w.handle(event):
                return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_TAB, pygame.K_DOWN):
                self.move_focus(-1 if event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if event.key == pygame.K_UP:
                self.move_focus(-1)
                return True
            if f is not None and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                f.step(-1 if event.key == pygame.K_LEFT else 1)
                return True
            if f is not None and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and not isinstance(f, TextField):
                f.activate()
                return True
        return False

    def draw(self, surf: pygame.Surface) -> None:
        for w in self.widgets:
            if w.visible:
                w.draw(surf)

    def hovered_tooltip(self) -> tuple[str, pygame.Rect] | None:
        """The tooltip of the widget under the pointer: none once the widget is hidden,
        has moved from under the pointer, or the scene lost the pointer to another."""
        if self.mouse is None:
            return None
        for w in self.widgets:
            if w.visible and w.hover and w.tooltip and w.rect.collidepoint(self.mouse):
                return w.tooltip, w.rect
        return None

    def clear_hover(self) -> None:
        """The pointer now speaks to another scene: nothing of this group is hovered."""
        self.mouse = None
        for w in self.widgets:
            w.hover = False


class Toggle(Pressable):
    """An option that is on or off (a check box with its label): click, Space or Left/Right."""

    def __init__(self, label: str, value: bool, on_change: Callable[[bool], None], rect: pygame.Rect | None = None) -> None:
        super().__init__(rect)
        self.label = label
        self.value = value
        self.on_change = on_change

    def activate(self) -> None:
        if self.enabled:
            self.value = not self.value
            self.on_change(self.value)

    def step(self, delta: int) -> None:
        self.activate()

    def draw(self, surf: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        rad = max(4, r.height // 4)
        col = theme.shade(theme.ACCENT, 0.45) if self.value else theme.PANEL_LIGHT
        if self.hover or self.focused:
            col = theme.shade(col, 1.2)
        pygame.draw.rect(surf, col, r, border_radius=rad)
        pygame.draw.rect(surf, theme.HILITE if self.focused else (theme.ACCENT if self.value else theme.PANEL_EDGE), r,
                         max(1, r.height // 22), border_radius=rad)
        box = pygame.Rect(r.left + r.height // 4, r.top + r.height // 4, r.height // 2, r.height // 2)
        pygame.draw.rect(surf, (18, 20, 26), box, border_radius=max(2, box.height // 5))
        pygame.draw.rect(surf, theme.ACCENT, box, max(1, r.height // 20), border_radius=max(2, box.height // 5))
        if self.value:
            a, b, c = (box.left + box.width * 0.2, box.centery), (box.left + box.width * 0.42, box.bottom - box.height * 0.2), \
                (box.right - box.width * 0.15, box.top + box.height * 0.18)
            pygame.draw.lines(surf, theme.HILITE, False, [a, b, c], max(2, r.height // 12))
        ink = theme.TEXT if self.enabled else theme.TEXT_DIM
        t = theme.fit_text(self.label, int(r.height * 0.4), r.right - box.right - r.height // 2, ink, "bold")
        surf.blit(t, t.get_rect(midleft=(box.right + r.height // 4, r.centery)))
