"""The subcommands every game shares: ``play`` (the table, the default), ``bench`` and
``scenario`` (a scenario file of any game, run by that game's runner)."""

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


def cmd_scenario(args: argparse.Namespace) -> int:
    """Run a scenario file through the runner of the game it names (``game = ...``; the
    default game's when it names none). Exit codes are the runners': 0 ok, 1 an
    expectation fails, 2 a bad file or a syntax error, 3 an illegal action."""
    import json

    from game import games
    from game.core import tomlcompat
    from game.core.errors import DataError, NotationError

    bad_input = 2
    try:
        doc = tomlcompat.load_file(args.file)
        name = doc.get("game", games.DEFAULT)
        if not isinstance(name, str) or name not in games.names():
            raise DataError(args.file, f"game: unknown game {name!r} (known: {', '.join(games.names())})")
        result = games.door(name).run_scenario(doc, str(args.file))
    except (DataError, NotationError) as exc:
        print(f"scenario: {exc}", file=sys.stderr)
        return bad_input
    print(json.dumps(result.output, indent=None if args.compact else 2, ensure_ascii=False))
    for line in result.mismatches:
        print(line, file=sys.stderr)
    err = result.output.get("error")
    if result.code == 3 and isinstance(err, dict):
        print(f"illegal action {err['index']} ({err['action']}): {err['reason']}", file=sys.stderr)
    return int(result.code)


def register(sub: Any) -> None:
    from game import games

    p = sub.add_parser("play", help="open the table (the default)")
    p.add_argument("--windowed", action="store_true", help="start in a window even if fullscreen is set")
    p.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)  # start-up timing: quit after N frames
    p.add_argument("--size", help="window size, e.g. 1280x720")
    p.add_argument("--screenshot-dir", help="visit every scene, save PNGs there and exit")
    p.add_argument("--lang", choices=["en", "fr"], help="language for --screenshot-dir")
    p.add_argument("--tour-game", choices=["all", *games.playable()], default="all",
                   help="which game's scenes --screenshot-dir visits (default all)")
    p.set_defaults(handler=cmd_play)
    p = sub.add_parser("bench", help="print the performance figures")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quick", action="store_true", help="smaller samples (for smoke tests)")
    p.add_argument("--only", action="append", help="run only this section (repeatable)")
    p.set_defaults(handler=cmd_bench)
    p = sub.add_parser("scenario", help="run a scenario file and print the resulting position as JSON")
    p.add_argument("file", help="a scenario .toml file (its game = ... names the game; Hero Realms if none)")
    p.add_argument("--compact", action="store_true", help="print the JSON on one line")
    p.set_defaults(handler=cmd_scenario)
