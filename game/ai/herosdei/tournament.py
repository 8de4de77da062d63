"""HerosDeï matches between agents: the tournament command's games of this game.

Every deal is played twice, the agents exchanging seats (and so decks): neither agent
gets the better seat, deck or shuffle. Each seat's agent sees only its view, as at
the table; the report is :func:`game.ai.tournament.report`'s (win rates with Wilson
intervals, player 1's win rate on the first turn, decision and turn latency).
``--decks a,b`` names the two decks (installed names or ``.toml`` files; by default
the first two installed) and ``--format`` the variant.

``--decks all`` uses every installed deck. With one agent it is the balance matrix:
that agent plays both seats of every pair of decks, each deal once with each deck in
the first seat, and the report's rows and columns are the decks. With several agents
it is the ladder over every deck: deal ``d`` of a pairing is dealt from the ``d``-th
pair of decks in turn, and both agents play it from both seats.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from game.ai.agent import make_agent
from game.ai.tournament import (
    GameResult,
    GameTask,
    configured,
    play_out,
    points,
    report,
    rotations,
    run_tasks,
    seatings,
)
from game.core.errors import DataError, RealmsError
from game.core.wilson import wilson
from game.herosdei import decks as deckfiles
from game.herosdei.cards import library
from game.herosdei.decks import Deck
from game.herosdei.events import FirstPlayer
from game.herosdei.game import HerosDei
from game.herosdei.setup import new_game
from game.herosdei.state import VARIANTS, State

GAME = "herosdei"
SEATS = 2
MAX_ACTIONS = 5000  # a safety net: every game ends long before


ALL = "all"  # --decks all: every installed deck


@dataclass(frozen=True)
class HdTask(GameTask):
    decks: tuple[Deck, ...] = ()  # by seat
    players: tuple[str, ...] = ()  # agent by seat when ``arrangement`` names decks (the matrix)


def player_one(st: State) -> int | None:
    """Player 1 of the first turn."""
    return next((e.seat for e in st.log if isinstance(e, FirstPlayer)), None)


def play_game(task: HdTask) -> GameResult:
    st = new_game(list(task.decks), library(), task.format, task.deal)
    opts = dict(task.options)
    agents = [configured(make_agent(name, task.deal * 16 + seat, GAME), opts)
              for seat, name in enumerate(task.players or task.arrangement)]
    res = GameResult(task, (), None, 0)
    out = play_out(HerosDei(), st, agents, res, MAX_ACTIONS)
    res.turns = st.turn
    first = player_one(st)
    if first is not None:
        res.first = task.arrangement[first]
    if out is not None and out.winner is not None:
        res.first_won = out.winner == first
    return res


def tasks_for(agents: list[str], games: int, seed: int, variant: str, decks: tuple[Deck, ...],
              options: dict[str, Any] | None = None) -> list[HdTask]:
    """``games`` per pairing: deal ``seed + d`` once per seating, with these two decks by seat."""
    opts = tuple(sorted((options or {}).items()))
    return [HdTask(a, b, seed + d, arrangement, variant, SEATS, opts, decks=decks)
            for a, b, d, arrangement in seatings(agents, games, lambda a, b: rotations(a, b, SEATS))]


def deck_pairs(names: list[str]) -> list[tuple[str, str]]:
    """Every pair of different decks once, in the order of ``names``."""
    return list(combinations(names, 2))


def rotated_tasks(agents: list[str], games: int, seed: int, variant: str, decks: dict[str, Deck],
                  options: dict[str, Any] | None = None) -> list[HdTask]:
    """The ladder over every deck: deal ``d`` of a pairing is dealt from the ``d``-th pair
    of decks (in turn), once per seating of the agents, the decks keeping their seats."""
    opts = tuple(sorted((options or {}).items()))
    pairs = deck_pairs(list(decks))
    out = []
    for a, b, d, arrangement in seatings(agents, games, lambda a, b: rotations(a, b, SEATS)):
        x, y = pairs[d % len(pairs)]
        out.append(HdTask(a, b, seed + d, arrangement, variant, SEATS, opts, decks=(decks[x], decks[y])))
    return out


def matrix_tasks(agent: str, games: int, seed: int, variant: str, decks: dict[str, Deck],
                 options: dict[str, Any] | None = None) -> list[HdTask]:
    """The balance matrix: ``agent`` in both seats, ``games`` per pair of decks, each deal
    once with each deck in the first seat; the decks' names stand for the players."""
    opts = tuple(sorted((options or {}).items()))
    return [HdTask(x, y, seed + d, arrangement, variant, SEATS, opts,
                   decks=tuple(decks[n] for n in arrangement), players=(agent,) * SEATS)
            for x, y, d, arrangement in seatings(list(decks), games, lambda a, b: rotations(a, b, SEATS))]


def load_deck(name: str) -> Deck:
    """A legal deck by name or file, or a ValueError in one line."""
    try:
        deck = deckfiles.load(deckfiles.find(name))
    except (RealmsError, OSError) as exc:
        raise ValueError(str(exc)) from None
    why = deckfiles.problem(deck, library())
    if why:
        raise ValueError(f"deck {name}: {why}")
    return deck


def load_decks(names: list[str]) -> tuple[Deck, ...]:
    """Two legal decks by name or file, or a ValueError in one line."""
    if len(names) != SEATS:
        raise ValueError(f"--decks names {SEATS} decks, like --decks a,b (got {len(names)})")
    return tuple(load_deck(name) for name in names)


def every_deck() -> dict[str, Deck]:
    """Every installed deck by name, each checked."""
    names = deckfiles.installed()
    if len(names) < SEATS:
        raise ValueError("--decks all needs two installed HerosDeï decks or more")
    return {name: load_deck(name) for name in names}


def run(agents: list[str], games: int, seed: int = 0, variant: str = "standard", decks: list[str] | None = None,
        jobs: int = 1, options: dict[str, Any] | None = None,
        progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play every pairing of ``agents`` ``games`` times (or, with ``decks == ["all"]`` and one
    agent, every pair of installed decks); the report as a JSON-able dict."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown HerosDeï variant {variant!r} ({', '.join(VARIANTS)})")
    for name in agents:
        configured(make_agent(name, 0, GAME), dict(options or {}))  # bad names and options fail here
    if decks == [ALL]:
        pool = every_deck()
        if len(set(agents)) == 1:
            tasks = matrix_tasks(agents[0], games, seed, variant, pool, options)
            players = list(pool)
        else:
            tasks = rotated_tasks(agents, games, seed, variant, pool, options)
            players = agents
        names = list(pool)
    else:
        names = decks if decks is not None else deckfiles.installed()[:SEATS]
        if decks is None and len(names) < SEATS:
            raise ValueError("two HerosDeï decks are needed and fewer are installed (name them with --decks a,b)")
        chosen = load_decks(names)
        names = [d.name for d in chosen]
        players = agents
        tasks = tasks_for(agents, games, seed, variant, chosen, options)
    if len(set(players)) < 2:
        raise ValueError("a tournament needs at least two different agents (or one agent with --decks all)")
    t0 = time.perf_counter()
    results: list[GameResult] = run_tasks(play_game, tasks, jobs, progress)
    order: dict[GameTask, int] = {t: i for i, t in enumerate(tasks)}
    results.sort(key=lambda r: order[r.task])
    rep = report(players, results, seed, variant, SEATS, time.perf_counter() - t0)
    rep["decks"] = names
    add_pair_figures(rep, results)
    if decks == [ALL] and len(set(agents)) == 1:
        rep["matrix_agent"] = agents[0]
    return rep


def add_pair_figures(rep: dict[str, Any], results: list[GameResult]) -> None:
    """Each pairing's first-seat win rate (with its interval) and turns per game, and how
    often the row was player 1 of the first turn with its win rate each way: player 1 is
    chosen by the Heroes' Mastery, so a deck that is both stronger and more often first
    lifts the first seat's rate without the first seat being worth anything itself."""
    for pair in rep["pairs"]:
        a = pair["a"]
        rs = [r for r in results if {r.task.a, r.task.b} == {a, pair["b"]}]
        decided = [r for r in rs if r.first_won is not None]
        first = sum(1 for r in decided if r.first_won)
        pair["first_seat_win_rate"] = round(first / max(1, len(decided)), 4)
        pair["first_seat_ci95"] = [round(x, 4) for x in wilson(first, len(decided))]
        pair["turns_per_game"] = round(sum(r.turns for r in rs) / max(1, len(rs)), 2)
        a_first = [r for r in rs if r.first == a]
        a_second = [r for r in rs if r.first and r.first != a]
        pair["a_first_share"] = round(len(a_first) / max(1, len(a_first) + len(a_second)), 4)
        pair["a_rate_first"] = round(points(a_first, a) / max(1, len(a_first)), 4)
        pair["a_rate_second"] = round(points(a_second, a) / max(1, len(a_second)), 4)


def run_command(agents: list[str], args: Any, jobs: int, options: dict[str, Any], progress: Any) -> dict[str, Any]:
    """The ``tournament`` command's games of HerosDeï: its decks and variant, 2 seats."""
    if args.modules:
        raise ValueError("HerosDeï has no modules (--modules is for Fantasy Realms)")
    if args.seats not in (None, SEATS):
        raise ValueError(f"HerosDeï is played by {SEATS} players, not {args.seats}")
    variant = "standard" if args.format == "ffa" else args.format  # ffa: the command's default format
    decks = None
    if getattr(args, "decks", None):
        decks = [d.strip() for d in args.decks.split(",")]
        if not all(decks):
            raise ValueError(f"--decks names two decks, like --decks a,b (not {args.decks!r})")
    try:
        return run(agents, args.games, args.seed, variant, decks, jobs, options, progress)
    except DataError as exc:
        raise ValueError(str(exc)) from None
