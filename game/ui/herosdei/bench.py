"""The HerosDeï table's frame time, for ``python -m game bench`` (section "ui_herosdei").

A game already under way (Characters in play with their given cards, both museums
filling) at 1600x900 with the dummy video driver, normal animation speed: the human
seat plays the first placement, destiny or combat it may (else passes) and answers
the table's dialogs, while a Medium AI seat, thinking in a worker process, plays its
own turns and the table animates every event. The measuring is the table kit's
(``game/ui/tablekit/bench.py``): only each frame's own work is timed.
"""

from __future__ import annotations

from typing import Any

from game.ui.tablekit.bench import bench_table, headless, measure_table

WARM_TURN = 3  # the turn the position starts at (a table with Characters, given cards and museums)


def ui_herosdei_section(quick: bool) -> dict[str, Any]:
    headless()
    from game.session.session import SeatConfig
    from game.ui.herosdei.capture import advance
    from game.ui.herosdei.dialogs import PickDialog
    from game.ui.herosdei.table import HdTableScene

    rec = advance(3, lambda st: st.turn >= WARM_TURN) or advance(3, lambda st: True)
    if rec is None:
        raise RuntimeError("no HerosDeï position to open the table on")
    seats = [SeatConfig("human", "Ana"), SeatConfig("ai", "Bot", "medium")]
    rec.setup["players"] = [{"kind": s.kind, "name": s.name, "agent": s.agent} for s in seats]
    app, table = bench_table(HdTableScene, rec, seats)

    def act() -> None:
        top = app.top
        if isinstance(top, PickDialog):  # the engine asks (hand limit, Monster, a Character): the first answer
            first = next((o.value for o in top.q.options if o.value is not None), None)
            top.close(first)
        elif top is table and table.can_act and table.model.legal:
            legal = table.model.legal
            line = next((x for x in legal if x.startswith(("play ", "attack "))), None) or \
                next((x for x in legal if x in ("done", "pass", "skip")), legal[0])
            table.submit(line)

    figures = measure_table(app, table, 300 if quick else 1200, act)
    return {
        "table": "HerosDeï, human vs Medium, a game under way, 1600x900, normal speed",
        **figures,
    }
