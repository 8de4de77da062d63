"""What the table shows, as sprites that move between zones.

The table never reads the engine state: this model starts from a view, then
replays the redacted events one at a time (the director paces them), moving
sprites between zones so every card glides from where it was to where it goes.
When the event queue is drained it is reconciled with the client's latest view
(:meth:`HeroModel.sync`), which keeps the picture exact even where an event
gives too little to move a card precisely.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

_uids = itertools.count(1)


@dataclass(eq=False)
class Sprite:
    """One card on the table. Position is its centre; ``w`` its width."""

    card: str | None  # None: face down
    x: float = 0.0
    y: float = 0.0
    w: float = 60.0
    angle: float = 0.0
    tx: float = 0.0
    ty: float = 0.0
    tw: float = 60.0
    tangle: float = 0.0
    uid: int = field(default_factory=lambda: next(_uids))
    expended: bool = False
    damage: int = 0
    ally_used: bool = False
    placed: bool = False  # has a target been set once (new sprites jump there)
    z: float = 0.0  # drawn above others while flying
    hidden: bool = False  # under a pile (only the top shows)
    flash: float = 0.0  # highlight pulse after an event
    origin: tuple[str, int | None] | None = None  # where a new sprite appears from (a deck...)

    def settle(self, dt: float, rate: float) -> None:
        """Ease towards the target (exponential approach; instant when rate <= 0)."""
        if rate <= 0 or not self.placed:
            self.x, self.y, self.w, self.angle = self.tx, self.ty, self.tw, self.tangle
            self.placed = True
            self.z = 0.0
            return
        k = min(1.0, dt * rate)
        self.x += (self.tx - self.x) * k
        self.y += (self.ty - self.y) * k
        self.w += (self.tw - self.w) * k
        self.angle += (self.tangle - self.angle) * k
        if abs(self.tx - self.x) < 0.5 and abs(self.ty - self.y) < 0.5:
            self.x, self.y = self.tx, self.ty
            self.z = 0.0
        if abs(self.tw - self.w) < 0.5:
            self.w = self.tw
        if abs(self.tangle - self.angle) < 0.5:
            self.angle = self.tangle
        if self.flash > 0:
            self.flash = max(0.0, self.flash - dt)

    @property
    def moving(self) -> bool:
        return (self.x, self.y, self.w, self.angle) != (self.tx, self.ty, self.tw, self.tangle)


@dataclass
class SeatModel:
    seat: int
    name: str
    alive: bool = True
    health: int = 50
    gold: int = 0
    combat: int = 0
    owed: int = 0
    deck_count: int = 0
    hand: list[Sprite] = field(default_factory=list)
    in_play: list[Sprite] = field(default_factory=list)
    champions: list[Sprite] = field(default_factory=list)
    discard: list[Sprite] = field(default_factory=list)
    deck_contents: list[str] = field(default_factory=list)
    deck_known_top: list[str] = field(default_factory=list)
    stats: dict[str, int] = field(default_factory=lambda: {"damage": 0, "bought": 0, "turns": 0})


class HeroModel:
    def __init__(self, view: dict[str, Any], names: list[str]) -> None:
        n = view["seats"]
        self.names = names + [f"Player {i + 1}" for i in range(len(names), n)]
        self.seats = [SeatModel(i, self.names[i]) for i in range(n)]
        self.row: list[Sprite | None] = []
        self.market_deck = 0
        self.gems = 0
        self.sacrificed: list[Sprite] = []
        self.active = 0
        self.turn = 1
        self.phase = "main"
        self.winner: Any = None
        self.pending: dict[str, Any] | None = None
        self.format = view.get("format", "ffa")
        self.team_turn: list[int] = []
        self.legal: list[str] = []
        self.reach: dict[str, Any] | None = None  # why targets cannot be attacked (from the view)
        self.roles: list[str] = []
        self.teams: list[list[int]] = []
        self.viewer: int | None = view.get("seat")
        # sprites flying to a place that shows no cards (a deck, the gem stack); dropped on arrival
        self.transients: list[tuple[Sprite, str, int | None]] = []
        # event type -> the sprites it moves; any other event moves none
        self._handlers: dict[str, Callable[[dict[str, Any]], list[Sprite] | None]] = {
            "turn_started": self._on_turn_started,
            "card_drawn": self._on_card_drawn,
            "deck_shuffled": self._on_deck_shuffled,
            "card_played": self._on_card_played,
            "ability_used": self._on_ability_used,
            "gold_gained": self._on_gold_gained,
            "combat_gained": self._on_combat_gained,
            "health_gained": self._on_health_gained,
            "damage_dealt": self._on_damage_dealt,
            "champion_stunned": self._on_champion_stunned,
            "champion_prepared": self._on_champion_prepared,
            "card_acquired": self._on_card_acquired,
            "market_refilled": self._on_market_refilled,
            "card_sacrificed": self._on_card_sacrificed,
            "card_discarded": self._on_card_discarded,
            "gold_given": self._on_gold_given,
            "card_sent": self._on_card_sent,
            "discard_owed": self._on_discard_owed,
            "card_to_deck_top": self._on_card_to_deck_top,
            "cleaned_up": self._on_cleaned_up,
            "damage_cleared": self._on_damage_cleared,
            "player_eliminated": self._on_player_eliminated,
            "cards_left_game": self._on_cards_left_game,
            "prompt_opened": self._on_prompt_opened,
            "game_over": self._on_game_over,
        }
        self.sync(view, hard=True)

    # ---- helpers --------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    def all_sprites(self) -> list[Sprite]:
        out: list[Sprite] = []
        for s in self.seats:
            out += s.hand + s.in_play + s.champions + s.discard
        out += [c for c in self.row if c is not None]
        out += self.sacrificed
        return out

    @staticmethod
    def _take(zone: list[Sprite], card: str | None, prefer_last: bool = False) -> Sprite | None:
        """Remove and return the sprite of ``card`` (a face-down one if none shows it)."""
        order = range(len(zone) - 1, -1, -1) if prefer_last else range(len(zone))
        for i in order:
            if zone[i].card == card:
                return zone.pop(i)
        for i in order:
            if zone[i].card is None:
                sp = zone.pop(i)
                sp.card = card
                return sp
        return None

    def _reconcile(self, zone: list[Sprite], cards: list[str | None]) -> list[Sprite]:
        """``zone`` made to show ``cards`` in order, reusing sprites that match."""
        pool = list(zone)
        out: list[Sprite] = []
        for c in cards:
            sp = next((p for p in pool if p.card == c), None)
            if sp is None:
                sp = next((p for p in pool if p.card is None or c is None), None)
            if sp is not None:
                pool.remove(sp)
                sp.card = c
            else:
                sp = Sprite(c)
            out.append(sp)
        return out

    # ---- the view is the truth ----------------------------------------------------------------
    def sync(self, view: dict[str, Any], hard: bool = False) -> list[str]:
        """Make the model match ``view``; returns what differed (for tests/diagnostics)."""
        diffs: list[str] = []
        self.viewer = view.get("seat")
        for pv in view["players"]:
            s = self.seats[pv["seat"]]
            for attr in ("alive", "health", "gold", "combat", "owed", "deck_count"):
                if getattr(s, attr) != pv[attr] and not hard:
                    diffs.append(f"seat {s.seat} {attr} {getattr(s, attr)} -> {pv[attr]}")
                setattr(s, attr, pv[attr])
            hand: list[str | None] = list(pv["hand"]) if "hand" in pv else [None] * pv["hand_count"]
            if [c.card for c in s.hand] != hand and not hard:
                diffs.append(f"seat {s.seat} hand")
            s.hand = self._reconcile(s.hand, hand)
            if [c.card for c in s.in_play] != pv["in_play"] and not hard:
                diffs.append(f"seat {s.seat} in_play")
            s.in_play = self._reconcile(s.in_play, list(pv["in_play"]))
            champs = [c["card"] for c in pv["champions"]]
            if [c.card for c in s.champions] != champs and not hard:
                diffs.append(f"seat {s.seat} champions")
            s.champions = self._reconcile(s.champions, list(champs))
            used = pv.get("ally_used", [])
            for i, (sp, cv) in enumerate(zip(s.champions, pv["champions"])):
                sp.expended = bool(cv.get("expended"))
                sp.damage = int(cv.get("damage", 0))
                sp.ally_used = bool(used[len(s.in_play) + i]) if len(used) > len(s.in_play) + i else False
            for i, sp in enumerate(s.in_play):
                sp.ally_used = bool(used[i]) if i < len(used) else False
            if [c.card for c in s.discard] != pv["discard"] and not hard:
                diffs.append(f"seat {s.seat} discard")
            s.discard = self._reconcile(s.discard, list(pv["discard"]))
            s.deck_contents = list(pv.get("deck_contents", []))
            s.deck_known_top = list(pv.get("deck_known_top", []))
        m = view["market"]
        row = [c for c in m["row"]]
        old = {id(sp): sp for sp in self.row if sp is not None}
        new_row: list[Sprite | None] = []
        for i, c in enumerate(row):
            cur = self.row[i] if i < len(self.row) else None
            if c is None:
                new_row.append(None)
            elif cur is not None and cur.card == c:
                new_row.append(cur)
                old.pop(id(cur), None)
            else:
                if not hard:
                    diffs.append(f"market slot {i}")
                new_row.append(Sprite(c))
        self.row = new_row
        self.market_deck = m["deck_count"]
        self.gems = m["fire_gems"]
        self.sacrificed = self._reconcile(self.sacrificed, list(m["sacrificed"]))
        self.active, self.turn, self.phase = view["active"], view["turn"], view["phase"]
        self.winner = view.get("winner")
        self.pending = view.get("pending")
        self.team_turn = list(view.get("team_turn", [self.active]))
        self.legal = list(view.get("legal", []))
        self.reach = view.get("reach")
        self.roles = list(view.get("roles") or [""] * len(self.seats))
        self.teams = [list(t) for t in view.get("teams") or []]
        return diffs

    def teammates(self, seat: int | None) -> set[int]:
        """The other seats on ``seat``'s team (none in free-for-all formats)."""
        for team in self.teams:
            if seat in team:
                return {s for s in team if s != seat}
        return set()

    # ---- events ------------------------------------------------------------------------------
    def apply(self, e: dict[str, Any]) -> list[Sprite]:
        """Move sprites for one event; returns the sprites that moved (to flash)."""
        t = e["type"]
        fn = self._handlers.get(t) if isinstance(t, str) else None
        if fn is None:
            return []
        moved: list[Sprite] = fn(e) or []
        for sp in moved:
            sp.z = 10.0
        return moved

    def _seat(self, e: dict[str, Any], key: str = "seat") -> SeatModel:
        seat: SeatModel = self.seats[e[key]]
        return seat

    def _on_turn_started(self, e: dict[str, Any]) -> None:
        self.active, self.turn = e["seat"], e["turn"]
        self.team_turn = [e["seat"]]  # the view (at the next sync) names teammates too
        self.pending = None
        self.legal = []
        self.seats[e["seat"]].stats["turns"] += 1

    def _on_card_drawn(self, e: dict[str, Any]) -> list[Sprite]:
        s = self._seat(e)
        s.deck_count = max(0, s.deck_count - 1)
        if e.get("card") and e["card"] in s.deck_contents:
            s.deck_contents.remove(e["card"])
        if s.deck_known_top:
            s.deck_known_top.pop(0)
        sp = Sprite(e.get("card"))
        sp.placed = False  # the layout starts it on the deck (see TableView.place)
        sp.z = 10.0
        sp.origin = ("deck", s.seat)
        s.hand.append(sp)
        return [sp]

    def _on_deck_shuffled(self, e: dict[str, Any]) -> None:
        s = self._seat(e)
        s.deck_contents = sorted([c.card for c in s.discard if c.card] + s.deck_contents)
        s.discard = []
        s.deck_count = e["count"]
        s.deck_known_top = []

    def _on_card_played(self, e: dict[str, Any]) -> list[Sprite]:
        s = self._seat(e)
        sp = self._take(s.hand, e["card"]) or Sprite(e["card"])
        from game.hero_realms.cards import library

        card = library().get(e["card"])
        sp.expended, sp.damage, sp.ally_used = False, 0, False
        (s.champions if card is not None and card.is_champion else s.in_play).append(sp)
        return [sp]

    def _find(self, zone: list[Sprite], card: str, pred: Any = None) -> Sprite | None:
        for sp in zone:
            if sp.card == card and (pred is None or pred(sp)):
                return sp
        return None

    def _on_ability_used(self, e: dict[str, Any]) -> list[Sprite]:
        s = self._seat(e)
        kind = e["kind"]
        if kind == "expend":
            sp = self._find(s.champions, e["card"], lambda c: not c.expended)
            if sp:
                sp.expended = True
                sp.flash = 0.6
                return [sp]
        elif kind == "ally":
            sp = self._find(s.in_play + s.champions, e["card"], lambda c: not c.ally_used)
            if sp:
                sp.ally_used = True
                sp.flash = 0.6
        return []

    def _on_gold_gained(self, e: dict[str, Any]) -> None:
        self._seat(e).gold += e["amount"]

    def _on_combat_gained(self, e: dict[str, Any]) -> None:
        self._seat(e).combat += e["amount"]

    def _on_health_gained(self, e: dict[str, Any]) -> None:
        self._seat(e).health = e["health"]

    def _on_damage_dealt(self, e: dict[str, Any]) -> list[Sprite]:
        att = self._seat(e)
        att.combat = max(0, att.combat - e["amount"])
        att.stats["damage"] += e["amount"]
        tgt = self.seats[e["target"]]
        if e.get("card") is None:
            if e.get("health") is not None:
                tgt.health = e["health"]
            return []
        sp = self._find(tgt.champions, e["card"], lambda c: c.damage + e["amount"] == e.get("damage")) \
            or self._find(tgt.champions, e["card"])
        if sp is not None:
            sp.damage = e.get("damage") or sp.damage + e["amount"]
            sp.flash = 0.5
        return []

    def _on_champion_stunned(self, e: dict[str, Any]) -> list[Sprite]:
        s = self._seat(e)
        sp = self._find(s.champions, e["card"], lambda c: c.damage > 0) or self._find(s.champions, e["card"])
        if sp is None:
            return []
        s.champions.remove(sp)
        sp.expended, sp.damage, sp.ally_used = False, 0, False
        s.discard.append(sp)
        return [sp]

    def _on_champion_prepared(self, e: dict[str, Any]) -> list[Sprite]:
        sp = self._find(self._seat(e).champions, e["card"], lambda c: c.expended)
        if sp is not None:
            sp.expended = False
            return [sp]
        return []

    def _on_card_acquired(self, e: dict[str, Any]) -> list[Sprite]:
        s = self._seat(e)
        s.stats["bought"] += 1
        s.gold = max(0, s.gold - e["cost"])
        sp: Sprite | None = None
        if e["source"] == "market" and e.get("slot") is not None and e["slot"] < len(self.row):
            sp = self.row[e["slot"]]
            self.row[e["slot"]] = None
        elif e["source"] == "fire_gems":
            self.gems = max(0, self.gems - 1)
            sp = Sprite(e["card"])
            sp.origin = ("gems", None)
            sp.placed = False
        if sp is None:
            sp = Sprite(e["card"])
        to = e["to"]
        if to == "hand":
            s.hand.append(sp)
        elif to == "deck_top":
            s.deck_count += 1
            s.deck_known_top.insert(0, e["card"])
            self.transients.append((sp, "deck", s.seat))
        else:
            s.discard.append(sp)
        return [sp]

    def _on_market_refilled(self, e: dict[str, Any]) -> list[Sprite]:
        self.market_deck = max(0, self.market_deck - 1)
        sp = Sprite(e["card"])
        sp.placed = False
        sp.origin = ("market_deck", None)
        while len(self.row) <= e["slot"]:
            self.row.append(None)
        self.row[e["slot"]] = sp
        return [sp]

    def _on_card_sacrificed(self, e: dict[str, Any]) -> list[Sprite]:
        s = self._seat(e)
        zone = {"in_play": s.in_play, "champions": s.champions, "hand": s.hand, "discard": s.discard}.get(e["origin"], s.in_play)
        sp = self._take(zone, e["card"], prefer_last=e["origin"] == "discard") or Sprite(e["card"])
        sp.expended, sp.damage = False, 0
        if e["to"] == "fire_gems":
            self.gems += 1
            self.transients.append((sp, "gems", None))
        else:
            self.sacrificed.append(sp)
        return [sp]

    def _on_card_discarded(self, e: dict[str, Any]) -> list[Sprite]:
        s = self._seat(e)
        sp = self._take(s.hand, e["card"]) or Sprite(e["card"])
        s.discard.append(sp)
        if e.get("reason") == "owed":  # as the engine counts it: the "must discard" tag goes with the card
            s.owed = 0 if not s.hand else max(0, s.owed - 1)
        return [sp]

    def _on_gold_given(self, e: dict[str, Any]) -> None:
        giver = self._seat(e)
        giver.gold = max(0, giver.gold - e["amount"])
        self.seats[e["to"]].gold += e["amount"]

    def _on_card_sent(self, e: dict[str, Any]) -> list[Sprite]:
        """Emperor: a card crosses to a teammate's discard pile (from the sender's
        discard pile; a falling commander's from their hand or deck too)."""
        s = self._seat(e)
        origin = e.get("origin", "discard")
        sp = None
        if origin == "discard":
            sp = self._take(s.discard, e["card"], prefer_last=True)
        elif origin == "hand":
            sp = self._take(s.hand, e["card"]) or (s.hand.pop() if s.hand else None)
        elif origin == "deck":
            s.deck_count = max(0, s.deck_count - 1)
            sp = Sprite(e["card"])
            sp.origin, sp.placed = ("deck", s.seat), False
        sp = sp or Sprite(e["card"])
        sp.card = e["card"]
        self.seats[e["to"]].discard.append(sp)
        return [sp]

    def _on_discard_owed(self, e: dict[str, Any]) -> None:
        self._seat(e).owed = e["count"]

    def _on_card_to_deck_top(self, e: dict[str, Any]) -> list[Sprite]:
        s = self._seat(e)
        sp = self._take(s.discard, e["card"], prefer_last=True)
        s.deck_count += 1
        s.deck_known_top.insert(0, e["card"])
        if sp is not None:
            self.transients.append((sp, "deck", s.seat))
            return [sp]
        return []

    def _on_cleaned_up(self, e: dict[str, Any]) -> list[Sprite]:
        s = self._seat(e)
        for sp, c in zip(s.hand, e.get("hand", [])):
            sp.card = c  # the hand goes face up onto the discard pile
        moved = s.in_play + s.hand
        s.discard.extend(moved)
        s.in_play, s.hand = [], []
        s.gold = s.combat = 0
        return moved

    def _on_damage_cleared(self, e: dict[str, Any]) -> None:
        sp = self._find(self._seat(e).champions, e["card"], lambda c: c.damage > 0)
        if sp is not None:
            sp.damage = 0

    def _on_player_eliminated(self, e: dict[str, Any]) -> None:
        self._seat(e).alive = False

    def _on_cards_left_game(self, e: dict[str, Any]) -> list[Sprite]:
        s = self._seat(e)
        leaving = s.hand + s.in_play + s.champions + s.discard
        for sp in leaving:  # every card shrinks into the player's place as they leave the game
            self.transients.append((sp, "gone", s.seat))
        s.hand, s.in_play, s.champions, s.discard = [], [], [], []
        s.deck_count = 0
        s.gold = s.combat = 0
        return leaving

    def _on_prompt_opened(self, e: dict[str, Any]) -> None:
        self.pending = {"seat": e["seat"], "kind": e["kind"], "card": e.get("card")}

    def _on_game_over(self, e: dict[str, Any]) -> None:
        self.phase = "over"
        self.winner = e.get("winner")
        self.pending = None
