"""Hero Realms' engine subcommand: ``sim`` (scripted games and their figures)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def cmd_sim(args: argparse.Namespace) -> int:
    from game.hero_realms.formats import get_format
    from game.hero_realms.sim import simulate

    try:
        fmt = get_format(args.format)
    except ValueError as exc:
        print(f"sim: {exc}", file=sys.stderr)
        return 2
    seats = args.seats if args.seats is not None else fmt.default_seats
    problem = fmt.seats_problem(seats)
    if problem:
        print(f"sim: {problem}", file=sys.stderr)
        return 2
    rep = simulate(args.games, seats, args.seed, args.format, check_every_action=args.check)
    figures = {"format": args.format, "seats": seats, **rep.to_dict()}
    if args.json:
        print(json.dumps(figures))
    else:
        for k, v in figures.items():
            if k != "violations":
                print(f"{k:>20}: {v}")
        for v in rep.violations[:20]:
            print(f"violation: {v}")
    return 1 if rep.violations or rep.unfinished else 0


def register(sub: Any) -> None:
    from game.core.args import format_args, positive

    p = sub.add_parser("sim", help="play many games with the scripted policy and report figures")
    p.add_argument("--games", type=positive, default=100)
    format_args(p)
    p.add_argument("--check", action="store_true", help="check invariants after every action")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=cmd_sim)
