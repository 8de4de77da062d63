"""HerosDeï's table door: what the shared screens ask of this game's table
(:class:`game.ui.tablekit.entry.TableEntry`). The table scenes are this package's; the
faces' hooks (``RULES_STEM``, ``rules_bullet``, ``showcase``, ``fan_face``), the New game
panel and the tour come from their modules."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from game.session.session import SeatConfig
from game.ui.herosdei.faces import RULES_STEM, fan_face, rules_bullet, showcase

if TYPE_CHECKING:
    from game.ui.i18n import Tr
    from game.ui.tablekit.options import GameOptions, OptionsScreen

KEEP = 120  # the latest events a resumed game's log shows


def open_local(app: Any, client: Any, rec: Any, seats: list[SeatConfig]) -> Any:
    from game.ui.herosdei.table import HdTableScene

    past = client.session.history(client.seats[0] if client.seats else None, KEEP) if rec.actions else []
    return HdTableScene(app, client, [s.name for s in seats], [s.kind for s in seats], rec=rec, history=past)


def open_remote(app: Any, client: Any, names: list[str], on_close: Callable[[], None] | None) -> Any:
    from game.ui.herosdei.table import HdTableScene

    client.keep_history = True  # what this seat sees is kept in the history of finished games
    # a seat taken back from a new process: its log starts with the game's recent past
    return HdTableScene(app, client, names, None, rec=None, history=list(getattr(client, "past", [])), on_close=on_close)


def open_replay(app: Any, client: Any, names: list[str], kinds: list[str]) -> Any:
    from game.ui.herosdei.table import HdTableScene

    table = HdTableScene(app, client, names, kinds, rec=None, history=client.history()[-KEEP:])
    table.over_shown = True  # a replay's end needs no end-of-game panel
    return table


def tour(app: Any, shot: Callable[[str], None]) -> None:
    """This game's scenes of the screenshot tour."""
    from game.ui.herosdei.capture import tour as game_tour

    game_tour(app, shot)


def saved_game() -> Any:
    """A record of this game for the Load list's picture."""
    from game.ui.herosdei.capture import saved_game as record

    return record()


def new_options(screen: OptionsScreen, previous: object | None) -> GameOptions:
    from game.ui.herosdei.options import new_options as panel

    options: GameOptions = panel(screen, previous)
    return options


def setup_words(tr: Tr, fmt: str, modules: Sequence[str]) -> str:
    from game.ui.herosdei.options import setup_words as words

    return str(words(tr, fmt, modules))


def rulings_line(tr: Tr, rulings: Mapping[str, bool]) -> str | None:
    from game.ui.herosdei.options import rulings_line as line

    said: str | None = line(tr, rulings)
    return said


__all__ = ["RULES_STEM", "fan_face", "new_options", "open_local", "open_remote", "open_replay", "rules_bullet",
           "rulings_line", "saved_game", "setup_words", "showcase", "tour"]
