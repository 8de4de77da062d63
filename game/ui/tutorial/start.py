"""Starting a lesson: its session, the client that keeps to its script, its table and coach."""

from __future__ import annotations

from typing import Any

from game.core.errors import RealmsError
from game.session.session import Session
from game.session.tutorial import Lesson
from game.session.tutorial_client import OPPONENT_PAUSE_S, TutorialClient, lesson_seats
from game.ui.tablekit.entry import table_entry
from game.ui.tutorial.coach import Coach


def seat_names(app: Any, lesson: Lesson, n: int) -> list[str]:
    """The player's name (from the settings, else "You") and the scripted opponents'."""
    me = app.settings.player_name or str(app.tr("tutorial.you"))
    others = iter(range(1, n))
    return [me if i == lesson.seat else str(app.tr("tutorial.rival", n=next(others))) for i in range(n)]


def open_lesson(app: Any, lesson: Lesson, pause_s: float = OPPONENT_PAUSE_S) -> Any:
    """Push the lesson's table (nothing is saved or kept in the history); None, with a
    toast saying why, when the lesson cannot start."""
    try:
        rec = lesson.record()
        n = rec.replay().n
        seats = lesson_seats(lesson, n, seat_names(app, lesson, n))
        # a lesson saved from the pause menu loads as a game against the Medium AI
        rec.setup["players"] = [{"kind": "human" if i == lesson.seat else "ai", "name": s.name, "agent": "medium"}
                                for i, s in enumerate(seats)]
        client = TutorialClient(Session(rec, seats), lesson, app.tr.lang, pause_s)
    except (RealmsError, ValueError) as exc:
        app.toast(str(app.tr("tutorial.broken", reason=str(exc))), 8)
        return None
    table = table_entry(lesson.game).open_local(app, client, rec, seats)
    table.over_shown = True  # the lesson's closing panel replaces the end-of-game screen
    table.overlay = Coach(app, table, client)
    app.push(table)
    return table
