"""Seat-balanced matches between agents of any game, with win rates, intervals and latencies.

A game's tournament (``game/ai/<game>/tournament.py``) makes the tasks (which deal,
which agent in which seat) and plays one game; this module holds what every game's
tournament shares: the task and result records, free-for-all seatings, the loop that
asks each seat's agent from its view only (an illegal answer is counted and replaced
by the first legal line), the spread of games over worker processes (spawn, so it
works in a frozen bundle too) and the report.

Win rates come with 95% Wilson intervals (a draw counts half; a game the action cap
stopped counts as a draw and is named in the report, since it is a loop to find); latency is measured
around every ``choose`` call, in milliseconds, and summed per seat and turn (a
player's whole turn, prompts included).
"""

from __future__ import annotations

import math
import multiprocessing as mp
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from game.ai.agent import configure
from game.core.errors import RealmsError
from game.core.game import Game, GameState, Outcome
from game.core.wilson import wilson


@dataclass(frozen=True)
class GameTask:
    a: str
    b: str
    deal: int  # the deal's seed
    arrangement: tuple[str, ...]  # agent name by seat
    format: str
    seats: int
    options: tuple[tuple[str, Any], ...] = ()  # budget overrides for search agents
    modules: tuple[str, ...] = ()  # Fantasy Realms: the game's modules (its tasks have format "fantasy_realms")


@dataclass
class GameResult:
    task: GameTask
    winners: tuple[str, ...]  # agent names of the winning seats (both: a draw)
    first_won: bool | None
    turns: int
    latency: dict[str, list[float]] = field(default_factory=dict)
    turn_time: dict[str, list[float]] = field(default_factory=dict)
    illegal: list[str] = field(default_factory=list)
    capped: bool = False  # stopped by the action cap before the game ended (scored as a draw)
    first: str = ""  # the agent name of the seat that played first, where a game reports it


def rotations(a: str, b: str, seats: int) -> list[tuple[str, ...]]:
    """Free-for-all seatings: the agents alternate round the table, rotated through
    every seat (and, with an odd number of seats, with their roles exchanged)."""
    pattern = [a if i % 2 == 0 else b for i in range(seats)]
    out: list[tuple[str, ...]] = []
    for flip in ((a, b), (b, a)) if seats % 2 else ((a, b),):
        base = [flip[0] if x == a else flip[1] for x in pattern]
        for r in range(seats):
            arr = tuple(base[(i - r) % seats] for i in range(seats))
            if arr not in out:
                out.append(arr)
    return out


def configured(agent: Any, options: dict[str, Any]) -> Any:
    if options and hasattr(agent, "budget"):
        configure(agent, options)
    return agent


def play_out(game: Game, st: GameState, agents: list[Any], res: GameResult, max_actions: int) -> Outcome | None:
    """Ask the first seat the game waits for to act until it ends (or ``max_actions``),
    each agent from its seat's view only, as the table does; record latency per
    ``choose``, thinking time per seat and turn, illegal answers (replaced by the first
    legal line) and the winners by agent. Any game's state: the loop reads only the
    :class:`GameState` protocol and the game's notation."""
    task = res.task
    turn_acc: dict[int, float] = {}  # seat -> thinking time in the current turn
    last_turn = st.turn
    n = 0
    while st.outcome() is None and n < max_actions:
        if st.turn != last_turn:
            for s, t in turn_acc.items():
                res.turn_time.setdefault(task.arrangement[s], []).append(t)
            turn_acc = {}
            last_turn = st.turn
        k = st.waiting_for()[0]
        view = st.view(k)
        legal = view["legal"]
        name = task.arrangement[k]
        t0 = time.perf_counter()
        line = agents[k].choose(view, legal)
        dt = (time.perf_counter() - t0) * 1000.0
        res.latency.setdefault(name, []).append(dt)
        turn_acc[k] = turn_acc.get(k, 0.0) + dt
        action = _legal(game, st, line, k)
        if action is None:
            res.illegal.append(f"{name} at seat {k}, deal {task.deal}: {line!r}")
            action = game.bind(st, game.parse(legal[0]), k)
        st.apply(action)
        n += 1
    for s, t in turn_acc.items():
        res.turn_time.setdefault(task.arrangement[s], []).append(t)
    out = st.outcome()
    res.capped = out is None
    if out is not None:
        # a draw is every agent's (half a point each, as a capped game)
        res.winners = tuple(sorted({task.arrangement[s] for s in out.winners} or set(task.arrangement)))
    return out


def _legal(game: Game, st: GameState, line: object, seat: int) -> Any:
    """``line`` as ``seat``'s action when it is a legal one now, else None."""
    if not isinstance(line, str):
        return None
    try:
        action = game.bind(st, game.parse(line), seat)
    except RealmsError:
        return None
    return action if st.check(action) is None else None


def points(results: list[GameResult], name: str) -> float:
    """``name``'s points over ``results``: 1 a win, half a game with no single winner (a
    draw, or a game stopped at the action cap)."""
    return sum(1.0 if r.winners == (name,) else 0.0 if len(r.winners) == 1 else 0.5 for r in results)


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    i = min(len(s) - 1, max(0, math.ceil(q / 100 * len(s)) - 1))
    return s[i]


def level_figures(levels: tuple[str, ...], results: list[GameResult]) -> dict[str, float]:
    """Each level's decision latency (p50, p99, max) and whole-turn time (p99, max) over
    ``results``, in ms: what an AI bench section reports."""
    out: dict[str, float] = {}
    for k in levels:
        v = [x for r in results for x in r.latency.get(k, [])]
        t = [x for r in results for x in r.turn_time.get(k, [])]
        out[f"{k}_decision_ms_p50"] = round(percentile(v, 50), 2)
        out[f"{k}_decision_ms_p99"] = round(percentile(v, 99), 2)
        out[f"{k}_decision_ms_max"] = round(max(v, default=0.0), 2)
        out[f"{k}_turn_ms_p99"] = round(percentile(t, 99), 2)
        out[f"{k}_turn_ms_max"] = round(max(t, default=0.0), 2)
    return out


def pairings(agents: list[str]) -> list[tuple[str, str]]:
    """Every pair once, the agent listed later first (``easy,medium,hard``: hard vs medium...)."""
    return [(b, a) for a, b in combinations(agents, 2)]


def seatings(agents: list[str], games: int,
             arrangements: Callable[[str, str], list[tuple[str, ...]]]) -> Iterator[tuple[str, str, int, tuple[str, ...]]]:
    """``games`` seatings per pairing, as (a, b, deal, arrangement): deal ``d`` (an offset
    of the tournament's seed) is played once in every arrangement before deal ``d + 1``."""
    for a, b in pairings(agents):
        arr = arrangements(a, b)
        made = 0
        for d in range(math.ceil(games / len(arr))):
            for arrangement in arr:
                if made == games:
                    break
                yield a, b, d, arrangement
                made += 1


def report(agents: list[str], results: list[GameResult], seed: int, format: str, seats: int,
           seconds: float) -> dict[str, Any]:
    pairs = []
    for a, b in pairings(agents):
        rs = [r for r in results if (r.task.a, r.task.b) == (a, b)]
        a_w = sum(1 for r in rs if r.winners == (a,))
        b_w = sum(1 for r in rs if r.winners == (b,))
        draws = len(rs) - a_w - b_w
        score = points(rs, a)
        lo, hi = wilson(score, len(rs))
        pairs.append({"a": a, "b": b, "games": len(rs), "a_wins": a_w, "b_wins": b_w, "draws": draws,
                      "capped": sum(1 for r in rs if r.capped),
                      "a_rate": round(score / max(1, len(rs)), 4), "a_ci95": [round(lo, 4), round(hi, 4)]})
    decided = [r for r in results if r.first_won is not None]
    first = sum(1 for r in decided if r.first_won)
    lat: dict[str, list[float]] = {}
    turn: dict[str, list[float]] = {}
    for r in results:
        for k, v in r.latency.items():
            lat.setdefault(k, []).extend(v)
        for k, v in r.turn_time.items():
            turn.setdefault(k, []).extend(v)
    illegal = [x for r in results for x in r.illegal]
    return {
        "format": format,
        "seats": seats,
        "seed": seed,
        "games": len(results),
        "pairs": pairs,
        "first_seat_win_rate": round(first / max(1, len(decided)), 4),
        "first_seat_ci95": [round(x, 4) for x in wilson(first, len(decided))],
        "latency_ms": {k: {"p50": round(percentile(v, 50), 2), "p99": round(percentile(v, 99), 2),
                           "max": round(max(v), 2), "decisions": len(v)} for k, v in sorted(lat.items())},
        "turn_ms": {k: {"p50": round(percentile(v, 50), 2), "p99": round(percentile(v, 99), 2),
                        "max": round(max(v), 2), "turns": len(v)} for k, v in sorted(turn.items())},
        "turns_per_game": round(sum(r.turns for r in results) / max(1, len(results)), 2),
        "illegal": len(illegal),
        "illegal_examples": illegal[:10],
        "capped": sum(1 for r in results if r.capped),
        "capped_examples": [f"{' vs '.join(r.task.arrangement)}, deal {r.task.deal}, turn {r.turns}"
                            for r in results if r.capped][:10],
        "seconds": round(seconds, 1),
    }


# the latency table's header and rows: one format, so that a figure ends under its heading
# (a turn of Hard runs to five digits of ms)
LATENCY_ROW = "{:<24}{:>10}{:>10}{:>10}{:>12} | {:>10}{:>10}{:>10}"


def format_report(rep: dict[str, Any]) -> str:
    lines = [f"format {rep['format']}, {rep['seats']} seats, seed {rep['seed']}: {rep['games']} games "
             f"in {rep['seconds']} s"]
    names = sorted({p["a"] for p in rep["pairs"]} | {p["b"] for p in rep["pairs"]})
    width = max(len(n) for n in names) + 2
    lines.append("win rate of the row against the column (95% Wilson interval):")
    lines.append(" " * width + "".join(f"{n:>22}" for n in names))
    cell: dict[tuple[str, str], str] = {}
    for p in rep["pairs"]:
        lo, hi = p["a_ci95"]
        cell[(p["a"], p["b"])] = f"{p['a_rate']:.3f} [{lo:.3f},{hi:.3f}]"
        cell[(p["b"], p["a"])] = f"{1 - p['a_rate']:.3f} [{1 - hi:.3f},{1 - lo:.3f}]"
    for r in names:
        lines.append(f"{r:<{width}}" + "".join(f"{cell.get((r, c), '-'):>22}" for c in names))
    for p in rep["pairs"]:
        capped = f" ({p['capped']} of the draws stopped at the action cap)" if p.get("capped") else ""
        lines.append(f"  {p['a']} vs {p['b']}: {p['a_wins']}-{p['b_wins']}-{p['draws']} over {p['games']} games"
                     + capped)
    lo, hi = rep["first_seat_ci95"]
    lines.append(f"first seat wins {rep['first_seat_win_rate']:.3f} [{lo:.3f},{hi:.3f}]; "
                 f"{rep['turns_per_game']} turns per game; illegal answers: {rep['illegal']}; "
                 f"games stopped at the action cap: {rep['capped']}")
    lines.append(LATENCY_ROW.format("decision latency (ms)", "p50", "p99", "max", "decisions", "turn p50", "p99", "max"))
    for k, v in rep["latency_ms"].items():
        t = rep["turn_ms"].get(k, {})
        lines.append(LATENCY_ROW.format(f"  {k}", v["p50"], v["p99"], v["max"], v["decisions"],
                                        t.get("p50", 0), t.get("p99", 0), t.get("max", 0)))
    for x in rep["illegal_examples"]:
        lines.append(f"  illegal: {x}")
    for x in rep["capped_examples"]:
        lines.append(f"  stopped at the action cap: {x}")
    return "\n".join(lines)


def run_tasks(play: Callable[[Any], Any], tasks: list[Any], jobs: int,
              progress: Callable[[int, int], None] | None = None) -> list[Any]:
    """``play`` every task, in this process or over ``jobs`` spawned workers (spawn works
    in a frozen bundle too); results come in completion order."""
    results: list[Any] = []
    if jobs <= 1:
        for i, task in enumerate(tasks):
            results.append(play(task))
            if progress:
                progress(i + 1, len(tasks))
        return results
    with mp.get_context("spawn").Pool(jobs) as pool:
        for i, r in enumerate(pool.imap_unordered(play, tasks, chunksize=1)):
            results.append(r)
            if progress:
                progress(i + 1, len(tasks))
    return results
