"""HerosDeï matches between agents: the tournament command's games of this game.

Every deal is played twice, the agents exchanging seats (and so decks): neither agent
gets the better seat, deck or shuffle. Each seat's agent sees only its view, as at
the table; the report is :func:`game.ai.tournament.report`'s (win rates with Wilson
intervals, player 1's win rate on the first turn, decision and turn latency).
``--decks a,b`` names the two decks (installed names or ``.toml`` files; by default
the first two installed) and ``--format`` the variant.
"""

from __future__ import annotations

import time
from collections.abc import Callable
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
from game.core.errors import DataError, RealmsError
from game.herosdei import decks as deckfiles
from game.herosdei.cards import library
from game.herosdei.decks import Deck
from game.herosdei.events import FirstPlayer
from game.herosdei.rules import legal_lines
from game.herosdei.setup import new_game
from game.herosdei.state import VARIANTS, State
from game.herosdei.view import view

GAME = "herosdei"
SEATS = 2
MAX_ACTIONS = 5000  # a safety net: every game ends long before


@dataclass(frozen=True)
class HdTask(GameTask):
    decks: tuple[Deck, ...] = ()  # by seat


class Table:
    """The game state as the shared tournament loop reads it (view, check, apply, turn)."""

    def __init__(self, st: State) -> None:
        self.st = st

    @property
    def turn(self) -> int:
        return self.st.turn

    def view(self, seat: int) -> dict[str, Any]:
        return view(self.st, seat)

    def check(self, line: str) -> str | None:
        return None if line in legal_lines(self.st) else f"{line!r} is not legal now"

    def apply(self, line: str) -> None:
        self.st.apply(line)


def player_one(st: State) -> int | None:
    """Player 1 of the first turn."""
    return next((e.seat for e in st.log if isinstance(e, FirstPlayer)), None)


def play_game(task: HdTask) -> GameResult:
    st = new_game(list(task.decks), library(), task.format, task.deal)
    opts = dict(task.options)
    agents = [configured(make_agent(name, task.deal * 16 + seat, GAME), opts)
              for seat, name in enumerate(task.arrangement)]
    res = GameResult(task, (), None, 0)
    table = Table(st)
    play_out(table, agents, res, over=lambda: st.winner is not None, seat=lambda: st.waiting_for()[0],
             accepts=lambda line, legal: line in legal, max_actions=MAX_ACTIONS)
    res.turns = st.turn
    first = player_one(st)
    if st.winner == "draw":
        res.winners = tuple(sorted(set(task.arrangement)))
    elif isinstance(st.winner, int):
        res.winners = (task.arrangement[st.winner],)
        res.first_won = st.winner == first
    return res


def tasks_for(agents: list[str], games: int, seed: int, variant: str, decks: tuple[Deck, ...],
              options: dict[str, Any] | None = None) -> list[HdTask]:
    """``games`` per pairing: deal ``seed + d`` once per seating."""
    opts = tuple(sorted((options or {}).items()))
    return [HdTask(a, b, seed + d, arrangement, variant, SEATS, opts, decks=decks)
            for a, b, d, arrangement in seatings(agents, games, lambda a, b: rotations(a, b, SEATS))]


def load_decks(names: list[str]) -> tuple[Deck, ...]:
    """Two legal decks by name or file, or a ValueError in one line."""
    if len(names) != SEATS:
        raise ValueError(f"--decks names {SEATS} decks, like --decks a,b (got {len(names)})")
    defs = library()
    out = []
    for name in names:
        try:
            deck = deckfiles.load(deckfiles.find(name))
        except (RealmsError, OSError) as exc:
            raise ValueError(str(exc)) from None
        why = deckfiles.problem(deck, defs)
        if why:
            raise ValueError(f"deck {name}: {why}")
        out.append(deck)
    return tuple(out)


def run(agents: list[str], games: int, seed: int = 0, variant: str = "standard", decks: list[str] | None = None,
        jobs: int = 1, options: dict[str, Any] | None = None,
        progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play every pairing of ``agents`` ``games`` times; the report as a JSON-able dict."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown HerosDeï variant {variant!r} ({', '.join(VARIANTS)})")
    names = decks if decks is not None else deckfiles.installed()[:SEATS]
    if decks is None and len(names) < SEATS:
        raise ValueError("two HerosDeï decks are needed and fewer are installed (name them with --decks a,b)")
    chosen = load_decks(names)
    for name in agents:
        configured(make_agent(name, 0, GAME), dict(options or {}))  # bad names and options fail here
    if len(set(agents)) < 2:
        raise ValueError("a tournament needs at least two different agents")
    tasks = tasks_for(agents, games, seed, variant, chosen, options)
    t0 = time.perf_counter()
    results: list[GameResult] = run_tasks(play_game, tasks, jobs, progress)
    order: dict[GameTask, int] = {t: i for i, t in enumerate(tasks)}
    results.sort(key=lambda r: order[r.task])
    rep = report(agents, results, seed, variant, SEATS, time.perf_counter() - t0)
    rep["decks"] = [d.name for d in chosen]
    return rep


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
