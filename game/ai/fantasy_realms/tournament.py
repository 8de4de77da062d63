"""Fantasy Realms matches between agents: the tournament command's second game.

``run(["medium", "hard"], games=400)`` plays every pairing seat-balanced (each deal
with the same first seat is played once per seating, the agents exchanged: two
seats swapped, more seats rotated as in a Hero Realms free-for-all) and returns the
report of :func:`game.ai.tournament.report` (win rates with Wilson intervals,
first-seat win rate, decision and turn latency per agent), so the command prints
both games the same way. ``match`` is the older two-agent summary behind
``fantasy-match`` (win rate and mean score margin).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.agent import make_agent
from game.ai.tournament import (
    GameResult,
    GameTask,
    configured,
    play_out,
    report,
    rotations,
    run_tasks,
    seatings,
)
from game.fantasy_realms.game import FantasyRealms
from game.fantasy_realms.setup import MAX_SEATS, MIN_SEATS, new_game

GAME = "fantasy_realms"
MAX_DECISIONS = 2000  # a safety net: agents that keep taking from the discard area could loop


# ---- the tournament ------------------------------------------------------------------
def tasks_for(agents: list[str], games: int, seed: int, seats: int, modules: Sequence[str] = (),
              options: dict[str, Any] | None = None) -> list[GameTask]:
    """``games`` per pairing: deal ``seed + d`` once per seating, seat ``d % seats`` first."""
    opts = tuple(sorted((options or {}).items()))
    return [GameTask(a, b, seed + d, arrangement, GAME, seats, opts, tuple(modules))
            for a, b, d, arrangement in seatings(agents, games, lambda a, b: rotations(a, b, seats))]


@dataclass
class FrResult(GameResult):
    margin: float = 0.0  # agent a's score less the best score of the b seats


def play_task(task: GameTask) -> FrResult:
    """One game, each seat's agent seeing only its view; latency around every ``choose``."""
    st = new_game(task.seats, task.modules, seed=task.deal, first=task.deal % task.seats)
    opts = dict(task.options)
    agents = [configured(make_agent(name, task.deal * 16 + seat, GAME), opts)
              for seat, name in enumerate(task.arrangement)]
    res = FrResult(task, (), None, 0)
    out = play_out(FantasyRealms(), st, agents, res, MAX_DECISIONS)
    res.turns = st.turn
    if out is not None and out.scores is not None:
        res.first_won = st.first in out.winners
        a_seats = [s for s, name in enumerate(task.arrangement) if name == task.a]
        res.margin = (max(out.scores[s] for s in a_seats)
                      - max(x for s, x in enumerate(out.scores) if s not in a_seats))
    return res


def run(agents: list[str], games: int, seed: int = 0, seats: int = 2, modules: Sequence[str] = (),
        jobs: int = 1, options: dict[str, Any] | None = None,
        progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play every pairing of ``agents`` ``games`` times; the report as a JSON-able dict."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"Fantasy Realms is for {MIN_SEATS}-{MAX_SEATS} players, not {seats}")
    for name in agents:
        configured(make_agent(name, 0, GAME), dict(options or {}))  # bad names and options fail here
    if len(set(agents)) < 2:
        raise ValueError("a tournament needs at least two different agents")
    tasks = tasks_for(agents, games, seed, seats, modules, options)
    t0 = time.perf_counter()
    results: list[FrResult] = run_tasks(play_task, tasks, jobs, progress)
    # the same order whatever the number of workers (the report is then deterministic)
    order = {t: i for i, t in enumerate(tasks)}
    results.sort(key=lambda r: order[r.task])
    played: list[GameResult] = [*results]
    rep = report(agents, played, seed, GAME, seats, time.perf_counter() - t0)
    rep["modules"] = list(modules)
    for p in rep["pairs"]:  # the score margin says more than the win rate over few games
        ms = [r.margin for r in results if isinstance(r, FrResult) and (r.task.a, r.task.b) == (p["a"], p["b"])]
        p["a_mean_margin"] = round(sum(ms) / len(ms), 2) if ms else 0.0
    return rep


# ---- the two-agent summary (fantasy-match) ----------------------------------------------
def play(agents: Sequence[str], seed: int, modules: Sequence[str] = (), first: int = 0) -> dict[str, Any]:
    bots = [make_agent(name, seed * 31 + i, GAME) for i, name in enumerate(agents)]
    st = new_game(len(agents), modules, seed=seed, first=first)
    decisions = 0
    while not st.over and decisions < MAX_DECISIONS:
        seat = st.to_move
        view = st.view(seat)
        st.apply(bots[seat].choose(view, view["legal"]))
        decisions += 1
    out = st.outcome()
    return {"winners": list(out.winners) if out else [], "scores": list(out.scores or ()) if out else [],
            "decisions": decisions, "finished": st.over}


def match(a: str, b: str, games: int = 400, seats: int = 2, modules: Sequence[str] = (), seed: int = 0) -> dict[str, Any]:
    """``a`` against ``b`` (with ``seats`` > 2, ``a`` plays one seat, ``b`` the others)."""
    t0 = time.perf_counter()
    points = 0.0
    wins = ties = unfinished = 0
    margin = 0
    for g in range(games):
        seat_a = g % seats
        names = [a if s == seat_a else b for s in range(seats)]
        r = play(names, seed + g, modules, first=(g // seats) % seats)
        if not r["finished"]:
            unfinished += 1
            continue
        w = r["winners"]
        if seat_a in w:
            share = 1.0 / len(w)
            points += share
            wins += share == 1.0
            ties += share < 1.0
        margin += r["scores"][seat_a] - max(s for i, s in enumerate(r["scores"]) if i != seat_a)
    played = games - unfinished
    return {"a": a, "b": b, "games": games, "seats": seats, "modules": list(modules), "wins": wins,
            "ties": ties, "unfinished": unfinished, "win_rate": round(points / played, 3) if played else 0.0,
            "mean_margin": round(margin / played, 1) if played else 0.0,
            "seconds": round(time.perf_counter() - t0, 1)}


def run_command(agents: list[str], args: Any, jobs: int, options: dict[str, Any], progress: Any) -> dict[str, Any]:
    """The ``tournament`` command's games of Fantasy Realms: its modules, 2 seats by default."""
    from game.fantasy_realms.modules import normalize

    if args.format != "ffa":
        raise ValueError("--format is for Hero Realms (Fantasy Realms has --modules)")
    if getattr(args, "decks", None):
        raise ValueError("Fantasy Realms has no decks to choose (--decks is for HerosDeï)")
    mods = sorted(normalize(args.modules or []) - {"base"})
    return run(agents, args.games, args.seed, args.seats or 2, mods, jobs, options, progress)
