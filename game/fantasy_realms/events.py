"""Events: the facts a Fantasy Realms action produced, as small frozen values.

The table animates them, the log prints them, the network forwards them after
:meth:`Event.redacted_for`. Cards are named by id. A card drawn from the deck is
hidden from the other seats; everything that goes to the discard area is public.
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
    modules: tuple[str, ...]
    two_player: bool


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """``cards`` is empty in the copies sent to other seats."""

    type: ClassVar[str] = "cards_dealt"
    seat: int
    count: int
    cards: tuple[str, ...]

    def redacted_for(self, seat: int) -> Event:
        return self if seat == self.seat else replace(self, cards=())


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    type: ClassVar[str] = "turn_started"
    seat: int
    turn: int
    extra: bool = False


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """A card from the deck into a hand (``card`` None for the other seats)."""

    type: ClassVar[str] = "card_drawn"
    seat: int
    card: str | None
    why: str = "draw"

    def redacted_for(self, seat: int) -> Event:
        return self if seat == self.seat else replace(self, card=None)


@dataclass(frozen=True, slots=True)
class CardTaken(Event):
    """A card from the discard area into a hand (public)."""

    type: ClassVar[str] = "card_taken"
    seat: int
    card: str
    why: str = "draw"


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    """A card into the discard area (public); ``seat`` -1 when it came from the deck."""

    type: ClassVar[str] = "card_discarded"
    seat: int
    card: str
    why: str = "discard"


@dataclass(frozen=True, slots=True)
class CardsToDeck(Event):
    """Cards put back into the deck (``cards`` hidden from others when they came from a hand)."""

    type: ClassVar[str] = "cards_to_deck"
    seat: int
    count: int
    where: str  # "top" | "bottom" | "shuffled"
    cards: tuple[str, ...]
    private: bool = True

    def redacted_for(self, seat: int) -> Event:
        return self if seat == self.seat or not self.private else replace(self, cards=())


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """Cards shown to one seat (``to`` >= 0) or to everybody (``to`` -1)."""

    type: ClassVar[str] = "revealed"
    seat: int  # whose cards (or -1: the deck)
    to: int
    cards: tuple[str, ...]
    why: str

    def redacted_for(self, seat: int) -> Event:
        return self if self.to < 0 or seat == self.to else replace(self, cards=())


@dataclass(frozen=True, slots=True)
class ItemDealt(Event):
    type: ClassVar[str] = "item_dealt"
    seat: int
    item: str


@dataclass(frozen=True, slots=True)
class ItemUsed(Event):
    type: ClassVar[str] = "item_used"
    seat: int
    item: str
    detail: str = ""


@dataclass(frozen=True, slots=True)
class ItemDiscarded(Event):
    type: ClassVar[str] = "item_discarded"
    seat: int
    item: str


@dataclass(frozen=True, slots=True)
class ItemStolen(Event):
    type: ClassVar[str] = "item_stolen"
    seat: int
    victim: int
    item: str


@dataclass(frozen=True, slots=True)
class Offered(Event):
    """A Market Wagon offer (public: the offered cards are shown)."""

    type: ClassVar[str] = "offered"
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Traded(Event):
    type: ClassVar[str] = "traded"
    seat: int
    other: int
    gave: str
    got: str


@dataclass(frozen=True, slots=True)
class DiscardSealed(Event):
    type: ClassVar[str] = "discard_sealed"
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HandLimitChanged(Event):
    type: ClassVar[str] = "hand_limit_changed"
    seat: int
    limit: int


@dataclass(frozen=True, slots=True)
class GameEnding(Event):
    """The end condition is met; end-of-game draws follow, then scoring. ``reason``:
    ``discards`` (the area is full) or ``deck_empty`` (the area can no longer fill)."""

    type: ClassVar[str] = "game_ending"
    discards: int
    reason: str = "discards"


@dataclass(frozen=True, slots=True)
class HandScored(Event):
    type: ClassVar[str] = "hand_scored"
    seat: int
    total: int
    base_total: int
    cards: tuple[str, ...]
    per_card: tuple[tuple[str, int], ...]
    blanked: tuple[str, ...]
    choices: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """``termination``: how it ended (``score``, ``deck_empty``, ``time_up`` or ``tie``: the
    outcome's key, as Hero Realms' and HerosDeï's ``game_over`` carry theirs)."""

    type: ClassVar[str] = "game_over"
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    termination: str
