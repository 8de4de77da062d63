"""Hero Realms' table line of ``python -m game --selftest``: two AI seats play a few turns through the table."""

from __future__ import annotations

from game.ui.tablekit.selftest import table_line

LIMIT_S = 60
ACTIONS = 40  # the actions the AI seats play through the table before the check passes


def check_table() -> str:
    from game.hero_realms.record import Record
    from game.session.session import SeatConfig

    seats = [SeatConfig("ai", "A", "random"), SeatConfig("ai", "B", "random")]
    return table_line("game.ui.hero_realms.table:TableScene", Record.standard(2, seed=7), seats, LIMIT_S, ACTIONS)
