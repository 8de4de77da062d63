"""What the Fantasy Realms table shows: the game as the viewer knows it.

Between two syncs with the client's view, the director moves cards here event by
event (a card leaves its zone when it takes off and arrives when it lands), so
the table shows each draw and discard in turn. Once the events are played,
:meth:`FantasyModel.sync` sets everything from the view: the table never guesses
for long, and whatever an event left approximate is corrected there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.fantasy_realms.cards import SUITS, library


@dataclass
class Opponent:
    seat: int
    hand_size: int = 0
    hand_limit: int = 0
    item: str | None = None
    items_face_down: int = 0
    taken: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)  # known only at the end of the game
    items_used: list[str] = field(default_factory=list)


class ViewCards:
    """The cards a view describes (``view["cards"]``: id -> slug, suit, strength...) and the
    slugs its legal lines name them by; a Fantasy Realms and a Chaos Realms model read both."""

    cards: dict[str, dict[str, Any]]
    slugs: dict[str, str]

    def read_cards(self, view: dict[str, Any]) -> None:
        self.cards = view.get("cards", {})
        self.slugs = {c["slug"]: cid for cid, c in self.cards.items()}

    def card_id(self, word: str) -> str | None:
        """A card of a legal line (slug or id) as its id."""
        return word if word in self.cards else self.slugs.get(word)

    def slug(self, cid: str) -> str:
        c = self.cards.get(cid)
        return str(c["slug"]) if c else cid

    def suit(self, cid: str) -> str:
        c = self.cards.get(cid)
        return str(c["suit"]) if c else "wild"

    def strength(self, cid: str) -> int:
        return int(self.cards.get(cid, {}).get("strength", 0))


class FantasyModel(ViewCards):
    def __init__(self, view: dict[str, Any], viewer: int | None) -> None:
        self.viewer = viewer
        self.n = int(view["seats"])
        self.players = [Opponent(i) for i in range(self.n)]
        self.hand: list[str] = []
        self.drawn: list[str] = []
        self.discard: list[str] = []
        self.deck = 0
        self.legal: list[str] = []
        self.phase = "draw"
        self.active = 0
        self.to_move = 0
        self.turn = 0
        self.effect = ""
        self.forbid = ""
        self.sealed: dict[str, int] = {}
        self.modules: list[str] = []
        self.two_player = False
        self.end_at = 10
        self.hand_size = 7
        self.item_deck = 0
        self.item_discard: list[str] = []
        self.scores: list[int] = []
        self.winners: list[int] = []
        self.breakdown: list[list[dict[str, Any]]] = []
        self.scored: dict[int, dict[str, Any]] = {}  # hand_scored events, per seat
        self.reveals: list[dict[str, Any]] = []  # cards shown to the viewer, to show in a dialog
        self.offers: dict[int, list[str]] = {}  # Market Wagon: what each seat offered
        self.wagon_card: str | None = None
        self.now_item: str | None = None  # an item stolen or dug up, used at once
        self.cards: dict[str, dict[str, Any]] = {}
        self.slugs: dict[str, str] = {}
        self.sync(view)

    # ---- the truth ----------------------------------------------------------------------
    def sync(self, view: dict[str, Any], viewer: int | None | str = "same") -> None:
        if viewer != "same":
            self.viewer = viewer if isinstance(viewer, int) else None
        self.view = view
        self.read_cards(view)
        self.deck = int(view.get("deck_size", 0))
        self.discard = list(view.get("discard", []))
        self.legal = list(view.get("legal", []))
        self.phase = str(view.get("phase", "draw"))
        self.active = int(view.get("active", 0))
        self.to_move = int(view.get("to_move", 0))
        self.turn = int(view.get("turn", 0))
        self.effect = str(view.get("effect", ""))
        self.forbid = str(view.get("forbid", ""))
        self.sealed = dict(view.get("sealed", {}))
        self.modules = list(view.get("modules", []))
        self.two_player = bool(view.get("two_player"))
        self.end_at = int(view.get("discards_to_end", 10))
        self.hand_size = int(view.get("hand_size", 7))
        self.item_deck = int(view.get("item_deck_size", 0))
        self.item_discard = list(view.get("item_discard", []))
        self.drawn = list(view.get("drawn", []))
        for p, raw in zip(self.players, view.get("players", [])):
            p.hand_size = int(raw.get("hand_size", 0))
            p.hand_limit = int(raw.get("hand_limit", 0))
            p.item = raw.get("item")
            p.items_face_down = int(raw.get("items_face_down", 0))
            p.taken = list(raw.get("taken", []))
            p.hand = list(raw.get("hand", []))
            p.items_used = list(raw.get("items_used", []))
        if self.viewer is not None and 0 <= self.viewer < self.n:
            self.hand = list(self.players[self.viewer].hand)
        else:
            self.hand = []
        self.scores = list(view.get("scores", []))
        self.winners = list(view.get("winners", []))
        self.breakdown = list(view.get("breakdown", []))
        if self.phase != "effect":
            self.offers, self.wagon_card = {}, None

    # ---- reading -------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def items_on(self) -> bool:
        return "cursed_items" in self.modules

    def sorted_hand(self) -> list[str]:
        """The viewer's hand grouped by suit, then by strength (how a player holds it)."""
        return self.sorted_ids(self.hand)

    def sorted_ids(self, ids: list[str]) -> list[str]:
        order = {s: i for i, s in enumerate(SUITS)}
        return sorted(ids, key=lambda c: (order.get(self.suit(c), 99), -self.strength(c), c))

    # ---- events (the director calls these at take-off and at landing) ------------------
    def apply(self, e: dict[str, Any]) -> None:
        """An event shown at once (no flight): it takes off and lands."""
        self.takeoff(e)
        self.land(e)

    def takeoff(self, e: dict[str, Any]) -> None:
        t = e["type"]
        seat = e.get("seat")
        if t == "card_drawn":
            self.deck = max(0, self.deck - 1)
        elif t == "card_taken":
            if e["card"] in self.discard:
                self.discard.remove(e["card"])
        elif t == "card_discarded" and isinstance(seat, int) and seat >= 0:
            why = e.get("why", "")
            if seat == self.viewer:
                pool = self.drawn if why == "draft" and e["card"] in self.drawn else self.hand
                if e["card"] in pool:
                    pool.remove(e["card"])
            elif why != "draft":
                self.players[seat].hand_size = max(0, self.players[seat].hand_size - 1)
        elif t == "card_discarded":
            self.deck = max(0, self.deck - 1)

    def land(self, e: dict[str, Any]) -> None:
        t = e["type"]
        seat = e.get("seat")
        if t in ("card_drawn", "card_taken") and isinstance(seat, int):
            to_drawn = e.get("why") in ("draft", "cauldron")
            if seat == self.viewer and e.get("card"):
                (self.drawn if to_drawn else self.hand).append(e["card"])
            if not to_drawn:
                self.players[seat].hand_size += 1
            if t == "card_taken":
                self.players[seat].taken.append(e["card"])
        elif t == "card_discarded":
            self.discard.append(e["card"])
        elif t == "turn_started":
            self.active = self.to_move = int(e["seat"])
            self.turn = int(e.get("turn", self.turn))
        elif t == "item_dealt" and isinstance(seat, int):
            self.players[seat].item = e["item"]
        elif t == "item_used" and isinstance(seat, int):
            if self.players[seat].item == e["item"]:
                self.players[seat].item = None
            self.players[seat].items_face_down += 1
            dug = [iid for iid, it in library().items.items() if it.slug == e.get("detail")]
            if dug and e["item"] in library().items and library().items[e["item"]].slug == "junkyard_map":
                self.now_item = dug[0]
        elif t == "item_discarded" and isinstance(seat, int):
            if self.players[seat].item == e["item"]:
                self.players[seat].item = None
        elif t == "item_stolen":
            victim = int(e["victim"])
            if self.players[victim].item == e["item"]:
                self.players[victim].item = None
            self.now_item = e["item"]
        elif t == "revealed":
            cards = [c for c in e.get("cards", []) if c]
            if e.get("why") == "market_wagon" and cards:
                self.wagon_card = cards[0]
            elif cards and e.get("to") == self.viewer:  # public reveals are named in the log
                self.reveals.append(dict(e))
        elif t == "offered":
            self.offers[int(e["seat"])] = list(e.get("cards", []))
        elif t == "hand_scored":
            self.scored[int(e["seat"])] = dict(e)
