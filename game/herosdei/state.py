"""The HerosDeï game state: every zone, the turn's progress, and what the rules read of it.

Card instances are numbered (``uid``); ``cid[uid]`` is the card's id and
``owner[uid]`` the seat whose museum it goes to. A player's ``chars`` are the
Characters they control, in the order they came under their control; ``given`` maps a
Character to the cards given to it. Stats in force (:meth:`State.stat`) add every
bonus: given cards, the controller's Gods (to Heroes) and Places (to every
Character), the other player's Black Magic, and the boosts of effects. The rules that
change a state are in ``turn.py``, ``combat.py`` and ``rules.py``; ``apply`` is the
only way in.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from game.core.events import Event
from game.core.rng import Rng
from game.herosdei.cards import CardDef

VARIANTS = ("initiation", "standard", "tournament")
HAND_LIMIT = 8
KILLS_TO_WIN = 5
VP_TO_WIN = 10
DRAW_EACH_TURN = 4
# The edition of the rules a game is played by. 1: the engine before issue 48's three
# corrections (a win in the Monster combat, destinies limited by name, the Monster that
# fought has attacked); the saves written then carry no edition and replay by it, to the
# same state hashes. New games and scenario files play the current one.
EDITION = 2
EDITIONS = (1, 2)
STAT_INDEX = {"F": 0, "S": 1, "C": 2, "M": 3}


@dataclass
class Player:
    seat: int
    civ: str = "neutral"
    hand: list[int] = field(default_factory=list)
    future: list[int] = field(default_factory=list)  # top first
    museum: list[int] = field(default_factory=list)  # the last one is the top
    chars: list[int] = field(default_factory=list)
    gods: list[int] = field(default_factory=list)
    places: list[int] = field(default_factory=list)
    black_magic: list[int] = field(default_factory=list)
    vp: int = 0
    kills: int = 0
    used: set[str] = field(default_factory=set)  # destinies played this attack phase
    placed: dict[str, int] = field(default_factory=dict)  # allowances used this placement phase


@dataclass
class Boost:
    uid: int
    stat: str  # a stat, or "kw:<keyword>" for a granted keyword
    amount: int
    until: str  # combat | turn


@dataclass
class StackEntry:
    uid: int
    seat: int
    target: int | None
    cancelled: bool = False


@dataclass
class Window:
    """A priority window: where it is (out, charm, assault, riposte), who acts first,
    who acts now, and how many skips in a row with the stack empty."""

    point: str
    lead: int
    to_act: int
    skips: int = 0


@dataclass
class Combat:
    attacker: int
    defender: int
    seat: int  # the attacking player
    step: str  # charm | monster | assault | riposte
    no_riposte: bool = False


@dataclass
class Prompt:
    seat: int
    kind: str  # hand_limit | monster | target
    prompt: str
    options: list[str]
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "prompt": self.prompt, "options": list(self.options)}


@dataclass
class State:
    defs: dict[str, CardDef]
    variant: str
    rng: Rng
    cid: list[str] = field(default_factory=list)
    owner: list[int] = field(default_factory=list)
    players: list[Player] = field(default_factory=lambda: [Player(0), Player(1)])
    given: dict[int, list[int]] = field(default_factory=dict)
    attacked: set[int] = field(default_factory=set)
    boosts: list[Boost] = field(default_factory=list)
    turn: int = 1
    phase: str = "start"  # start | placement | attack | over
    first: int = 0
    to_act: int = 0
    slot: int = 0  # whose combat slot is next in the attack phase
    passed_round: bool = False
    combats: list[int] = field(default_factory=lambda: [0, 0])
    locked_out: int | None = None  # a player with no possible first combat this phase
    window: Window | None = None
    stack: list[StackEntry] = field(default_factory=list)
    combat: Combat | None = None
    pending: Prompt | None = None
    winner: int | str | None = None
    dry_since: int | None = None  # the first turn to end with both futures empty (exhaustion.py)
    dry_table: list[Any] | None = None  # what that turn's end left in play, hands and museums
    # every window and Monster step is put to its player, even one who can only skip: a game
    # with people in it (the table, the LAN), where the other seat must not see who holds what
    ask_all: bool = False
    edition: int = EDITION
    log: list[Event] = field(default_factory=list)

    # ---- cards ---------------------------------------------------------------------------
    def new_card(self, card: str, owner: int) -> int:
        self.cid.append(card)
        self.owner.append(owner)
        return len(self.cid) - 1

    def card(self, uid: int) -> CardDef:
        return self.defs[self.cid[uid]]

    def controller(self, uid: int) -> int | None:
        for p in self.players:
            if uid in p.chars:
                return p.seat
        return None

    def carrier(self, uid: int) -> int | None:
        for holder, cards in self.given.items():
            if uid in cards:
                return holder
        return None

    def ref(self, uid: int) -> str:
        """``<seat>:<card>`` of a Character in play (``#k`` when it is not the first copy)."""
        seat = self.controller(uid)
        if seat is None:
            return self.cid[uid]
        same = [u for u in self.players[seat].chars if self.cid[u] == self.cid[uid]]
        k = same.index(uid) + 1
        return f"{seat}:{self.cid[uid]}" + ("" if k == 1 else f"#{k}")

    def find_char(self, seat: int, card: str, k: int) -> int | None:
        if not 0 <= seat < len(self.players):
            return None
        same = [u for u in self.players[seat].chars if self.cid[u] == card]
        return same[k - 1] if 0 < k <= len(same) else None

    def find_in_hand(self, seat: int, card: str, k: int) -> int | None:
        same = [u for u in self.players[seat].hand if self.cid[u] == card]
        return same[k - 1] if 0 < k <= len(same) else None

    # ---- what is in force --------------------------------------------------------------------
    @property
    def texts_apply(self) -> bool:
        """Stable cards' text counts (not in ``initiation``)."""
        return self.variant != "initiation"

    def stat(self, uid: int, stat: str) -> int:
        return self.stats(uid)[STAT_INDEX[stat]]

    def stats(self, uid: int) -> tuple[int, int, int, int]:
        """F, S, C and M in force: the card, what it is given, Gods (a Hero's), Places,
        the other side's Black Magic and the boosts of the moment."""
        d = self.card(uid)
        seat = self.controller(uid)
        adding = [d] + [self.card(g) for g in self.given.get(uid, ())]
        if seat is not None:
            me, other = self.players[seat], self.players[1 - seat]
            if d.type == "hero":
                adding += [self.card(g) for g in me.gods]
            adding += [self.card(p) for p in me.places]
            adding += [self.card(b) for b in other.black_magic]
        total = [sum(c.F for c in adding), sum(c.S for c in adding), sum(c.C for c in adding), sum(c.M for c in adding)]
        for b in self.boosts:
            if b.uid == uid and b.stat in STAT_INDEX:
                total[STAT_INDEX[b.stat]] += b.amount
        return total[0], total[1], total[2], total[3]

    def keywords(self, uid: int) -> set[str]:
        kws = set(self.card(uid).keywords)
        for g in self.given.get(uid, ()):
            kws |= set(self.card(g).keywords)
        kws |= {b.stat[3:] for b in self.boosts if b.uid == uid and b.stat.startswith("kw:")}
        return kws

    def has_thrown_weapon(self, uid: int) -> bool:
        return any(self.card(g).slot == "thrown_weapon" for g in self.given.get(uid, ()))

    def heroes(self, seat: int) -> list[int]:
        return [u for u in self.players[seat].chars if self.card(u).type == "hero"]

    # ---- the door -----------------------------------------------------------------------------
    @property
    def n(self) -> int:
        """The number of seats (a Session hosts any game by it)."""
        return len(self.players)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (None: a spectator, who sees no hand)."""
        from game.herosdei.view import view

        return view(self, -1 if seat is None else seat)

    def clone(self) -> State:
        """An independent copy (the card definitions and the past events are shared: they never change)."""
        memo: dict[int, Any] = {id(self.defs): self.defs, id(self.log): list(self.log)}
        twin: State = copy.deepcopy(self, memo)
        return twin

    def legal_actions(self) -> list[Any]:
        """Every legal action now (:class:`game.herosdei.actions.Action` values)."""
        from game.herosdei.rules import legal_actions

        return legal_actions(self)

    def apply(self, action: Any) -> list[Event]:
        from game.herosdei.rules import apply

        return apply(self, action)

    def waiting_for(self) -> list[int]:
        if self.phase == "over":
            return []
        return [self.pending.seat if self.pending is not None else self.to_act]

    def state_hash(self) -> str:
        from game.herosdei.serialize import state_hash

        return state_hash(self)

    def emit(self, event: Event) -> None:
        self.log.append(event)
