"""The Replays screen: the history of finished games, and a game replayed on its table.

The list shows the history (``game/session/history.py``), newest first: the game, the result
for the player, the players, the length and the date. Opening one shows the same
animated table the game was played on, driven by its record (``game.session.replay.ReplayClient``
through the game's table door ``open_replay``): play and pause, one action or one turn
forward and back (back rebuilds the table at the step), a timeline to jump to a turn,
the pace of play, and whose view is shown (a seat's, or a spectator's, which shows
every hand once the game is over). A LAN client's seen record shows only its seat.
The table takes no input but the pointer's hover and the log's wheel.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from game import games as registry
from game.core.errors import RealmsError
from game.session import history, replay
from game.session.local import save_info, save_infos
from game.ui import theme
from game.ui.save_names import show_date
from game.ui.scene import Scene
from game.ui.scenes.common import ListScreen, save_details
from game.ui.tablekit.entry import table_entry
from game.ui.widgets.basic import Button, Cycle, Group, Widget
from game.ui.widgets.rows import ListRow

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)
STEP_S = 0.9  # seconds between two actions played at speed 1 (after the animations)
BAR_H = 96  # design pixels of the controls under the table


def result_of(meta: dict[str, Any]) -> bool | None:
    """Whether the player won a history file's game (None: no seat or every seat was theirs)."""
    you = [s for s in meta.get("you", []) if isinstance(s, int)]
    players = meta.get("players") or []
    winners = meta.get("winner") or []
    if not you or len(you) >= len(players):
        return None
    return any(w in you for w in winners)


def default_seat(rp: replay.Replay, kinds: list[str]) -> int | None:
    """Whose view a replay opens on, one rule for every game: a LAN client's seen record
    shows its seat (it has no other); else the player's own seat (the history's ``you``,
    the first of them in hotseat); else, for a file that does not say (a save), its first
    human seat; and a game with no person in it (AI against AI), everyone's."""
    if rp.seen:
        return rp.seat
    n = rp.n_seats
    you = [s for s in rp.meta.get("you", []) if isinstance(s, int) and 0 <= s < n]
    if you:
        return you[0]
    return next((i for i, k in enumerate(kinds[:n]) if k == "human"), None)


class ReplayListScene(ListScreen):
    """The history, newest first, or the saved games: a row opens its replay."""

    def __init__(self, app: Any, folder: Path | None = None, saves_folder: Path | None = None) -> None:
        super().__init__(app)
        # the player's history and saves; none when the app must not read the player's
        # files (the tour and the tests give their own folders)
        self.entries = history.entries(folder) if folder is not None or app.persist else []
        if saves_folder is not None:
            files = sorted(saves_folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
            self.saves = [save_info(p) for p in files]
        else:
            self.saves = save_infos() if app.persist else []
        self.source = "history"  # or "saves"

    def show(self, source: Any) -> None:
        self.source = str(source)
        self.first = 0
        self.layout(self.w, self.h)

    def _rows(self) -> list[tuple[str, str, Path | None, bool | None]]:
        """(title, details, the file to open or None, won) of each row of the chosen list."""
        if self.source == "saves":
            return [(info.name or str(self.tr("saves.autosave")), save_details(info, self.tr),
                     None if info.error else info.path, None) for info in self.saves]
        return [(self._title(e), self._details(e), None if e.error else e.path, result_of(e.meta)) for e in self.entries]

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        u = self.u
        g = Group()
        rows = self._rows()
        top = self.frame(w, h, len(rows))
        row_h, gap = u(self.ROW_H), u(self.ROW_GAP)
        sources = [("history", str(self.tr("replay.history"))), ("saves", str(self.tr("replay.saves")))]
        g.add(Cycle(sources, self.source, self.show, pygame.Rect(self.panel.left + u(24), self.panel.top + u(16),
                                                                  u(220), u(40))))
        y = top
        for title, details, path, won in rows[self.first:self.first + self.shown]:
            rect = pygame.Rect(self.panel.left + u(24), y, self.panel.width - u(48), row_h)
            mark = "" if won is None else str(self.tr("replay.won" if won else "replay.lost"))
            g.add(ListRow(title, details, None if path is None else partial(self.open, path), rect, mark=mark,
                             won=bool(won), broken=path is None))
            y += row_h + gap
        g.add(self.back_button())
        self.group = g

    def _title(self, entry: history.HistoryEntry) -> str:
        game = entry.meta.get("game")
        title = registry.title(game) if isinstance(game, str) and game in registry.names() else entry.path.stem
        mode = entry.meta.get("mode")
        return f"{title} · {self.tr('replay.mode_' + mode)}" if isinstance(mode, str) and self.tr.has(
            "replay.mode_" + mode) else title

    def _details(self, entry: history.HistoryEntry) -> str:
        """Players · turns · date (or why the file cannot be replayed)."""
        if entry.error:
            return str(self.tr("saves.unreadable", reason=entry.error))
        meta = entry.meta
        names = [f"{p.get('name', '?')}" + (f" ({self._level(str(p['agent']))})" if p.get("agent") else "")
                 for p in meta.get("players", []) if isinstance(p, dict)]
        parts = [", ".join(names)] if names else []
        if isinstance(meta.get("turns"), int):
            parts.append(str(self.tr("saves.turn", turn=meta["turns"])))
        if isinstance(meta.get("date"), str):
            parts.append(show_date(meta["date"], self.tr))
        return " · ".join(parts)

    def _level(self, agent: str) -> str:
        return str(self.tr(f"agent.{agent}")) if self.tr.has(f"agent.{agent}") else agent

    def open(self, path: Path) -> None:
        try:
            viewer = ReplayScene(self.app, path)
        except (RealmsError, OSError) as exc:
            self.app.toast(self.tr("replay.cannot_open", reason=str(exc)), 6)
            return
        self.app.push(viewer)

    def draw(self, surf: pygame.Surface) -> None:
        empty = self.tr("replay.empty" if self.source == "history" else "title.no_saves")
        count = len(self.saves if self.source == "saves" else self.entries)  # not every row's words, each frame
        self.draw_frame(surf, str(self.tr("replay.title")), count, str(empty))


class Timeline(Widget):
    """The game's steps as a bar, turn starts ticked, the current step marked: a click
    jumps there."""

    def __init__(self, scene: ReplayScene, rect: pygame.Rect) -> None:
        super().__init__(rect)
        self.sc = scene

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.sc.seek(self.step_at(event.pos[0]))
            return True
        return False

    def step_at(self, x: int) -> int:
        length = self.sc.replay.length
        frac = (x - self.rect.left) / max(1, self.rect.width)
        return max(0, min(length, round(frac * length)))

    def x_of(self, k: int) -> int:
        return self.rect.left + round(self.rect.width * k / max(1, self.sc.replay.length))

    def draw(self, surf: pygame.Surface) -> None:
        r = self.rect
        theme.panel(surf, r, theme.FELT_DARK, theme.PANEL_EDGE, r.height // 2)
        at = self.sc.client.at
        done = r.copy()
        done.width = max(r.height, self.x_of(at) - r.left)
        theme.panel(surf, done, theme.shade(theme.ACCENT, 0.7), None, r.height // 2)
        turns = self.sc.replay.turns
        starts = [k for k in range(1, len(turns)) if turns[k] is not None and turns[k] != turns[k - 1]]
        every = max(1, len(starts) * 6 // max(1, r.width))  # at most a tick every 6 pixels
        for i, k in enumerate(starts):
            if i % every == 0:
                x = self.x_of(k)
                pygame.draw.line(surf, theme.TEXT_DIM, (x, r.top + 2), (x, r.top + r.height // 3), 1)
        x = self.x_of(at)
        pygame.draw.circle(surf, theme.HILITE, (x, r.centery), max(4, r.height // 2 + 2))


class ReplayScene(Scene):
    """A finished game replayed on its table, with the controls under it."""

    def __init__(self, app: Any, path: Path, seat: int | None | str = "default") -> None:
        super().__init__(app)
        self.path = path
        self.replay = replay.load(path)
        meta = self.replay.meta
        players = [p for p in meta.get("players", []) if isinstance(p, dict)]
        if not players and self.replay.record is not None:  # a save: its seats are in its setup
            players = [p for p in self.replay.record.setup.get("players") or [] if isinstance(p, dict)]
        n = self.replay.n_seats
        self.names = [str(p.get("name", "")) for p in players][:n] + [f"Player {i + 1}" for i in range(len(players), n)]
        self.kinds = [str(p.get("kind", "human")) if p.get("kind") in ("human", "ai") else "human"
                      for p in players][:n] + ["human"] * max(0, n - len(players))
        if seat == "default":
            seat = default_seat(self.replay, self.kinds)
        self.seat: int | None = seat if isinstance(seat, int) else None
        self.client = replay.ReplayClient(self.replay, self.seat)
        self.playing = False
        self.speed = 1.0
        self.wait = 0.0
        self.table: Any = None
        self.group = Group()
        self._open_table()

    # ---- the table -----------------------------------------------------------------------
    def _open_table(self) -> None:
        """A table at the client's step (the log holds what came before)."""
        if self.table is not None:
            self.table.closed = True  # the client lives on with the next table
        self.table = table_entry(self.replay.game).open_replay(self.app, self.client, self.names, self.kinds)
        self.table.replaying = True  # no "Waiting for...", no Undo: the game is over, it is only shown
        self.table.enter()
        self.table.layout(self.w, self.table_h())

    def table_h(self) -> int:
        return self.h - self.u(BAR_H)

    def seek(self, k: int) -> None:
        """Stand at step ``k``: the table is rebuilt there (no animation)."""
        self.client.seek(k)
        self._open_table()

    def step_forward(self) -> None:
        if not self.client.forward():
            self.playing = False

    def step_back(self) -> None:
        self.seek(self.client.at - 1)

    @property
    def has_turns(self) -> bool:
        return any(t is not None for t in self.replay.turns)

    def turn_forward(self) -> None:
        if not self.has_turns:
            return
        turns = self.replay.turns
        now = turns[self.client.at]
        for k in range(self.client.at + 1, len(turns)):
            if turns[k] != now:
                self.seek(k)
                return
        self.seek(self.replay.length)

    def turn_back(self) -> None:
        """To the start of this turn, or of the one before when already there."""
        if not self.has_turns:
            return
        turns, at = self.replay.turns, self.client.at
        start = at
        while start > 0 and turns[start - 1] == turns[at]:
            start -= 1
        if start == at and at > 0:
            start -= 1
            while start > 0 and turns[start - 1] == turns[at - 1]:
                start -= 1
        self.seek(start)

    def toggle_play(self) -> None:
        self.playing = not self.playing and self.client.at < self.replay.length
        self.wait = 0.0
        self.layout(self.w, self.h)

    def set_speed(self, speed: Any) -> None:
        self.speed = float(speed)

    def set_seat(self, seat: Any) -> None:
        self.seat = seat if isinstance(seat, int) else None
        self.client = replay.ReplayClient(self.replay, self.seat, self.client.at)
        self._open_table()

    # ---- the controls ----------------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        if self.table is not None:
            self.table.layout(w, self.table_h())
        u = self.u
        top = self.table_h()
        g = Group()
        self.timeline = Timeline(self, pygame.Rect(u(20), top + u(12), w - u(280), u(14)))
        g.add(self.timeline)
        y, bh = top + u(36), u(44)
        x = u(20)
        buttons: list[tuple[str, Callable[[], None], int]] = [
            ("replay.turn_back", self.turn_back, 96), ("replay.step_back", self.step_back, 96),
            ("replay.pause" if self.playing else "replay.play", self.toggle_play, 110),
            ("replay.step_forward", self.step_forward, 96), ("replay.turn_forward", self.turn_forward, 96)]
        if not self.has_turns:  # a game without turns (Chaos Realms): actions only
            buttons = [b for b in buttons if b[0] not in ("replay.turn_back", "replay.turn_forward")]
        for key, fn, width in buttons:
            b = Button(self.tr(key), fn, pygame.Rect(x, y, u(width), bh), primary=key in ("replay.play", "replay.pause"))
            b.app_sound = self.app.sound.play
            g.add(b)
            x += u(width) + u(8)
        speeds = [(s, f"{s:g}×") for s in SPEEDS]
        g.add(Cycle(speeds, self.speed, self.set_speed, pygame.Rect(x + u(8), y, u(150), bh),
                    caption=self.tr("replay.speed"), wrap=False))
        x += u(166)
        everyone = "replay.everyone_revealed" if self.replay.ended else "replay.everyone"  # a finished game: every hand
        seats: list[tuple[Any, str]] = [] if self.replay.seen else [(None, str(self.tr(everyone)))]
        seats += [(i, self.names[i]) for i in range(len(self.names)) if not self.replay.seen or i == self.replay.seat]
        self.seat_cycle = Cycle(seats, self.seat, self.set_seat, pygame.Rect(x, y, u(210), bh),
                                caption=self.tr("replay.view"))
        g.add(self.seat_cycle)
        close = Button(self.tr("replay.close"), lambda: self.close(None), pygame.Rect(w - u(130), y, u(110), bh))
        close.app_sound = self.app.sound.play
        g.add(close)
        self.group = g

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            keys: dict[int, Callable[[], None]] = {
                pygame.K_ESCAPE: lambda: self.close(None), pygame.K_SPACE: self.toggle_play,
                pygame.K_RIGHT: self.step_forward, pygame.K_LEFT: self.step_back,
                pygame.K_UP: self.turn_forward, pygame.K_DOWN: self.turn_back}
            if event.key in keys:
                keys[event.key]()
                return
        if self.group.handle(event):
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEWHEEL):  # hover and the log; no moves
            self.table.handle(event)

    def update(self, dt: float) -> None:
        self.table.update(dt)
        if not self.playing:
            return
        if not (self.table.director.idle and self.table.synced):
            self.wait = 0.0
            return
        self.wait += dt
        if self.wait >= STEP_S / self.speed:
            self.wait = 0.0
            self.step_forward()
            if not self.playing:
                self.layout(self.w, self.h)

    def animating(self) -> bool:
        return self.playing or bool(self.table.animating())

    def leave(self) -> None:
        self.table.closed = True

    def draw(self, surf: pygame.Surface) -> None:
        top = self.table_h()
        self.table.draw(surf.subsurface(pygame.Rect(0, 0, self.w, top)))
        bar = pygame.Rect(0, top, self.w, self.h - top)
        surf.fill(theme.PANEL, bar)
        pygame.draw.line(surf, theme.PANEL_EDGE, bar.topleft, bar.topright, max(1, self.u(2)))
        self.group.draw(surf)
        turn = self.client.turn
        words = self.tr("replay.where", k=self.client.at, n=self.replay.length)
        if turn is not None:
            words = f"{self.tr('saves.turn', turn=turn)} · {words}"
        room = self.w - self.u(20) - self.timeline.rect.right - self.u(10)  # right of the timeline, clear of it
        t = theme.fit_text(words, self.u(15), room, theme.TEXT_DIM)
        surf.blit(t, t.get_rect(midright=(self.w - self.u(20), top + self.u(19))))
