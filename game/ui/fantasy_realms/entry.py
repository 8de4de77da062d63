"""Fantasy Realms' table door: what the shared screens ask of this game's table
(:class:`game.ui.tablekit.entry.TableEntry`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from game.session.session import SeatConfig

if TYPE_CHECKING:
    from game.ui.i18n import Tr
    from game.ui.tablekit.options import GameOptions, OptionsScreen

KEEP = 120  # the latest events a resumed game's log shows
MODULE_ORDER = ("promo", "cursed_items", "cursed_hoard_suits")  # as the New game screen shows them


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
    client.keep_history = True  # what this seat sees is kept in the history of finished games
    return _scene(chaos)(app, client, names, None, rec=None, history=list(getattr(client, "past", [])), on_close=on_close)


def open_replay(app: Any, client: Any, names: list[str], kinds: list[str]) -> Any:
    chaos = client.view(client.seats[0] if client.seats else None).get("variant") == "chaos"
    table = _scene(chaos)(app, client, names, kinds, rec=None, history=client.history()[-KEEP:])
    table.over_shown = True  # a replay's end needs no end-of-game panel
    return table


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


SHOWCASE = ["FR39", "FR16", "FR36", "FR31", "FR29", "CH11", "FR40", "FR43", "FR55", "CH06"]


def showcase() -> list[str]:
    """The menus' fan: Dragon, Wildfire, Unicorn, King, Warlock Lord, the Dark Queen..."""
    return list(SHOWCASE)


def fan_face(app: Any, card: str, width: int, lang: str, angle: float) -> Any:
    """A Fantasy Realms face for the menus' fan, from this game's face cache, turned."""
    from game.ui.fantasy_realms.faces import art_of

    return art_of(app).turned(card, width, lang, angle)


def new_options(screen: OptionsScreen, previous: object | None) -> GameOptions:
    """The New game screen's Fantasy Realms panel: variant, modules, rulings."""
    from game.ui.fantasy_realms.options import FantasyOptions

    return FantasyOptions(screen, previous)


def setup_words(tr: Tr, fmt: str, modules: Sequence[str]) -> str:
    """A LAN game's setup after the title: its modules ("Cursed Items, New suits"), led
    by "Chaos Realms 5:00" for that variant; "base game" when there is nothing else."""
    from game.ui.fantasy_realms.chaos_setup import limit_label

    mods = sorted((m for m in modules if m != "base"),
                  key=lambda m: MODULE_ORDER.index(m) if m in MODULE_ORDER else len(MODULE_ORDER))
    words = [tr(f"frnew.module_{m}") if tr.has(f"frnew.module_{m}") else m for m in mods]
    if fmt.startswith("chaos"):  # Chaos Realms: "chaos:SECONDS+base+..." (game/net/setups.py)
        limit = fmt.partition("+")[0].partition(":")[2]
        words.insert(0, f"{tr('chaos.title')} {limit_label(int(limit))}" if limit.isdigit() else tr("chaos.title"))
    return ", ".join(words) if words else tr("lan.base_game")


def rulings_line(tr: Tr, rulings: Mapping[str, bool]) -> str | None:
    """The lobby's word on the disputed rulings, when some differ from the standard
    reading (the players should know before they start)."""
    from game.ui.fantasy_realms.rulings import changed, summary

    return summary(tr, dict(rulings)) if changed(dict(rulings)) else None
