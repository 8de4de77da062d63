"""How closely Hard's worlds value a position as Medium's own play does.

Hard judges an option by the margins its worlds end with, the rest of the game played
by a model of every seat (``worlds.py``). How good that model is can be measured
without a tournament: take positions from Medium's games, play each forward many
times by Medium itself (the deck reshuffled each time) and many times by the worlds'
model (the same true hands, the deck reshuffled), and compare the two mean margins.
Their difference has two parts, the rollouts' own noise (known from their variances)
and the model's systematic error, which is what a better model shrinks. The
positions are taken where Hard's worlds start their longest runs: when both hands
are first full (``draft_end``) and when five discards or fewer are left (``mid``).

``python -m game fantasy-fidelity --agent hard --agent hard:opp_best_of=1`` prints
the figures of each configuration as JSON, on the same positions and Medium rollouts.
The milliseconds per world are of cold positions (the scorer's memo warms over a
tournament's games), so they show how the models' costs compare, not what a decision
spends.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from game.ai.agent import make_agent
from game.ai.fantasy_realms.hard import HardAgent
from game.ai.fantasy_realms.worlds import Worlds
from game.fantasy_realms.setup import new_game
from game.fantasy_realms.state import GameState

MID_LEFT = 5  # discards left at the ``mid`` position


@dataclass
class Position:
    kind: str  # "draft_end" or "mid"
    state: GameState
    me: int  # the seat that has just moved: the worlds play on from its turn's end


def positions(games: int, seed: int) -> list[Position]:
    """Up to two positions per Medium-against-Medium game, on the game's seeds."""
    out: list[Position] = []
    for g in range(games):
        st = new_game(2, (), seed=seed + g, first=g % 2)
        bots = [make_agent("medium", seed + g + s * 7919, "fantasy_realms") for s in range(2)]
        kinds: set[str] = set()
        while not st.over:
            if st.phase == "draw" and all(len(h) >= st.hand_size for h in st.hands):
                left = st.end_at - len(st.discard)
                kind = "draft_end" if not kinds else "mid" if left <= MID_LEFT and "mid" not in kinds else ""
                if kind:
                    kinds.add(kind)
                    out.append(Position(kind, st.clone(), 1 - st.to_move))
            v = st.view(st.to_move)
            st.apply(bots[st.to_move].choose(v, v["legal"]))
    return out


def medium_margins(pos: Position, rollouts: int, salt: int) -> list[float]:
    """The position played to the end by Medium in every seat, ``rollouts`` times."""
    out = []
    for k in range(rollouts):
        st = pos.state.clone()
        random.Random(salt * 1000 + k).shuffle(st.deck)
        bots = [make_agent("medium", salt + 99 + 3 * k + s, "fantasy_realms") for s in range(2)]
        while not st.over:
            v = st.view(st.to_move)
            st.apply(bots[st.to_move].choose(v, v["legal"]))
        assert st.results is not None
        out.append(float(st.results[pos.me].total - st.results[1 - pos.me].total))
    return out


def world_margins(pos: Position, agent: HardAgent, rollouts: int, salt: int) -> list[float]:
    """The position played to the end by the worlds' model, with the true hands."""
    st, me = pos.state, pos.me
    w = Worlds(agent, st.view(me), salt)
    ix = w.syn.index
    deck = [ix[c] for c in st.deck]
    rnd = random.Random(salt)
    out = []
    for k in range(rollouts):
        hands: list[list[int]] = [[] if s == me else [ix[c] for c in st.hands[s]] for s in range(2)]
        w.fix(k, hands, [rnd.sample(deck, len(deck)) for _s in range(2)])
        end = w.play(k, "", [ix[c] for c in st.hands[me]], [ix[c] for c in st.discard], -1)
        out.append(float(end.scores[me] - end.scores[1 - me]))
    return out


def _mean_var(xs: list[float]) -> tuple[float, float]:
    """The mean and the variance of the mean."""
    return statistics.fmean(xs), statistics.variance(xs) / len(xs) if len(xs) > 1 else 0.0


def compare(pairs: list[tuple[list[float], list[float]]]) -> dict[str, float]:
    """(Medium's margins, the model's margins) per position: the mean difference, its
    spread, the part of it the rollouts' noise explains, the rest (systematic), and
    the correlation of the two values."""
    med = [_mean_var(m) for m, _w in pairs]
    mod = [_mean_var(w) for _m, w in pairs]
    d = [a[0] - b[0] for a, b in zip(med, mod)]
    bias = statistics.fmean(d)
    var = statistics.variance(d) if len(d) > 1 else 0.0
    noise = statistics.fmean(a[1] + b[1] for a, b in zip(med, mod))
    try:
        corr = statistics.correlation([a[0] for a in med], [b[0] for b in mod])
    except statistics.StatisticsError:  # fewer than two positions, or one side constant
        corr = 0.0
    return {"positions": len(d), "bias": round(bias, 2), "sd": round(math.sqrt(var), 2),
            "noise": round(math.sqrt(noise), 2), "systematic": round(math.sqrt(max(0.0, var - noise)), 2),
            "corr": round(corr, 3)}


def measure(agent_specs: list[str], games: int = 50, seed: int = 1, medium_rollouts: int = 40,
            world_rollouts: int = 60,
            progress: Callable[[int, int], None] | None = None) -> dict[str, object]:
    """The fidelity report of Hard configurations, on the same positions and the same
    Medium rollouts (see the module's docstring)."""
    agents = []
    for spec in agent_specs:
        agent = make_agent(spec, seed, "fantasy_realms")
        if not isinstance(agent, HardAgent):
            raise ValueError(f"fantasy-fidelity measures a Hard agent's worlds, not {spec!r}")
        agents.append(agent)
    pos = positions(games, seed)
    pairs: list[dict[str, list[tuple[list[float], list[float]]]]] = [{} for _a in agents]
    world_s = [0.0] * len(agents)
    for i, p in enumerate(pos):
        salt = seed * 100_003 + i
        med = medium_margins(p, medium_rollouts, salt)
        for j, agent in enumerate(agents):
            t = time.perf_counter()
            mod = world_margins(p, agent, world_rollouts, salt)
            world_s[j] += time.perf_counter() - t
            pairs[j].setdefault(p.kind, []).append((med, mod))
        if progress:
            progress(i + 1, len(pos))
    models = []
    for spec, by_kind, secs in zip(agent_specs, pairs, world_s):
        row: dict[str, object] = {"agent": spec,
                                  "ms_per_world": round(1000 * secs / max(1, len(pos) * world_rollouts), 2)}
        row.update({kind: compare(got) for kind, got in by_kind.items() if len(got) > 1})
        models.append(row)
    return {"games": games, "seed": seed,
            "medium_rollouts": medium_rollouts, "world_rollouts": world_rollouts, "models": models}
