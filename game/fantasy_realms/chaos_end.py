"""The end of a Chaos Realms game: the last draws, the hand cap, the scores.

When the time runs out every pending offer lapses; then, in this order, the
Necromancer's holder may draw three set-aside cards and keep one, the Leprechaun
draws the top set-aside card, the Genie takes one, and a hand over the 9-card cap
(new suits) sets cards aside, never one that drew. Every hand is scored by the exact
scorer with no discard area; ties go to the lowest total base strength.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.fantasy_realms.chaos_actions import ChaosAction
from game.fantasy_realms.chaos_events import CardSetAside, DrawDeclined, NecromancerDrew, OfferClosed, TimeUp
from game.fantasy_realms.ending import TIME_UP, cap_options, end_queue, score_hands, termination
from game.fantasy_realms.events import CardDrawn, Event, GameOver
from game.fantasy_realms.scoring import Table

if TYPE_CHECKING:
    from game.fantasy_realms.chaos import ChaosState

NECRO_DRAW = 3


def end_lines(st: ChaosState, seat: int) -> list[ChaosAction]:
    """The lines of the seat that decides now (none for the others)."""
    if st.phase != "end_game" or seat != st.to_move:
        return []
    kind = st.endq[0][0]
    if kind == "necromancer":
        return [ChaosAction(seat, "draw"), ChaosAction(seat, "pass")]
    if kind == "necro_keep":
        return [ChaosAction(seat, "keep", (st.slug(c),)) for c in st.drawn]
    if kind == "genie":
        return [ChaosAction(seat, "wish", (st.slug(c),)) for c in sorted(set(st.aside), key=st.slug)]
    return [ChaosAction(seat, "discard", (st.slug(c),)) for c in _cap_options(st, seat)]


def time_up(st: ChaosState, ev: list[Event]) -> None:
    """The trading is over: offers lapse, the end queue (draws, then the cap) runs."""
    ev.append(TimeUp(st.clock_ms))
    for o in st.offers:
        ev.append(OfferClosed(o.id, o.seat, "time"))
    st.offers = []
    st.phase = "end_game"
    st.endq = end_queue(range(st.n))
    _advance_end(st, ev)


def _holder(st: ChaosState, seat: int, kind: str) -> str | None:
    return st.lib.end_card(st.hands[seat], st.used_extra[seat], kind)


def _cap_options(st: ChaosState, seat: int) -> list[str]:
    return cap_options(st.hands[seat], st.used_extra[seat])


def _advance_end(st: ChaosState, ev: list[Event]) -> None:
    """Run the end queue until a seat must decide; then score."""
    while st.endq:
        kind, seat = st.endq[0]
        st.to_move = seat
        if kind == "cap":
            if st.cap is not None and len(st.hands[seat]) > st.cap and _cap_options(st, seat):
                return
        elif kind == "necro_keep":
            return
        else:
            holder = _holder(st, seat, kind)
            if holder is not None and st.aside:
                if kind in ("necromancer", "genie"):
                    return
                st.used_extra[seat].append(holder)  # the Leprechaun draws the top set-aside card
                cid = st.aside.pop()
                st.hands[seat].append(cid)
                ev.append(CardDrawn(seat, cid, "leprechaun"))
        st.endq.pop(0)
    _score(st, ev)


def end_decision(st: ChaosState, a: ChaosAction, ev: list[Event]) -> None:
    """Apply a checked decision of the seat at the head of the end queue."""
    kind, seat = st.endq[0]
    word = a.args[0] if a.args else ""
    cid = st.card(word) if word else None
    if a.verb == "pass":
        ev.append(DrawDeclined(seat))
    elif a.verb == "draw":
        holder = _holder(st, seat, "necromancer")
        assert holder is not None
        st.used_extra[seat].append(holder)
        st.drawn = [st.aside.pop() for _ in range(min(NECRO_DRAW, len(st.aside)))]
        ev.append(NecromancerDrew(seat, len(st.drawn), tuple(st.drawn)))
        st.endq[0] = ("necro_keep", seat)
        return
    elif a.verb == "keep":
        assert cid is not None
        st.drawn.remove(cid)
        st.hands[seat].append(cid)
        ev.append(CardDrawn(seat, cid, "necromancer"))
        st.aside.extend(st.drawn)  # the others go back among the set-aside cards
        st.drawn = []
        st.rng.shuffle(st.aside)
    elif a.verb == "wish":
        assert cid is not None
        holder = _holder(st, seat, "genie")
        assert holder is not None
        st.used_extra[seat].append(holder)
        st.aside.remove(cid)
        st.hands[seat].append(cid)
        ev.append(CardDrawn(seat, cid, "genie"))
        st.rng.shuffle(st.aside)
    else:  # discard: the hand cap
        assert cid is not None
        st.hands[seat].remove(cid)
        st.aside.append(cid)
        ev.append(CardSetAside(seat, cid, "hand cap"))
        _advance_end(st, ev)  # the same seat again while it is over the cap
        return
    st.endq.pop(0)
    _advance_end(st, ev)


def table_for(st: ChaosState) -> Table:
    """What the scorer sees beyond a hand: no discard area, no items."""
    return Table(players=st.n, discard=(), items=(), modules=st.modules, rulings=st.rulings)


def _score(st: ChaosState, ev: list[Event]) -> None:
    st.results, st.winners = score_hands(st.lib, st.hands, lambda seat: table_for(st), ev)
    st.phase, st.to_move = "over", -1
    ev.append(GameOver(st.winners, tuple(r.total for r in st.results), termination(st.winners, TIME_UP)))

