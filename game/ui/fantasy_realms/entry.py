"""Fantasy Realms' table door: what the shared screens ask of this game's table
(:class:`game.ui.tablekit.entry.TableEntry`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.session import SeatConfig

KEEP = 120  # the latest events a resumed game's log shows


def _scene(chaos: bool) -> Any:
    """The table of a standard game, or of Chaos Realms (the variant without turns)."""
    if chaos:
        from game.ui.fantasy_realms.chaos_table import ChaosTableScene

        return ChaosTableScene
    from game.ui.fantasy_realms.table import FantasyTableScene

    return FantasyTableScene


def open_local(app: Any, client: Any, rec: Any, seats: list[SeatConfig]) -> Any:
    past = client.session.history(client.seats[0] if client.seats else None, KEEP) if rec.actions else []
    return _scene(rec.setup.get("kind") == "chaos")(app, client, [s.name for s in seats], [s.kind for s in seats], rec=rec, history=past)


def open_remote(app: Any, client: Any, names: list[str], on_close: Callable[[], None] | None) -> Any:
    chaos = client.view(client.seats[0] if client.seats else None).get("variant") == "chaos"
    return _scene(chaos)(app, client, names, None, rec=None, on_close=on_close)


RULES_STEM = "rules_fantasy_realms"  # data/i18n/rules_fantasy_realms_<lang>.md


def rules_bullet(size: int) -> Any:
    """The bullet of the rules page: the Wizard suit's star."""
    from game.ui import theme
    from game.ui.fantasy_realms import suits

    return suits.icon("wizard", size, theme.ACCENT)


def tour(app: Any, shot: Callable[[str], None]) -> None:
    """This game's scenes of the screenshot tour."""
    from game.ui.fantasy_realms.capture import tour as game_tour

    game_tour(app, shot)


def saved_game() -> Any:
    """A record of this game for the Load list's picture."""
    from game.ui.fantasy_realms.capture import saved_game as record

    return record()
