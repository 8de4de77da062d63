"""HerosDeï's table line of ``python -m game --selftest``: two AI seats play a whole game through the table."""

from __future__ import annotations

from game.ui.tablekit.selftest import table_line

LIMIT_S = 90  # a whole game between two Easy seats takes a few seconds; a stuck table fails here


def check_table() -> str:
    from game.session.session import SeatConfig
    from game.ui.herosdei.options import HdSetup

    seats = [SeatConfig("ai", "A", "easy"), SeatConfig("ai", "B", "easy")]
    rec = HdSetup("standard", ("vikings", "amazons"), seats, 7).record()
    return table_line("game.ui.herosdei.table:HdTableScene", rec, seats, LIMIT_S)
