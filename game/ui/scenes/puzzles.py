"""The Puzzles screen: every game's puzzles, one tab a game, one row a puzzle (its title
in the player's language, its goal, a mark once solved, the player's own marked as such);
the files that are not puzzles are listed with their one-line reason. Picking a row
opens the puzzle on its game's table (game/ui/puzzles/start.py); the progress is the
player's (``game/session/puzzle_progress.py``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game import games
from game.session.puzzle_progress import Progress
from game.session.puzzles import USER, Listed, Puzzle, listing
from game.ui import theme
from game.ui.puzzles.start import AiFactory, goal_words, open_puzzle
from game.ui.scene import Scene
from game.ui.scenes.common import Backdrop
from game.ui.widgets.basic import Button, Group, Pressable

MAX_PROBLEMS = 3  # bad files shown under the list (the rest are counted)


class PuzzleRow(Pressable):
    """One puzzle: its mark, title and goal, the whole row a button."""

    def __init__(self, puzzle: Puzzle, title: str, goal: str, solved: bool, own: str, on_click: Callable[[], Any],
                 rect: pygame.Rect) -> None:
        super().__init__(rect)
        self.puzzle = puzzle
        self.title = title
        self.goal = goal
        self.solved = solved
        self.own = own  # "" for a shipped puzzle, else the word that marks the player's own
        self.on_click = on_click

    def activate(self) -> None:
        self.on_click()

    def draw(self, surf: pygame.Surface) -> None:
        r = self.rect
        base = theme.shade(theme.PANEL_LIGHT, 1.18) if self.hover or self.focused else theme.PANEL_LIGHT
        rad = max(4, r.height // 5)
        pygame.draw.rect(surf, base, r, border_radius=rad)
        pygame.draw.rect(surf, theme.HILITE if self.focused else theme.PANEL_EDGE, r, 1, border_radius=rad)
        size = int(r.height * 0.42)
        mark = pygame.Rect(0, 0, size, size)
        mark.midleft = (r.left + r.height // 3, r.centery)
        if self.solved:  # drawn, not a glyph: every font has it
            pygame.draw.ellipse(surf, theme.OK, mark)
            pts = [(mark.left + size * 0.22, mark.top + size * 0.52), (mark.left + size * 0.43, mark.top + size * 0.72),
                   (mark.left + size * 0.78, mark.top + size * 0.3)]
            pygame.draw.lines(surf, theme.TEXT_DARK, False, pts, max(2, size // 7))
        else:
            pygame.draw.ellipse(surf, theme.TEXT_DIM, mark, max(1, size // 9))
        x = mark.right + r.height // 3
        goal_w = int(r.width * 0.42)
        title_w = r.right - goal_w - x - r.height // 3
        text = theme.fit_text(self.title, int(r.height * 0.42), title_w, theme.TEXT, "bold")
        surf.blit(text, text.get_rect(midleft=(x, r.centery)))
        if self.own:
            tag = theme.fit_text(self.own, int(r.height * 0.32), r.height * 3, theme.ACCENT)
            surf.blit(tag, tag.get_rect(midleft=(x + text.get_width() + r.height // 4, r.centery)))
        goal = theme.fit_text(self.goal, int(r.height * 0.36), goal_w - r.height // 3, theme.TEXT_DIM)
        surf.blit(goal, goal.get_rect(midright=(r.right - r.height // 3, r.centery)))


class PuzzlesScene(Scene):
    """Tabs of the games with puzzles, the chosen game's list, the bad files; Back or Esc
    returns to the title."""

    menu = True

    def __init__(self, app: Any, game: str | None = None, ai: AiFactory | None = None) -> None:
        super().__init__(app)
        self.backdrop = Backdrop()
        self.group = Group()
        self.ai = ai  # who plays the other seats' choices (tests: in this process)
        self.entries: list[Listed] = listing()
        self.progress = Progress(keep=bool(app.persist))
        if self.progress.problem:
            app.toast(str(app.tr("puzzles.progress_bad", reason=self.progress.problem)), 8)
        self.games = [g for g in games.names() if games.game(g).puzzle_rules() is not None]
        self.game = game if game in self.games else (self.games[0] if self.games else "")
        self.rows: list[PuzzleRow] = []
        self.title_y = 0
        self.problems_y = 0

    def puzzles(self, game: str | None = None) -> list[Puzzle]:
        game = self.game if game is None else game
        return [e.puzzle for e in self.entries if e.puzzle is not None and e.puzzle.game == game]

    @property
    def problems(self) -> list[str]:
        return [e.problem for e in self.entries if e.problem]

    def picture(self) -> object:
        return self.game, tuple(self.progress.of(p.id).solved for p in self.puzzles())

    def choose(self, game: str) -> None:
        self.game = game
        self.layout(self.w, self.h)

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        self.group = Group()
        u = self.u
        lang = self.tr.lang
        width = min(w - 2 * u(30), u(900))
        left = (w - width) // 2
        self.title_y = u(12)
        y = self.title_y + theme.font(u(38), "serif").get_height() + u(6)  # the tabs begin under the title's font
        tab_w = (width - u(10) * (len(self.games) - 1)) // max(1, len(self.games))
        tab_h = max(u(40), theme.font(u(18), "bold").get_height() + u(12))
        for i, game in enumerate(self.games):
            b = Button(games.title(game), partial(self.choose, game),
                       pygame.Rect(left + i * (tab_w + u(10)), y, tab_w, tab_h), primary=game == self.game)
            b.app_sound = self.app.sound.play
            self.group.add(b)
        y += tab_h + u(12)
        shown = self.puzzles()
        back_h = u(44)
        problems = min(len(self.problems), MAX_PROBLEMS + 1)
        bottom = h - u(14) - back_h - u(10) - problems * u(20)
        row_h = min(u(44), max(u(22), (bottom - y) // max(1, len(shown)) - u(6)))
        self.rows = []
        for p in shown:
            row = PuzzleRow(p, p.text("title", lang), goal_words(self.tr, p.game, p.goal), self.progress.of(p.id).solved,
                            str(self.tr("puzzles.yours")) if self._origin(p) == USER else "",
                            partial(self.open, p), pygame.Rect(left, y, width, row_h))
            self.rows.append(row)
            self.group.add(row)
            y += row_h + u(6)
        self.problems_y = y + u(4)
        b = Button(self.tr("newgame.back"), lambda: self.close(None),
                   pygame.Rect(left, h - u(14) - back_h, u(220), back_h))
        b.app_sound = self.app.sound.play
        self.group.add(b)
        self.backdrop.fan_top = h  # no fan: the rows fill the screen

    def _origin(self, puzzle: Puzzle) -> str:
        return next((e.origin for e in self.entries if e.puzzle is puzzle), "")

    def open(self, puzzle: Puzzle) -> Any:
        return open_puzzle(self.app, puzzle, self.progress, self.puzzles(puzzle.game), self.ai)

    def draw(self, surf: pygame.Surface) -> None:
        self.backdrop.draw(surf, self.app)
        u = self.u
        t = theme.fit_text(str(self.tr("puzzles.title")), u(38), self.w - u(40), theme.ACCENT, "serif")
        surf.blit(t, t.get_rect(midtop=(self.w // 2, self.title_y)))
        self.group.draw(surf)
        if not self.rows:
            msg = theme.fit_text(str(self.tr("puzzles.none")), u(18), self.w - u(60), theme.TEXT_DIM)
            surf.blit(msg, msg.get_rect(midtop=(self.w // 2, self.problems_y)))
        width = min(self.w - 2 * u(30), u(900))
        x, y = (self.w - width) // 2, self.problems_y
        problems = self.problems
        for text in problems[:MAX_PROBLEMS]:
            line = theme.fit_text(str(self.tr("puzzles.bad_file", reason=text)), u(14), width, theme.DANGER)
            surf.blit(line, (x, y))
            y += u(20)
        if len(problems) > MAX_PROBLEMS:
            left = len(problems) - MAX_PROBLEMS
            words = self.tr("puzzles.more_bad_one") if left == 1 else self.tr("puzzles.more_bad", n=left)
            more = theme.fit_text(str(words), u(14), width, theme.DANGER)
            surf.blit(more, (x, y))
