"""The Fantasy Realms game state and its door: legal actions, apply, view, clone.

Plain data (card ids in lists) with a hand-written :meth:`GameState.clone`, since
the AI clones states often. Decks keep their top card at the *end* of the list.
The rules live in ``rules.py`` (the door's legal actions and apply), ``turn.py`` (the
steps of a turn, the end of the game) and ``items.py`` with ``item_effects.py``
(Cursed Items); this module holds the data and the door.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from game.core.game import Outcome
from game.core.refusal import Refusal
from game.core.rng import Rng
from game.fantasy_realms.actions import Action
from game.fantasy_realms.cards import CardLibrary
from game.fantasy_realms.ending import termination
from game.fantasy_realms.events import Event
from game.fantasy_realms.scoring import Score
from game.fantasy_realms.terms import Rulings


class GameState:
    """One game, following core's ``GameState`` protocol: :meth:`legal_actions`,
    :meth:`check`, :meth:`apply`, :meth:`view`, :meth:`clone`, :meth:`outcome`,
    :meth:`state_hash`."""

    __slots__ = (
        "lib", "modules", "rulings", "n", "two_player", "cards", "hand_size", "end_at", "cap",
        "deck", "discard", "hands", "limit", "active", "turn", "first", "phase", "owed", "forbid",
        "drawn", "effect", "item_deck", "item_discard", "face_up", "face_down", "reserve", "turn_item",
        "hourglass", "extra_turn", "ring", "sealed", "endq", "used_extra", "rng", "winners", "results",
        "to_move", "moved", "taken", "ending",
    )

    lib: CardLibrary
    modules: frozenset[str]
    rulings: Rulings
    n: int
    two_player: bool
    cards: tuple[str, ...]
    hand_size: int
    end_at: int
    cap: int | None
    deck: list[str]
    discard: list[str]
    hands: list[list[str]]
    limit: list[int]
    active: int
    turn: int
    first: int
    phase: str
    owed: int
    forbid: str
    drawn: list[str]
    effect: tuple[Any, ...]
    item_deck: list[str]
    item_discard: list[str]
    face_up: list[str | None]
    face_down: list[list[str]]
    reserve: list[list[str]]
    turn_item: str
    hourglass: bool
    extra_turn: bool
    ring: bool
    sealed: dict[str, int]
    endq: list[tuple[str, int]]
    used_extra: list[list[str]]
    rng: Rng
    winners: tuple[int, ...]
    results: list[Score] | None
    to_move: int
    moved: bool
    taken: list[list[str]]  # public: the cards each seat took from the discard area, in order
    # what ended the game ("" while it goes on): the outcome's termination key; left out of
    # the hash, as it only repeats what the moves already decided
    ending: str

    def clone(self) -> GameState:
        s = GameState.__new__(GameState)
        for name in ("lib", "modules", "rulings", "n", "two_player", "cards", "hand_size", "end_at", "cap",
                     "active", "turn", "first", "phase", "owed", "forbid", "effect", "turn_item", "hourglass",
                     "extra_turn", "ring", "winners", "results", "to_move", "moved", "ending"):
            setattr(s, name, getattr(self, name))
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.hands = [h[:] for h in self.hands]
        s.limit = self.limit[:]
        s.drawn = self.drawn[:]
        s.item_deck = self.item_deck[:]
        s.item_discard = self.item_discard[:]
        s.face_up = self.face_up[:]
        s.face_down = [f[:] for f in self.face_down]
        s.reserve = [r[:] for r in self.reserve]
        s.sealed = dict(self.sealed)
        s.endq = self.endq[:]
        s.used_extra = [u[:] for u in self.used_extra]
        s.taken = [t[:] for t in self.taken]
        s.rng = self.rng.clone()
        return s

    # ---- the door (implemented in rules.py) -------------------------------
    def waiting_for(self) -> list[int]:
        """The seat to move (one at a time in the standard game), none once it is over."""
        return [] if self.phase == "over" else [self.to_move]

    def legal_actions(self) -> list[Action]:
        from game.fantasy_realms import rules

        return rules.legal_actions(self)

    def apply(self, action: Action | str) -> list[Event]:
        from game.fantasy_realms import rules

        return rules.apply(self, action)

    def check(self, action: Action | str) -> Refusal | None:
        """None when ``action`` is legal now, else why it is not."""
        from game.fantasy_realms import rules

        return rules.check(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        from game.fantasy_realms.view import view

        return view(self, seat)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def outcome(self) -> Outcome | None:
        """The winners, the termination key (``score``, ``deck_empty`` or ``tie``) and every
        seat's score once the hands are scored; None before."""
        if self.phase != "over" or self.results is None:
            return None
        return Outcome(self.winners, termination(self.winners, self.ending), tuple(r.total for r in self.results))

    @property
    def winner(self) -> int | tuple[int, ...] | None:
        if self.phase != "over":
            return None
        return self.winners[0] if len(self.winners) == 1 else self.winners

    def state_hash(self) -> str:
        """A digest of everything that decides the future (desync detection)."""
        data = [self.n, sorted(self.modules), self.deck, self.discard, self.hands, self.limit, self.active,
                self.turn, self.phase, self.owed, self.forbid, self.drawn, repr(self.effect), self.item_deck,
                self.item_discard, self.face_up, self.face_down, self.reserve, self.turn_item, self.hourglass,
                self.extra_turn, self.ring, sorted(self.sealed.items()), self.endq, self.used_extra,
                self.rng.state, self.to_move]
        return hashlib.sha256(json.dumps(data, default=str).encode()).hexdigest()[:16]

    def all_cards(self) -> list[str]:
        """Every card of the game wherever it is (for conservation checks)."""
        out = self.deck + self.discard + self.drawn
        for h in self.hands:
            out = out + h
        if self.effect and self.effect[0] == "lantern_shown":
            out = out + list(self.effect[2])
        return out
