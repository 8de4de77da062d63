"""The door of the engine: the legal action lines now, and ``apply`` (action -> events).

Every action is checked before anything changes: an illegal one raises
:class:`IllegalActionError` with a reason a player can read and leaves the state as it
was. Victory is checked after every action.
"""

from __future__ import annotations

from game.core.errors import IllegalActionError, NotationError
from game.core.events import Event
from game.core.refusal import Refusal, refusal
from game.herosdei import combat, stack, turn
from game.herosdei.actions import PASS, SKIP, Action, Ref, line_of, made, parsed
from game.herosdei.base import BaseState
from game.herosdei.limits import out_of_reach
from game.herosdei.victory import check_victory


def legal_actions(st: BaseState) -> list[Action]:
    """Every legal action now (copies of one card in hand are listed once), as the engine's
    kept values (``actions.made``): no line is written to list them."""
    if st.phase == "over":
        return []
    if st.pending is not None:
        return [parsed(line) for line in st.pending.options]
    if st.phase == "placement":
        return turn.placement_moves(st)
    if st.phase == "attack":
        if st.window is not None:
            return [*stack.destiny_moves(st, st.window.to_act), SKIP]
        seat = st.slot
        pairs = combat.attack_pairs(st, seat)
        out: list[Action] = []
        if pairs:
            mine, theirs = st.refs(seat), st.refs(1 - seat)
            out = [made("attack", None, mine[a], theirs[d]) for a, d in pairs]
        if combat.pass_problem(st, seat) is None:
            out.append(PASS)
        return out
    return []


def legal_lines(st: BaseState) -> list[str]:
    """Every legal action line now, as the runner and the views list them."""
    if st.pending is not None and st.phase != "over":
        return list(st.pending.options)
    return [line_of(a) for a in legal_actions(st)]


def acting_seat(st: BaseState) -> int:
    if st.pending is not None:
        return st.pending.seat
    if st.window is not None:
        return st.window.to_act
    return st.to_act


def check(st: BaseState, action: Action | str) -> Refusal | None:
    """Why ``action`` is not legal now, or None: a listed action is legal; any other is
    tried on a clone, so the refusal is the one ``apply`` would raise."""
    try:
        a = parsed(action) if isinstance(action, str) else action
    except NotationError as exc:
        return refusal("unreadable", str(exc), line=str(action))
    if st.phase != "over" and (line_of(a) in st.pending.options if st.pending is not None
                               else a in legal_actions(st)):
        return None
    try:
        apply(st.clone(), a)
    except IllegalActionError as exc:
        return exc.refusal
    return None


def apply(st: BaseState, action: Action | str) -> list[Event]:
    a = parsed(action) if isinstance(action, str) else action
    if st.phase == "over":
        raise IllegalActionError(refusal("game_over", "the game is over"))
    seat = acting_seat(st)
    if a.actor is not None and a.actor != seat:
        raise IllegalActionError(refusal("not_your_turn", f"it is seat {seat}'s turn to act, not seat {a.actor}'s",
                                         seat=seat, actor=a.actor))
    start = len(st.log)
    _dispatch(st, seat, a)
    check_victory(st)
    return st.log[start:]


def _char(st: BaseState, ref: Ref | None) -> int:
    uid = None if ref is None else st.find_char(ref.seat, ref.card.id, ref.card.k)
    if uid is None:
        raise IllegalActionError(refusal("not_in_play", f"{ref} is not a Character in play", ref=str(ref)))
    return uid


def _hand_card(st: BaseState, seat: int, a: Action) -> int:
    assert a.card is not None
    uid = st.find_in_hand(seat, a.card.id, a.card.k)
    if uid is None:
        raise IllegalActionError(refusal("not_in_hand", f"you have no {a.card} in hand", card=a.card.id))
    return uid


def _dispatch(st: BaseState, seat: int, a: Action) -> None:
    if st.pending is not None:
        _answer(st, seat, a)
    elif st.phase == "placement":
        _placement(st, seat, a)
    elif st.window is not None:
        _window(st, seat, a)
    elif st.phase == "attack":
        _declaration(st, seat, a)
    else:
        raise IllegalActionError(refusal("nothing_now", "nothing can be done now"))


def _answer(st: BaseState, seat: int, a: Action) -> None:
    pr = st.pending
    assert pr is not None
    verb = {"hand_limit": "discard", "monster": "monster", "target": "target"}[pr.kind]
    ids = {o.split()[1] for o in pr.options if o.startswith(verb + " ")}
    fits = (a.verb == "skip" and "skip" in pr.options) or (
        a.verb == verb and (str(a.without_actor()) in pr.options if verb == "target"
                            else a.card is not None and a.card.id in ids))
    if not fits:
        options = ", ".join(pr.options)
        raise IllegalActionError(refusal("answer_prompt", f"answer the {pr.kind.replace('_', ' ')} prompt: {options}",
                                         prompt=pr.kind, options=options))
    if pr.kind == "hand_limit":
        turn.discard(st, seat, _hand_card(st, seat, a))
    elif pr.kind == "monster":
        if a.verb == "skip":
            combat.to_assault(st)
        else:
            combat.play_monster(st, _hand_card(st, seat, a))
    else:
        turn.answer_target(st, _char(st, a.target))


def _placement(st: BaseState, seat: int, a: Action) -> None:
    if a.verb == "done":
        problem = turn.done_problem(st, seat)
        if problem is not None:
            raise IllegalActionError(problem)
        if seat == st.first:
            turn.begin_placement(st, 1 - seat)
        else:
            combat.begin_attack(st)
        return
    if a.verb != "play":
        raise IllegalActionError(refusal("placement_only", "in your placement phase: play a card, or done"))
    uid = _hand_card(st, seat, a)
    if a.target is not None:
        _char(st, a.target)
    problem = turn.place(st, seat, uid, a)
    if problem is not None:
        raise IllegalActionError(problem)


def _window(st: BaseState, seat: int, a: Action) -> None:
    w = st.window
    assert w is not None
    on_close = {"out": combat.begin_slot, "charm": combat.charm, "assault": combat.assault,
                "riposte": combat.riposte}[w.point]
    if a.verb == "skip":
        if stack.skip(st):
            st.window = None
            on_close(st)
        else:
            stack.settle(st, on_close)
        return
    if a.verb != "play":
        raise IllegalActionError(refusal("destiny_or_skip", "answer with a destiny, or skip"))
    uid = _hand_card(st, seat, a)
    d = st.card(uid)
    if not d.is_destiny:
        raise IllegalActionError(refusal("not_a_destiny", f"{d.id} is not a destiny: only destinies are played in the "
                                         "attack phase", card=d.id))
    problem = stack.timing_problem(st, seat, uid)
    if problem is not None:
        raise IllegalActionError(problem)
    allowed = stack.destiny_targets(st, seat, uid)
    target = None
    if allowed is None:
        if a.target is not None:
            raise IllegalActionError(refusal("no_target", f"{d.id} is played with no target: play {d.id}", card=d.id))
    else:
        if a.target is None:
            raise IllegalActionError(refusal("needs_target", f"{d.id} is played on a Character: play {d.id} on <seat>:<card>",
                                             card=d.id))
        target = _char(st, a.target)
        if target not in allowed:
            raise IllegalActionError(refusal("bad_target", f"{d.id} cannot be played on {a.target}", card=d.id,
                                             ref=str(a.target)))
    stack.play(st, seat, uid, target)
    stack.settle(st, on_close)


def _declaration(st: BaseState, seat: int, a: Action) -> None:
    if a.verb == "pass":
        problem = combat.pass_problem(st, seat)
        if problem is not None:
            raise IllegalActionError(problem)
        combat.pass_slot(st, seat)
        return
    if a.verb != "attack":
        raise IllegalActionError(refusal("declare_or_pass", "declare your combat (attack <yours> <theirs>) or pass"))
    attacker, defender = _char(st, a.target), _char(st, a.defender)
    if st.controller(attacker) != seat:
        raise IllegalActionError(refusal("not_yours", f"{a.target} is not yours", ref=str(a.target)))
    if st.controller(defender) != 1 - seat:
        raise IllegalActionError(refusal("not_opponents", f"{a.defender} is not your opponent's", ref=str(a.defender)))
    if attacker in st.attacked:
        raise IllegalActionError(refusal("already_attacked", f"{a.target} has already attacked this turn",
                                         ref=str(a.target)))
    if not combat.may_defend(st, attacker, defender):
        raise IllegalActionError(out_of_reach(str(a.defender)))
    combat.declare(st, seat, attacker, defender)
