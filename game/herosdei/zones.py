"""Moving cards between zones: draws, the museum, Characters leaving play, change of control.

Two rules of the game live here because every move must obey them: a Character that
leaves play takes every card given to it along, and a Sovereign Good never rests in a
museum (wherever it would go there it goes to its owner's hand: the quest's ruling in
NOTATION.md).
"""

from __future__ import annotations

from game.herosdei.base import BaseState
from game.herosdei.events import CardReturned, CardsDrawn, ControlTaken, SovereignGoodReturned


def draw(st: BaseState, seat: int, n: int) -> None:
    """``seat`` draws up to ``n`` from the top of its future (an empty future gives what it has)."""
    p = st.players[seat]
    got, p.future = p.future[:max(n, 0)], p.future[max(n, 0):]
    p.hand.extend(got)
    st.emit(CardsDrawn(seat, len(got), tuple(st.cid[u] for u in got)))


def to_museum(st: BaseState, uid: int) -> None:
    """A card out of play or out of a hand goes to its owner's museum (a Sovereign Good
    to its owner's hand instead)."""
    owner = st.owner[uid]
    if st.card(uid).type == "sovereign_good":
        st.players[owner].hand.append(uid)
        st.emit(SovereignGoodReturned(owner, st.cid[uid]))
    else:
        st.players[owner].museum.append(uid)


def leave_play(st: BaseState, uid: int, to_hand: bool = False) -> tuple[str, ...]:
    """Remove a Character from play with its given cards (to the museum); the Character
    goes to its owner's museum, or its owner's hand. Returns the given cards' ids."""
    seat = st.controller(uid)
    if seat is not None:
        st.players[seat].chars.remove(uid)
    given = st.given.pop(uid, ())
    for g in given:
        to_museum(st, g)
    if to_hand:
        st.players[st.owner[uid]].hand.append(uid)
        st.emit(CardReturned(st.cid[uid], st.owner[uid]))
    else:
        to_museum(st, uid)
    st.attacked.discard(uid)
    st.boosts = [b for b in st.boosts if b.uid != uid]
    return tuple(st.cid[g] for g in given)


def change_control(st: BaseState, uid: int, seat: int) -> None:
    """``seat`` takes control of a Character, with every card given to it."""
    before = st.ref(uid)
    old = st.controller(uid)
    if old is None or old == seat:
        return
    st.players[old].chars.remove(uid)
    st.players[seat].chars.append(uid)
    st.emit(ControlTaken(seat, before, st.ref(uid)))
