"""Hard: determinized Monte Carlo over the decisions that matter.

At each decision the agent samples the hidden cards several times (``determinize``:
other hands, every deck's order including its own, the market deck). Every
candidate move is tried on the *same* samples with the same chance afterwards
(common random numbers, so candidates are compared on equal luck), the game is
played on by the rule-based policy (Medium) until ``horizon`` turns have ended, and
the position is scored by ``evaluate.win_chance``. The move with the best mean wins.
Candidates that fall clearly behind are dropped after each round (successive
halving), so the budget goes to the close calls.

Trivial moves are not searched: playing cards, expending champions and ally
abilities come first in any sensible turn and are played as Medium would. The
searched moves are buys, attacks (a champion gets exactly the combat that stuns
it), sacrifices, ending the turn, and every prompt answer.

The budget is a number of simulations (deterministic for a given seed and budget);
a wall-clock cap is only a safety net for slow machines.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.ai.hero_realms.cardvalue import champion_named
from game.ai.hero_realms.determinize import determinize
from game.ai.hero_realms.eval_weights import WEIGHTS
from game.ai.hero_realms.evaluate import win_chance
from game.ai.hero_realms.levels import acting_seat, allowed, fallback, view_rng
from game.ai.hero_realms.policy import MEDIUM, Style, choose
from game.core.rng import Rng
from game.hero_realms.actions import Action
from game.hero_realms.state import GameState

AUTO = ("play", "expend", "ally")


@dataclass(frozen=True)
class Budget:
    sims: int = 240  # simulations per decision (candidates x samples)
    min_samples: int = 6  # samples per candidate before any is dropped
    max_samples: int = 32  # samples per candidate at most (a close call between two)
    horizon: int = 1  # turn ends to play through before scoring
    cap_s: float = 0.9  # wall-clock safety cap per decision
    turn_cap_s: float = 2.4  # wall-clock for a seat's whole turn (never less than cap_s)
    max_actions: int = 400  # per rollout
    style: Style = MEDIUM  # the policy of the rollouts and of the trivial moves
    weights: dict[str, float] = field(default_factory=lambda: WEIGHTS)  # of the evaluation


def candidates(st: GameState, seat: int | None) -> list[Action]:
    """The distinct meaningful moves of the seat to act in ``st``."""
    acts = st.legal_actions()
    if st.pending is not None:
        return acts
    me = seat if seat is not None else st.active
    out: list[Action] = []
    combat = st.players[me].combat
    for a in acts:
        if a.actor not in (None, me) or a.verb in AUTO or a.verb in ("give", "send"):
            continue
        if a.verb == "attack" and a.card is not None:
            zone = st.players[a.seat or 0].champions
            inst = champion_named(st, zone, a)
            need = st.cards[inst].defense - st.damage[inst]
            if need > combat:
                continue  # damage on a champion is cleared at the end of the turn
            a = Action("attack", a.card, a.k, a.seat, need, a.actor)
        out.append(a)
    return out


def rollout(st: GameState, rng: Rng, stop: int, max_actions: int, style: Style = MEDIUM) -> None:
    """Play on with ``style`` until turn ``stop`` begins (or the game ends)."""
    n = 0
    while st.phase != "over" and st.turn < stop and n < max_actions:
        st.apply(choose(st, rng, style))
        n += 1


def obvious(st: GameState, cands: list[Action]) -> Action | None:
    """A move no search can improve on: with nothing to buy or sacrifice and no champion
    in the way, all the combat goes to the one player within reach."""
    if st.pending is not None:
        return None
    face = [a for a in cands if a.verb == "attack" and a.card is None]
    rest = [a for a in cands if a.verb != "end" and a not in face]
    return face[0] if len(face) == 1 and not rest else None


class HardAgent:
    name = "hard"

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        self.seed = seed
        self.budget = budget or Budget()
        self.last_stats: dict[str, Any] = {}
        # Set by a worker process: True when the request was cancelled or is running out
        # of time; the search then answers at once with its best move so far.
        self.interrupt: Callable[[], bool] | None = None
        self._turn_key: tuple[Any, Any] = (None, None)
        self._turn_spent = 0.0

    def choose(self, view: dict[str, Any], legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        self._clock(view)
        t0 = time.perf_counter()
        try:
            return self._choose(view, legal)
        finally:
            self._turn_spent += time.perf_counter() - t0

    def _clock(self, view: dict[str, Any]) -> None:
        """Start a new turn's clock when the view is of another turn. The key is the
        view's own seat: a prompt inside the turn (even a shared one) keeps the clock."""
        key = (view.get("turn"), view.get("seat"))
        if key != self._turn_key:
            self._turn_key, self._turn_spent = key, 0.0

    def _time_left(self) -> float:
        """This decision's wall-clock: the cap, or what the turn has left if less."""
        b = self.budget
        return min(b.cap_s, max(b.turn_cap_s, b.cap_s) - self._turn_spent)

    def _choose(self, view: dict[str, Any], legal: list[str]) -> str:
        rng = view_rng(self.seed, view)
        seat = acting_seat(view)
        try:
            first = determinize(view, rng)
        except (ValueError, KeyError, IndexError, TypeError):
            return fallback(legal)
        suggestion = choose(first.clone(), Rng(0), self.budget.style, seat)
        if first.pending is None and suggestion.verb in AUTO:
            line = str(suggestion)
            return line if allowed(line, legal) else fallback(legal)
        cands = [c for c in candidates(first, seat) if allowed(str(c), legal)]
        if str(suggestion) not in {str(c) for c in cands} and allowed(str(suggestion), legal):
            cands.append(suggestion)
        if not cands:
            return fallback(legal)
        if len(cands) == 1:
            return str(cands[0])
        sure = obvious(first, cands)
        if sure is not None:
            return str(sure)
        if self._time_left() <= 0.02 and allowed(str(suggestion), legal):
            return str(suggestion)  # a long turn (shared Hydra turns): the rule policy finishes it
        best = self.search(view, first, cands, rng)
        return str(best)

    def search(self, view: dict[str, Any], first: GameState, cands: list[Action], rng: Rng) -> Action:
        b = self.budget
        me = int(view["seat"])
        t0 = time.perf_counter()
        cap = self._time_left()
        alive = list(range(len(cands)))
        total = [0.0] * len(cands)
        count = [0] * len(cands)
        sims = 0
        sample = first
        rounds = 0
        while sims < b.sims and rounds < b.max_samples:
            if rounds:
                sample = determinize(view, rng)
            chance = rng.next_u64()
            for j in alive:
                s = sample.clone()
                s.rng = Rng(chance)
                s.apply(cands[j])
                # the horizon counts from the decision, so that every candidate (ending the
                # turn included) is scored at the same moment of the game
                rollout(s, Rng(chance ^ 0x5DEECE66D), first.turn + b.horizon, b.max_actions, b.style)
                total[j] += win_chance(s, me, b.weights)
                count[j] += 1
                sims += 1
            rounds += 1
            if time.perf_counter() - t0 > cap or (self.interrupt is not None and self.interrupt()):
                break
            if rounds >= b.min_samples and len(alive) > 2 and rounds % b.min_samples == 0:
                alive.sort(key=lambda j: -total[j] / count[j])
                alive = alive[: max(2, (len(alive) + 1) // 2)]
        best = max(alive, key=lambda j: (total[j] / count[j], -j))
        self.last_stats = {"sims": sims, "rounds": rounds, "candidates": len(cands),
                           "seconds": time.perf_counter() - t0,
                           "means": {str(cands[j]): round(total[j] / count[j], 4) for j in range(len(cands)) if count[j]}}
        return cands[best]


def hard(seed: int = 0) -> HardAgent:
    return HardAgent(seed)
