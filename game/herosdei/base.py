"""The data of a HerosDeï game: every zone, the turn's progress, and what the rules read of it.

Card instances are numbered (``uid``); ``cid[uid]`` is the card's id and
``owner[uid]`` the seat whose museum it goes to. A player's ``chars`` are the
Characters they control, in the order they came under their control; ``given`` maps a
Character to the cards given to it. Stats in force (:meth:`State.stat`) add every
bonus: given cards, the controller's Gods (to Heroes) and Places (to every
Character), the other player's Black Magic, and the boosts of effects. The rules that
change a state are in ``turn.py``, ``combat.py`` and ``rules.py``, which import this
module and are never imported by it; ``state.py`` puts the door on top
(python-chess's ``Board(BaseBoard)``), and its ``apply`` is the only way in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeVar

from game.core.events import Event
from game.core.rng import Rng
from game.herosdei.actions import Ref, ref_of
from game.herosdei.cards import CardDef
from game.herosdei.limits import lends_reach

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

S = TypeVar("S", bound="BaseState")


@dataclass(slots=True)
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

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.seat, p.civ, p.vp, p.kills = self.seat, self.civ, self.vp, self.kills
        p.hand, p.future, p.museum, p.chars = self.hand[:], self.future[:], self.museum[:], self.chars[:]
        p.gods, p.places, p.black_magic = self.gods[:], self.places[:], self.black_magic[:]
        p.used, p.placed = set(self.used), dict(self.placed)
        return p


@dataclass(frozen=True, slots=True)
class Boost:
    uid: int
    stat: str  # a stat, or "kw:<keyword>" for a granted keyword
    amount: int
    until: str  # combat | turn


@dataclass(slots=True)
class StackEntry:
    uid: int
    seat: int
    target: int | None
    cancelled: bool = False


@dataclass(slots=True)
class Window:
    """A priority window: where it is (out, charm, assault, riposte), who acts first,
    who acts now, and how many skips in a row with the stack empty."""

    point: str
    lead: int
    to_act: int
    skips: int = 0


@dataclass(slots=True)
class Combat:
    attacker: int
    defender: int
    seat: int  # the attacking player
    step: str  # charm | monster | assault | riposte
    no_riposte: bool = False


@dataclass(slots=True)
class Prompt:
    """A decision an effect or a rule waits for; never changed once made (states share it)."""

    seat: int
    kind: str  # hand_limit | monster | target
    prompt: str
    options: list[str]
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "prompt": self.prompt, "options": list(self.options)}


@dataclass(slots=True)
class BaseState:
    """A game's data and what the rules read of it; the door is :class:`game.herosdei.state.State`."""

    defs: dict[str, CardDef]
    variant: str
    rng: Rng
    cid: list[str] = field(default_factory=list)
    owner: list[int] = field(default_factory=list)
    players: list[Player] = field(default_factory=lambda: [Player(0), Player(1)])
    # a Character -> the cards given to it; a tuple, replaced rather than changed, so a
    # clone shares it until either side gives a card
    given: dict[int, tuple[int, ...]] = field(default_factory=dict)
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
    # how the game ended (a ``victory.TERMINATIONS`` key), once over; left out of the state
    # hash, as it decides nothing that follows and the saves before it hashed without it
    termination: str | None = None
    dry_since: int | None = None  # the first turn to end with both futures empty (exhaustion.py)
    dry_table: list[Any] | None = None  # what that turn's end left in play, hands and museums
    # every window and Monster step is put to its player, even one who can only skip: a game
    # with people in it (the table, the LAN), where the other seat must not see who holds what
    ask_all: bool = False
    edition: int = EDITION
    log: list[Event] = field(default_factory=list)
    # uid -> its definition, beside ``cid`` (the rules read it on every step)
    cards: list[CardDef] = field(default_factory=list, repr=False)
    # a clone shares the card instances (fixed once dealt) and the log until either appends
    _shared_cards: bool = field(default=False, repr=False)
    _shared_log: bool = field(default=False, repr=False)

    # ---- cards ---------------------------------------------------------------------------
    def new_card(self, card: str, owner: int) -> int:
        if self._shared_cards:  # a clone dealing more cards must not deal them to its original
            self.cid, self.owner, self.cards = self.cid[:], self.owner[:], self.cards[:]
            self._shared_cards = False
        self.cid.append(card)
        self.owner.append(owner)
        self.cards.append(self.defs[card])
        return len(self.cid) - 1

    def card(self, uid: int) -> CardDef:
        return self.cards[uid]

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

    def give(self, carrier: int, uid: int) -> None:
        """``uid`` is given to ``carrier`` (after the cards it already carries)."""
        self.given[carrier] = self.given.get(carrier, ()) + (uid,)

    def ref(self, uid: int) -> str:
        """``<seat>:<card>`` of a Character in play (``#k`` when it is not the first copy)."""
        seat = self.controller(uid)
        card = self.cid[uid]
        if seat is None:
            return card
        k = 1
        cid = self.cid
        for u in self.players[seat].chars:
            if u == uid:
                break
            if cid[u] == card:
                k += 1
        return f"{seat}:{card}" if k == 1 else f"{seat}:{card}#{k}"

    def refs(self, seat: int) -> dict[int, Ref]:
        """Each Character of ``seat`` -> its reference (the kept value of ``actions.ref_of``)."""
        out: dict[int, Ref] = {}
        count: dict[str, int] = {}
        cid = self.cid
        for u in self.players[seat].chars:
            c = cid[u]
            k = count[c] = count.get(c, 0) + 1
            out[u] = ref_of(seat, c, k)
        return out

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
        cards = self.cards
        d = cards[uid]
        f, s, c, m = d.F, d.S, d.C, d.M
        for g in self.given.get(uid, ()):
            x = cards[g]
            f, s, c, m = f + x.F, s + x.S, c + x.C, m + x.M
        seat = self.controller(uid)
        if seat is not None:
            me = self.players[seat]
            adding = me.gods + me.places if d.type == "hero" else me.places
            for g in adding + self.players[1 - seat].black_magic:
                x = cards[g]
                f, s, c, m = f + x.F, s + x.S, c + x.C, m + x.M
        for b in self.boosts:
            if b.uid == uid:
                st = b.stat
                if st == "F":
                    f += b.amount
                elif st == "S":
                    s += b.amount
                elif st == "C":
                    c += b.amount
                elif st == "M":
                    m += b.amount
        return f, s, c, m

    def side_stats(self, seat: int) -> list[tuple[int, int, int, int]]:
        """:meth:`stats` of each of ``seat``'s Characters, in order (the side's Gods, Places
        and the other side's Black Magic added up once for all of them)."""
        cards = self.cards
        me = self.players[seat]
        pf = ps = pc = pm = 0  # every Character's: Places and the other side's Black Magic
        for g in me.places + self.players[1 - seat].black_magic:
            x = cards[g]
            pf, ps, pc, pm = pf + x.F, ps + x.S, pc + x.C, pm + x.M
        hf, hs, hc, hm = pf, ps, pc, pm  # a Hero's: the Gods too
        for g in me.gods:
            x = cards[g]
            hf, hs, hc, hm = hf + x.F, hs + x.S, hc + x.C, hm + x.M
        boosted = {b.uid for b in self.boosts}
        out = []
        given = self.given
        for uid in me.chars:
            if uid in boosted:
                out.append(self.stats(uid))
                continue
            d = cards[uid]
            if d.type == "hero":
                f, s, c, m = d.F + hf, d.S + hs, d.C + hc, d.M + hm
            else:
                f, s, c, m = d.F + pf, d.S + ps, d.C + pc, d.M + pm
            for g in given.get(uid, ()):
                x = cards[g]
                f, s, c, m = f + x.F, s + x.S, c + x.C, m + x.M
            out.append((f, s, c, m))
        return out

    def keywords(self, uid: int) -> set[str]:
        kws = set(self.cards[uid].keywords)
        for g in self.given.get(uid, ()):
            kws.update(self.cards[g].keywords)
        kws.update(b.stat[3:] for b in self.boosts if b.uid == uid and b.stat.startswith("kw:"))
        return kws

    def has_keyword(self, uid: int, keyword: str) -> bool:
        """``keyword`` is in :meth:`keywords` (without building the set)."""
        cards = self.cards
        if keyword in cards[uid].keywords:
            return True
        for g in self.given.get(uid, ()):
            if keyword in cards[g].keywords:
                return True
        granted = "kw:" + keyword
        return any(b.uid == uid and b.stat == granted for b in self.boosts)

    def has_thrown_weapon(self, uid: int) -> bool:
        return any(lends_reach(self.cards[g]) for g in self.given.get(uid, ()))

    def heroes(self, seat: int) -> list[int]:
        cards = self.cards
        return [u for u in self.players[seat].chars if cards[u].type == "hero"]

    # ---- what the door reads -----------------------------------------------------------------
    @property
    def n(self) -> int:
        """The number of seats (a Session hosts any game by it)."""
        return len(self.players)

    def clone(self: S) -> S:
        """An independent copy. Its zones are copied; what never changes in place is shared:
        the card definitions and instances, the Boosts, the given tuples, a pending prompt,
        and the past events (the log is copied by whichever of the two appends first)."""
        cls = type(self)  # the state class on top (state.py) keeps its door
        s = cls.__new__(cls)
        s.defs, s.variant, s.rng = self.defs, self.variant, self.rng.clone()
        s.cid, s.owner, s.cards = self.cid, self.owner, self.cards
        self._shared_cards = s._shared_cards = True
        s.players = [p.copy() for p in self.players]
        s.given = dict(self.given)
        s.attacked = set(self.attacked)
        s.boosts = self.boosts[:]
        s.turn, s.phase, s.first, s.to_act, s.slot = self.turn, self.phase, self.first, self.to_act, self.slot
        s.passed_round, s.combats, s.locked_out = self.passed_round, self.combats[:], self.locked_out
        w = self.window
        s.window = None if w is None else Window(w.point, w.lead, w.to_act, w.skips)
        s.stack = [StackEntry(e.uid, e.seat, e.target, e.cancelled) for e in self.stack] if self.stack else []
        c = self.combat
        s.combat = None if c is None else Combat(c.attacker, c.defender, c.seat, c.step, c.no_riposte)
        s.pending, s.winner, s.termination = self.pending, self.winner, self.termination
        s.dry_since, s.dry_table = self.dry_since, self.dry_table  # the table is replaced, never changed
        s.ask_all, s.edition = self.ask_all, self.edition
        s.log = self.log
        self._shared_log = s._shared_log = True
        return s

    def waiting_for(self) -> list[int]:
        if self.phase == "over":
            return []
        return [self.pending.seat if self.pending is not None else self.to_act]

    def emit(self, event: Event) -> None:
        if self._shared_log:
            self.log = self.log[:]
            self._shared_log = False
        self.log.append(event)
