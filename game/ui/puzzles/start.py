"""A puzzle on its game's table: opening it, the panel over the table's log (the goal,
the hint, Restart) and the result once the goal is decided (Retry, Next puzzle, Back).

The table is the game's own, driven by :class:`~game.session.puzzle_client.PuzzleClient`;
the verdict is the puzzle's rules', worded here in the player's language (English: the
engine's own sentence). The progress is recorded when the verdict comes. It knows no game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pygame

from game import games
from game.core.errors import RealmsError
from game.core.puzzle import Goal, Verdict
from game.session.ai_seats import AISeats
from game.session.puzzle_client import PuzzleClient, start_puzzle
from game.session.puzzle_progress import Progress
from game.session.puzzles import Puzzle
from game.session.session import Session
from game.ui import theme
from game.ui.scenes.dialogs import MessageDialog
from game.ui.tablekit.entry import table_entry
from game.ui.widgets.basic import Button

if TYPE_CHECKING:
    from game.ui.tablekit.base import TableSceneBase

AiFactory = Callable[[Session], AISeats]
RETRY, NEXT, BACK = "retry", "next", "back"


def _words(tr: Any, game: str, key: str, params: Mapping[str, Any]) -> str:
    """The text at ``key`` with ``params``, a card's name in the player's language ("" when
    there is no such text in a language other than English, or it names a figure not given)."""
    if tr.lang == "en" or not tr.has(key):
        return ""
    given = dict(params)
    if "card" in given:  # the Character a goal names, by its name in the player's language
        name = games.game(game).card_name(str(given["card"]), tr.lang)
        given["target"] = given.get("name", name) if name == given["card"] else name
    words = str(tr(key, **given))
    return "" if "{" in words else words


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]  # the engine's sentence starts in lower case


def goal_words(tr: Any, game: str, goal: Goal) -> str:
    """The goal in the player's language (the file's English words where no text has it)."""
    key = f"puzzles.goal_{goal.kind}" + ("_" + next(iter(goal.params)) if goal.kind == "reach" else "")
    return _words(tr, game, key, goal.params) or _sentence(goal.text)


def verdict_words(tr: Any, game: str, verdict: Verdict) -> str:
    """Why the goal is met or not, in the player's language (English: the engine's sentence)."""
    return _words(tr, game, f"puzzles.why_{verdict.key}", verdict.params) or _sentence(verdict.text)


class PuzzleRun:
    """One puzzle on the table: where it came from (the list it is in, the progress kept)."""

    def __init__(self, app: Any, puzzle: Puzzle, progress: Progress, order: list[Puzzle],
                 ai: AiFactory | None = None) -> None:
        self.app = app
        self.puzzle = puzzle
        self.progress = progress
        self.order = order
        self.ai = ai

    def on_decided(self, verdict: Verdict, moves: int) -> None:
        problem = self.progress.record(self.puzzle.id, verdict.solved, moves)
        if problem:
            self.app.toast(str(self.app.tr("puzzles.not_saved", reason=problem)), 8)

    def next_puzzle(self) -> Puzzle | None:
        ids = [p.id for p in self.order]
        at = ids.index(self.puzzle.id) if self.puzzle.id in ids else -1
        return self.order[at + 1] if 0 <= at < len(ids) - 1 else None

    def again(self, table: Any, puzzle: Puzzle | None) -> None:
        """Close this table; open ``puzzle`` (None: back to the list under it)."""
        self.app.pop(table)
        if puzzle is not None:
            open_puzzle(self.app, puzzle, self.progress, self.order, self.ai)


def open_puzzle(app: Any, puzzle: Puzzle, progress: Progress, order: list[Puzzle],
                ai: AiFactory | None = None) -> Any:
    """Push the puzzle's table with its panel; None, with a toast saying why, when it cannot start."""
    run = PuzzleRun(app, puzzle, progress, order, ai)
    me = app.settings.player_name or str(app.tr("tutorial.you"))
    try:
        first = puzzle.attempt()
        others = iter(range(1, first.start.n))
        names = [me if i == first.solver else str(app.tr("tutorial.rival", n=next(others)))
                 for i in range(first.start.n)]
        client, rec, seats = start_puzzle(puzzle, names, ai, run.on_decided)
    except (RealmsError, ValueError) as exc:
        app.toast(str(app.tr("puzzles.broken", reason=str(exc))), 8)
        return None
    table = table_entry(puzzle.game).open_local(app, client, rec, seats)
    table.over_shown = True  # the puzzle's result replaces the end-of-game screen
    table.overlay = PuzzlePanel(app, table, client, run)
    app.push(table)
    return table


class PuzzlePanel:
    """The goal, the hint (once asked for) and Restart over the table's log; the result
    once the verdict is decided and the table has shown every move."""

    def __init__(self, app: Any, table: TableSceneBase, client: PuzzleClient, run: PuzzleRun) -> None:
        self.app = app
        self.table = table
        self.client = client
        self.run = run
        self.hint_shown = False
        self.result_shown = False
        tr = app.tr
        self.hint_btn = Button(str(tr("puzzles.hint")), self.show_hint)
        self.restart_btn = Button(str(tr("puzzles.restart")), lambda: run.again(table, run.puzzle))
        for b in (self.hint_btn, self.restart_btn):
            b.app_sound = app.sound.play
        self.rect = pygame.Rect(0, 0, 0, 0)

    def show_hint(self) -> None:
        self.hint_shown = True

    def update(self, dt: float) -> None:
        group = self.table.group
        for b in (self.hint_btn, self.restart_btn):
            if b not in group.widgets:  # the table's layout makes its group anew: the panel's buttons join it
                group.add(b)
        self.hint_btn.enabled = not self.hint_shown
        tb = self.table
        if (self.client.decided and not self.result_shown and self.app.top is tb and tb.director.idle
                and tb.synced):
            self.result_shown = True
            verdict = self.client.verdict()
            self.app.sound.play("win" if verdict.solved else "error")
            self.app.push(ResultDialog(self.app, self.run, verdict), self._after)

    def _after(self, choice: object) -> None:
        run = self.run
        if choice == RETRY:
            run.again(self.table, run.puzzle)
        elif choice == NEXT:
            run.again(self.table, run.next_puzzle())
        elif choice == BACK:
            run.again(self.table, None)

    def _lines(self, width: int, size: int) -> list[tuple[str, theme.Color, pygame.font.Font]]:
        tr = self.app.tr
        lang = tr.lang
        body, small = theme.font(size), theme.font(max(8, size - 2))
        out: list[tuple[str, theme.Color, pygame.font.Font]] = []
        for text, color, f in ((str(tr("puzzles.goal", goal=goal_words(tr, self.run.puzzle.game, self.client.attempt.goal))), theme.TEXT,
                                body),
                               (str(tr("puzzles.hint_is", hint=self.run.puzzle.text("hint", lang)))
                                if self.hint_shown else "", theme.HILITE, small),
                               (verdict_words(tr, self.run.puzzle.game, self.client.verdict()), theme.TEXT_DIM, small)):
            out += [(line, color, f) for line in theme.wrap(text, f, width)] if text else []
        return out

    def draw(self, surf: pygame.Surface) -> None:
        u = self.table.u
        area = self.table.lay.log
        pad, bh = u(10), u(34)
        title = self.run.puzzle.text("title", self.app.tr.lang)
        size = u(16)
        half = (area.width - 3 * pad) // 2
        label = theme.font(int(bh * 0.42), "bold")  # a Button's label at its full size
        stacked = max(label.size(b.label)[0] for b in (self.hint_btn, self.restart_btn)) > half - bh // 2
        buttons = 2 * bh + pad if stacked else bh  # one above the other when a word would not fit beside
        while True:  # the words shrink until the panel fits over the log
            lines = self._lines(area.width - 2 * pad, size)
            height = 3 * pad + u(26) + sum(f.get_linesize() for _, _, f in lines) + buttons
            if height <= area.height or size <= u(11):
                break
            size -= 1
        self.rect = pygame.Rect(area.left, area.top, area.width, min(area.height, height))
        theme.panel(surf, self.rect, theme.PANEL, theme.HILITE, u(12), width=max(2, u(2)))
        x, y = self.rect.left + pad, self.rect.top + pad
        surf.blit(theme.fit_text(title, u(18), area.width - 2 * pad, theme.ACCENT, "serif"), (x, y))
        y += u(26)
        for line, color, f in lines:
            surf.blit(f.render(line, True, color), (x, y))
            y += f.get_linesize()
        bottom = self.rect.bottom - pad - bh
        if stacked:
            self.hint_btn.rect = pygame.Rect(x, bottom - bh - pad, area.width - 2 * pad, bh)
            self.restart_btn.rect = pygame.Rect(x, bottom, area.width - 2 * pad, bh)
        else:
            self.hint_btn.rect = pygame.Rect(x, bottom, half, bh)
            self.restart_btn.rect = pygame.Rect(x + half + pad, bottom, half, bh)
        self.hint_btn.draw(surf)
        self.restart_btn.draw(surf)


class ResultDialog(MessageDialog):
    """"Solved!" or "Not solved" with the reason; Retry, Next puzzle (when there is one), Back."""

    def __init__(self, app: Any, run: PuzzleRun, verdict: Verdict) -> None:
        tr = app.tr
        why = verdict_words(tr, run.puzzle.game, verdict)
        answers = [(RETRY, str(tr("puzzles.retry")))] + ([(NEXT, str(tr("puzzles.next")))] if run.next_puzzle() else [])
        super().__init__(app, str(tr("puzzles.solved" if verdict.solved else "puzzles.failed")),
                         why if verdict.solved else str(tr("puzzles.not_solved", reason=why)),
                         answers + [(BACK, str(tr("puzzles.back")))],
                         RETRY if not verdict.solved else NEXT if len(answers) > 1 else BACK, BACK)
        self.run = run
        self.verdict = verdict
