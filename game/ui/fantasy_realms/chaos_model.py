"""What a Chaos Realms table shows, read from the viewer's view, and its log in words.

Chaos Realms (``game/fantasy_realms/chaos.py``) has no turns: every seat trades at
once until the clock runs out. The table keeps no state of its own beyond what the
view says (its hand, the other seats' hand sizes, the offers it may see, the clock)
and when each offer first appeared, so a new offer can be animated. The view lists
the answers (accept, decline, withdraw) but not the thousands of possible offers:
:meth:`ChaosModel.may_offer` and :meth:`ChaosModel.wantable` say what an offer may
name (one of the viewer's cards, a card it does not hold, a seat or anyone).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.fantasy_realms.cards import SUITS
from game.fantasy_realms.chaos_events import ANYONE
from game.ui.fantasy_realms.logtext import FantasyLog, LogLine
from game.ui.fantasy_realms.model import ViewCards
from game.ui.fantasy_realms.score import card_name
from game.ui.i18n import Tr

STEP_MS = 5000  # the host records the clock this often; the table counts down in between


@dataclass(frozen=True)
class OfferView:
    """One offer as the viewer sees it (``give``/``want`` None: a private offer between others)."""

    id: int
    seat: int
    to: int
    give: str | None
    want: str | None

    @property
    def open(self) -> bool:
        return self.to == ANYONE


class ChaosModel(ViewCards):
    def __init__(self, view: dict[str, Any], viewer: int | None) -> None:
        self.viewer = viewer
        self.n = int(view["seats"])
        self.scored: dict[int, dict[str, Any]] = {}  # hand_scored events, per seat (the end screen reads them)
        self.first_seen: dict[int, float] = {}  # offer id -> the table's time it appeared
        self.view: dict[str, Any] = {}
        self.sync(view)

    def sync(self, view: dict[str, Any], now: float = 0.0) -> None:
        self.view = view
        self.read_cards(view)
        self.phase = str(view.get("phase", "trade"))
        self.to_move = int(view.get("to_move", -1))
        self.clock_ms = int(view.get("clock_ms", 0))
        self.limit_ms = int(view.get("limit_ms", 1))
        self.legal: list[str] = list(view.get("legal", []))
        self.can_offer = bool(view.get("can_offer"))
        self.drawn: list[str] = list(view.get("drawn", []))
        self.modules: list[str] = list(view.get("modules", []))
        self.hand_size = int(view.get("hand_size", 7))
        self.set_aside = int(view.get("set_aside", 0))
        self.trades = int(view.get("trades", 0))
        players = view.get("players", [])
        self.hand_sizes = [int(p.get("hand_size", 0)) for p in players]
        self.hands: list[list[str]] = [list(p.get("hand", [])) for p in players]
        mine = self.viewer is not None and 0 <= self.viewer < len(self.hands)
        self.hand: list[str] = self.hands[self.viewer] if mine and self.viewer is not None else []
        self.offers = [OfferView(int(o["id"]), int(o["seat"]), int(o["to"]), o.get("give"), o.get("want"))
                       for o in view.get("offers", [])]
        for o in self.offers:
            self.first_seen.setdefault(o.id, now)
        self.scores: list[int] = list(view.get("scores", []))
        self.winners: list[int] = list(view.get("winners", []))
        self.breakdown: list[list[dict[str, Any]]] = list(view.get("breakdown", []))

    def apply(self, e: dict[str, Any]) -> None:
        """An event shown at once (the views say everything else): a hand scored is kept for the end screen."""
        if e.get("type") == "hand_scored":
            self.scored[int(e["seat"])] = dict(e)  # the end screen names the scorer's choices

    # ---- reading -----------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def trading(self) -> bool:
        return self.phase == "trade"

    def left_ms(self, counted_ms: float = 0.0) -> int:
        """The trading time left: the view's clock plus what the table counted since it
        last changed (at most one recording step, so the table never runs ahead of its host)."""
        if not self.trading:
            return 0
        return max(0, self.limit_ms - self.clock_ms - int(min(counted_ms, STEP_MS)))

    def sorted_ids(self, ids: list[str]) -> list[str]:
        order = {s: i for i, s in enumerate(SUITS)}
        return sorted(ids, key=lambda c: (order.get(self.suit(c), 99), -self.strength(c), c))

    def sorted_hand(self) -> list[str]:
        return self.sorted_ids(self.hand)

    def to_me(self) -> list[OfferView]:
        return [o for o in self.offers if o.to == self.viewer and o.seat != self.viewer]

    def mine(self) -> list[OfferView]:
        return [o for o in self.offers if o.seat == self.viewer]

    def open_offers(self) -> list[OfferView]:
        """Offers to anyone made by the other seats."""
        return [o for o in self.offers if o.open and o.seat != self.viewer]

    def between_others(self) -> list[OfferView]:
        return [o for o in self.offers if not o.open and self.viewer not in (o.seat, o.to)]

    def offer(self, number: int) -> OfferView | None:
        return next((o for o in self.offers if o.id == number), None)

    def may(self, verb: str, number: int) -> str | None:
        """The legal line ``<viewer> <verb> #<number>``, or None."""
        line = f"{self.viewer} {verb} #{number}"
        return line if line in self.legal else None

    def may_offer(self) -> bool:
        return self.trading and self.viewer is not None and self.can_offer

    def wantable(self) -> list[str]:
        """The cards an offer of the viewer may ask for: every card of the game it does not hold."""
        return self.sorted_ids([c for c in self.cards if c not in self.hand])

    def offer_line(self, to: int, give: str, want: str) -> str:
        target = "any" if to == ANYONE else str(to)
        return f"{self.viewer} offer {target} {self.slug(give)} {self.slug(want)}"

    def end_lines(self) -> list[str]:
        """The viewer's decision after the time (Necromancer, Genie, hand cap), if it is its to make."""
        return [] if self.trading or self.over else list(self.legal)


class ChaosLog(FantasyLog):
    """The Fantasy Realms log, plus the offers and trades of Chaos Realms (a private
    offer between two other seats is logged without its cards, as its events carry none)."""

    viewer: int | None = None  # whose withdrawals are logged (set by the table)

    def _chaos(self, seat: int | None, key: str, **params: Any) -> None:
        self._add(seat, "c:" + key, **params)

    def note(self, e: dict[str, Any]) -> None:
        t = e["type"]
        seat = e.get("seat")
        if t == "chaos_started":
            self._chaos(None, "started", minutes=max(1, round(int(e.get("limit_ms", 0)) / 60000)))
        elif t == "offer_made":
            to = int(e.get("to", ANYONE))
            key = "offer_any" if to == ANYONE else ("offer_to" if e.get("give") else "offer_hidden")
            self._chaos(seat, key, other=to, gave=e.get("give"), got=e.get("want"))
        elif t == "offer_closed" and e.get("why") == "declined":
            self._chaos(seat, "offer_declined")
        elif t == "offer_closed" and e.get("why") == "withdrawn" and seat == self.viewer:
            self._chaos(seat, "offer_withdrawn")  # the others' withdrawals are only their tiles leaving
        elif t == "cards_traded":
            key = "traded" if e.get("gave") else "traded_hidden"
            self._chaos(seat, key, other=int(e["other"]), gave=e.get("gave"), got=e.get("got"))
        elif t == "time_up":
            self._chaos(None, "time_up")
        elif t == "necromancer_drew":
            self._chaos(seat, "necro_drew", n=int(e.get("count", 0)))
        elif t == "draw_declined":
            self._chaos(seat, "necro_passed")
        elif t == "card_set_aside":
            self._chaos(seat, "set_aside", card=e.get("card"))
        elif t == "card_drawn" and e.get("why") in ("necromancer", "genie"):
            self._chaos(seat, f"{e['why']}_kept", card=e.get("card"))
        elif t not in ("clock_ticked", "cards_dealt", "offer_closed"):
            super().note(e)

    def text(self, e: LogLine, tr: Tr, viewer: int | None) -> str:
        if not e.key.startswith("c:"):
            return super().text(e, tr, viewer)
        p = dict(e.params)
        for k in ("card", "gave", "got"):
            if k in p:
                p[k] = card_name(p[k], tr.lang) if p[k] else "?"
        to_you = False
        if "other" in p:
            other = p["other"]
            to_you = other is not None and other == viewer
            p["other"] = tr("flog.you_obj") if to_you else self._who(other, tr, viewer)
        p["name"] = self._who(e.seat, tr, viewer)
        base = "chaos_log." + e.key[2:]
        key = self._own(base, e, tr, viewer)
        if key == base and to_you and tr.has(key + "_to_you"):
            key += "_to_you"
        return str(tr(key, **p))
