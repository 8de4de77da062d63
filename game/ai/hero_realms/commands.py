"""Hero Realms' AI subcommand: ``tune`` (Hard's evaluation weights on self-play positions)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any


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
    from game.core.args import natural, positive

    p = sub.add_parser("tune", help="fit Hard's evaluation weights on self-play positions")
    p.add_argument("--games", type=positive, default=3000)
    p.add_argument("--seed", type=natural, default=1)
    p.add_argument("--write", metavar="PATH", help="write the weights module (game/ai/hero_realms/eval_weights.py)")
    p.add_argument("--jobs", type=positive, default=None, help="worker processes (default: up to 2)")
    p.add_argument("--agent", default=None, help="positions from this agent's games (e.g. hard:sims=60), "
                                                 "else from rule-based explorers")
    p.set_defaults(handler=cmd_tune)
