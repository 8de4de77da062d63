"""Chaos Realms ("Les royaumes du chaos", 3-7 players): the rulebook's real-time variant.

Setup: seven cards each (eight with the new suits); the undealt cards are set aside,
out of the game. No turns: until the time runs out, every seat trades cards one for
one with the others, all at once. Then the Necromancer's holder may, instead of its
printed text, draw three cards and keep one; everybody scores their hand with the
exact scorer, and the highest score wins (ties: the lowest total base strength, as
in the standard game).

The engine is pure: time is an input. The session submits ``clock <ms>`` (the
trading time that has passed); the line that reaches the limit ends the trading.

Notation (each seat's line begins with its seat number; cards by slug or id)::

    clock 60000                  the table's clock: 60 s of trading have passed
    2 offer 0 dragon unicorn     seat 2 offers its Dragon to seat 0 for a Unicorn
    2 offer any dragon unicorn   ... to whichever other seat accepts first
    0 accept #3                  seat 0 accepts offer 3 (it gives the card asked for)
    0 decline #3                 seat 0 refuses offer 3 (made to it by name)
    2 withdraw #3                seat 2 takes its offer 3 back
    1 draw / 1 pass              after the time: the Necromancer's holder draws three or not
    1 keep wildfire              ... and keeps one of them
    1 wish dragon                the Genie's holder takes a set-aside card
    1 discard rangers            the 9-card cap (new suits), a card set aside

The rulings on what the rulebook leaves open (offers to one seat or to anyone,
several at once, withdrawn, declined or void; where the Necromancer draws; no Cursed
Items) are in NOTATION.md beside this module. The lines are ``chaos_actions.py``'s,
the end of the game (last draws, cap, scores) is ``chaos_end.py``'s.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from game.core.errors import IllegalActionError, NotationError, RealmsError
from game.core.game import Outcome
from game.core.refusal import Refusal, refusal
from game.core.rng import RNG_VERSION, Rng, make_rng
from game.fantasy_realms import modules as mod
from game.fantasy_realms.cards import CardLibrary, library
from game.fantasy_realms.chaos_actions import ChaosAction as ChaosAction
from game.fantasy_realms.chaos_actions import is_chaos_line as is_chaos_line
from game.fantasy_realms.chaos_actions import parse as parse
from game.fantasy_realms.chaos_end import end_decision, end_lines, time_up
from game.fantasy_realms.chaos_end import table_for as table_for
from game.fantasy_realms.chaos_events import ANYONE, CardsTraded, ChaosStarted, ClockTicked, OfferClosed, OfferMade
from game.fantasy_realms.ending import TIME_UP, termination
from game.fantasy_realms.events import CardsDealt, Event
from game.fantasy_realms.scoring import Score
from game.fantasy_realms.terms import DEFAULT_RULINGS, Rulings

MIN_SEATS, MAX_SEATS = 3, 7
LIMIT_S = 300  # the rulebook's five minutes for experienced players
MAX_LIMIT_S = 3600
CLOCK_STEP_MS = 5000  # how often a running clock is recorded (a reloaded game resumes near its time)
MAX_OFFERS = 8  # offers one seat may have out at once (a table stays readable; a client cannot flood it)


class ChaosSetupError(RealmsError, ValueError):
    """An impossible Chaos Realms setup (seats, modules, time limit)."""


# ---------------------------------------------------------------- state
@dataclass(frozen=True, slots=True)
class Offer:
    """A trade proposed by ``seat`` to ``to``: its card ``give`` for ``want``."""

    id: int
    seat: int
    to: int  # a seat, or ANYONE
    give: str
    want: str

    def visible_to(self, seat: int | None) -> bool:
        return self.to == ANYONE or seat in (self.seat, self.to)


class ChaosState:
    """One Chaos Realms game, following core's ``GameState`` protocol: :meth:`legal_actions`,
    :meth:`apply`, :meth:`check`, :meth:`view`, :meth:`clone`, :meth:`outcome`,
    :meth:`state_hash`."""

    __slots__ = ("lib", "modules", "rulings", "n", "cards", "hand_size", "cap", "limit_ms", "clock_ms", "rng",
                 "aside", "hands", "offers", "next_offer", "trades", "phase", "endq", "to_move", "drawn",
                 "used_extra", "results", "winners", "index", "slugs")

    lib: CardLibrary
    modules: frozenset[str]
    rulings: Rulings
    n: int
    cards: tuple[str, ...]
    hand_size: int
    cap: int | None
    limit_ms: int
    clock_ms: int
    rng: Rng
    aside: list[str]  # the set-aside cards, top at the end (hidden)
    hands: list[list[str]]
    offers: list[Offer]
    next_offer: int
    trades: int
    phase: str  # trade | end_game | over
    endq: list[tuple[str, int]]
    to_move: int  # in end_game: the seat deciding; else -1
    drawn: list[str]  # the Necromancer's three, while it chooses
    used_extra: list[list[str]]  # cards that drew an extra card (the cap may not set them aside)
    results: list[Score] | None
    winners: tuple[int, ...]
    index: dict[str, str]  # slug or lower-case id -> card id (fixed at setup)
    slugs: dict[str, str]  # card id -> slug (fixed at setup)

    def clone(self) -> ChaosState:
        s = ChaosState.__new__(ChaosState)
        for name in ("lib", "modules", "rulings", "n", "cards", "hand_size", "cap", "limit_ms", "clock_ms",
                     "next_offer", "trades", "phase", "to_move", "results", "winners", "index", "slugs"):
            setattr(s, name, getattr(self, name))
        s.rng = self.rng.clone()
        s.aside = self.aside[:]
        s.hands = [h[:] for h in self.hands]
        s.offers = self.offers[:]
        s.endq = self.endq[:]
        s.drawn = self.drawn[:]
        s.used_extra = [u[:] for u in self.used_extra]
        return s

    # ---- the door ------------------------------------------------------------
    def legal_actions(self, seat: int | None = None) -> list[ChaosAction]:
        """Every legal seat line (of ``seat`` only, when given). The clock is the
        session's input and is not listed; see :func:`due_clock`."""
        seats = range(self.n) if seat is None else [seat]
        return [a for s in seats for a in (_trade_lines(self, s) if self.phase == "trade" else end_lines(self, s))]

    def check(self, action: ChaosAction | str) -> Refusal | None:
        """None when ``action`` is legal now, else why it is not."""
        try:
            a = parse(action)
        except NotationError as exc:
            return refusal("bad_line", str(exc), line=str(action), reason=str(exc))
        return _why_not(self, a)

    def apply(self, action: ChaosAction | str) -> list[Event]:
        a = parse(action)
        reason = _why_not(self, a)
        if reason is not None:
            raise IllegalActionError(reason)
        ev: list[Event] = []
        _APPLY[a.verb](self, a, ev)
        return ev

    def waiting_for(self) -> list[int]:
        """The seats that may act now: everybody while trading, the deciding seat after."""
        if self.phase == "trade":
            return list(range(self.n))
        return [] if self.phase == "over" else [self.to_move]

    def view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def winner(self) -> int | tuple[int, ...] | None:
        """As the standard game's: the winning seat, the tied seats, or None before the end
        (the LAN host's game-over message reads it)."""
        if self.phase != "over":
            return None
        return self.winners[0] if len(self.winners) == 1 else self.winners

    @property
    def turn(self) -> None:
        """Chaos Realms has no turns (the protocol's ``turn``): the history and the replays
        count none, as they always have for this variant."""
        return None

    def outcome(self) -> Outcome | None:
        """The winners, the termination key (``time_up``, or ``tie`` when several seats share
        the win) and every seat's score once the hands are scored; None before."""
        if self.phase != "over" or self.results is None:
            return None
        return Outcome(self.winners, termination(self.winners, TIME_UP), tuple(r.total for r in self.results))

    def state_hash(self) -> str:
        """A digest of everything that decides the future (desync detection)."""
        data = ["chaos", self.n, sorted(self.modules), self.rulings.to_dict(), self.limit_ms, self.clock_ms,
                self.aside, self.hands, [(o.id, o.seat, o.to, o.give, o.want) for o in self.offers],
                self.next_offer, self.trades, self.phase, self.endq, self.to_move, self.drawn, self.used_extra,
                self.rng.state]
        return hashlib.sha256(json.dumps(data).encode()).hexdigest()[:16]

    def all_cards(self) -> list[str]:
        """Every card of the game wherever it is (for conservation checks)."""
        out = self.aside + self.drawn
        for h in self.hands:
            out = out + h
        return out

    # ---- helpers ---------------------------------------------------------------------
    def slug(self, cid: str) -> str:
        return self.slugs[cid]

    def card(self, word: str) -> str | None:
        return self.index.get(word)


# ---------------------------------------------------------------- setup
def new_chaos(seats: int = 4, modules: Iterable[str] = (), seed: int = 0, limit_s: int = LIMIT_S,
              rulings: Rulings = DEFAULT_RULINGS, lib: CardLibrary | None = None,
              events: list[Event] | None = None, rng_version: int = RNG_VERSION) -> ChaosState:
    """A dealt game. ``limit_s``: the trading time in seconds."""
    if isinstance(seats, bool) or not isinstance(seats, int) or not MIN_SEATS <= seats <= MAX_SEATS:
        raise ChaosSetupError(f"Chaos Realms is for {MIN_SEATS}-{MAX_SEATS} players, not {seats}")
    if isinstance(limit_s, bool) or not isinstance(limit_s, int) or not 1 <= limit_s <= MAX_LIMIT_S:
        raise ChaosSetupError(f"the time limit must be 1-{MAX_LIMIT_S} seconds, not {limit_s}")
    mods = mod.normalize(modules)
    if mod.ITEMS in mods:
        raise ChaosSetupError("Chaos Realms is played without the Cursed Items (their uses need turns)")
    lib = lib or library()
    st = ChaosState.__new__(ChaosState)
    st.lib, st.modules, st.rulings, st.n = lib, mods, rulings, seats
    st.cards = tuple(c.id for c in mod.game_cards(lib, mods))
    st.slugs = {cid: lib.cards[cid].slug for cid in st.cards}
    st.index = {slug: cid for cid, slug in st.slugs.items()} | {cid.lower(): cid for cid in st.cards}
    st.hand_size = mod.hand_size(mods)
    st.cap = mod.hand_cap(mods)
    st.limit_ms, st.clock_ms = limit_s * 1000, 0
    st.rng = make_rng(seed, rng_version)
    deck = list(st.cards)
    st.rng.shuffle(deck)
    ev = events if events is not None else []
    ev.append(ChaosStarted(seats, tuple(sorted(mods)), st.hand_size, len(deck) - seats * st.hand_size,
                           st.limit_ms))
    st.hands = []
    for s in range(seats):
        st.hands.append([deck.pop() for _ in range(st.hand_size)])
        ev.append(CardsDealt(s, st.hand_size, tuple(st.hands[s])))
    st.aside = deck
    st.offers, st.next_offer, st.trades = [], 1, 0
    st.phase, st.endq, st.to_move, st.drawn = "trade", [], -1, []
    st.used_extra = [[] for _ in range(seats)]
    st.results, st.winners = None, ()
    return st


# ---------------------------------------------------------------- the clock
def due_clock(st: ChaosState, since_ms: int) -> ChaosAction | None:
    """The clock line a session should submit when ``since_ms`` have passed since the
    last recorded one: at the limit (it ends the trading), and every CLOCK_STEP_MS
    (so a save resumes near its time); None when none is due or the trading is over."""
    if st.phase != "trade":
        return None
    now = st.clock_ms + max(0, since_ms)
    if now >= st.limit_ms:
        return ChaosAction(None, "clock", (str(st.limit_ms),))
    if since_ms >= CLOCK_STEP_MS:
        return ChaosAction(None, "clock", (str(now),))
    return None


# ---------------------------------------------------------------- legality
def _offer_no(word: str) -> int:
    return int(word[1:])


def _find(st: ChaosState, number: int) -> Offer | None:
    return next((o for o in st.offers if o.id == number), None)


def _why_not(st: ChaosState, a: ChaosAction) -> Refusal | None:
    if st.phase == "over":
        return refusal("game_over", "the game is over")
    if a.verb == "clock":
        ms = int(a.args[0])
        if st.phase != "trade":
            return refusal("clock_after_trading", "the trading time is already over")
        if ms < st.clock_ms:
            return refusal("clock_backwards", f"clock {ms} is before the time already counted ({st.clock_ms} ms)",
                           ms=ms, counted=st.clock_ms)
        return None
    seat = a.seat
    assert seat is not None
    if not 0 <= seat < st.n:
        return refusal("no_such_seat", f"seat {seat} is not in this {st.n}-player game", seat=seat, seats=st.n)
    if st.phase == "trade":
        return _why_not_trade(st, seat, a)
    if a.verb in ("offer", "accept", "decline", "withdraw"):
        return refusal("trading_over", "the trading time is over")
    if seat != st.to_move:
        return refusal("not_deciding", f"seat {st.to_move} decides now, not seat {seat}", decider=st.to_move, seat=seat)
    lines = end_lines(st, seat)
    words = tuple(st.slug(st.index[w]) if w in st.index else w for w in a.args)
    if str(ChaosAction(seat, a.verb, words)) in {str(x) for x in lines}:
        return None
    shown = ", ".join(str(x) for x in lines[:6]) + (" ..." if len(lines) > 6 else "")
    return refusal("chaos_not_legal_now", f"{str(a)!r} is not legal now; legal: {shown}", action=str(a), legal=shown)


def _why_not_trade(st: ChaosState, seat: int, a: ChaosAction) -> Refusal | None:
    if a.verb in ("draw", "pass", "keep", "wish", "discard"):
        return refusal("after_trading", f"'{a.verb}' comes after the trading time; now seats offer and accept trades",
                       verb=a.verb)
    if a.verb == "offer":
        return _why_not_offer(st, seat, a.args)
    offer = a.args[0]
    o = _find(st, _offer_no(offer))
    if o is None:
        return refusal("no_such_offer", f"offer {offer} is not on the table", offer=offer)
    if a.verb == "withdraw":
        return None if o.seat == seat else refusal(
            "not_your_offer", f"offer {offer} is seat {o.seat}'s to withdraw, not seat {seat}'s",
            offer=offer, maker=o.seat, seat=seat)
    if o.seat == seat:
        return refusal("own_offer", f"offer {offer} is your own (withdraw it instead)", offer=offer)
    if o.to not in (seat, ANYONE):
        return refusal("offer_to_other", f"offer {offer} is made to seat {o.to}", offer=offer, to=o.to)
    if a.verb == "decline":
        return None if o.to == seat else refusal(
            "offer_to_anyone", f"offer {offer} is to anyone: leave it, only its maker withdraws it", offer=offer)
    if o.want not in st.hands[seat]:
        want = st.slug(o.want)
        return refusal("offer_wants", f"offer {offer} asks for {want}, which seat {seat} does not hold",
                       offer=offer, card=want, seat=seat)
    return None


def _why_not_offer(st: ChaosState, seat: int, args: tuple[str, ...]) -> Refusal | None:
    to_word, give_word, want_word = args
    if to_word == "any":
        to = ANYONE
    elif to_word.isdigit():
        to = int(to_word)
        if to == seat:
            return refusal("trade_with_self", "a seat cannot trade with itself")
        if not 0 <= to < st.n:
            return refusal("no_such_seat", f"seat {to} is not in this {st.n}-player game", seat=to, seats=st.n)
    else:
        return refusal("bad_offer_target", f"offer to a seat number or 'any', not {to_word!r}", word=to_word)
    give, want = st.card(give_word), st.card(want_word)
    if give is None:
        return refusal("not_a_card", f"{give_word!r} is not a card of this game", word=give_word)
    if want is None:
        return refusal("not_a_card", f"{want_word!r} is not a card of this game", word=want_word)
    if give not in st.hands[seat]:
        return refusal("not_held", f"seat {seat} does not hold {st.slug(give)}", seat=seat, card=st.slug(give))
    if want in st.hands[seat]:
        return refusal("already_held", f"seat {seat} already holds {st.slug(want)}", seat=seat, card=st.slug(want))
    same = next((o for o in st.offers if (o.seat, o.to, o.give, o.want) == (seat, to, give, want)), None)
    if same is not None:
        return refusal("same_offer", f"the same offer is already on the table (#{same.id})", number=same.id)
    if sum(o.seat == seat for o in st.offers) >= MAX_OFFERS:
        return refusal("too_many_offers", f"seat {seat} already has {MAX_OFFERS} offers out: withdraw one first",
                       seat=seat, most=MAX_OFFERS)
    return None


def _trade_lines(st: ChaosState, seat: int) -> list[ChaosAction]:
    out = _answer_lines(st, seat)
    pending = {(o.to, o.give, o.want) for o in st.offers if o.seat == seat}
    if len(pending) >= MAX_OFFERS:
        return out
    targets = ["any"] + [str(s) for s in range(st.n) if s != seat]
    wanted = [c for c in st.cards if c not in st.hands[seat]]
    slugs = st.slugs
    for give in st.hands[seat]:
        for to_word in targets:
            to = ANYONE if to_word == "any" else int(to_word)
            out += [ChaosAction(seat, "offer", (to_word, slugs[give], slugs[want])) for want in wanted
                    if (to, give, want) not in pending]
    return out


# ---------------------------------------------------------------- applying
def _clock(st: ChaosState, a: ChaosAction, ev: list[Event]) -> None:
    st.clock_ms = min(int(a.args[0]), st.limit_ms)
    ev.append(ClockTicked(st.clock_ms, st.limit_ms))
    if st.clock_ms >= st.limit_ms:
        time_up(st, ev)


def _offer(st: ChaosState, a: ChaosAction, ev: list[Event]) -> None:
    seat = a.seat
    assert seat is not None
    to = ANYONE if a.args[0] == "any" else int(a.args[0])
    give, want = st.card(a.args[1]), st.card(a.args[2])
    assert give is not None and want is not None
    o = Offer(st.next_offer, seat, to, give, want)
    st.next_offer += 1
    st.offers.append(o)
    ev.append(OfferMade(o.id, seat, to, give, want))


def _close(st: ChaosState, a: ChaosAction, ev: list[Event]) -> None:
    o = _find(st, _offer_no(a.args[0]))
    assert o is not None and a.seat is not None
    st.offers.remove(o)
    ev.append(OfferClosed(o.id, a.seat, "withdrawn" if a.verb == "withdraw" else "declined"))


def _accept(st: ChaosState, a: ChaosAction, ev: list[Event]) -> None:
    o = _find(st, _offer_no(a.args[0]))
    taker = a.seat
    assert o is not None and taker is not None
    st.offers.remove(o)
    maker_hand, taker_hand = st.hands[o.seat], st.hands[taker]
    maker_hand[maker_hand.index(o.give)] = o.want  # each card takes the other's place in the hand
    taker_hand[taker_hand.index(o.want)] = o.give
    st.trades += 1
    ev.append(CardsTraded(o.id, o.seat, taker, o.give, o.want, o.to == ANYONE))
    for other in list(st.offers):  # an offer of a card its maker gave away is void
        if other.give not in st.hands[other.seat]:
            st.offers.remove(other)
            ev.append(OfferClosed(other.id, other.seat, "void"))


_APPLY = {"clock": _clock, "offer": _offer, "withdraw": _close, "decline": _close, "accept": _accept,
          "draw": end_decision, "pass": end_decision, "keep": end_decision, "wish": end_decision,
          "discard": end_decision}


# ---------------------------------------------------------------- view
def _card_info(st: ChaosState, cid: str) -> dict[str, Any]:
    c = st.lib.cards[cid]
    return {"id": cid, "slug": c.slug, "name": c.en, "suit": c.suit, "strength": c.strength}


def _offer_view(o: Offer, seat: int | None) -> dict[str, Any]:
    shown = o.visible_to(seat)
    return {"id": o.id, "seat": o.seat, "to": o.to, "give": o.give if shown else None,
            "want": o.want if shown else None}


def view(st: ChaosState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know: its own hand (every hand once the game is over), hand
    sizes, the offers (cards only of those made by it, to it, or to anyone), the
    clock, and its legal lines (offer lines are not listed: there are thousands; the
    view says which cards and seats an offer may name)."""
    over = st.phase == "over"
    players = []
    for s in range(st.n):
        p: dict[str, Any] = {"seat": s, "hand_size": len(st.hands[s])}
        if s == seat or over:
            p["hand"] = list(st.hands[s])
        players.append(p)
    v: dict[str, Any] = {
        "game": "fantasy_realms", "variant": "chaos", "seat": seat, "seats": st.n,
        "modules": sorted(st.modules), "rulings": st.rulings.to_dict(), "hand_size": st.hand_size,
        "phase": st.phase, "to_move": st.to_move, "clock_ms": st.clock_ms, "limit_ms": st.limit_ms,
        "set_aside": len(st.aside), "trades": st.trades, "players": players,
        "offers": [_offer_view(o, seat) for o in st.offers],
        "cards": {cid: _card_info(st, cid) for cid in st.cards},
    }
    legal: list[str] = []
    if seat is not None and 0 <= seat < st.n and not over:
        legal = [str(a) for a in (end_lines(st, seat) if st.phase != "trade" else _answer_lines(st, seat))]
        if st.phase == "trade":
            # '<seat> offer <to|any> <own card> <a card it does not hold>', up to MAX_OFFERS out
            v["can_offer"] = sum(o.seat == seat for o in st.offers) < MAX_OFFERS
        if st.drawn and seat == st.to_move:
            v["drawn"] = list(st.drawn)
    v["legal"] = legal
    if over and st.results is not None:
        v["scores"] = [r.total for r in st.results]
        v["winners"] = list(st.winners)
        v["breakdown"] = [[c.to_dict() for c in r.cards] for r in st.results]
    return v


def _answer_lines(st: ChaosState, seat: int) -> list[ChaosAction]:
    """The trading lines other than new offers: accept, decline, withdraw."""
    out: list[ChaosAction] = []
    for o in st.offers:
        if o.seat == seat:
            out.append(ChaosAction(seat, "withdraw", (f"#{o.id}",)))
        elif o.to in (seat, ANYONE):
            if o.want in st.hands[seat]:
                out.append(ChaosAction(seat, "accept", (f"#{o.id}",)))
            if o.to == seat:
                out.append(ChaosAction(seat, "decline", (f"#{o.id}",)))
    return out
