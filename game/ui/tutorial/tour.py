"""The lessons in the screenshot tour (game/ui/capture.py): the lessons screen, and in
each game's first lesson the first step that brings a new rule with an arrow to follow."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.session.tutorial import games_with_lessons, lessons, prefixed
from game.ui.tutorial.start import open_lesson

Frames = Callable[[Any, int], None]


def _shown_step(lesson: Any) -> int:
    """The step the picture shows: the first with a rule and an arrow (else the first)."""
    return next((i for i, s in enumerate(lesson.steps) if s.rule and s.to is not None), 0)


def _follow(app: Any, table: Any, until: int, frames: Frames) -> None:
    """Play the lesson's expected lines through the table up to step ``until``."""
    script = table.overlay.script
    for _ in range(2000):
        if script.index >= until or script.finished:
            break
        frames(app, 1)
        if not table.can_act or script.opponents_turn:
            continue
        step = script.step
        lines = prefixed(table.model.legal, step.prefix) if step.prefix else script.expected()
        table.submit(lines[0])


def tour(app: Any, shot: Callable[[str], None], frames: Frames, chosen: list[str]) -> None:
    """``16_tutorials`` (the lessons screen) and ``16_tutorial_<game>`` for each chosen game."""
    from game.ui.scenes.title import TitleScene

    app.reset(TitleScene(app))
    app.push(app.new_screen("tutorial"))
    frames(app, 5)
    shot("16_tutorials")
    for game in [g for g in games_with_lessons() if g in chosen]:
        app.reset(TitleScene(app))
        lesson = lessons(game)[0]
        table = open_lesson(app, lesson, pause_s=0)
        if table is None:
            continue
        _follow(app, table, _shown_step(lesson), frames)
        for _ in range(600):  # until the pointer shows (the player may act), and a little more
            frames(app, 1)
            if table.can_act:
                break
        frames(app, 30)
        shot(f"16_tutorial_{game}")
    app.reset(TitleScene(app))
