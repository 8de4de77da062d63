"""HerosDeï puzzles: a position in the scenario notation and a goal the engine judges.

A puzzle's ``[position]`` is a scenario's position (``shared/spec/herosdei_notation.md``:
variant, turn, phase, first, to_act, inline ``[[position.cards]]``, two
``[[position.players]]``), built by the scenario runner's own code, without ``actions`` or
``[expect]``: the puzzle's lines are its solution. The player is the seat to act at the
start. The other seat's single moves (its ``done`` with nothing to place, a slot it must
pass) are played for it. The goals, each to be met before the turn ends:

- ``win_this_turn``: the game is over and the player won it;
- ``kill`` (``target = "<seat>:<card>"``): that opposing Character is sent to the museum;
- ``control`` (``target = "<seat>:<card>"``): the player takes control of that opposing
  Character (a Charm at twice the Mastery, a card that takes control);
- ``reach`` (``kills = N`` or ``vp = N``): the player's kills or victory points reach N.
"""

from __future__ import annotations

from game.core.docs import Doc
from game.core.errors import DataError, NotationError
from game.core.game import GameState as AnyState
from game.core.puzzle import (
    Goal,
    PuzzleRules,
    Verdict,
    failed,
    kind_of,
    no_other_keys,
    scenario_position,
    solved,
    still_open,
    whole,
)
from game.herosdei.actions import parse_ref
from game.herosdei.scenario import build
from game.herosdei.state import State

WIN, KILL, CONTROL, REACH = "win_this_turn", "kill", "control", "reach"
NOT_IN_A_PUZZLE = ("actions", "expect", "setup", "decks", "game")
_WORDS = {"kills": "kills", "vp": "victory points"}
MOST = 1000  # the largest count a reach goal may ask (the positions' own bound on kills and points)


def _state(state: AnyState) -> State:
    assert isinstance(state, State)
    return state


class HerosDeiPuzzles(PuzzleRules):
    """The goals of HerosDeï puzzles and how the engine judges them (module docstring)."""

    goals = {WIN: "win the game this turn", KILL: "send an opposing Character (target) to the museum this turn",
             CONTROL: "take control of an opposing Character (target) this turn",
             REACH: "reach a number of kills or victory points (kills = N or vp = N) this turn"}

    def start(self, position: Doc, where: str) -> State:
        st = scenario_position(position, where, build, NOT_IN_A_PUZZLE)
        if st.phase == "over":
            raise DataError(where, "the game is already over")
        return st

    def goal(self, raw: Doc, where: str, state: AnyState, solver: int) -> Goal:
        st = _state(state)
        kind = kind_of(raw, where, self)
        if kind == WIN:
            no_other_keys(raw, where, ())
            return Goal(kind, {}, "win this turn")
        if kind in (KILL, CONTROL):
            no_other_keys(raw, where, ("target",))
            target = raw.get("target")
            uid = _character(st, target, f"{where}.target")
            if st.controller(uid) == solver:
                raise DataError(f"{where}.target", f"{target} is one of the player's own Characters")
            what = "kill" if kind == KILL else "take control of"
            name = _name(st, uid)
            return Goal(kind, {"target": str(target), "card": st.cid[uid], "name": name}, f"{what} {name} this turn")
        count = [k for k in ("kills", "vp") if k in raw]
        if len(count) != 1:
            raise DataError(where, "a reach goal names kills = N or vp = N")
        no_other_keys(raw, where, count)
        n = whole(raw, count[0], where, 1, MOST)
        have = getattr(st.players[solver], count[0])
        if have >= n:
            raise DataError(f"{where}.{count[0]}", f"seat {solver} already has {have}")
        return Goal(kind, {count[0]: n}, f"reach {n} {_WORDS[count[0]]} this turn")

    def verdict(self, goal: Goal, start: AnyState, now: AnyState, solver: int) -> Verdict:
        first, st = _state(start), _state(now)
        met = _met(goal, first, st, solver)
        if met is not None:
            return met
        over = st.outcome()
        if over is not None:
            if over.winner == solver:  # a win that is not the goal: a reach or a kill was asked
                return failed(f"you won the game, but the goal is not met: {_progress(goal, first, st, solver)}",
                              "won_otherwise")
            who = "it is a draw" if over.draw else f"seat {over.winner} won"
            return failed(f"the game is over and {who}", "lost")
        if st.turn != first.turn:
            return failed(f"the turn ended: {_progress(goal, first, st, solver)}", "turn_over")
        return still_open(_progress(goal, first, st, solver))


def _character(st: State, target: object, where: str) -> int:
    if not isinstance(target, str):
        raise DataError(where, f"must be a Character in play, like \"1:hector\", not {target!r}")
    try:
        ref = parse_ref(target)
    except NotationError as exc:
        raise DataError(where, str(exc)) from None
    uid = st.find_char(ref.seat, ref.card.id, ref.card.k)
    if uid is None:
        raise DataError(where, f"no Character {target} is in play")
    return uid


def _name(st: State, uid: int) -> str:
    """A Character's English name (a card made inline by the position has one too)."""
    names = st.card(uid).name
    return str(names.get("en") or next(iter(names.values()), st.cid[uid]))


def _target(goal: Goal, first: State) -> tuple[int, str]:
    """The goal's Character (its card in the game, found in the starting position) and its name."""
    uid = _character(first, str(goal.params["target"]), "goal.target")
    return uid, _name(first, uid)


def _met(goal: Goal, first: State, st: State, solver: int) -> Verdict | None:
    """The solved verdict when the goal is met, else None."""
    if goal.kind == WIN:
        over = st.outcome()
        return solved("you won the game", "won") if over is not None and over.winner == solver else None
    if goal.kind in (KILL, CONTROL):
        uid, target = _target(goal, first)
        if goal.kind == KILL and uid in st.players[st.owner[uid]].museum:
            return solved(f"{target} is in the museum", "killed", target=target, card=first.cid[uid])
        if goal.kind == CONTROL and st.controller(uid) == solver:
            return solved(f"you control {target}", "controlled", target=target, card=first.cid[uid])
        return None
    key = "kills" if "kills" in goal.params else "vp"
    have = int(getattr(st.players[solver], key))
    return solved(f"you have {have} {_WORDS[key]}", "reached", count=have) if have >= int(goal.params[key]) else None


def _progress(goal: Goal, first: State, st: State, solver: int) -> str:
    me = st.players[solver]
    if goal.kind == REACH:
        key = "kills" if "kills" in goal.params else "vp"
        return f"you have {getattr(me, key)} {_WORDS[key]} of {goal.params[key]}"
    if goal.kind in (KILL, CONTROL):
        uid, target = _target(goal, first)
        seat = st.controller(uid)
        return f"{target} is still in play" if seat is not None and seat != solver else f"{target} has left play"
    return f"you have {me.kills} kills and {me.vp} victory points; seat {1 - solver} has {st.players[1 - solver].kills} kills"


RULES = HerosDeiPuzzles()
