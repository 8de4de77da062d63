"""What the HerosDeï table shows: the game as the viewer knows it.

Between two syncs with the client's view the director moves the game here event by
event (a card placed joins its Character, a kill empties a place, a change of
control moves a Character across), so the table shows each fact in turn. Once the
events are shown, :meth:`HdModel.sync` sets everything from the view: whatever an
event left approximate (a boost's exact total, a museum's order) is corrected there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from game.herosdei.cards import CardDef
from game.herosdei.user_cards import all_cards
from game.herosdei.view import in_window

STATS = ("F", "S", "C", "M")


@cache
def card_defs() -> dict[str, CardDef]:
    """The game's cards and the player's own, read once per table (every name and stat the
    table shows comes from it): :func:`reload_card_defs` when a table opens."""
    return all_cards()


def reload_card_defs() -> None:
    """Read the player's card files again (a table opens: a file may have come since the last)."""
    card_defs.cache_clear()


@dataclass
class Character:
    card: str
    given: list[str] = field(default_factory=list)
    stats: dict[str, int] = field(default_factory=dict)
    attacked: bool = False
    granted: list[str] = field(default_factory=list)  # keywords effects grant it for the moment


@dataclass
class Side:
    seat: int
    hand: list[str] = field(default_factory=list)  # the viewer's own hand (empty for the other side)
    hand_count: int = 0
    future: int = 0
    museum: list[str] = field(default_factory=list)
    chars: list[Character] = field(default_factory=list)
    gods: list[str] = field(default_factory=list)
    places: list[str] = field(default_factory=list)
    black_magic: list[str] = field(default_factory=list)
    vp: int = 0
    kills: int = 0
    used: list[str] = field(default_factory=list)  # the destinies played this attack phase
    foreign: list[str] = field(default_factory=list)  # the viewer's hand cards another seat owns
    placed: list[str] = field(default_factory=list)  # the allowances the viewer has used while it places


def split_ref(ref: str) -> tuple[int, str, int] | None:
    """``1:lancelot#2`` as (seat, card, copy), or None for a bare card id."""
    seat, colon, rest = ref.partition(":")
    if not colon or not seat.isdigit():
        return None
    card, _, k = rest.partition("#")
    return int(seat), card, int(k) if k.isdigit() else 1


class HdModel:
    """Both sides, the stack, the combat, the prompt and the viewer's legal lines."""

    def __init__(self, view: dict[str, Any], viewer: int | None) -> None:
        self.viewer = viewer
        self.defs: dict[str, CardDef] = card_defs()
        self.sides = [Side(0), Side(1)]
        self.legal: list[str] = []
        self.variant = "standard"
        self.turn = 1
        self.phase = "start"
        self.first = 0
        self.to_act = 0
        self.winner: int | str | None = None
        self.reason = ""
        self.stack: list[dict[str, Any]] = []
        self.combat: dict[str, Any] | None = None
        self.pending: dict[str, Any] | None = None
        self.view: dict[str, Any] = view
        self._lifted: set[int] = set()  # events whose card already left its hand (it is in flight)
        self._combat_boosts: list[tuple[str, str, int]] = []  # (Character, stat, amount) of the combat under way
        # event type -> what it changes on the table; any other event changes nothing shown
        self._handlers: dict[str, Callable[[dict[str, Any]], None]] = {
            "turn_started": self._on_turn_started,
            "heroes_revealed": self._on_heroes_revealed,
            "cards_drawn": self._on_cards_drawn,
            "card_discarded": self._on_card_discarded,
            "first_player": self._on_first_player,
            "phase_began": self._on_phase_began,
            "card_placed": self._on_card_placed,
            "combat_declared": self._on_combat_declared,
            "control_taken": self._on_control_taken,
            "monster_played": self._on_monster_played,
            "character_killed": self._on_character_killed,
            "combat_ended": self._on_combat_ended,
            "struck": self._on_struck,
            "charm_compared": self._on_charm_compared,
            "destiny_played": self._on_destiny_played,
            "destiny_resolved": self._on_destiny_resolved,
            "boosted": self._on_boosted,
            "card_returned": self._on_card_returned,
            "sovereign_good_returned": self._on_sovereign_good_returned,
            "card_searched": self._on_card_searched,
            "victory_points": self._on_victory_points,
            "game_over": self._on_game_over,
        }
        self.sync(view)

    # ---- the truth ------------------------------------------------------------------------------
    def sync(self, view: dict[str, Any], viewer: int | None = None) -> None:
        if viewer is not None:
            self.viewer = viewer
        self.view = view
        self.variant = str(view.get("variant", "standard"))
        self.turn = int(view.get("turn", 1))
        self.phase = str(view.get("phase", "start"))
        self.first = int(view.get("first", 0))
        self.to_act = int(view.get("to_act", 0))
        self.winner = view.get("winner")
        self.stack = [dict(e) for e in view.get("stack", [])]
        self.combat = dict(view["combat"]) if view.get("combat") else None
        self.pending = dict(view["pending"]) if view.get("pending") else None
        self.legal = list(view.get("legal", []))
        self._lifted.clear()
        if self.combat is None:  # (in a combat the view's figures hold its boosts, which end with it)
            self._combat_boosts.clear()
        for p in view.get("players", []):
            side = self.sides[int(p["seat"])]
            hand = p.get("hand", [])
            side.hand = list(hand) if isinstance(hand, list) else []
            side.hand_count = len(hand) if isinstance(hand, list) else int(hand)
            side.future = int(p.get("future", 0)) if not isinstance(p.get("future"), list) else len(p["future"])
            side.museum = list(p.get("museum", []))
            side.chars = [Character(c["card"], list(c.get("given", [])), {s: int(c.get(s, 0)) for s in STATS},
                                    bool(c.get("attacked")), [str(k) for k in c.get("granted", [])])
                          for c in p.get("characters", [])]
            side.gods = list(p.get("gods", []))
            side.places = list(p.get("places", []))
            side.black_magic = list(p.get("black_magic", []))
            side.vp = int(p.get("vp", 0))
            side.kills = int(p.get("kills", 0))
            side.used = [str(c) for c in p.get("used", [])]
            side.foreign = [str(c) for c in p.get("foreign", [])]
            side.placed = [str(c) for c in p.get("placed", [])]

    # ---- reading ---------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over" or self.winner is not None

    def good_to_give(self) -> str | None:
        """In the viewer's placement, the Sovereign Good it must give to one of its
        Characters before it may be done (the lines offer to give it; Done is not among them)."""
        if self.phase != "placement" or "done" in self.legal:
            return None
        for line in self.legal:
            w = line.split()
            if w[0] == "play" and len(w) == 4 and self.kind(w[1].partition("#")[0]) == "sovereign_good":
                return w[1].partition("#")[0]
        return None

    def card(self, cid: str) -> CardDef | None:
        return self.defs.get(cid)

    def printed(self, cid: str, stat: str) -> int:
        d = self.defs.get(cid)
        return d.stat(stat) if d is not None else 0

    def kind(self, cid: str) -> str:
        d = self.defs.get(cid)
        return d.type if d is not None else ""

    def find(self, ref: str) -> tuple[int, int] | None:
        """(seat, index in its row) of the Character ``ref`` names, or None."""
        got = split_ref(ref)
        if got is None:
            return None
        seat, card, k = got
        if not 0 <= seat < 2:
            return None
        same = [i for i, c in enumerate(self.sides[seat].chars) if c.card == card]
        return (seat, same[k - 1]) if 0 < k <= len(same) else None

    def ref(self, seat: int, index: int) -> str:
        """``<seat>:<card>[#k]`` of the Character at ``index`` in ``seat``'s row."""
        chars = self.sides[seat].chars
        card = chars[index].card
        k = sum(1 for c in chars[: index + 1] if c.card == card)
        return f"{seat}:{card}" + ("" if k == 1 else f"#{k}")

    def acting(self) -> int | None:
        """The seat the game waits for (None when it is over)."""
        if self.over:
            return None
        if self.pending is not None:
            return int(self.pending.get("seat", self.to_act))
        return self.to_act

    def window_open(self) -> bool:
        """A destiny window: the viewer may answer with a destiny, or skip."""
        return in_window(self.phase, self.pending, self.legal)

    # ---- one event shown ------------------------------------------------------------------------
    def apply(self, e: dict[str, Any]) -> None:
        t = e.get("type")
        handler = self._handlers.get(t) if isinstance(t, str) else None
        if handler is not None:
            handler(e)

    def lift(self, e: dict[str, Any]) -> None:
        """A card leaves its hand as it takes off (it lands with :meth:`apply`)."""
        if e.get("type") in ("card_placed", "destiny_played", "card_discarded", "monster_played"):
            self._take_from_hand(int(e["seat"]), str(e["card"]))
            self._lifted.add(id(e))

    def _take_from_hand(self, seat: int, card: str, e: dict[str, Any] | None = None) -> None:
        if e is not None and id(e) in self._lifted:
            self._lifted.discard(id(e))
            return
        side = self.sides[seat]
        if card in side.hand:
            side.hand.remove(card)
        side.hand_count = max(0, side.hand_count - 1)

    def _to_hand(self, seat: int, card: str) -> None:
        side = self.sides[seat]
        if seat == self.viewer:
            side.hand.append(card)
        side.hand_count += 1

    def _new_char(self, card: str) -> Character:
        return Character(card, [], {s: self.printed(card, s) for s in STATS})

    def _on_turn_started(self, e: dict[str, Any]) -> None:
        self.turn = int(e.get("turn", self.turn))
        self.phase = "start"

    def _on_heroes_revealed(self, e: dict[str, Any]) -> None:
        side = self.sides[int(e["seat"])]
        if not side.chars:
            side.chars = [self._new_char(h) for h in e.get("heroes", [])]

    def _on_cards_drawn(self, e: dict[str, Any]) -> None:
        seat = int(e["seat"])
        side = self.sides[seat]
        cards = list(e.get("cards", []))
        if seat == self.viewer:
            side.hand += cards
        side.hand_count += int(e.get("count", len(cards)))
        side.future = max(0, side.future - int(e.get("count", len(cards))))

    def _on_card_discarded(self, e: dict[str, Any]) -> None:
        seat = int(e["seat"])
        self._take_from_hand(seat, str(e["card"]), e)
        self.sides[seat].museum.append(str(e["card"]))

    def _on_first_player(self, e: dict[str, Any]) -> None:
        self.first = int(e["seat"])

    def _on_phase_began(self, e: dict[str, Any]) -> None:
        self.phase = str(e["phase"])
        self.to_act = int(e["seat"])

    def _on_card_placed(self, e: dict[str, Any]) -> None:
        seat, card = int(e["seat"]), str(e["card"])
        self._take_from_hand(seat, card, e)
        onto = e.get("onto")
        side = self.sides[seat]
        if onto:
            at = self.find(str(onto))
            if at is not None:
                self.sides[at[0]].chars[at[1]].given.append(card)
                self._add_stats(self.sides[at[0]].chars[at[1]], card)
            return
        kind = self.kind(card)
        if kind == "god":
            side.gods.append(card)
        elif kind == "place":
            side.places.append(card)
        elif kind == "black_magic":
            side.black_magic.append(card)
        else:
            side.chars.append(self._new_char(card))

    def _add_stats(self, ch: Character, card: str) -> None:
        for s in STATS:
            ch.stats[s] = ch.stats.get(s, 0) + self.printed(card, s)

    def _on_combat_declared(self, e: dict[str, Any]) -> None:
        self.combat = {"attacker": e["attacker"], "defender": e["defender"], "step": "charm"}
        at = self.find(str(e["attacker"]))
        if at is not None:
            self.sides[at[0]].chars[at[1]].attacked = True

    def _on_control_taken(self, e: dict[str, Any]) -> None:
        at = self.find(str(e["card"]))
        if at is None:
            return
        ch = self.sides[at[0]].chars.pop(at[1])
        self.sides[int(e["seat"])].chars.append(ch)

    def _on_monster_played(self, e: dict[str, Any]) -> None:
        seat, card = int(e["seat"]), str(e["card"])
        self._take_from_hand(seat, card, e)
        self.sides[seat].chars.append(self._new_char(card))
        if self.combat is not None:
            self.combat["monster"] = f"{seat}:{card}"

    def _on_character_killed(self, e: dict[str, Any]) -> None:
        at = self.find(str(e["card"]))
        if at is None:
            return
        ch = self.sides[at[0]].chars.pop(at[1])
        museum = self.sides[at[0]].museum
        museum.append(ch.card)
        museum += [g for g in ch.given if self.kind(g) != "sovereign_good"]
        by = e.get("by")
        if isinstance(by, int) and 0 <= by < 2:  # a kill in combat counts, and scores its points
            self.sides[by].kills += 1
            self.sides[by].vp += int(e.get("vp", 0))

    def _on_combat_ended(self, e: dict[str, Any]) -> None:
        self.combat = None
        for ref, stat, amount in self._combat_boosts:  # a combat's boosts end with it
            at = self.find(ref)
            if at is not None:
                ch = self.sides[at[0]].chars[at[1]]
                ch.stats[stat] = ch.stats.get(stat, 0) - amount
        self._combat_boosts.clear()

    def _on_struck(self, e: dict[str, Any]) -> None:
        """The figures the strike compares are the ones in force: the cards show them."""
        self._set_stat(str(e["striker"]), "F", int(e["force"]))
        self._set_stat(str(e["struck"]), "S", int(e["health"]))

    def _on_charm_compared(self, e: dict[str, Any]) -> None:
        if self.combat is not None:
            self._set_stat(str(self.combat["defender"]), "C", int(e["charisma"]))
            self._set_stat(str(self.combat["attacker"]), "M", int(e["mastery"]))

    def _set_stat(self, ref: str, stat: str, value: int) -> None:
        at = self.find(ref)
        if at is not None:
            self.sides[at[0]].chars[at[1]].stats[stat] = value

    def _on_destiny_played(self, e: dict[str, Any]) -> None:
        seat, card = int(e["seat"]), str(e["card"])
        self._take_from_hand(seat, card, e)
        self.stack.append({"card": card, "seat": seat, "target": e.get("target")})

    def _on_destiny_resolved(self, e: dict[str, Any]) -> None:
        card = str(e["card"])
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i]["card"] == card:
                entry = self.stack.pop(i)
                target = entry.get("target")
                at = self.find(str(target)) if target and not e.get("cancelled") else None
                if at is not None and self.kind(card) == "stable_destiny":
                    self.sides[at[0]].chars[at[1]].given.append(card)
                else:
                    self.sides[int(e["seat"])].museum.append(card)
                return

    def _on_boosted(self, e: dict[str, Any]) -> None:
        at = self.find(str(e["card"]))
        if at is not None:
            ch = self.sides[at[0]].chars[at[1]]
            stat = str(e["stat"])
            ch.stats[stat] = ch.stats.get(stat, 0) + int(e.get("amount", 0))
            if self.combat is not None:  # until the end of the combat (out of combat: of the turn)
                self._combat_boosts.append((str(e["card"]), stat, int(e.get("amount", 0))))

    def _on_card_returned(self, e: dict[str, Any]) -> None:
        self._to_hand(int(e["seat"]), str(e["card"]))

    def _on_sovereign_good_returned(self, e: dict[str, Any]) -> None:
        self._to_hand(int(e["seat"]), str(e["card"]))

    def _on_card_searched(self, e: dict[str, Any]) -> None:
        self._to_hand(int(e["seat"]), str(e["card"]))
        side = self.sides[int(e["seat"])]
        side.future = max(0, side.future - 1)

    def _on_victory_points(self, e: dict[str, Any]) -> None:
        self.sides[int(e["seat"])].vp += int(e.get("amount", 0))

    def _on_game_over(self, e: dict[str, Any]) -> None:
        self.winner = e.get("winner")
        self.reason = str(e.get("reason", ""))
        self.phase = "over"
