"""Plays the HerosDeï events one by one at a pace a person can follow.

Each event takes a beat (scaled by the animation-speed setting; the viewer's own moves
go faster). A card that moves flies: a card placed from the hand to its Character, a
destiny to the stack, a discard or a kill to the museum, a Character whose control
changes across the table with its given cards. A combat plays as a scene of its own:
the attacker lunges at the defender and stays there until the combat ends, and each
comparison - the charm (C against M), the assault and the riposte (F against S) -
shows its two numbers flying from the fighters to meet between them, then the
outcome. A new turn is announced across the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.ui.herosdei.logtext import HdLog
from game.ui.herosdei.model import HdModel
from game.ui.tablekit.flight import FlightDirector, Where, progress

BEATS = {
    "heroes_revealed": 0.6, "turn_started": 0.7, "cards_drawn": 0.2, "card_discarded": 0.4, "first_player": 0.6,
    "phase_began": 0.3, "card_placed": 0.45, "combat_declared": 0.55, "combat_passed": 0.35, "charm_compared": 1.0,
    "control_taken": 0.7, "monster_played": 0.55, "struck": 1.0, "character_killed": 0.65, "combat_ended": 0.35,
    "destiny_played": 0.5, "destiny_resolved": 0.5, "boosted": 0.4, "keyword_granted": 0.35, "card_returned": 0.4,
    "victory_points": 0.3, "card_searched": 0.35, "riposte_cancelled": 0.5, "sovereign_good_returned": 0.45,
    "game_over": 0.6,
}
OWN_FACTOR = 0.6
CATCH_UP = 12  # with more events waiting than this, beats are halved
SOUNDS = {"cards_drawn": "card", "card_placed": "card", "card_discarded": "card", "turn_started": "turn",
          "destiny_played": "card", "struck": "hit", "character_killed": "hit", "control_taken": "shuffle",
          "victory_points": "coin", "game_over": "win"}
# events whose card arrives somewhere: the model changes once the card has landed
ARRIVALS = frozenset({"card_placed", "destiny_played", "card_discarded", "monster_played"})

@dataclass
class Clash:
    """Two numbers flying from the fighters to meet between them, and the outcome."""

    kind: str  # charm | assault | riposte
    left: tuple[str, int]  # (stat letter, value) of the attacking side of the comparison
    right: tuple[str, int]
    src: str  # the Character whose number is ``left`` (a reference)
    dst: str
    outcome: str  # a key of the outcome's words
    dur: float
    age: float = 0.0

    @property
    def t(self) -> float:
        return progress(self.age, self.dur)


class HdDirector(FlightDirector[HdModel, HdLog]):
    """The kit's flights; a card flies, a comparison clashes, a turn is announced."""

    beats = BEATS
    sounds = SOUNDS
    own_factor = OWN_FACTOR
    catch_up = CATCH_UP

    def __init__(self, model: HdModel, log: HdLog, speed: Callable[[], float],
                 sound: Callable[[str], None] | None = None, where: Where | None = None) -> None:
        super().__init__(model, log, speed, sound, where)
        self.clash: Clash | None = None
        self.lunge = 0.0  # how far the attacker has gone toward the defender (0..1)
        self.lunging = False
        self.hidden: str | None = None  # a Character drawn by the flyer, not in its row
        self.beats_shown: list[str] = []  # the event types shown with a beat, in order (the tests read it)

    def stop(self) -> None:
        if self.current is not None and self.current[0]["type"] in ARRIVALS:
            self.model.apply(self.current[0])
        self.current = None
        self.flyer = None
        self.clash = None
        self.hidden = None

    def tick(self, dt: float, factor: float) -> None:
        if self.model.combat is not None and not self.lunging:
            self.lunging = True  # a combat met in a view (a resumed game, a rejoined seat): the attacker goes forward too
        if self.lunging:
            self.lunge = min(1.0, self.lunge + dt / 0.35) if factor > 0 else 1.0
        if self.model.combat is None:
            self.lunge = 0.0
            self.lunging = False

    def age(self, dt: float) -> None:
        for moving in (self.flyer, self.clash):
            if moving is not None:
                moving.age += dt

    def at_once(self, e: dict[str, Any], beat: float) -> None:
        self.note(e)
        self.model.apply(e)
        if e["type"] == "combat_declared":
            self.lunge, self.lunging = 1.0, True

    def _takeoff(self, e: dict[str, Any], beat: float) -> None:
        t = e["type"]
        self.beats_shown.append(t)
        src = self.departure(e)
        self.note(e)
        if t in ARRIVALS:
            self.model.lift(e)  # the card leaves the hand now, and arrives when it lands
        else:
            self.model.apply(e)
        if self.fly(e, src, beat * 0.85, given=self._carried(e)) and t == "control_taken":
            self.hidden = str(e.get("now"))
        if t == "combat_declared":
            self.lunge, self.lunging = 0.0, True
        elif t == "turn_started":
            self.announce = ("turn", int(e.get("turn", 0)), max(0.7, beat * 2.0), max(0.7, beat * 2.0))
        elif t in ("charm_compared", "struck"):
            self.clash = self._clash(e, beat)

    def _carried(self, e: dict[str, Any]) -> tuple[str, ...]:
        """The given cards that go with a Character killed (to the museum) or changing sides."""
        if e["type"] == "character_killed":
            return tuple(str(c) for c in e.get("with_cards", []))
        if e["type"] == "control_taken":
            at = self.model.find(str(e.get("now")))
            if at is not None:
                return tuple(self.model.sides[at[0]].chars[at[1]].given)
        return ()

    def _clash(self, e: dict[str, Any], beat: float) -> Clash | None:
        c = self.model.combat
        if e["type"] == "charm_compared":
            if c is None:
                return None
            # the defender charms: its Charisma against the attacker's Mastery
            return Clash("charm", ("C", int(e["charisma"])), ("M", int(e["mastery"])), str(c["defender"]),
                         str(c["attacker"]), "charm_" + str(e.get("result", "continue")), beat * 0.9)
        force, health = int(e["force"]), int(e["health"])
        return Clash(str(e.get("step", "assault")), ("F", force), ("S", health), str(e["striker"]), str(e["struck"]),
                     "strike_kill" if force >= health else "strike_hold", beat * 0.9)

    def _land(self, e: dict[str, Any]) -> None:
        if e["type"] in ARRIVALS:
            self.model.apply(e)
        self.current = None
        self.flyer = None
        self.clash = None
        self.hidden = None
