"""A new Chaos Realms game as the New game and LAN screens describe it.

Chaos Realms is a Fantasy Realms variant (3-7 seats, no Cursed Items, a time
limit): :class:`ChaosSetup` gives ``record()`` and ``seats`` like the other setups,
so the table, rematch and New game treat it alike. Hotseat is not offered:
everybody trades at the same time with their hand hidden from the others, which one
shared screen cannot do (:func:`hotseat_problem`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.core.rng import fresh_seed
from game.fantasy_realms import modules as mod
from game.fantasy_realms.chaos import LIMIT_S, MAX_SEATS, MIN_SEATS
from game.fantasy_realms.record import ChaosRecord
from game.fantasy_realms.terms import Rulings
from game.session.session import SeatConfig
from game.ui import theme
from game.ui.widgets.basic import Cycle, Group, Label

if TYPE_CHECKING:
    from game.ui.fantasy_realms.options import FantasyOptions
    from game.ui.tablekit.options import Geometry

SEAT_COUNTS = tuple(range(MIN_SEATS, MAX_SEATS + 1))
LIMITS_S = (180, 300, 600)  # the time limits offered; the rulebook's five minutes is the default
MODULES = (mod.PROMO, mod.SUITS)  # the optional modules Chaos Realms is played with (no Cursed Items)


@dataclass
class ChaosSetup:
    seats: list[SeatConfig] = field(default_factory=lambda: [SeatConfig("human", "Player 1")]
                                    + [SeatConfig("ai", f"Bot {i}", "medium") for i in range(1, 4)])
    modules: list[str] = field(default_factory=list)
    seed: int | None = None
    rulings: dict[str, bool] = field(default_factory=dict)
    limit_s: int = LIMIT_S
    game = "fantasy_realms"
    variant = "chaos"

    def record(self) -> ChaosRecord:
        seed = self.seed if self.seed is not None else fresh_seed()
        mods = [m for m in MODULES if m in mod.normalize(self.modules)]
        rec = ChaosRecord.chaos(len(self.seats), mods, seed, self.limit_s,
                                rulings=Rulings.from_dict(self.rulings).to_dict())
        rec.setup["players"] = [asdict(s) for s in self.seats]
        return rec

    def lan_config(self) -> dict[str, Any]:
        """What the LAN host is given to set this game up: Chaos Realms' format carries its limit."""
        from game.fantasy_realms.game import chaos_format

        return {"game": self.game, "modules": list(self.modules), "rulings": dict(self.rulings),
                "format": chaos_format(self.limit_s)}


def hotseat_problem(seats: list[SeatConfig]) -> bool:
    """True when more than one seat is a person at this screen (Chaos Realms cannot be played so)."""
    return sum(s.kind == "human" for s in seats) > 1


def limit_label(seconds: int) -> str:
    """``300`` -> ``"5:00"``."""
    return f"{seconds // 60}:{seconds % 60:02d}"


# ---- the New game screen's rows (Fantasy Realms' options panel, options.py, calls these) ----------
def variant_row(opts: FantasyOptions, g: Group, y: int, geo: Geometry) -> int:
    """The variant (standard game or Chaos Realms) and, for Chaos Realms, its time limit."""
    tr, u = opts.screen.tr, opts.screen.u
    g.add(Label(tr("chaos.variant"), u(18), theme.TEXT, pygame.Rect(geo.x, y, geo.label_w, geo.row_h)))
    chaos = opts.variant == "chaos"
    vw = geo.field_w - (u(160) + u(12) if chaos else 0)
    g.add(Cycle([("standard", tr("chaos.variant_standard")), ("chaos", tr("chaos.variant_chaos"))],
                opts.variant, partial(set_variant, opts), pygame.Rect(geo.field_x, y, vw, geo.row_h)))
    if chaos:
        choices = [(s, tr("chaos.minutes", n=s // 60)) for s in LIMITS_S]
        if opts.limit_s not in LIMITS_S:
            choices.append((opts.limit_s, limit_label(opts.limit_s)))
        g.add(Cycle(choices, opts.limit_s, partial(set_limit, opts),
                    pygame.Rect(geo.field_x + vw + u(12), y, u(160), geo.row_h)))
    return int(y + geo.row_h + u(10))


def set_variant(opts: FantasyOptions, variant: str) -> None:
    opts.variant = variant
    opts.screen.refit()  # Chaos Realms seats three to seven


def set_limit(opts: FantasyOptions, seconds: int) -> None:
    opts.limit_s = seconds


def note_row(opts: FantasyOptions, g: Group, y: int, geo: Geometry, seats: list[SeatConfig]) -> int:
    """What Chaos Realms is, or (two people at this screen) why it cannot be played so."""
    tr, u = opts.screen.tr, opts.screen.u
    if hotseat_problem(seats):
        text, color = tr("chaos.no_hotseat_short"), theme.DANGER
    else:
        text, color = tr("chaos.note", hand=mod.hand_size(mod.normalize(opts.modules))), theme.TEXT_DIM
    g.add(Label(text, u(14), color, pygame.Rect(geo.x, y, geo.width, u(22))))
    return int(y + u(30))
