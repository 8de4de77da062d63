"""AI subcommands: ``tournament`` (strength and latency figures) and ``tune`` (evaluation weights)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any


def cmd_tournament(args: argparse.Namespace) -> int:
    from game.ai.agent import DEFAULT_GAME, GAME_AGENTS, agent_names
    from game.ai.hero_realms.tournament import format_report, run

    if args.game != DEFAULT_GAME and args.game not in GAME_AGENTS:
        print(f"tournament: unknown game {args.game!r} (known: {', '.join([DEFAULT_GAME, *GAME_AGENTS])})",
              file=sys.stderr)
        return 2
    known = agent_names(args.game)
    agents = [a.strip() for a in args.agents.split(";" if ";" in args.agents else ",") if a.strip()]
    unknown = [a for a in agents if a.partition(":")[0] not in known]
    if unknown:
        print(f"tournament: unknown agent {unknown[0]!r} (known: {', '.join(known)})", file=sys.stderr)
        return 2
    if args.modules and args.game == DEFAULT_GAME:
        print("tournament: --modules is for --game fantasy_realms", file=sys.stderr)
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
        if args.game == DEFAULT_GAME:
            rep = run(agents, args.games, args.seed, args.format, args.seats, jobs, options, progress)
        else:
            rep = _run_other(args, agents, jobs, options, progress)
    except ValueError as exc:
        print(f"tournament: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(rep) if args.json else format_report(rep))
    return 1 if rep["illegal"] else 0


def _run_other(args: argparse.Namespace, agents: list[str], jobs: int, options: dict[str, Any],
               progress: Any) -> dict[str, Any]:
    """Fantasy Realms (the one other game with agents): its modules, 2 seats by default."""
    from game.ai.fantasy_realms.tournament import run as run_fantasy
    from game.fantasy_realms.modules import normalize

    if args.format != "ffa":
        raise ValueError("--format is for Hero Realms (Fantasy Realms has --modules)")
    mods = sorted(normalize(args.modules or []) - {"base"})
    return run_fantasy(agents, args.games, args.seed, args.seats or 2, mods, jobs, options, progress)


def cmd_tune(args: argparse.Namespace) -> int:
    from game.ai.hero_realms.tune import tune

    out = Path(args.write) if args.write else None
    if args.agent is not None:
        from game.ai.agent import make_agent

        try:
            make_agent(args.agent)
        except ValueError as exc:
            print(f"tune: {exc}", file=sys.stderr)
            return 2
    jobs = args.jobs if args.jobs is not None else min(2, os.cpu_count() or 1)
    print(json.dumps(tune(args.games, args.seed, out, args.agent, jobs), indent=2))
    return 0


def register(sub: Any) -> None:
    from game.core.args import format_args, natural, positive

    p = sub.add_parser("tournament", help="seat-balanced matches between AI levels: win rates and latencies")
    p.add_argument("--agents", default="easy,medium,hard",
                   help="comma-separated agents (random, easy, medium, hard); with budget options, "
                        "separate them by ';': 'hard:sims=120;hard:sims=480'")
    p.add_argument("--games", type=positive, default=40, help="games per pairing (default 40)")
    format_args(p)
    p.add_argument("--jobs", type=positive, default=None,
                   help="worker processes (default: up to 2); Fantasy Realms Hard shares its worlds with "
                        "a helper process only with --jobs 1")
    p.add_argument("--sims", type=positive, default=None, help="simulations per decision for search agents")
    p.add_argument("--cap", type=float, default=None, help="wall-clock cap per decision for search agents (s)")
    p.add_argument("--game", default="hero_realms", help="hero_realms (default) or fantasy_realms")
    p.add_argument("--modules", action="append",
                   help="Fantasy Realms modules: promo, cursed_items, cursed_hoard_suits (repeat or comma-separate)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--progress", action="store_true", help="show progress on standard error")
    p.set_defaults(handler=cmd_tournament)
    p = sub.add_parser("tune", help="fit Hard's evaluation weights on self-play positions")
    p.add_argument("--games", type=positive, default=3000)
    p.add_argument("--seed", type=natural, default=1)
    p.add_argument("--write", metavar="PATH", help="write the weights module (game/ai/hero_realms/eval_weights.py)")
    p.add_argument("--jobs", type=positive, default=None, help="worker processes (default: up to 2)")
    p.add_argument("--agent", default=None, help="positions from this agent's games (e.g. hard:sims=60), "
                                                 "else from rule-based explorers")
    p.set_defaults(handler=cmd_tune)
