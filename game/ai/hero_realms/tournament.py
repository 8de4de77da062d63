"""Seat-balanced matches between agents, with win rates, intervals and latencies.

Every pairing plays the same deals with the seats exchanged, so neither agent gets
the better seat or the better shuffle: two seats swapped; in a free-for-all of more
seats, alternating agents rotated through every seat; in team formats, one agent per
team, teams swapped. Each game runs agents from their seat's view only, exactly as
the table does; an illegal answer is counted and replaced by the first legal line.
Games are spread over worker processes (spawn, so it works in a frozen bundle too).

Win rates come with 95% Wilson intervals (a draw counts half); latency is measured
around every ``choose`` call, in milliseconds, and summed per seat and turn (a
player's whole turn, prompts included).
"""

from __future__ import annotations

import time
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
from game.hero_realms.formats import get_format
from game.hero_realms.game import HeroRealms
from game.hero_realms.setup import new_game

MAX_ACTIONS = 5000


def teams_of(format: str, seats: int) -> list[tuple[int, ...]]:
    """Groups of seats that are not opponents of each other (one seat each in a free-for-all)."""
    st = new_game(seats, format, seed=0)
    groups: list[tuple[int, ...]] = []
    placed: set[int] = set()
    for s in range(seats):
        if s in placed:
            continue
        team = tuple(o for o in range(seats) if o == s or not st.fmt.is_opponent(st, s, o))
        placed.update(team)
        groups.append(team)
    return groups


def arrangements(a: str, b: str, format: str, seats: int) -> list[tuple[str, ...]]:
    teams = teams_of(format, seats)
    if len(teams) == 2 and any(len(t) > 1 for t in teams):
        out = []
        for first, second in ((a, b), (b, a)):
            seat_agent = [""] * seats
            for s in teams[0]:
                seat_agent[s] = first
            for s in teams[1]:
                seat_agent[s] = second
            out.append(tuple(seat_agent))
        return out
    return rotations(a, b, seats)


def play_game(task: GameTask) -> GameResult:
    st = new_game(task.seats, task.format, seed=task.deal)
    opts = dict(task.options)
    agents = [configured(make_agent(name, task.deal * 16 + seat), opts) for seat, name in enumerate(task.arrangement)]
    res = GameResult(task, (), None, 0)
    out = play_out(HeroRealms(), st, agents, res, MAX_ACTIONS)
    res.turns = st.turn
    if out is not None and out.winners:
        res.first_won = st.first in out.winners
    return res


# ---- statistics ----------------------------------------------------------------------
def tasks_for(agents: list[str], games: int, seed: int, format: str, seats: int,
              options: dict[str, Any] | None = None) -> list[GameTask]:
    opts = tuple(sorted((options or {}).items()))
    return [GameTask(a, b, seed + d, arrangement, format, seats, opts)
            for a, b, d, arrangement in seatings(agents, games, lambda a, b: arrangements(a, b, format, seats))]


def run(agents: list[str], games: int, seed: int = 0, format: str = "ffa", seats: int | None = None,
        jobs: int = 1, options: dict[str, Any] | None = None, progress: Any = None) -> dict[str, Any]:
    """Play every pairing of ``agents`` ``games`` times; the report as a JSON-able dict."""
    fmt = get_format(format)
    seats = seats if seats is not None else fmt.default_seats
    problem = fmt.seats_problem(seats)
    if problem:
        raise ValueError(problem)
    for name in agents:
        make_agent(name, 0)  # unknown names fail here, before any process starts
    if len(set(agents)) < 2:
        raise ValueError("a tournament needs at least two different agents")
    tasks = tasks_for(agents, games, seed, format, seats, options)
    t0 = time.perf_counter()
    results: list[GameResult] = run_tasks(play_game, tasks, jobs, progress)
    return report(agents, results, seed, format, seats, time.perf_counter() - t0)


def run_command(agents: list[str], args: Any, jobs: int, options: dict[str, Any], progress: Any) -> dict[str, Any]:
    """The ``tournament`` command's games of Hero Realms: its format and seats."""
    if args.modules:
        raise ValueError("Hero Realms has no modules (--modules is for Fantasy Realms)")
    if getattr(args, "decks", None):
        raise ValueError("Hero Realms has no decks to choose (--decks is for HerosDeï)")
    return run(agents, args.games, args.seed, args.format, args.seats, jobs, options, progress)
