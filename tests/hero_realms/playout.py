"""Random Hero Realms games for the engine's own invariants: every listed action applies,
and health and every card are accounted for after each one (the house's contract over
every game is tests/test_game_contract.py)."""

from __future__ import annotations

from game.core.rng import Rng
from game.hero_realms.actions import Action
from game.hero_realms.setup import new_game
from game.hero_realms.sim import conservation_problem, health_problem
from game.hero_realms.state import GameState


def random_action(st: GameState, rng: Rng) -> Action:
    """A uniformly random legal action (ending the turn less often, attacking with
    random amounts), for fuzzing: every listed action must apply."""
    acts = st.legal_actions()
    a = acts[rng.below(len(acts))]
    if a.verb == "end" and len(acts) > 1 and rng.random() < 0.85:
        a = acts[rng.below(len(acts))]
    if a.verb == "attack" and rng.random() < 0.5:
        a = Action("attack", a.card, a.k, a.seat, 1 + rng.below(a.amount or 1), a.actor)
    return a


def random_playout(seats: int, seed: int, format: str = "ffa", max_actions: int = 4000) -> tuple[GameState, list[Action]]:
    """A random game checked after every action; raises AssertionError on a violation."""
    st = new_game(seats, format, seed)
    rng = Rng(seed)
    log: list[Action] = []
    while st.phase != "over" and len(log) < max_actions:
        a = random_action(st, rng)
        before = list(st.health)
        ev = st.apply(a)
        log.append(a)
        problem = health_problem(st, before, ev) or conservation_problem(st)
        if problem:
            raise AssertionError(f"{format} seed {seed} action {len(log)} ({a}): {problem}")
    return st, log
