"""HerosDeï events: the facts ``apply`` reports, for the log, the table and the network.

Cards are named by id and Characters by ``<seat>:<card>`` references as they stood
when the fact happened. Only a draw carries hidden information: the other seat sees
how many cards were drawn, not which (:meth:`CardsDrawn.redacted_for`).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.events import Event


@dataclass(frozen=True, slots=True)
class HeroesRevealed(Event):
    type = "heroes_revealed"
    seat: int
    heroes: tuple[str, ...]
    others: tuple[str, ...]  # the other cards turned over, shuffled back


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    type = "turn_started"
    turn: int


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    type = "cards_drawn"
    seat: int
    count: int
    cards: tuple[str, ...]

    def redacted_for(self, seat: int) -> Event:
        return self if seat == self.seat else CardsDrawn(self.seat, self.count, ())


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    type = "card_discarded"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class FirstPlayer(Event):
    type = "first_player"
    seat: int
    by: str  # mastery | charisma | coin


@dataclass(frozen=True, slots=True)
class PhaseBegan(Event):
    type = "phase_began"
    phase: str
    seat: int


@dataclass(frozen=True, slots=True)
class CardPlaced(Event):
    type = "card_placed"
    seat: int
    card: str
    onto: str | None  # the Character it is given to


@dataclass(frozen=True, slots=True)
class CombatDeclared(Event):
    type = "combat_declared"
    seat: int
    attacker: str
    defender: str


@dataclass(frozen=True, slots=True)
class CombatPassed(Event):
    type = "combat_passed"
    seat: int


@dataclass(frozen=True, slots=True)
class CharmCompared(Event):
    type = "charm_compared"
    charisma: int
    mastery: int
    result: str  # continue | refused | control | insensible


@dataclass(frozen=True, slots=True)
class ControlTaken(Event):
    type = "control_taken"
    seat: int  # the new controller
    card: str  # the reference before the change
    now: str  # the reference after it


@dataclass(frozen=True, slots=True)
class MonsterPlayed(Event):
    type = "monster_played"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Struck(Event):
    """An Assault or a Riposte: the striker's F against the struck one's S."""

    type = "struck"
    step: str  # assault | riposte
    striker: str
    struck: str
    force: int
    health: int


@dataclass(frozen=True, slots=True)
class CharacterKilled(Event):
    type = "character_killed"
    card: str
    by: int | None  # the seat the kill counts for (None: not in combat)
    vp: int
    with_cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CombatEnded(Event):
    type = "combat_ended"
    attacker: str


@dataclass(frozen=True, slots=True)
class DestinyPlayed(Event):
    type = "destiny_played"
    seat: int
    card: str
    target: str | None


@dataclass(frozen=True, slots=True)
class DestinyResolved(Event):
    type = "destiny_resolved"
    seat: int
    card: str
    cancelled: bool


@dataclass(frozen=True, slots=True)
class Boosted(Event):
    type = "boosted"
    card: str
    stat: str
    amount: int


@dataclass(frozen=True, slots=True)
class KeywordGranted(Event):
    type = "keyword_granted"
    card: str
    keyword: str


@dataclass(frozen=True, slots=True)
class CardReturned(Event):
    type = "card_returned"
    card: str
    seat: int  # the owner, whose hand it goes to


@dataclass(frozen=True, slots=True)
class VictoryPoints(Event):
    type = "victory_points"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class CardSearched(Event):
    type = "card_searched"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class RiposteCancelled(Event):
    type = "riposte_cancelled"


@dataclass(frozen=True, slots=True)
class SovereignGoodReturned(Event):
    type = "sovereign_good_returned"
    seat: int  # its owner
    card: str


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    type = "game_over"
    winner: int | str  # a seat or "draw"
    reason: str  # in English, for the command line and the clients that came before ``termination``
    termination: str  # how it ended: a ``victory.TERMINATIONS`` key
