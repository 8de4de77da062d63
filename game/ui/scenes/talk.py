"""Saying something to the table in a LAN game: a preset line (an emote) or one of
one's own. Closes with ("emote", key), ("text", words) or None (nothing said)."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.net.talk import EMOTES, MAX_TALK  # only a LAN table opens this dialog: the network layer is there
from game.ui.scene import Dialog
from game.ui.widgets.basic import Button, Group, TextField


class TalkDialog(Dialog):
    menu = True  # Esc cancels; the widgets take the rest

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.words = ""
        self.group = Group()

    def panel_size(self) -> tuple[int, int]:
        return self.u(620), self.u(330)

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        u, r = self.u, self.rect
        g = Group()
        bw = (r.width - u(80)) // 3
        for i, key in enumerate(EMOTES):
            x = r.left + u(30) + (i % 3) * (bw + u(10))
            y = r.top + u(70) + (i // 3) * u(56)
            b = Button(self.tr(f"talk.{key}"), partial(self.close, ("emote", key)), pygame.Rect(x, y, bw, u(46)))
            b.app_sound = self.app.sound.play
            g.add(b)
        y = r.top + u(70) + 2 * u(56) + u(10)
        field = TextField(self.words, self._typed, pygame.Rect(r.left + u(30), y, r.width - u(60), u(44)),
                          max_len=MAX_TALK, placeholder=self.tr("talk.placeholder"))
        g.add(field)
        half = (r.width - u(90)) // 2
        send = Button(self.tr("talk.send"), self._send, pygame.Rect(r.left + u(30), r.bottom - u(66), half, u(46)),
                      primary=True, hotkey=pygame.K_RETURN)
        cancel = Button(self.tr("attack.cancel"), lambda: self.close(None),
                        pygame.Rect(send.rect.right + u(30), send.rect.top, half, u(46)))
        for b in (send, cancel):
            b.app_sound = self.app.sound.play
            g.add(b)
        self.group = g

    def _typed(self, v: str) -> None:
        self.words = v

    def _send(self) -> None:
        words = self.words.strip()
        self.close(("text", words) if words else None)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_panel(surf, self.tr("talk.title"))
        self.group.draw(surf)
