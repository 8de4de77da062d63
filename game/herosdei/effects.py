"""The effect verbs of :mod:`game.herosdei.verbs`, each implemented once.

:func:`resolve` runs a card's effects for the player who played it. Whom an effect on
a Character reaches is read from its ``target`` field (see ``verbs.py``): a destiny's
chosen Character, the fighters of the combat in progress, the card's carrier, or a
whole side. A target no longer in play is simply missed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.herosdei.base import BaseState, Boost, StackEntry
from game.herosdei.cards import Effect
from game.herosdei.events import (
    Boosted,
    CardDiscarded,
    CardSearched,
    CharacterKilled,
    KeywordGranted,
    RiposteCancelled,
    VictoryPoints,
)
from game.herosdei.zones import change_control, draw, leave_play, to_museum


@dataclass(frozen=True)
class Context:
    seat: int  # the player the effect is for
    source: int  # the card whose effect it is
    chosen: int | None = None  # the Character it was played on
    carrier: int | None = None  # the Character the card is given to
    below: StackEntry | None = None  # the destiny under it on the stack


def targets(st: BaseState, ctx: Context, what: str) -> list[int]:
    """The Characters in play an effect's ``target`` names."""
    c = st.combat
    if what == "all_own":
        return list(st.players[ctx.seat].chars)
    if what == "all_opposing":
        return list(st.players[1 - ctx.seat].chars)
    if what == "attacker":
        found = c.attacker if c is not None else None
    elif what == "defender":
        found = c.defender if c is not None else None
    elif what == "carrier":
        found = ctx.carrier
    else:
        found = ctx.chosen
        side = ctx.seat if what == "own_character" else 1 - ctx.seat
        if found is not None and st.controller(found) != side:
            found = None
    return [found] if found is not None and st.controller(found) is not None else []


def _until(st: BaseState) -> str:
    return "combat" if st.combat is not None else "turn"


def _boost(st: BaseState, e: Effect, ctx: Context) -> None:
    for uid in targets(st, ctx, e.get("target")):
        st.boosts.append(Boost(uid, e.get("stat"), e.get("amount"), _until(st)))
        st.emit(Boosted(st.ref(uid), e.get("stat"), e.get("amount")))


def _grant(st: BaseState, e: Effect, ctx: Context) -> None:
    for uid in targets(st, ctx, e.get("target")):
        st.boosts.append(Boost(uid, "kw:" + e.get("keyword"), 0, _until(st)))
        st.emit(KeywordGranted(st.ref(uid), e.get("keyword")))


def _cancel(st: BaseState, e: Effect, ctx: Context) -> None:
    if ctx.below is not None:
        ctx.below.cancelled = True


def _draw(st: BaseState, e: Effect, ctx: Context) -> None:
    draw(st, ctx.seat if e.get("player", "self") == "self" else 1 - ctx.seat, e.get("amount"))


def _discard(st: BaseState, e: Effect, ctx: Context) -> None:
    """The other player sends cards of their hand, at random, to the museum."""
    hand = st.players[1 - ctx.seat].hand
    for _ in range(min(e.get("amount"), len(hand))):
        uid = hand.pop(st.rng.below(len(hand)))
        st.emit(CardDiscarded(1 - ctx.seat, st.cid[uid]))
        to_museum(st, uid)


def _take_control(st: BaseState, e: Effect, ctx: Context) -> None:
    for uid in targets(st, ctx, e.get("target")):
        change_control(st, uid, ctx.seat)


def _bounce(st: BaseState, e: Effect, ctx: Context) -> None:
    for uid in targets(st, ctx, e.get("target")):
        leave_play(st, uid, to_hand=True)


def _kill(st: BaseState, e: Effect, ctx: Context) -> None:
    for uid in targets(st, ctx, e.get("target")):
        st.emit(CharacterKilled(st.ref(uid), None, 0, tuple(st.cid[g] for g in st.given.get(uid, ()))))
        leave_play(st, uid)


def _gain_vp(st: BaseState, e: Effect, ctx: Context) -> None:
    st.players[ctx.seat].vp += e.get("amount")
    st.emit(VictoryPoints(ctx.seat, e.get("amount")))


def _search(st: BaseState, e: Effect, ctx: Context) -> None:
    """The top card of your museum (of the given type) goes to your hand."""
    museum = st.players[ctx.seat].museum
    for i in range(len(museum) - 1, -1, -1):
        if e.get("type") in (None, st.card(museum[i]).type):
            uid = museum.pop(i)
            st.players[ctx.seat].hand.append(uid)
            st.emit(CardSearched(ctx.seat, st.cid[uid]))
            return


def _no_riposte(st: BaseState, e: Effect, ctx: Context) -> None:
    if st.combat is not None:
        st.combat.no_riposte = True
        st.emit(RiposteCancelled())


IMPLEMENTATIONS: dict[str, Callable[[BaseState, Effect, Context], None]] = {
    "boost": _boost,
    "cancel": _cancel,
    "draw": _draw,
    "discard": _discard,
    "take_control": _take_control,
    "bounce": _bounce,
    "kill": _kill,
    "gain_vp": _gain_vp,
    "search": _search,
    "no_riposte": _no_riposte,
    "grant": _grant,
}


def resolve(st: BaseState, effects: tuple[Effect, ...], ctx: Context) -> None:
    for e in effects:
        IMPLEMENTATIONS[e.verb](st, e, ctx)
