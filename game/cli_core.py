"""The table's own subcommands: ``play`` (the default) and ``bench``."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def cmd_play(args: argparse.Namespace) -> int:
    try:
        from game.ui.app import run_app
    except ImportError as exc:
        print(f"the table cannot start: {exc}", file=sys.stderr)
        return 1
    return int(run_app(args))


def cmd_bench(args: argparse.Namespace) -> int:
    from game import bench

    return bench.main(args.json, args.quick, args.only)


def register(sub: Any) -> None:
    from game import games

    p = sub.add_parser("play", help="open the table (the default)")
    p.add_argument("--windowed", action="store_true", help="start in a window even if fullscreen is set")
    p.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)  # start-up timing: quit after N frames
    p.add_argument("--size", help="window size, e.g. 1280x720")
    p.add_argument("--screenshot-dir", help="visit every scene, save PNGs there and exit")
    p.add_argument("--lang", choices=["en", "fr"], help="language for --screenshot-dir")
    p.add_argument("--tour-game", choices=["all", *games.names()], default="all",
                   help="which game's scenes --screenshot-dir visits (default all)")
    p.set_defaults(handler=cmd_play)
    p = sub.add_parser("bench", help="print the performance figures")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quick", action="store_true", help="smaller samples (for smoke tests)")
    p.add_argument("--only", action="append", help="run only this section (repeatable)")
    p.set_defaults(handler=cmd_bench)
