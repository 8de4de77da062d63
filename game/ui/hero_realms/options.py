"""Hero Realms' options on the New game screen: the format row; the player counts
come from the chosen format (:class:`game.ui.tablekit.options.GameOptions`).

Formats are listed from the engine's registry, so a new format appears here
without touching this panel.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.hero_realms.formats import FORMATS, Format
from game.session.session import SeatConfig
from game.ui import theme
from game.ui.hero_realms.setup import GameSetup
from game.ui.i18n import Tr
from game.ui.tablekit.options import Geometry, OptionsScreen
from game.ui.widgets.basic import Cycle, Group, Label

NOTE_GAP = 18  # design pixels under the player count's row: Hero Realms has no note there


class HeroOptions:
    """The format of a new Hero Realms game."""

    def __init__(self, screen: OptionsScreen, previous: object | None) -> None:
        self.screen = screen
        self.formats: dict[str, Format] = dict(FORMATS)
        fmt = getattr(previous, "format", None)
        self.fmt = fmt if isinstance(fmt, str) and fmt in self.formats else next(iter(self.formats))

    def seat_counts(self) -> list[int]:
        f = self.formats[self.fmt]
        return [n for n in range(f.min_seats, f.max_seats + 1) if f.seats_problem(n) is None] or [f.min_seats]

    def rows(self, group: Group, y: int, geo: Geometry) -> int:
        tr, u = self.screen.tr, self.screen.u
        group.add(Label(tr("newgame.format"), u(18), theme.TEXT, pygame.Rect(geo.x, y, geo.label_w, geo.row_h)))
        opts = [(k, tr(f"newgame.format_{k}") if tr.has(f"newgame.format_{k}") else k) for k in self.formats]
        group.add(Cycle(opts, self.fmt, self.set_format, pygame.Rect(geo.field_x, y, geo.field_w, geo.row_h)))
        return y + geo.row_h + u(10)

    def beside_count(self, group: Group, rect: pygame.Rect) -> None:
        return  # the format says it all: nothing beside the player count

    def note(self, group: Group, y: int, geo: Geometry, seats: list[SeatConfig]) -> int:
        return y + self.screen.u(NOTE_GAP)

    def start_problem(self, seats: list[SeatConfig]) -> str | None:
        return None

    def setup(self, seats: list[SeatConfig], seed: int | None) -> GameSetup:
        return GameSetup(self.fmt, seats, seed)

    def set_format(self, fmt: str) -> None:
        self.fmt = fmt
        self.screen.refit()


#: the New game panel, made from the screen and ``previous`` (a setup of this game, or None)
PANEL = HeroOptions


def setup_words(tr: Tr, fmt: str, modules: Sequence[str]) -> str:
    """A LAN game's setup after the title: its format's name ("Free for all")."""
    return str(tr(f"newgame.format_{fmt}")) if tr.has(f"newgame.format_{fmt}") else fmt
