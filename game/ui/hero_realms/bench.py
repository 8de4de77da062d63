"""The Hero Realms table's frame time, for ``python -m game bench`` (section "ui").

A busy four-player table (champions, cards in play, a full market) at 1600×900
with the dummy video driver: the human ends the turn and the three AI seats,
thinking in worker processes, play theirs while the table animates every event
at normal speed (the measuring is the table kit's, ``game/ui/tablekit/bench.py``).
"""

from __future__ import annotations

from typing import Any

from game.ui.tablekit.bench import bench_table, headless, measure_table


def _strongest() -> str:
    from game.ai.agent import agent_names

    names = agent_names()
    for n in ("hard", "medium", "easy"):
        if n in names:
            return n
    return names[0]



def ui_section(quick: bool) -> dict[str, Any]:
    headless()
    from game.session.session import SeatConfig
    from game.ui.hero_realms.capture import busy_position
    from game.ui.hero_realms.table import TableScene

    agent = _strongest()
    seats = [SeatConfig("human", "Ana")] + [SeatConfig("ai", f"Bot {i}", agent) for i in range(1, 4)]
    app, table = bench_table(TableScene, busy_position(4, seed=3), seats)
    ai_busy_frames = 0

    def act() -> None:
        if table.can_act:
            line = "end" if "end" in table.model.legal else table.model.legal[0]
            table.submit(line)

    def look() -> None:
        nonlocal ai_busy_frames
        if table.client.ai.thinking():
            ai_busy_frames += 1

    figures = measure_table(app, table, 300 if quick else 1200, act, look)
    return {
        "table": "4 seats, busy position, 1600x900, normal speed",
        "agent": agent,
        **figures,
        "frames_with_ai_thinking": ai_busy_frames,
    }
