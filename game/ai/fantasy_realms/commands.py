"""``python -m game fantasy-match A B``: Fantasy Realms games between two agents,
``python -m game fantasy-tune``: the fit of Hard's synergy table (``pairfit.py``), and
``python -m game fantasy-fidelity``: how closely Hard's worlds play (``fidelity.py``).

``fantasy-match`` prints the match report of :func:`game.ai.fantasy_realms.tournament.match`
as JSON (wins, ties, win rate of A, mean score margin). The tournament command can
call ``match`` directly; this command makes the figures reproducible on their own.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any


def cmd_match(args: argparse.Namespace) -> int:
    from game.ai.agent import agent_names
    from game.ai.fantasy_realms.tournament import match
    from game.core.errors import RealmsError
    from game.fantasy_realms.modules import normalize

    known = agent_names("fantasy_realms")
    for name in (args.a, args.b):
        if name not in known:
            print(f"fantasy-match: unknown agent {name!r} (known: {', '.join(known)})", file=sys.stderr)
            return 2
    if not 2 <= args.seats <= 6:
        print(f"fantasy-match: --seats must be 2-6, not {args.seats}", file=sys.stderr)
        return 2
    try:
        mods = sorted(normalize(args.modules or []) - {"base"})
    except RealmsError as exc:
        print(f"fantasy-match: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(match(args.a, args.b, args.games, args.seats, mods, args.seed)))
    return 0


def cmd_tune(args: argparse.Namespace) -> int:
    from game.ai.fantasy_realms.pairfit import WEIGHTS, tune
    from game.core.errors import RealmsError
    from game.fantasy_realms.modules import normalize

    try:
        mods = sorted(normalize(args.modules or []) - {"base"})
    except RealmsError as exc:
        print(f"fantasy-tune: {exc}", file=sys.stderr)
        return 2
    out = None if args.write is None else Path(args.write) if args.write else WEIGHTS
    jobs = args.jobs if args.jobs is not None else min(2, os.cpu_count() or 1)
    try:
        report = tune(args.games, args.seed, mods, out, jobs, epochs=args.epochs)
    except (OSError, ValueError) as exc:
        print(f"fantasy-tune: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(report, indent=2))
    return 0


def cmd_fidelity(args: argparse.Namespace) -> int:
    from game.ai.fantasy_realms.fidelity import measure

    if args.medium_rollouts < 2 or args.world_rollouts < 2:
        print("fantasy-fidelity: --medium-rollouts and --world-rollouts must be 2 or more", file=sys.stderr)
        return 2

    def progress(done: int, total: int) -> None:
        print(f"\r{done}/{total} positions", end="", file=sys.stderr, flush=True)

    try:
        report = measure(args.agent or ["hard"], args.games, args.seed, args.medium_rollouts, args.world_rollouts,
                         progress if args.progress else None)
    except ValueError as exc:
        print(f"fantasy-fidelity: {exc}", file=sys.stderr)
        return 2
    if args.progress:
        print(file=sys.stderr)
    print(json.dumps(report, indent=2))
    return 0


def register(sub: Any) -> None:
    from game.core.args import natural, positive

    p = sub.add_parser("fantasy-match", help="play Fantasy Realms games between two agents and print the result")
    p.add_argument("a", help="agent whose win rate is reported (easy, medium, hard, random)")
    p.add_argument("b", help="the opposing agent (every other seat)")
    p.add_argument("--games", type=positive, default=400)
    p.add_argument("--seats", type=int, default=2, help="players per game (default 2)")
    p.add_argument("--modules", action="append", help="promo, cursed_items, cursed_hoard_suits")
    p.add_argument("--seed", type=natural, default=0)
    p.set_defaults(handler=cmd_match)
    p = sub.add_parser("fantasy-tune", help="fit Fantasy Realms Hard's synergy table on Medium's games")
    p.add_argument("--games", type=positive, default=250, help="Medium-against-Medium games (a fifth held out)")
    p.add_argument("--seed", type=natural, default=1)
    p.add_argument("--modules", action="append", help="the card set: promo, cursed_hoard_suits (default: base)")
    p.add_argument("--epochs", type=positive, default=30)
    p.add_argument("--jobs", type=positive, default=None, help="worker processes (default: up to 2)")
    p.add_argument("--write", nargs="?", const="", default=None, metavar="PATH",
                   help="store the fit (default path: game/ai/fantasy_realms/pair_weights.py)")
    p.set_defaults(handler=cmd_tune)
    p = sub.add_parser("fantasy-fidelity", help="how closely Fantasy Realms Hard's worlds value positions as Medium plays them")
    p.add_argument("--agent", action="append", help="a Hard configuration, e.g. hard:opp_best_of=1 (repeatable; default hard)")
    p.add_argument("--games", type=positive, default=50, help="Medium games the positions come from (two each)")
    p.add_argument("--seed", type=natural, default=1)
    p.add_argument("--medium-rollouts", type=positive, default=40)
    p.add_argument("--world-rollouts", type=positive, default=60)
    p.add_argument("--progress", action="store_true", help="report the positions done on stderr")
    p.set_defaults(handler=cmd_fidelity)
