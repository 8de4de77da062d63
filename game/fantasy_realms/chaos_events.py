"""Events of Chaos Realms (chaos.py): offers, trades, the clock and the last draws.

Every event of this variant is a :class:`ChaosEvent`, so the game registry can tell
that a Chaos Realms action was seen by other seats (an offer reaches its target at
once): undo never takes one back. Cards of an offer to one seat are known to the two
seats only; an offer to anyone is public, and so is the trade that answers it.
The end of the game reuses Fantasy Realms' own events (cards drawn, hands scored).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from game.core.events import Event

ANYONE = -1  # an offer's target when any other seat may accept it


@dataclass(frozen=True, slots=True)
class ChaosEvent(Event):
    """The base of this variant's events."""


@dataclass(frozen=True, slots=True)
class ChaosStarted(ChaosEvent):
    type: ClassVar[str] = "chaos_started"
    seats: int
    modules: tuple[str, ...]
    hand_size: int
    set_aside: int  # undealt cards, out of the game (the Necromancer, Leprechaun and Genie draw from them)
    limit_ms: int


@dataclass(frozen=True, slots=True)
class OfferMade(ChaosEvent):
    """``seat`` offers ``give`` for ``want`` to ``to`` (ANYONE: to every other seat).
    Others than the two seats see that an offer was made, not its cards."""

    type: ClassVar[str] = "offer_made"
    offer: int
    seat: int
    to: int
    give: str | None
    want: str | None

    def redacted_for(self, seat: int) -> Event:
        if self.to == ANYONE or seat in (self.seat, self.to):
            return self
        return replace(self, give=None, want=None)


@dataclass(frozen=True, slots=True)
class OfferClosed(ChaosEvent):
    """An offer left the table without a trade. ``why``: ``withdrawn`` (by its
    maker), ``declined`` (by its target), ``void`` (its maker no longer holds the
    card it offered, or its target left nothing to accept) or ``time`` (time ran out)."""

    type: ClassVar[str] = "offer_closed"
    offer: int
    seat: int  # who closed it (withdrawn, declined), else the offer's maker
    why: str


@dataclass(frozen=True, slots=True)
class CardsTraded(ChaosEvent):
    """Offer ``offer`` accepted: ``seat`` gave ``gave`` to ``other`` and got ``got``.
    The cards are public when the offer was to anyone, else known to the two seats."""

    type: ClassVar[str] = "cards_traded"
    offer: int
    seat: int
    other: int
    gave: str | None
    got: str | None
    public: bool

    def redacted_for(self, seat: int) -> Event:
        if self.public or seat in (self.seat, self.other):
            return self
        return replace(self, gave=None, got=None)


@dataclass(frozen=True, slots=True)
class ClockTicked(ChaosEvent):
    """The table's clock: ``ms`` of the trading time have passed."""

    type: ClassVar[str] = "clock_ticked"
    ms: int
    limit_ms: int


@dataclass(frozen=True, slots=True)
class TimeUp(ChaosEvent):
    """The trading time is over: pending offers lapse, the last draws follow."""

    type: ClassVar[str] = "time_up"
    ms: int


@dataclass(frozen=True, slots=True)
class NecromancerDrew(ChaosEvent):
    """The Necromancer's holder drew up to three set-aside cards to keep one
    (``cards`` empty for the other seats)."""

    type: ClassVar[str] = "necromancer_drew"
    seat: int
    count: int
    cards: tuple[str, ...]

    def redacted_for(self, seat: int) -> Event:
        return self if seat == self.seat else replace(self, cards=())


@dataclass(frozen=True, slots=True)
class DrawDeclined(ChaosEvent):
    """The Necromancer's holder did not draw."""

    type: ClassVar[str] = "draw_declined"
    seat: int


@dataclass(frozen=True, slots=True)
class CardSetAside(ChaosEvent):
    """A card left a hand for the set-aside cards (the hand cap; public, as the
    game is ending and every hand is shown)."""

    type: ClassVar[str] = "card_set_aside"
    seat: int
    card: str
    why: str
