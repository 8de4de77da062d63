"""Plays the Fantasy Realms events one by one at a pace a person can follow.

Each event takes a beat (scaled by the animation speed setting): a card that
moves takes off from its zone, flies, and lands in its new zone; a new turn is
announced across the table; the end of the game pauses a moment. The viewer's
own moves go faster (they know what they did). The table polls the game only
when the director is idle, so an AI's next move waits until the last one is shown.
"""

from __future__ import annotations

from typing import Any

from game.ui.fantasy_realms.logtext import FantasyLog
from game.ui.fantasy_realms.model import FantasyModel
from game.ui.tablekit.flight import FlightDirector

BEATS = {
    "card_drawn": 0.42, "card_taken": 0.42, "card_discarded": 0.42, "turn_started": 0.45, "cards_to_deck": 0.35,
    "item_dealt": 0.3, "item_used": 0.5, "item_discarded": 0.25, "item_stolen": 0.45, "traded": 0.45,
    "offered": 0.35, "game_ending": 1.1, "hand_scored": 0.12, "game_over": 0.3, "revealed": 0.3,
}
OWN_FACTOR = 0.6
CATCH_UP = 10  # with more events waiting than this, beats are halved
SOUNDS = {"card_drawn": "card", "card_taken": "card", "card_discarded": "card", "turn_started": "turn",
          "cards_to_deck": "shuffle", "item_used": "coin", "traded": "card", "game_over": "win"}


class FantasyDirector(FlightDirector[FantasyModel, FantasyLog]):
    """The kit's flights; an event's card takes off, flies its beat and lands."""

    beats = BEATS
    sounds = SOUNDS
    own_factor = OWN_FACTOR
    catch_up = CATCH_UP

    def at_once(self, e: dict[str, Any], beat: float) -> None:
        self._announce(e, beat)
        self.model.apply(e)

    def _announce(self, e: dict[str, Any], beat: float) -> None:
        """Count, log and sound the event; a new turn or the game's end is announced."""
        self.note(e)
        t = e["type"]
        if t == "turn_started":
            self.announce = ("turn", int(e["seat"]), max(0.6, beat * 2.5), max(0.6, beat * 2.5))
        elif t == "game_ending":
            self.announce = ("ending", -1, max(0.8, beat * 1.5), max(0.8, beat * 1.5))

    def _takeoff(self, e: dict[str, Any], beat: float) -> None:
        src = self.departure(e)
        self.model.takeoff(e)
        self._announce(e, beat)
        self.fly(e, src, beat * 0.9, lift=0.25)  # a card arcs up as it flies

    def _land(self, e: dict[str, Any]) -> None:
        self.model.land(e)
        self.current = None
        self.flyer = None
