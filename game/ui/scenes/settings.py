"""Settings: language, window or fullscreen, the window's size, the text size, the colour palette,
animation speed (instant included), the effects' and the music's volumes and mute (also
the M key anywhere), whether ending a turn asks for confirmation, and the player's name (the first human seat's name in New game, the name in LAN
games). Changes apply at once and are saved (atomically) to the user's config folder.
Under them, where the player's files are (data, saves, logs); a click opens the folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.session.session import seat_letter
from game.ui import theme
from game.ui.folders import my_folders, open_folder
from game.ui.palette import PALETTES
from game.ui.scene import Scene
from game.ui.settings import ANIM_SPEEDS, LANGUAGES, PLAYER_NAME_MAX, TEXT_SIZES, WINDOW_SIZES
from game.ui.widgets.basic import Button, Cycle, Group, Label, Pressable, Slider, TextField


class FolderLine(Pressable):
    """One of the player's folders, "Saves   /home/ana/.local/share/realms-table/saves":
    a click (or Enter) opens it in the file manager."""

    def __init__(self, name: str, folder: Path, on_open: Any, rect: pygame.Rect, name_w: int, size: int) -> None:
        super().__init__(rect)
        self.name, self.folder, self.on_open, self.name_w, self.size = name, folder, on_open, name_w, size

    def activate(self) -> None:
        self.on_open(self.folder)

    def draw(self, surf: pygame.Surface) -> None:
        lit = self.hover or self.focused
        name = theme.fit_text(self.name, self.size, self.name_w - 8, theme.TEXT_DIM, "bold")
        surf.blit(name, name.get_rect(midleft=self.rect.midleft))
        path = theme.fit_text(str(self.folder), self.size, self.rect.width - self.name_w, theme.HILITE if lit else theme.TEXT)
        at = path.get_rect(midleft=(self.rect.left + self.name_w, self.rect.centery))
        surf.blit(path, at)
        if lit:
            pygame.draw.line(surf, theme.HILITE, at.bottomleft, at.bottomright)


class SettingsScene(Scene):
    menu = True

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.group = Group()

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        u = self.u
        st = self.app.settings
        tr = self.tr
        pw = min(w - u(40), u(700))
        ph = min(h - u(24), u(680))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        on_off = [(True, tr("settings.on")), (False, tr("settings.off"))]
        rows: list[tuple[str, Any]] = [
            ("settings.language", Cycle([(lang, tr(f"settings.lang_{lang}")) for lang in LANGUAGES], st.language, self._lang)),
            ("settings.display", Cycle([(False, tr("settings.window")), (True, tr("settings.fullscreen"))], st.fullscreen,
                                       self._display)),
            ("settings.window_size", Cycle([(v, self._size_label(v)) for v in WINDOW_SIZES], st.window_size,
                                           self._window_size)),
            ("settings.text_size", Cycle([(n, f"{n} %") for n in TEXT_SIZES], st.text_size, self._text_size, wrap=False)),
            ("settings.colours", Cycle([(p, tr(f"settings.palette_{p}")) for p in PALETTES], st.palette, self._palette)),
            # a scale from Instant to Slow: no jump from one end to the other
            ("settings.anim_speed", Cycle([(s, tr(f"settings.speed_{s}")) for s in ANIM_SPEEDS], st.anim_speed, self._speed,
                                          wrap=False)),
            ("settings.volume", Slider(st.volume, self._volume)),
            ("settings.music_volume", Slider(st.music_volume, self._music_volume)),
            ("settings.sound", Cycle(on_off, not st.mute, self._sound)),
            ("settings.confirm_end", Cycle(on_off, st.confirm_end_turn, self._confirm)),
            ("settings.talk", Cycle([(True, tr("settings.talk_shown")), (False, tr("settings.talk_muted"))],
                                    not st.mute_talk, self._talk)),
            ("settings.player_name", TextField(st.player_name, self._name, max_len=PLAYER_NAME_MAX,
                                               placeholder=tr("newgame.default_name", seat=seat_letter(0)))),
        ]
        folders = my_folders()
        # the rows share what the title, the files and Back leave: at a large text size in a
        # small window they close up, never under the text they hold
        head = max(int(u(15) * 1.6), theme.font(u(15), "bold").get_linesize())
        step = max(u(22), theme.font(u(14)).get_linesize())
        top = self.panel.top + u(72)
        room = self.panel.bottom - u(66) - u(6) - top - head - len(folders) * step
        rh = max(theme.font(u(18)).get_linesize(), min(u(38), room // len(rows))) - u(4)
        g = Group()
        lab_w = u(280)
        x = self.panel.left + u(30)
        fx = x + lab_w
        fw = self.panel.right - u(30) - fx
        y = top
        for key, widget in rows:
            g.add(Label(tr(key), u(18), theme.TEXT, pygame.Rect(x, y, lab_w - u(10), rh)))
            widget.rect = pygame.Rect(fx, y, fw if not isinstance(widget, Slider) else fw - u(60), rh)
            g.add(widget)
            y += rh + u(4)
        g.add(Label(tr("settings.files"), u(15), theme.ACCENT, pygame.Rect(x, y, lab_w, head), kind="bold"))
        y += head
        for key, folder in folders:
            line = FolderLine(tr(key), folder, self._open, pygame.Rect(x, y, self.panel.right - u(30) - x, step), u(90), u(14))
            line.tooltip = tr("files.open_tip")
            g.add(line)
            y += step
        b = Button(tr("settings.back"), lambda: self.close(None),
                   pygame.Rect(self.panel.centerx - u(110), self.panel.bottom - u(62), u(220), u(46)), primary=True)
        b.app_sound = self.app.sound.play
        g.add(b)
        self.group = g

    def _open(self, folder: Path) -> None:
        problem = open_folder(folder)
        if problem:
            self.app.toast(problem, 6)

    def _lang(self, v: str) -> None:
        self.app.settings.language = v
        self.app.settings.language_chosen = True  # from now on, not the system's
        self.app.apply_settings()

    def _display(self, v: bool) -> None:
        self.app.settings.fullscreen = v
        self.app.apply_display()
        self.app.apply_settings()

    def _size_label(self, v: str) -> str:
        if v in ("auto", "fit"):
            return str(self.tr(f"settings.size_{v}"))
        return v.replace("x", " × ")

    def _window_size(self, v: str) -> None:
        self.app.settings.window_size = v
        note = self.app.apply_window_size()
        self.app.apply_settings()
        if note:
            self.app.toast(note, 6)

    def _name(self, v: str) -> None:
        self.app.settings.player_name = v.strip()  # saved on the way out, not at every key

    def _text_size(self, v: int) -> None:
        self.app.settings.text_size = v
        self.app.apply_settings()

    def _palette(self, v: str) -> None:
        self.app.settings.palette = v
        self.app.apply_settings()

    def _speed(self, v: str) -> None:
        self.app.settings.anim_speed = v
        self.app.apply_settings()

    def _music_volume(self, v: int) -> None:
        self.app.settings.music_volume = v
        self.app.sound.set(self.app.settings.volume, self.app.settings.mute, v)  # saved on the way out, as the effects'

    def _volume(self, v: int) -> None:
        self.app.settings.volume = v
        self.app.sound.set(v, self.app.settings.mute)

    def _sound(self, v: bool) -> None:
        self.app.settings.mute = not v
        self.app.apply_settings()
        self.app.sound.play("click")

    def _talk(self, shown: bool) -> None:
        self.app.settings.mute_talk = not shown
        self.app.apply_settings()

    def _confirm(self, v: bool) -> None:
        self.app.settings.confirm_end_turn = v
        self.app.apply_settings()

    def leave(self) -> None:
        self.app.apply_settings()  # the volume slider saves once, on the way out

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        theme.panel(surf, self.panel, theme.PANEL, theme.ACCENT, self.u(14))
        t = theme.text(self.tr("settings.title"), self.u(30), theme.ACCENT, "serif")
        surf.blit(t, t.get_rect(midtop=(self.panel.centerx, self.panel.top + self.u(18))))
        self.group.draw(surf)
