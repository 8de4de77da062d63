"""HerosDeï's table line of ``python -m game --selftest``: a whole game drawn off-screen."""

from __future__ import annotations

from typing import Any

from game.ui.tablekit.selftest import play_off_screen

LIMIT_S = 90  # a whole game between two Easy seats takes a few seconds; a stuck table fails here


def check_table() -> str:
    """The HerosDeï table off-screen: two AI seats play a whole game through it."""
    from game.session import local as games
    from game.session.ai_seats import NO_PAUSE
    from game.session.session import SeatConfig
    from game.ui.herosdei.options import HdSetup
    from game.ui.herosdei.table import HdTableScene

    seats = [SeatConfig("ai", "A", "easy"), SeatConfig("ai", "B", "easy")]
    rec = HdSetup("standard", ("vikings", "amazons"), seats, 7).record()

    def open_table(app: Any) -> HdTableScene:
        client = games.start(rec, seats, ai_pace=0.0, secret_pause=NO_PAUSE)
        table = HdTableScene(app, client, [s.name for s in seats], [s.kind for s in seats], rec=rec)
        app.push(table)
        return table

    frames, over = play_off_screen(open_table, lambda table: bool(table.over_shown), LIMIT_S)
    if not over:
        raise RuntimeError(f"the game was not over after {LIMIT_S} s ({len(rec.actions)} actions)")
    return f"HerosDeï table drawn for {frames} frames, a whole game of {len(rec.actions)} actions"
