"""Fantasy Realms' options on the New game screen
(:class:`game.ui.tablekit.options.GameOptions`): the variant (standard or Chaos
Realms, with its time limit), the modules (promos, Cursed Items, the new suits, in
any combination; no Cursed Items in Chaos Realms), the disputed rulings (a button
beside the player count opens their dialog, ``rulings.py``) and a note on what
the choices mean - or, for Chaos Realms at one shared screen, why it cannot start.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

import pygame

from game.fantasy_realms.chaos import LIMIT_S
from game.session.session import SeatConfig
from game.ui import theme
from game.ui.fantasy_realms import chaos_setup
from game.ui.fantasy_realms.chaos_setup import ChaosSetup, hotseat_problem, limit_label
from game.ui.fantasy_realms.rulings import RulingsDialog, changed, full, summary
from game.ui.fantasy_realms.setup import OPTIONAL_MODULES, SEAT_COUNTS, FantasySetup, facts
from game.ui.i18n import Tr
from game.ui.tablekit.options import Geometry, OptionsScreen
from game.ui.widgets.basic import Button, Group, Label, Toggle


class FantasyOptions:
    """The variant, modules, rulings and (Chaos Realms) time limit of a new game."""

    def __init__(self, screen: OptionsScreen, previous: object | None) -> None:
        self.screen = screen
        self.modules: list[str] = list(getattr(previous, "modules", None) or [])
        self.rulings: dict[str, bool] = dict(getattr(previous, "rulings", None) or {})  # {}: the defaults
        self.variant = str(getattr(previous, "variant", "standard"))  # "standard" or "chaos" (Chaos Realms)
        self.limit_s = int(getattr(previous, "limit_s", LIMIT_S))  # Chaos Realms' time limit

    @property
    def chaos(self) -> bool:
        return self.variant == "chaos"

    def seat_counts(self) -> list[int]:
        return list(chaos_setup.SEAT_COUNTS if self.chaos else SEAT_COUNTS)

    def rows(self, group: Group, y: int, geo: Geometry) -> int:
        """The variant row, then the modules (the base game is always in)."""
        tr, u = self.screen.tr, self.screen.u
        y = chaos_setup.variant_row(self, group, y, geo)
        group.add(Label(tr("frnew.modules"), u(18), theme.TEXT, pygame.Rect(geo.x, y, geo.label_w, geo.row_h)))
        tw = (geo.field_w - 2 * u(8)) // 3
        for i, m in enumerate(OPTIONAL_MODULES):
            toggle = Toggle(tr(f"frnew.module_{m}"), m in self.modules, partial(self.set_module, m),
                            pygame.Rect(geo.field_x + i * (tw + u(8)), y, tw, geo.row_h))
            if self.chaos and m == "cursed_items":
                toggle.enabled = False
                toggle.tooltip = tr("chaos.no_items")
            group.add(toggle)
        return y + geo.row_h + u(10)

    def beside_count(self, group: Group, rect: pygame.Rect) -> None:
        """The rulings button: the screen has no row to spare for six seats."""
        group.add(Button(summary(self.screen.tr, self.rulings), self.open_rulings, rect))

    def note(self, group: Group, y: int, geo: Geometry, seats: list[SeatConfig]) -> int:
        """What the options mean for the game: hand size, when it ends, the two-player draft."""
        tr, u = self.screen.tr, self.screen.u
        y += u(6)
        if self.chaos:
            return chaos_setup.note_row(self, group, y, geo, seats)
        f = facts(self.modules, len(seats))
        text = tr("frnew.note_two" if f["two_player"] else "frnew.note", hand=f["hand"], end=f["end"])
        if f["cap"]:
            text += " " + tr("frnew.note_cap", cap=f["cap"])
        group.add(Label(text, u(14), theme.TEXT_DIM, pygame.Rect(geo.x, y, geo.width, u(22))))
        return y + u(30)

    def start_problem(self, seats: list[SeatConfig]) -> str | None:
        """Chaos Realms at one shared screen: every hand stays hidden while all trade at once."""
        if self.chaos and hotseat_problem(seats):
            return self.screen.tr("chaos.no_hotseat")
        return None

    def setup(self, seats: list[SeatConfig], seed: int | None) -> FantasySetup | ChaosSetup:
        if self.chaos:
            return ChaosSetup(seats, list(self.modules), seed, full(self.rulings), self.limit_s)
        return FantasySetup(seats, list(self.modules), seed, full(self.rulings))

    def set_module(self, m: str, on: bool) -> None:
        if on and m not in self.modules:
            self.modules.append(m)
        elif not on and m in self.modules:
            self.modules.remove(m)
        self.screen.relayout()

    def open_rulings(self) -> None:
        self.screen.app.push(RulingsDialog(self.screen.app, self.rulings), self._set_rulings)

    def _set_rulings(self, rulings: dict[str, bool] | None) -> None:
        """The rulings dialog's answer (None: cancelled)."""
        if rulings is not None:
            self.rulings = dict(rulings)
        self.screen.relayout()


MODULE_ORDER = ("promo", "cursed_items", "cursed_hoard_suits")  # as the New game screen shows them


#: the New game panel, made from the screen and ``previous`` (a setup of this game, or None)
PANEL = FantasyOptions


def setup_words(tr: Tr, fmt: str, modules: Sequence[str]) -> str:
    """A LAN game's setup after the title: its modules ("Cursed Items, New suits"), led
    by "Chaos Realms 5:00" for that variant; "base game" when there is nothing else."""
    mods = sorted((m for m in modules if m != "base"),
                  key=lambda m: MODULE_ORDER.index(m) if m in MODULE_ORDER else len(MODULE_ORDER))
    words = [str(tr(f"frnew.module_{m}")) if tr.has(f"frnew.module_{m}") else m for m in mods]
    if fmt.startswith("chaos"):  # Chaos Realms: "chaos:SECONDS+base+..." (game/net/setups.py)
        limit = fmt.partition("+")[0].partition(":")[2]
        words.insert(0, f"{tr('chaos.title')} {limit_label(int(limit))}" if limit.isdigit() else str(tr("chaos.title")))
    return ", ".join(words) if words else str(tr("lan.base_game"))


def rulings_line(tr: Tr, rulings: Mapping[str, bool]) -> str | None:
    """The lobby's word on the disputed rulings, when some differ from the standard
    reading (the players should know before they start)."""
    return summary(tr, dict(rulings)) if changed(dict(rulings)) else None
