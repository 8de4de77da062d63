"""Fantasy Realms' table line of ``python -m game --selftest``: three AI seats play a whole game through the table."""

from __future__ import annotations

from game.ui.tablekit.selftest import table_line

LIMIT_S = 90  # a whole game between three Easy seats takes a few seconds; a stuck table fails here


def check_table() -> str:
    from game.session.session import SeatConfig
    from game.ui.fantasy_realms.setup import FantasySetup

    seats = [SeatConfig("ai", n, "easy") for n in ("A", "B", "C")]
    rec = FantasySetup(seats, ["promo", "cursed_items", "cursed_hoard_suits"], 7).record()
    return table_line("game.ui.fantasy_realms.table:FantasyTableScene", rec, seats, LIMIT_S)
