"""Turn structure: the discard and draw phases, and the start of the next turn.

Formats decide who acts in a turn and who leads the next one; these functions do
the rest, identically for every format.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.hero_realms.events import (
    ChampionPrepared,
    CleanedUp,
    DamageCleared,
    Event,
    TurnEnded,
    TurnStarted,
)

if TYPE_CHECKING:
    from game.hero_realms.base import BaseState

HAND_SIZE = 5


def cleanup(st: BaseState, seat: int, ev: list[Event]) -> None:
    """The discard phase of one player."""
    p = st.players[seat]
    cid = st.cid
    played = tuple(cid[i] for i in p.in_play)
    hand = tuple(cid[i] for i in p.hand)
    ev.append(CleanedUp(seat, p.gold, p.combat, played, hand))
    p.gold = 0
    p.combat = 0
    p.discard.extend(p.in_play)
    p.discard.extend(p.hand)
    p.in_play = []
    p.hand = []
    p.redirects = []
    for inst in p.champions:
        if st.expended[inst]:
            st.expended[inst] = 0
            ev.append(ChampionPrepared(seat, cid[inst]))


def end_turn(st: BaseState, ev: list[Event]) -> None:
    """Discard and draw phases for every seat of the turn, then the next turn."""
    seats = [s for s in st.team_turn if st.players[s].alive]
    for s in seats:
        cleanup(st, s, ev)
    for s in seats:
        st.draw_n(s, HAND_SIZE, ev)
    for p in st.players:
        for inst in p.champions:
            if st.damage[inst]:
                ev.append(DamageCleared(p.seat, st.cid[inst], st.damage[inst]))
                st.damage[inst] = 0
    st.ally_used = bytearray(len(st.ally_used))
    ev.append(TurnEnded(st.active))
    start_turn(st, st.fmt.next_leader(st), ev)


def start_turn(st: BaseState, leader: int, ev: list[Event]) -> None:
    st.active = leader
    st.team_turn = st.fmt.turn_seats(st, leader)
    st.ended = ()
    st.turn += 1
    st.phase = "main"
    ev.append(TurnStarted(leader, st.turn))
    queue_owed_discards(st)


def queue_owed_discards(st: BaseState) -> None:
    """Discards owed from other players' effects are made as the turn starts."""
    for s in reversed(st.team_turn):
        if st.players[s].owed > 0:
            st.stack.append(("owed", s))
