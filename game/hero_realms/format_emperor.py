"""Emperor (6 players, two teams of three): protect your Emperor.

Seats in turn order 0-5; team A = 0, 1, 2 (1 is its Emperor), team B = 3, 4, 5 (4 is
its Emperor). Commanders 0 and 5 face each other, as do 2 and 3. Emperors start
with 60 health, commanders with 50; team A goes first and opens with 3 cards, team
B with 5. A commander may attack or target only the enemy commander facing them
and that commander's champions, and once that commander is defeated, the enemy
Emperor and his champions; Emperors reach anyone. In the main phase a player may
pay 1 gold to move a card from their discard pile to a neighbouring teammate's
(``send <card> <seat>``). A defeated commander may put one card of their hand,
deck or discard pile into their Emperor's discard pile. When an Emperor falls,
that team loses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from game.core.refusal import Refusal, refusal
from game.hero_realms.actions import SKIP, Action
from game.hero_realms.effects import RESUME
from game.hero_realms.events import CardSent, Event, PlayerEliminated
from game.hero_realms.formats import STARTING_HEALTH, Format
from game.hero_realms.mechanics import find_ref, first_copies
from game.hero_realms.prompts import Prompt
from game.hero_realms.rules import FRAMES

if TYPE_CHECKING:
    from game.core.rng import Rng
    from game.hero_realms.base import BaseState, Frame

EMPERORS = (1, 4)
FACING = {0: 5, 5: 0, 2: 3, 3: 2}
NEIGHBOURS = {0: (1,), 1: (0, 2), 2: (1,), 3: (4,), 4: (3, 5), 5: (4,)}
EMPEROR_BONUS = 10
SEND_COST = 1


class Emperor(Format):
    name: ClassVar[str] = "emperor"
    victory: ClassVar[str] = "emperor_fallen"
    min_seats: ClassVar[int] = 6
    max_seats: ClassVar[int] = 6
    default_seats: ClassVar[int] = 6

    def teams(self, n: int) -> tuple[tuple[int, ...], ...]:
        return ((0, 1, 2), (3, 4, 5))

    def starting_health(self, n: int) -> list[int]:
        return [STARTING_HEALTH + (EMPEROR_BONUS if s in EMPERORS else 0) for s in range(n)]

    def choose_first(self, rng: Rng, n: int) -> int:
        return 0  # team A goes first; play begins with its first commander

    def opening_hands(self, n: int, first: int) -> list[int]:
        starting = self.team_of(n, first)
        return [3 if s in starting else 5 for s in range(n)]

    def role(self, seat: int) -> str:
        return "emperor" if seat in EMPERORS else "commander"

    @staticmethod
    def emperor_of(seat: int) -> int:
        return 1 if seat < 3 else 4

    def _reach(self, st: BaseState, seat: int) -> list[int]:
        if seat in EMPERORS:
            return self.opponents(st, seat)
        facing = FACING[seat]
        if st.players[facing].alive:
            return [facing]
        enemy = self.emperor_of(facing)
        return [enemy] if st.players[enemy].alive else []

    def reach_players(self, st: BaseState, seat: int) -> list[int]:
        return self._reach(st, seat)

    def reach_champions(self, st: BaseState, seat: int) -> list[int]:
        return self._reach(st, seat)

    def reach_reason(self, st: BaseState, seat: int, target: int, champion: bool) -> Refusal:
        if target == seat or not self.is_opponent(st, seat, target):
            return super().reach_reason(st, seat, target, champion)
        reach = self._reach(st, seat)
        only = reach[0] if reach else FACING[seat]
        return refusal("commander_reach", f"a commander reaches only seat {only} (the enemy commander facing them, "
                       "then their Emperor)", seat=only)

    # ---- sending a card to a teammate -------------------------------------------------
    def extra_actions(self, st: BaseState, actors: list[int]) -> list[Action]:
        out = []
        for a in actors:
            p = st.players[a]
            if p.gold >= SEND_COST and p.discard:
                mates = [t for t in NEIGHBOURS[a] if st.players[t].alive]
                for card, k in first_copies(p.discard, st.cid):
                    out += [Action("send", card, k, t) for t in mates]
        return out

    def extra_reason(self, st: BaseState, seat: int, a: Action) -> Refusal | None:
        if a.verb != "send":
            return super().extra_reason(st, seat, a)
        to = a.seat if a.seat is not None else -1
        if to not in NEIGHBOURS[seat] or not st.players[to].alive:
            return refusal("send_to_neighbour", f"a card can be sent only to a neighbouring teammate, not seat {to}",
                           seat=to)
        p = st.players[seat]
        if p.gold < SEND_COST:
            return refusal("send_cost", f"sending a card costs {SEND_COST} gold", gold=SEND_COST)
        if find_ref(p.discard, st.cid, a.card or "", a.k) < 0:
            return refusal("not_in_discard", f"no {a.ref} in your discard pile", card=a.card or "", k=a.k, ref=a.ref)
        return None

    def apply_extra(self, st: BaseState, seat: int, a: Action, ev: list[Event]) -> None:
        p = st.players[seat]
        p.gold -= SEND_COST
        inst = p.discard.pop(find_ref(p.discard, st.cid, a.card or "", a.k))
        to = a.seat or 0
        st.players[to].discard.append(inst)
        ev.append(CardSent(seat, to, st.cid[inst], "discard"))

    # ---- defeat ------------------------------------------------------------------------
    def on_health_zero(self, st: BaseState, seat: int, by: int | None, ev: list[Event]) -> None:
        if seat in EMPERORS:
            self.eliminate(st, seat, by, ev)
            self.finish(st, self.teams(st.n)[1 if seat < 3 else 0], ev)
            return
        p = st.players[seat]
        p.alive = False
        ev.append(PlayerEliminated(seat, by))
        if st.players[self.emperor_of(seat)].alive and (p.hand or p.deck or p.discard):
            st.stack.append(("bequeath", seat))
        else:
            self.remove_cards(st, seat, ev)


def _bequeath_zone(st: BaseState, seat: int) -> tuple[list[int], list[int]]:
    p = st.players[seat]
    parts = [p.hand, list(reversed(p.deck)), p.discard]
    zone = [i for part in parts for i in part]
    bounds = [len(p.hand), len(p.hand) + len(p.deck), len(zone)]
    return zone, bounds


def _bequeath_frame(st: BaseState, frame: Frame, ev: list[Event]) -> Prompt | None:
    seat = frame[1]
    zone, (h, d, z) = _bequeath_zone(st, seat)
    refs = first_copies(zone, st.cid, 0, h) + first_copies(zone, st.cid, h, d) + first_copies(zone, st.cid, d, z)
    opts = tuple(Action("select", c, k) for c, k in refs) + (SKIP,)
    return Prompt(seat, "select", "You are defeated: you may put one card of your hand, deck or discard pile "
                  "into your Emperor's discard pile", opts, "bequeath", zone="hand+deck+discard", optional=True)


def _re_bequeath(st: BaseState, pr: Prompt, a: Action, ev: list[Event]) -> Prompt | None:
    seat = pr.seat
    if a.verb == "select":
        p = st.players[seat]
        zone, (h, d, _z) = _bequeath_zone(st, seat)
        i = find_ref(zone, st.cid, a.card or "", a.k)
        inst = zone[i]
        origin = "hand" if i < h else "deck" if i < d else "discard"
        {"hand": p.hand, "deck": p.deck, "discard": p.discard}[origin].remove(inst)
        emperor = Emperor.emperor_of(seat)
        st.players[emperor].discard.append(inst)
        ev.append(CardSent(seat, emperor, st.cid[inst], origin))
    st.fmt.remove_cards(st, seat, ev)
    return None


FRAMES["bequeath"] = _bequeath_frame
RESUME["bequeath"] = _re_bequeath
