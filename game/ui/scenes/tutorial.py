"""The lessons screen: every guided first game of the games the table offers, one
button each; picking one starts it on its table (game/ui/tutorial/start.py)."""

from __future__ import annotations

from typing import Any

from game.session.tutorial import Lesson, games_with_lessons, lessons, say
from game.ui.scenes.dialogs import ChoiceDialog
from game.ui.tutorial.start import open_lesson


class TutorialScene(ChoiceDialog):
    """Pick a lesson (digits pick one too); Back or Esc returns to the title."""

    def __init__(self, app: Any) -> None:
        problems: list[str] = []
        found = [lesson for game in games_with_lessons() for lesson in lessons(game, problems)]
        lang = app.tr.lang
        super().__init__(app, str(app.tr("tutorial.title")), [(lesson, say(lesson.title, lang)) for lesson in found],
                         (None, str(app.tr("newgame.back"))), subtitle=str(app.tr("tutorial.subtitle")))
        for problem in problems:  # a malformed lesson file is left out, and said why
            app.toast(str(app.tr("tutorial.broken", reason=problem)), 8)

    def close(self, result: Any = None) -> None:
        super().close(result)
        if isinstance(result, Lesson):
            open_lesson(self.app, result)
