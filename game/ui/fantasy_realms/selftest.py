"""Fantasy Realms' table line of ``python -m game --selftest``: a whole game drawn off-screen."""

from __future__ import annotations

from typing import Any

from game.ui.tablekit.selftest import play_off_screen

LIMIT_S = 90  # a whole game between three Easy seats takes a few seconds; a stuck table fails here


def check_table() -> str:
    """The Fantasy Realms table off-screen: three AI seats play a whole game through it."""
    from game.session import local as games
    from game.session.session import SeatConfig
    from game.ui.fantasy_realms.setup import FantasySetup
    from game.ui.fantasy_realms.table import FantasyTableScene

    seats = [SeatConfig("ai", n, "easy") for n in ("A", "B", "C")]
    rec = FantasySetup(seats, ["promo", "cursed_items", "cursed_hoard_suits"], 7).record()

    def open_table(app: Any) -> FantasyTableScene:
        client = games.start(rec, seats, ai_pace=0.0)
        table = FantasyTableScene(app, client, [s.name for s in seats], [s.kind for s in seats], rec=rec)
        app.push(table)
        return table

    frames, over = play_off_screen(open_table, lambda table: bool(table.over_shown), LIMIT_S)
    if not over:
        raise RuntimeError(f"the game was not over after {LIMIT_S} s ({len(rec.actions)} actions)")
    return f"Fantasy Realms table drawn for {frames} frames, a whole game of {len(rec.actions)} actions"
