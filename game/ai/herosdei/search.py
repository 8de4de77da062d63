"""Hard: determinized Monte Carlo from the seat's view.

At a placement, a declaration, a destiny window or the Monster step, the agent takes
Medium's best few lines as candidates, guesses the hidden cards several times
(``worlds.Guesses``, the other hand guessed from what its player kept), rebuilds a state from the view and each guess
(``game.herosdei.rebuild``), plays each candidate on the same guesses (common random
numbers: candidates are compared on equal luck), lets Medium play both seats until
``horizon`` turns have ended, and scores the position (:func:`evaluate`). Candidates are
weeded by successive halving: all of them on a few worlds, the better half on twice as
many, and so on until two are compared on the budget's worlds; the one with the best
mean wins. When the rebuilt state does not offer exactly the view's legal lines
(a guess the view cannot settle), or for a hand-limit discard, a target prompt or a
destiny window, it plays as Medium: at a window the answers that decide it are in the
other hand, which a guess holds too little of for the search to beat Medium's line
(docs/ai/herosdei-notes.md, "Where the search gains").

The budget is the number of Medium's lines searched and of guessed worlds the last two
are compared on (``sims``; ``placement_sims`` at a placement), with a wall-clock cap: a
search the clock stops compares the candidates still in on the worlds all of them played.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.herosdei.knowledge import HERO_BONUS, KILL_WEIGHT, VP_WEIGHT
from game.ai.herosdei.levels import MediumAgent, MediumScorer
from game.ai.herosdei.worlds import Guesses
from game.core.errors import DataError
from game.core.rng import Rng
from game.herosdei import decks as deckfiles
from game.herosdei.cards import CardDef, library
from game.herosdei.decks import Deck
from game.herosdei.rebuild import matches, rebuild
from game.herosdei.state import State
from game.herosdei.view import in_window
from game.herosdei.view import view as view_of

WIN = 100.0
HAND_CARD = 0.6  # a card in hand, in the evaluation's units
NOT_SEARCHED = ("hand_limit", "target")


@dataclass(frozen=True)
class Budget:
    sims: int = 16  # guessed worlds the last two candidates are compared on
    placement_sims: int = 16  # the same, at a placement
    candidates: int = 12  # Medium's best lines searched (halved after each round of worlds)
    horizon: int = 2  # turn ends to play through before scoring (a game lasts a few turns)
    cap_s: float = 0.45  # wall-clock cap per decision
    max_actions: int = 400  # per rollout


def evaluate(st: State, seat: int) -> float:
    """The position's worth to ``seat``: the win, else material, kills, points and cards."""
    if st.winner is not None:
        return 0.0 if st.winner == "draw" else WIN if st.winner == seat else -WIN
    return _side(st, seat) - _side(st, 1 - seat)


def _side(st: State, seat: int) -> float:
    p = st.players[seat]
    total = KILL_WEIGHT * p.kills + VP_WEIGHT * p.vp + HAND_CARD * len(p.hand)
    for uid in p.chars:
        stats = st.stats(uid)
        total += max(stats[0], 0) + max(stats[1], 0) + 0.4 * (max(stats[2], 0) + max(stats[3], 0))
        if st.card(uid).type == "hero":
            total += HERO_BONUS
    return total


def known_decks() -> list[Deck]:
    """The installed decks: what a player may expect the other to have built on."""
    out = []
    for name in deckfiles.installed():
        try:
            out.append(deckfiles.load(deckfiles.find(name)))
        except DataError:
            continue  # a broken deck file is no evidence of anything
    return out


class HardAgent:
    name = "hard"

    def __init__(self, seed: int = 0, defs: Mapping[str, CardDef] | None = None,
                 decks: Sequence[Deck] | None = None, budget: Budget | None = None) -> None:
        self.rng = Rng(seed)
        self.defs: Mapping[str, CardDef] = defs if defs is not None else library()
        self.decks: list[Deck] = list(decks) if decks is not None else known_decks()
        self.budget = budget or Budget()
        self.medium = MediumAgent(seed, self.defs)
        self.searched = 0  # decisions searched (the others are Medium's)

    def choose(self, view: dict[str, Any], legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        pending = view["pending"]
        if (pending is not None and pending.get("kind") in NOT_SEARCHED) or in_window(view["phase"], pending, legal):
            return self.medium.choose(view, legal)
        scores = MediumScorer(view, self.defs).scores(legal)
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        cands = [legal[i] for i in order[:max(1, self.budget.candidates)]]
        if len(cands) == 1:
            return cands[0]
        best = self.search(view, cands)
        return best if best is not None else cands[0]

    def search(self, view: dict[str, Any], cands: list[str]) -> str | None:
        """The candidate with the best mean over the guessed worlds (None: no search), by
        successive halving: every candidate on a few worlds, the better half on twice as
        many, and so on until two remain, compared on the budget's worlds; candidates are
        always compared on the same worlds (common random numbers)."""
        b = self.budget
        t0 = time.perf_counter()
        me: int = view["seat"]
        guesses = Guesses(view, self.defs, self.decks)  # the view's pools and weights, once a decision
        top = b.placement_sims if view["phase"] == "placement" and view["pending"] is None else b.sims
        values: list[list[float]] = [[] for _ in cands]
        worlds: list[State] = []
        alive = list(range(len(cands)))
        rounds = max(1, (len(cands) - 1).bit_length())  # halvings down to two
        target = [max(1, top >> (rounds - 1 - r)) for r in range(rounds)]
        out_of_time = False
        for r in range(rounds):
            while len(worlds) < target[r]:
                hand, futures = guesses.draw(self.rng)
                try:
                    world = rebuild(view, self.defs, hand, futures, self.rng.next_u64() >> 1)
                except DataError:
                    return None
                if not worlds and not matches(world, view):
                    return None
                worlds.append(world)
            for w in range(target[r]):
                for i in alive:
                    if len(values[i]) > w:
                        continue
                    st = worlds[w].clone()
                    st.apply(cands[i])
                    self.rollout(st, view["turn"] + b.horizon)
                    values[i].append(evaluate(st, me))
                    if time.perf_counter() - t0 > b.cap_s:
                        out_of_time = True
                        break
                if out_of_time:
                    break
            if out_of_time or r == rounds - 1:
                break
            seen = min(len(values[i]) for i in alive)
            alive.sort(key=lambda i: (-sum(values[i][:seen]), i))
            alive = sorted(alive[:max(2, len(alive) // 2)])
        seen = min(len(values[i]) for i in alive)
        if seen == 0:
            return None
        self.searched += 1
        return cands[max(alive, key=lambda i: (sum(values[i][:seen]), -i))]

    def rollout(self, st: State, stop: int) -> None:
        """Medium plays both seats until turn ``stop`` begins (or the game ends)."""
        n = 0
        while st.winner is None and st.turn < stop and n < self.budget.max_actions:
            v = view_of(st, st.waiting_for()[0])
            st.apply(self.medium.choose(v, v["legal"]))
            n += 1


def hard(seed: int = 0) -> HardAgent:
    return HardAgent(seed)
