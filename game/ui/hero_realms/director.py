"""Plays the engine's events on the table, one after another, at a readable pace.

The kit's lingering director (:mod:`game.ui.tablekit.linger`) keeps the queue,
the beats and the timer: an event is applied as soon as its turn comes and the
table lingers its beat after it. Applying an event moves sprites in the model (they glide on
their own), writes the log, plays a sound and spawns floating numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.ui import theme
from game.ui.hero_realms.logtext import HeroLog
from game.ui.hero_realms.model import HeroModel
from game.ui.tablekit.linger import LingerDirector

BEATS: dict[str, float] = {
    "game_started": 0.2, "turn_started": 0.7, "card_drawn": 0.07, "deck_shuffled": 0.45, "card_played": 0.45,
    "ability_used": 0.45, "gold_gained": 0.12, "combat_gained": 0.12, "health_gained": 0.35,
    "damage_dealt": 0.5, "champion_stunned": 0.6, "champion_prepared": 0.2, "card_acquired": 0.55,
    "market_refilled": 0.3, "card_sacrificed": 0.45, "card_discarded": 0.4, "discard_owed": 0.35,
    "card_to_deck_top": 0.4, "next_acquire_redirected": 0.2, "cleaned_up": 0.55, "damage_cleared": 0.1,
    "turn_ended": 0.05, "prompt_opened": 0.0, "player_eliminated": 1.0, "cards_left_game": 0.3,
    "game_over": 1.2,
}
SOUNDS = {
    "card_played": "card", "gold_gained": "coin", "health_gained": "heal", "damage_dealt": "hit",
    "champion_stunned": "stun", "card_acquired": "buy", "deck_shuffled": "shuffle", "turn_started": "turn",
    "game_over": "win", "card_discarded": "card", "cleaned_up": "card", "card_sacrificed": "stun",
    "player_eliminated": "stun",
}
OWN_FACTOR = 0.45  # the player's own moves


@dataclass
class Float:
    """A "+3" or "−5" rising from an anchor (resolved to a position when drawn)."""

    text: str
    color: theme.Color
    anchor: tuple[str, int, int]  # (kind, seat, index): health/gold/combat/champion
    age: float = 0.0
    life: float = 1.3


class HeroDirector(LingerDirector[HeroModel, HeroLog]):
    """The kit's lingering director: an event applied, then its beat; floating numbers,
    the screen's shake on big hits, the deck's wiggle and the turn's announcement meanwhile."""

    beats = BEATS
    sounds = SOUNDS
    own_factor = OWN_FACTOR

    def __init__(self, model: HeroModel, log: HeroLog, speed: Callable[[], float],
                 sound: Callable[[str], None] | None = None) -> None:
        super().__init__(model, log, speed, sound)
        self.floats: list[Float] = []
        self.shake = 0.0  # screen shake on big hits
        self.last_event: dict[str, Any] | None = None
        self.shuffles: dict[int, float] = {}  # seat -> seconds of deck wiggle left
        self.announce: tuple[str, int, float] | None = None  # ("turn", seat, seconds left)

    def tick(self, dt: float) -> None:
        for seat in list(self.shuffles):
            self.shuffles[seat] -= dt
            if self.shuffles[seat] <= 0:
                del self.shuffles[seat]
        if self.announce is not None:
            kind, seat, left = self.announce
            self.announce = (kind, seat, left - dt) if left > dt else None
        for f in self.floats:
            f.age += dt
        self.floats = [f for f in self.floats if f.age < f.life]
        self.shake = max(0.0, self.shake - dt * 2.5)

    def show(self, e: dict[str, Any]) -> None:
        self.last_event = e
        t = e["type"]
        moved = self.model.apply(e)
        for sp in moved:
            sp.flash = max(sp.flash, 0.35)
        self.note(e)
        seat = e.get("seat", -1)
        if t == "gold_gained":
            self.floats.append(Float(f"+{e['amount']}", theme.GOLD, ("gold", seat, 0)))
        elif t == "combat_gained":
            self.floats.append(Float(f"+{e['amount']}", theme.COMBAT, ("combat", seat, 0)))
        elif t == "health_gained":
            self.floats.append(Float(f"+{e['amount']}", theme.HEALTH, ("health", seat, 0)))
        elif t == "damage_dealt":
            if e.get("card") is None:
                self.floats.append(Float(f"−{e['amount']}", theme.DANGER, ("health", e["target"], 0)))
                self.shake = min(1.0, self.shake + e["amount"] / 12)
            else:
                idx = self._champion_index(e["target"], e["card"])
                self.floats.append(Float(f"−{e['amount']}", theme.DANGER, ("champion", e["target"], idx)))
        elif t == "card_acquired":
            self.floats.append(Float(f"−{e['cost']}", theme.GOLD, ("gold", seat, 0)))
        elif t == "damage_cleared":
            idx = self._champion_index(seat, e["card"])
            self.floats.append(Float(f"✚{e['damage']}", theme.HEALTH, ("champion", seat, idx), life=0.9))
        elif t == "deck_shuffled":
            self.shuffles[seat] = 0.6 * max(0.3, self.speed())
        elif t == "turn_started":
            self.announce = ("turn", seat, 1.4 * max(0.4, self.speed()))
        elif t == "player_eliminated":
            self.announce = ("out", seat, 2.0 * max(0.4, self.speed()))

    def _champion_index(self, seat: int, card: str) -> int:
        champs = self.model.seats[seat].champions
        for i, sp in enumerate(champs):
            if sp.card == card:
                return i
        return -1
