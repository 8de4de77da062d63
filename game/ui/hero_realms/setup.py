"""A new Hero Realms game as the New game screen describes it: its format, seats and seed.

The seat list goes into the record's setup under ``players`` (the engine ignores
it), so one save file restores both the position and the opponents.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from game.core.rng import fresh_seed
from game.hero_realms.record import Record
from game.session.session import SeatConfig


@dataclass
class GameSetup:
    format: str = "ffa"
    seats: list[SeatConfig] = field(default_factory=lambda: [SeatConfig("human", "Player 1"), SeatConfig("ai", "Bot", "random")])
    seed: int | None = None
    game = "hero_realms"

    def record(self) -> Record:
        seed = self.seed if self.seed is not None else fresh_seed()
        rec = Record.standard(len(self.seats), self.format, seed)
        rec.setup["players"] = [asdict(s) for s in self.seats]
        return rec

    def lan_config(self) -> dict[str, Any]:
        """What the LAN host is given to set this game up (``HostConfig`` fields)."""
        return {"game": self.game, "format": self.format}
