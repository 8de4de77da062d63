"""Destinies and priority windows: who may play which destiny, the stack, and its resolution.

A window opens out of combat (before the first combat, after each combat) and in
combat before the Charm, the Assault and the Riposte. The player whose combat it is
(out of combat: whose slot is next) acts first. Playing a destiny puts it on the stack
and hands the answer to the other player; when the player to answer skips, the top
destiny resolves, and both may answer the next one (its own player first) before it
resolves in turn. A window closes when
both players skip in a row with the stack empty; a player with nothing to play is
not asked (their skip is made for them), unless the game asks everyone (``ask_all``).
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.refusal import Refusal
from game.herosdei import limits
from game.herosdei.actions import Action, card_of, line_of, made
from game.herosdei.base import BaseState, StackEntry, Window
from game.herosdei.cards import CardDef
from game.herosdei.effects import Context, resolve
from game.herosdei.events import DestinyPlayed, DestinyResolved
from game.herosdei.zones import to_museum


def played_as(st: BaseState, seat: int, d: CardDef) -> str | None:
    """The destiny of ``d``'s name that ``seat`` has played this attack phase (its id), if
    any (the first edition of the rules counted ids, not names)."""
    return limits.played_as(d, st.players[seat].used, st.defs, st.edition >= 2)


def timing_problem(st: BaseState, seat: int, uid: int) -> Refusal | None:
    """Why ``seat`` may not play the destiny ``uid`` now, or None."""
    d = st.card(uid)
    return limits.timing_refusal(d, played_as(st, seat, d), st.texts_apply, st.combat is not None)


def _sides(d: CardDef) -> tuple[bool, bool] | None:
    """Whose Characters the destiny may be played on (own, opposing), or None: no target."""
    wanted = d.chosen
    if not wanted:
        return None if d.type == "unstable_destiny" else (True, False)
    return "own_character" in wanted, "opposing_character" in wanted


def destiny_targets(st: BaseState, seat: int, uid: int) -> list[int] | None:
    """The Characters the destiny may be played on (None: it is played with no target)."""
    sides = _sides(st.card(uid))
    if sides is None:
        return None
    out: list[int] = []
    if sides[0]:
        out += st.players[seat].chars
    if sides[1]:
        out += st.players[1 - seat].chars
    return out


def destiny_moves(st: BaseState, seat: int) -> list[Action]:
    """The destinies ``seat`` may play now, one action a target (copies of one card once)."""
    out: list[Action] = []
    seen: set[str] = set()
    cards = st.cards
    for uid in st.players[seat].hand:
        d = cards[uid]
        if not d.is_destiny or d.id in seen or timing_problem(st, seat, uid) is not None:
            continue
        seen.add(d.id)
        sides = _sides(d)
        card = card_of(d.id)
        if sides is None:
            out.append(made("play", card))
            continue
        for side, wanted in ((seat, sides[0]), (1 - seat, sides[1])):
            if wanted:
                out += [made("play", card, r) for r in st.refs(side).values()]
    return out


def destiny_actions(st: BaseState, seat: int) -> list[str]:
    """:func:`destiny_moves` as lines."""
    return [line_of(a) for a in destiny_moves(st, seat)]


def may_play(st: BaseState, seat: int) -> bool:
    """``seat`` has a destiny it may play now (:func:`destiny_moves` is not empty)."""
    cards = st.cards
    for uid in st.players[seat].hand:
        d = cards[uid]
        if not d.is_destiny or timing_problem(st, seat, uid) is not None:
            continue
        sides = _sides(d)
        if sides is None or (sides[0] and st.players[seat].chars) or (sides[1] and st.players[1 - seat].chars):
            return True
    return False


def open_window(st: BaseState, point: str, lead: int, on_close: Callable[[BaseState], None]) -> None:
    st.window = Window(point, lead, lead)
    settle(st, on_close)


def settle(st: BaseState, on_close: Callable[[BaseState], None]) -> None:
    """Skip for every player who has nothing to play, until someone may act or the
    window closes (then ``on_close`` carries the phase on). With ``ask_all`` nobody is
    skipped for: the player to act is asked, whatever they hold."""
    while st.window is not None and st.winner is None:
        w = st.window
        if st.ask_all or may_play(st, w.to_act):
            st.to_act = w.to_act
            return
        if skip(st):
            st.window = None
            on_close(st)
            return


def skip(st: BaseState) -> bool:
    """The player to act skips; True when this closes the window."""
    from game.herosdei.victory import check_victory

    w = st.window
    assert w is not None
    if st.stack:
        top = st.stack[-1]
        if w.to_act == top.seat:  # its own player lets it be: the other may still answer it
            w.to_act = 1 - top.seat
            return False
        resolve_top(st)
        check_victory(st)
        w.skips = 0
        # both may answer the next destiny: its own player first, then the other
        w.to_act = st.stack[-1].seat if st.stack else w.lead
        return False
    w.skips += 1
    if w.skips >= 2:
        return True
    w.to_act = 1 - w.to_act
    return False


def play(st: BaseState, seat: int, uid: int, target: int | None) -> None:
    d = st.card(uid)
    st.players[seat].hand.remove(uid)
    st.players[seat].used.add(d.id)
    st.stack.append(StackEntry(uid, seat, target))
    st.emit(DestinyPlayed(seat, d.id, None if target is None else st.ref(target)))
    w = st.window
    assert w is not None
    w.to_act = 1 - seat
    w.skips = 0


def resolve_top(st: BaseState) -> None:
    entry = st.stack.pop()
    d = st.card(entry.uid)
    target = entry.target if entry.target is not None and st.controller(entry.target) is not None else None
    if not entry.cancelled:
        below = st.stack[-1] if st.stack else None
        carrier = target if d.type == "stable_destiny" else None
        resolve(st, d.effects, Context(entry.seat, entry.uid, target, carrier, below))
    st.emit(DestinyResolved(entry.seat, d.id, entry.cancelled))
    if d.type == "stable_destiny" and not entry.cancelled and target is not None and st.controller(target) is not None:
        st.give(target, entry.uid)
    else:
        to_museum(st, entry.uid)
