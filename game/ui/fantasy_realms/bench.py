"""The Fantasy Realms table's frame time, for ``python -m game bench`` (section "ui_fantasy").

Six seats with the Cursed Items and the new suits at 1600x900 (dummy video
driver), normal animation speed: the human draws and discards, five AI seats
(thinking in worker processes) play their turns while the table animates them,
with the live score recomputed as the hand changes. The loop sleeps to a 60 FPS
pace like the real one; only the frame's own work is timed (wall-clock and this
process's CPU time per frame, which the machine's load does not inflate).
"""

from __future__ import annotations

from typing import Any

from game.ui.tablekit.bench import bench_table, headless, measure_table


def ui_fantasy_section(quick: bool) -> dict[str, Any]:
    headless()
    from game.session.session import SeatConfig
    from game.ui.fantasy_realms.dialogs import PickDialog
    from game.ui.fantasy_realms.setup import FantasySetup
    from game.ui.fantasy_realms.table import FantasyTableScene

    seats = [SeatConfig("human", "Ana")] + [SeatConfig("ai", f"Bot {i}", "medium") for i in range(1, 6)]
    app, table = bench_table(FantasyTableScene, FantasySetup(seats, ["promo", "cursed_items", "cursed_hoard_suits"], 3).record(), seats)

    def act() -> None:
        if table.can_act:
            legal = table.model.legal
            line = next((x for x in legal if x in ("draw deck", "draw two", "end", "pass")), None) or \
                next((x for x in legal if x.startswith(("discard ", "keep "))), legal[0])
            table.submit(line)
        elif isinstance(app.top, PickDialog):  # the engine asks: the first answer
            q = app.top.q
            app.top.close((q.options or q.buttons)[0].value)

    figures = measure_table(app, table, 300 if quick else 1200, act)
    return {
        "table": "Fantasy Realms, 6 seats, Cursed Items + new suits, 1600x900, normal speed",
        **figures,
    }
