"""Hero Realms' table door: what the shared screens ask of this game's table
(:class:`game.ui.tablekit.entry.TableEntry`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from game.session.session import SeatConfig
from game.ui.hero_realms.figures import seat_figures

if TYPE_CHECKING:
    from game.ui.i18n import Tr
    from game.ui.tablekit.options import GameOptions, OptionsScreen

KEEP = 120  # the latest events a resumed game's log shows


def open_local(app: Any, client: Any, rec: Any, seats: list[SeatConfig]) -> Any:
    from game.ui.hero_realms.table import TableScene

    stats: dict[int, dict[str, int]] | None = None
    history: list[dict[str, Any]] = []
    if rec.actions:
        past = client.session.history(client.seats[0] if client.seats else None)
        stats, history = seat_figures(rec, past), past[-KEEP:]
    return TableScene(app, client, [s.name for s in seats], [s.kind for s in seats], rec=rec, stats=stats,
                      history=history)


def open_remote(app: Any, client: Any, names: list[str], on_close: Callable[[], None] | None) -> Any:
    from game.ui.hero_realms.table import TableScene

    client.keep_history = True  # what this seat sees is kept in the history of finished games
    return TableScene(app, client, names, None, rec=None, history=list(getattr(client, "past", [])), on_close=on_close)


def open_replay(app: Any, client: Any, names: list[str], kinds: list[str]) -> Any:
    from game.ui.hero_realms.table import TableScene

    table = TableScene(app, client, names, kinds, rec=None, history=client.history()[-KEEP:])
    table.over_shown = True  # a replay's end needs no end-of-game panel
    return table


RULES_STEM = "rules"  # data/i18n/rules_<lang>.md


def rules_bullet(size: int) -> Any:
    """The bullet of the rules page: the Imperial faction's mark."""
    from game.ui.render import icons

    return icons.icon("imperial", size)


def tour(app: Any, shot: Callable[[str], None]) -> None:
    """This game's scenes of the screenshot tour."""
    from game.ui.hero_realms.capture import tour as game_tour

    game_tour(app, shot)


def saved_game() -> Any:
    """A record of this game for the Load list's picture."""
    from game.ui.hero_realms.capture import saved_game as record

    return record()


SHOWCASE = ["arkus_imperial_dragon", "dire_wolf", "krythos_master_vampire", "rake_master_assassin", "fire_gem",
            "borg_ogre_mercenary", "tithe_priest", "torgen_rocksplitter", "spark", "life_drain"]


def showcase() -> list[str]:
    """The menus' fan: a champion of each faction first, then more of the market."""
    return list(SHOWCASE)


def fan_face(app: Any, card: str, width: int, lang: str, angle: float) -> Any:
    """A Hero Realms face for the menus' fan, from the app's card art."""
    return app.art.turned(card, width, lang, angle)


def new_options(screen: OptionsScreen, previous: object | None) -> GameOptions:
    """The New game screen's Hero Realms panel: the format."""
    from game.ui.hero_realms.options import HeroOptions

    return HeroOptions(screen, previous)


def setup_words(tr: Tr, fmt: str, modules: Sequence[str]) -> str:
    """A LAN game's setup after the title: its format's name ("Free for all")."""
    return tr(f"newgame.format_{fmt}") if tr.has(f"newgame.format_{fmt}") else fmt


def rulings_line(tr: Tr, rulings: Mapping[str, bool]) -> str | None:
    """Hero Realms has no disputed rulings to show in the lobby."""
    return None
