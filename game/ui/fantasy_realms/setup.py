"""A new Fantasy Realms game as the New game screen describes it.

The modules are those the Deluxe rulebook allows (base always; promos, Cursed
Items and the new suits in any combination: ``fantasy_realms.modules``). Two
players always play the rulebook's two-player variant: the engine applies it from
the seat count. The seat list goes into the record's setup under ``players``, as
for Hero Realms, so a save restores the opponents too. The disputed rulings chosen
(``terms.Rulings``, every one named) go into the setup under ``rulings``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from game.core.rng import fresh_seed
from game.fantasy_realms import modules as mod
from game.fantasy_realms.record import Record
from game.fantasy_realms.setup import MAX_SEATS, MIN_SEATS
from game.fantasy_realms.terms import Rulings
from game.session.session import SeatConfig

OPTIONAL_MODULES = (mod.PROMO, mod.ITEMS, mod.SUITS)  # in the order the screen shows them
RULINGS = tuple(Rulings.field_names())  # in the order the rulings dialog shows them
SEAT_COUNTS = tuple(range(MIN_SEATS, MAX_SEATS + 1))


@dataclass
class FantasySetup:
    seats: list[SeatConfig] = field(default_factory=lambda: [SeatConfig("human", "Player 1"), SeatConfig("ai", "Bot", "medium")])
    modules: list[str] = field(default_factory=list)
    seed: int | None = None
    rulings: dict[str, bool] = field(default_factory=dict)  # the disputed rulings set (terms.Rulings names)
    game = "fantasy_realms"

    def record(self) -> Record:
        seed = self.seed if self.seed is not None else fresh_seed()
        mods = [m for m in OPTIONAL_MODULES if m in mod.normalize(self.modules)]
        rec = Record.standard(len(self.seats), mods, seed, rulings=Rulings.from_dict(self.rulings).to_dict())
        rec.setup["players"] = [asdict(s) for s in self.seats]
        return rec

    def lan_config(self) -> dict[str, Any]:
        """What the LAN host is given to set this game up (``HostConfig`` fields)."""
        return {"game": self.game, "modules": list(self.modules), "rulings": dict(self.rulings)}


def facts(modules: list[str] | tuple[str, ...] | frozenset[str], seats: int) -> dict[str, int | bool | None]:
    """What the modules and seat count change (shown under the options)."""
    mods = mod.normalize(modules)
    return {"hand": mod.hand_size(mods), "end": mod.discards_to_end(mods, seats == 2), "two_player": seats == 2,
            "cap": mod.hand_cap(mods)}
