"""The saved games: the Load list and the name a save is given.

The Load list shows each save of the saves folder, newest first, with its name,
game, players, turn and date, read from the file's JSON without replaying it
(game/session/local.py ``save_info``). A file that cannot be read is listed as
unreadable, with its reason; it cannot be loaded but it can be deleted. Deleting
asks first. The list closes with the path to load (None: back).

Saving from the table's menu asks for a name, the default one (game, format, turn,
date) filled in; the dialog closes with the name, or None when cancelled.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pygame

from game.session import local as games
from game.ui.scene import Dialog
from game.ui.scenes.common import ListScreen, save_details
from game.ui.scenes.dialogs import ConfirmDialog
from game.ui.widgets.basic import Button, Group, TextField
from game.ui.widgets.rows import ListRow

SAVE_NAME_MAX = 60


SaveRow = ListRow  # one save of the Load list


class LoadScene(ListScreen):
    """The Load list (over the title): closes with the path of the save to load, or None."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.infos = games.save_infos()

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        u = self.u
        g = Group()
        y = self.frame(w, h, len(self.infos))
        row_h, gap = u(self.ROW_H), u(self.ROW_GAP)
        del_w = u(130)
        for info in self.infos[self.first:self.first + self.shown]:
            left = pygame.Rect(self.panel.left + u(24), y, self.panel.width - u(48) - del_w - u(12), row_h)
            load = None if info.error else partial(self.close, info.path)
            g.add(SaveRow(self._title(info), save_details(info, self.tr), load, left, broken=info.error is not None))
            d = Button(self.tr("saves.delete"), partial(self._ask_delete, info),
                       pygame.Rect(left.right + u(12), y + (row_h - u(44)) // 2, del_w, u(44)), danger=True)
            d.app_sound = self.app.sound.play
            g.add(d)
            y += row_h + gap
        g.add(self.back_button())
        self.group = g

    def _title(self, info: games.SaveInfo) -> str:
        return info.name or str(self.tr("saves.autosave"))

    def _ask_delete(self, info: games.SaveInfo) -> None:
        self.app.push(ConfirmDialog(self.app, self.tr("saves.delete_title"), [self._title(info), self.tr("saves.delete_line")],
                                    self.tr("saves.delete"), self.tr("newgame.back")),
                      lambda yes: self._delete(info.path) if yes is True else None)

    def _delete(self, path: Path) -> None:
        err = games.delete_save(path)
        if err:
            self.app.toast(self.tr("saves.delete_failed", reason=err), 6)
        self.infos = games.save_infos()
        if not self.infos:
            self.app.toast(self.tr("title.no_saves"))
            self.close(None)
            return
        self.layout(self.w, self.h)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_frame(surf, str(self.tr("title.load")), len(self.infos))


class SaveNameDialog(Dialog):
    """The name to save the game under, the default one filled in; closes with it (None: cancelled)."""

    menu = True  # Esc cancels; the widgets take the rest

    def __init__(self, app: Any, default: str) -> None:
        super().__init__(app)
        self.name = default
        self.default = default
        self.group = Group()

    def panel_size(self) -> tuple[int, int]:
        return self.u(640), self.u(230)

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        u, r = self.u, self.rect
        g = Group()
        field = TextField(self.name, self._typed, pygame.Rect(r.left + u(30), r.top + u(72), r.width - u(60), u(46)),
                          max_len=SAVE_NAME_MAX, placeholder=self.default)
        field.editing = True  # typing goes to the name at once
        g.add(field)
        bw = (r.width - u(90)) // 2
        ok = Button(self.tr("pause.save"), self._done, pygame.Rect(r.left + u(30), r.bottom - u(70), bw, u(48)),
                    primary=True, hotkey=pygame.K_RETURN)
        no = Button(self.tr("attack.cancel"), lambda: self.close(None), pygame.Rect(ok.rect.right + u(30), ok.rect.top, bw, u(48)))
        for b in (ok, no):
            b.app_sound = self.app.sound.play
            g.add(b)
        self.group = g

    def _typed(self, v: str) -> None:
        self.name = v

    def _done(self) -> None:
        self.close(self.name.strip() or self.default)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_panel(surf, self.tr("saves.name_title"))
        self.group.draw(surf)
