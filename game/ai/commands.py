"""The AI subcommand every game shares: ``tournament`` (strength and latency figures).

The game's registry entry names its tournament module, which makes and plays the
games; the report and its printing are the same for all (``game/ai/tournament.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any


def cmd_tournament(args: argparse.Namespace) -> int:
    from game import games
    from game.ai.agent import agent_names
    from game.ai.tournament import format_report

    if args.game not in games.names():
        print(f"tournament: unknown game {args.game!r} (known: {', '.join(games.names())})", file=sys.stderr)
        return 2
    try:
        known = agent_names(args.game)
    except ValueError as exc:  # a game of the registry that has no agents yet
        print(f"tournament: {exc}", file=sys.stderr)
        return 2
    agents = [a.strip() for a in args.agents.split(";" if ";" in args.agents else ",") if a.strip()]
    unknown = [a for a in agents if a.partition(":")[0] not in known]
    if unknown:
        print(f"tournament: unknown agent {unknown[0]!r} (known: {', '.join(known)})", file=sys.stderr)
        return 2
    options: dict[str, Any] = {}
    if args.sims is not None:
        options["sims"] = args.sims
    if args.cap is not None:
        options["cap_s"] = args.cap
    jobs = args.jobs if args.jobs is not None else min(2, os.cpu_count() or 1)

    def progress(done: int, total: int) -> None:
        if args.progress:
            print(f"\r{done}/{total} games", end="" if done < total else "\n", file=sys.stderr, flush=True)

    try:
        module = games.listing(args.game).tournament
        if module is None:
            raise ValueError(f"{games.title(args.game)} has no tournament yet")
        tournament = games.module(module)
        rep = tournament.run_command(agents, args, jobs, options, progress)
    except ValueError as exc:
        print(f"tournament: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(rep) if args.json else "\n".join([format_report(rep), *pair_figures(rep)]))
    return 1 if rep["illegal"] else 0


def pair_figures(rep: dict[str, Any]) -> list[str]:
    """The lines of each pairing's own first-seat rate and length, for a game's tournament
    that reports them (a deck matrix, where every cell is a different match-up)."""
    lines = []
    for p in rep["pairs"]:
        if "first_seat_win_rate" in p:
            lo, hi = p["first_seat_ci95"]
            lines.append(f"  {p['a']} vs {p['b']}: first seat wins {p['first_seat_win_rate']:.3f} "
                         f"[{lo:.3f},{hi:.3f}], {p['turns_per_game']} turns per game")
        if "a_first_share" in p:
            lines.append(f"    {p['a']} is player 1 in {p['a_first_share']:.3f} of them and wins "
                         f"{p['a_rate_first']:.3f} of those, {p['a_rate_second']:.3f} as player 2")
    if "matrix_agent" in rep:
        lines.insert(0, f"decks played by {rep['matrix_agent']} in both seats; by pair of decks:")
    return lines


def register(sub: Any) -> None:
    from game import games
    from game.core.args import format_args, positive

    p = sub.add_parser("tournament", help="seat-balanced matches between AI levels: win rates and latencies")
    p.add_argument("--agents", default="easy,medium,hard",
                   help="comma-separated agents (random, easy, medium, hard; one agent with --decks all); "
                        "with budget options, "
                        "separate them by ';': 'hard:sims=120;hard:sims=480'")
    p.add_argument("--games", type=positive, default=40, help="games per pairing (default 40)")
    format_args(p)
    p.add_argument("--jobs", type=positive, default=None,
                   help="worker processes (default: up to 2); Fantasy Realms Hard shares its worlds with "
                        "a helper process only with --jobs 1")
    p.add_argument("--sims", type=positive, default=None, help="simulations per decision for search agents")
    p.add_argument("--cap", type=float, default=None, help="wall-clock cap per decision for search agents (s)")
    p.add_argument("--game", default=games.DEFAULT, help=f"{', '.join(games.names())} (default {games.DEFAULT})")
    p.add_argument("--modules", action="append",
                   help="the game's modules, for a game that has some (repeat or comma-separate)")
    p.add_argument("--decks", default=None,
                   help="for a game with decks: the two decks, comma-separated (installed names or .toml files), "
                        "or 'all': every installed deck (one agent: the matrix of every pair of decks; "
                        "several: each pairing's deals rotate over the pairs of decks)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--progress", action="store_true", help="show progress on standard error")
    p.set_defaults(handler=cmd_tournament)
