"""Fantasy Realms' table door: what the shared screens ask of this game's table
(:class:`game.ui.tablekit.entry.TableEntry`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.session import SeatConfig

KEEP = 120  # the latest events a resumed game's log shows


def open_local(app: Any, client: Any, rec: Any, seats: list[SeatConfig]) -> Any:
    from game.ui.fantasy_realms.table import FantasyTableScene

    past = client.session.history(client.seats[0] if client.seats else None, KEEP) if rec.actions else []
    return FantasyTableScene(app, client, [s.name for s in seats], [s.kind for s in seats], rec=rec, history=past)


def open_remote(app: Any, client: Any, names: list[str], on_close: Callable[[], None] | None) -> Any:
    from game.ui.fantasy_realms.table import FantasyTableScene

    return FantasyTableScene(app, client, names, None, rec=None, on_close=on_close)
