"""The lesson over the table: the pointer at what to do next, the step's text, the end.

A :class:`Coach` is a table's ``overlay`` (game/ui/tablekit/base.py) in a guided game.
While the player may act it rings the step's target (asked of the table's
``target_rect``), draws an arrow to where a drag goes (``to``), and shows the step's
text over the sidebar's log, headed by the rule it introduces; while the scripted
opponent plays it shows that step's words. Once the script is over and the
table has shown every event, it opens the closing panel, which leads back to the
title. It knows no game.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.session.tutorial import Step, say
from game.session.tutorial_client import TutorialClient
from game.ui import theme
from game.ui.tutorial.finish import FinishDialog

if TYPE_CHECKING:
    from game.ui.tablekit.base import TableSceneBase

PULSE_HZ = 1.4  # how fast the ring around the target breathes


class Coach:
    def __init__(self, app: Any, table: TableSceneBase, client: TutorialClient) -> None:
        self.app = app
        self.table = table
        self.client = client
        self.script = client.script
        self.t = 0.0
        self.finished_shown = False
        self.player_steps = [i for i, s in enumerate(self.script.lesson.steps) if not s.scripted]

    # ---- the end ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += self.app.ambient_dt  # the ring breathes, the arrow bobs: still while the app rests
        tb = self.table
        if (self.script.finished and not self.finished_shown and self.app.top is tb and tb.director.idle
                and tb.synced):
            self.finished_shown = True
            lesson = self.script.lesson
            lang = self.app.tr.lang
            self.app.sound.play("win")
            self.app.push(FinishDialog(self.app, say(lesson.title, lang), say(lesson.finish, lang)),
                          lambda _: self.app.reset(self.app.new_screen("title")))

    # ---- drawing ------------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        tb = self.table
        at = self.script.shown_step(tb.shown)  # the words follow what the table has shown, not the engine
        steps = self.script.lesson.steps
        step = steps[at] if at < len(steps) else None
        if step is None:
            return
        if not step.scripted and tb.can_act and at == self.script.index:
            here = tb.target_rect(step.point) if step.point is not None else None
            there = tb.target_rect(step.to) if step.to is not None else None
            if here is not None:
                self._ring(surf, here)
                if there is not None:
                    self._arrow(surf, *self._ends(here, there))
                else:
                    self._bounce(surf, here)
        if step.scripted and not step.text:
            return
        self._panel(surf, step, at)

    def _ring(self, surf: pygame.Surface, r: pygame.Rect) -> None:
        u = self.table.u
        glow = 0.5 + 0.5 * math.sin(self.t * PULSE_HZ * 2 * math.pi)
        pad = u(4) + int(glow * u(4))
        ring = r.inflate(2 * pad, 2 * pad)
        surf.blit(theme.translucent(ring.size, theme.HILITE, int(40 + 50 * glow), u(10)), ring.topleft)
        pygame.draw.rect(surf, theme.HILITE, ring, max(2, u(3)), border_radius=u(10))

    def _ends(self, here: pygame.Rect, there: pygame.Rect) -> tuple[tuple[int, int], tuple[int, int]]:
        """Where a drag's arrow starts and ends: from the edge of what is dragged to a little
        inside the edge of where it goes (a wide zone's centre may be under other cards), or
        to the very edge of a card no bigger than twice what is dragged (the head would hide
        the figures printed along its edge)."""
        a, b = here.center, there.center
        inside = there.clipline(a, b)
        if not inside or there.colliderect(here):
            return a, b
        entry = inside[0]
        dx, dy = b[0] - entry[0], b[1] - entry[1]
        length = max(1.0, math.hypot(dx, dy))
        card = there.width <= 2 * here.width and there.height <= 2 * here.height
        depth = 0.0 if card else min(length, float(self.table.u(40)))
        out = here.clipline(a, b)
        start = out[1] if out else a
        return start, (int(entry[0] + dx / length * depth), int(entry[1] + dy / length * depth))

    def _arrow(self, surf: pygame.Surface, a: tuple[int, int], b: tuple[int, int]) -> None:
        """A dashed arrow from ``a`` to ``b`` whose dashes run towards ``b`` (a drag's way)."""
        u = self.table.u
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy)
        if length < u(20):
            return
        ux, uy = dx / length, dy / length
        dash, gap = u(16), u(10)
        offset = (self.t * u(60)) % (dash + gap)
        head = u(22)
        pos = offset - (dash + gap)
        width = max(3, u(5))
        while pos < length - head:
            s0, s1 = max(0.0, pos), min(length - head, pos + dash)
            if s1 > s0:
                p0 = (a[0] + ux * s0, a[1] + uy * s0)
                p1 = (a[0] + ux * s1, a[1] + uy * s1)
                pygame.draw.line(surf, theme.TEXT_DARK, p0, p1, width + 4)
                pygame.draw.line(surf, theme.HILITE, p0, p1, width)
            pos += dash + gap
        tip = b
        left = (b[0] - ux * head - uy * head * 0.6, b[1] - uy * head + ux * head * 0.6)
        right = (b[0] - ux * head + uy * head * 0.6, b[1] - uy * head - ux * head * 0.6)
        pygame.draw.polygon(surf, theme.TEXT_DARK, [tip, left, right], 0)
        pygame.draw.polygon(surf, theme.HILITE, [tip, left, right], 0)
        pygame.draw.polygon(surf, theme.TEXT_DARK, [tip, left, right], max(1, u(2)))

    def _bounce(self, surf: pygame.Surface, r: pygame.Rect) -> None:
        """An arrow bobbing over the target (under it when the target is near the top)."""
        u = self.table.u
        bob = int(abs(math.sin(self.t * 2.2)) * u(10))
        size = u(26)
        if r.top - size - u(14) > 0:
            tip = (r.centerx, r.top - u(8) - bob)
            pts = [tip, (tip[0] - size // 2, tip[1] - size), (tip[0] + size // 2, tip[1] - size)]
        else:
            tip = (r.centerx, r.bottom + u(8) + bob)
            pts = [tip, (tip[0] - size // 2, tip[1] + size), (tip[0] + size // 2, tip[1] + size)]
        pygame.draw.polygon(surf, theme.HILITE, pts)
        pygame.draw.polygon(surf, theme.TEXT_DARK, pts, max(1, u(2)))

    def _panel(self, surf: pygame.Surface, step: Step, at: int) -> None:
        """The step's text over the sidebar's log (the table stays in sight), headed by the
        rule it introduces and how far the lesson has come; the words shrink to fit."""
        u = self.table.u
        tr = self.app.tr
        area = self.table.lay.log
        head = say(step.rule, tr.lang)
        count = ""
        if not step.scripted and at in self.player_steps:
            count = str(tr("tutorial.step", n=self.player_steps.index(at) + 1,
                           total=len(self.player_steps)))
        text = say(step.text, tr.lang) or str(tr("tutorial.waiting"))
        pad = u(12)
        size = u(17)
        while True:
            body = theme.font(size)
            lines = theme.wrap(text, body, area.width - 2 * pad)
            height = 2 * pad + u(24) * (bool(count) + bool(head)) + len(lines) * body.get_linesize()
            if height <= area.height or size <= u(12):
                break
            size -= 1
        rect = pygame.Rect(area.left, area.top, area.width, min(area.height, height))
        theme.panel(surf, rect, theme.PANEL, theme.HILITE, u(12), width=max(2, u(2)))
        x, y = rect.left + pad, rect.top + pad
        if count:
            surf.blit(theme.fit_text(count, u(14), area.width - 2 * pad, theme.TEXT_DIM), (x, y))
            y += u(24)
        if head:
            surf.blit(theme.fit_text(str(tr("tutorial.rule", rule=head)), u(18), area.width - 2 * pad, theme.ACCENT,
                                     "serif"), (x, y))
            y += u(24)
        for line in lines:
            surf.blit(body.render(line, True, theme.TEXT), (x, y))
            y += body.get_linesize()
