"""Events: the facts an action produced, in order, as small frozen values.

The table animates them, the log prints them, the network forwards them (after
:meth:`Event.redacted_for`), and tests read them. Each class has a ``type`` name
used in JSON. Card fields hold card ids, never instance ids, so nothing lets a
client follow a card through a hidden zone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from game.core.events import Event as Event  # the shared base; this engine's modules import it from here


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    type: ClassVar[str] = "game_started"
    seats: int
    first: int
    format: str


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    type: ClassVar[str] = "turn_started"
    seat: int
    turn: int


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """``card`` is None in the copies sent to other seats."""

    type: ClassVar[str] = "card_drawn"
    seat: int
    card: str | None

    def redacted_for(self, seat: int) -> Event:
        return self if seat == self.seat else replace(self, card=None)


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    type: ClassVar[str] = "deck_shuffled"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    type: ClassVar[str] = "card_played"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class AbilityUsed(Event):
    """An expend, ally or sacrifice ability is used (expend turns the champion)."""

    type: ClassVar[str] = "ability_used"
    seat: int
    card: str
    kind: str


@dataclass(frozen=True, slots=True)
class GoldGained(Event):
    type: ClassVar[str] = "gold_gained"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class CombatGained(Event):
    type: ClassVar[str] = "combat_gained"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class HealthGained(Event):
    """``health`` is the total after the gain (the team's, with shared health)."""

    type: ClassVar[str] = "health_gained"
    seat: int
    amount: int
    health: int


@dataclass(frozen=True, slots=True)
class DamageDealt(Event):
    """Combat spent on a player (``card`` None; ``health`` after) or on a champion
    (``card`` set; ``damage`` is the champion's damage this turn after the hit)."""

    type: ClassVar[str] = "damage_dealt"
    seat: int
    target: int
    card: str | None
    amount: int
    health: int | None = None
    damage: int | None = None


@dataclass(frozen=True, slots=True)
class ChampionStunned(Event):
    type: ClassVar[str] = "champion_stunned"
    seat: int  # the champion's owner
    card: str
    by: int


@dataclass(frozen=True, slots=True)
class ChampionPrepared(Event):
    type: ClassVar[str] = "champion_prepared"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class CardAcquired(Event):
    """``source`` is "market" (with ``slot``) or "fire_gems"; ``to`` is
    "discard", "deck_top" or "hand"."""

    type: ClassVar[str] = "card_acquired"
    seat: int
    card: str
    cost: int
    source: str
    slot: int | None
    to: str


@dataclass(frozen=True, slots=True)
class MarketRefilled(Event):
    type: ClassVar[str] = "market_refilled"
    slot: int
    card: str


@dataclass(frozen=True, slots=True)
class CardSacrificed(Event):
    """``origin`` is "in_play", "champions", "hand" or "discard"; ``to`` is
    "sacrificed" or "fire_gems" (Fire Gems go back to their stack)."""

    type: ClassVar[str] = "card_sacrificed"
    seat: int
    card: str
    origin: str
    to: str


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    """A card discarded from hand by an effect or an owed discard (face up)."""

    type: ClassVar[str] = "card_discarded"
    seat: int
    card: str
    reason: str


@dataclass(frozen=True, slots=True)
class DiscardOwed(Event):
    type: ClassVar[str] = "discard_owed"
    seat: int  # who owes
    by: int
    count: int  # owed in total after this


@dataclass(frozen=True, slots=True)
class CardToDeckTop(Event):
    type: ClassVar[str] = "card_to_deck_top"
    seat: int
    card: str
    origin: str


@dataclass(frozen=True, slots=True)
class NextAcquireRedirected(Event):
    type: ClassVar[str] = "next_acquire_redirected"
    seat: int
    to: str
    of: str


@dataclass(frozen=True, slots=True)
class CleanedUp(Event):
    """The discard phase: pools lost, played cards and hand to the discard pile."""

    type: ClassVar[str] = "cleaned_up"
    seat: int
    gold_lost: int
    combat_lost: int
    in_play: tuple[str, ...]
    hand: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DamageCleared(Event):
    type: ClassVar[str] = "damage_cleared"
    seat: int
    card: str
    damage: int


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    type: ClassVar[str] = "turn_ended"
    seat: int


@dataclass(frozen=True, slots=True)
class PromptOpened(Event):
    type: ClassVar[str] = "prompt_opened"
    seat: int
    kind: str
    card: str | None


@dataclass(frozen=True, slots=True)
class PlayerEliminated(Event):
    type: ClassVar[str] = "player_eliminated"
    seat: int
    by: int | None


@dataclass(frozen=True, slots=True)
class CardsLeftGame(Event):
    type: ClassVar[str] = "cards_left_game"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """``termination``: how it ended (``last_standing``, ``last_team_standing``,
    ``first_blood``, ``emperor_fallen``, ``no_one_standing``)."""

    type: ClassVar[str] = "game_over"
    winner: int | tuple[int, ...] | None
    termination: str


@dataclass(frozen=True, slots=True)
class GoldGiven(Event):
    """Hydra: a teammate pools gold for a purchase."""

    type: ClassVar[str] = "gold_given"
    seat: int
    to: int
    amount: int


@dataclass(frozen=True, slots=True)
class CardSent(Event):
    """Emperor: a card moved to a teammate's discard pile (for 1 gold, or by a
    falling commander to the Emperor)."""

    type: ClassVar[str] = "card_sent"
    seat: int
    to: int
    card: str
    origin: str
