"""Hero Realms' table line of ``python -m game --selftest``: the table drawn off-screen."""

from __future__ import annotations

from typing import Any

from game.ui.tablekit.selftest import play_off_screen

LIMIT_S = 60
ACTIONS = 40  # the actions the AI seats play through the table before the check passes


def check_table() -> str:
    """Open the table off-screen and let two AI seats play a few turns through it."""
    from game.hero_realms.record import Record
    from game.session import local as games
    from game.session.session import SeatConfig
    from game.ui.hero_realms.table import TableScene

    seats = [SeatConfig("ai", "A", "random"), SeatConfig("ai", "B", "random")]
    rec = Record.standard(2, seed=7)

    def open_table(app: Any) -> TableScene:
        client = games.start(rec, seats, ai_pace=0.0)
        table = TableScene(app, client, [s.name for s in seats], [s.kind for s in seats], rec=rec)
        app.push(table)
        return table

    frames, played = play_off_screen(open_table, lambda table: len(rec.actions) >= ACTIONS, LIMIT_S)
    if not played:
        raise RuntimeError(f"the table advanced only {len(rec.actions)} actions in {LIMIT_S} s")
    return f"table drawn off-screen for {frames} frames while AI seats played {len(rec.actions)} actions"
