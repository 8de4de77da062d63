"""One command line for everything: the table, and the tools behind it.

``python -m game`` opens the table; subcommands run scenarios, simulations,
benchmarks and the rest. Bad input always ends in a one-line reason on standard
error and a documented non-zero exit status, never in a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from game import __version__
from game.core.errors import DataError, NotationError, RealmsError

Handler = Callable[[argparse.Namespace], int]


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line on one line and exits 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def _natural(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} must not be negative")
    return value


# ---- subcommands ---------------------------------------------------------------
def cmd_scenario(args: argparse.Namespace) -> int:
    from game.hero_realms import scenario

    try:
        result = scenario.run_file(args.file)
    except (DataError, NotationError) as exc:
        print(f"scenario: {exc}", file=sys.stderr)
        return scenario.BAD_INPUT
    print(json.dumps(result.output, indent=None if args.compact else 2, ensure_ascii=False))
    for line in result.mismatches:
        print(line, file=sys.stderr)
    if result.code == scenario.ILLEGAL:
        err = result.output["error"]
        print(f"illegal action {err['index']} ({err['action']}): {err['reason']}", file=sys.stderr)
    return result.code


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


def cmd_bench(args: argparse.Namespace) -> int:
    from game import bench

    return bench.main(args.json, args.quick, args.only)


def cmd_play(args: argparse.Namespace) -> int:
    try:
        from game.ui.app import run_app
    except ImportError as exc:
        print(f"the table cannot start: {exc}", file=sys.stderr)
        return 1
    return int(run_app(args))


COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None], Handler]] = {}


def command(name: str, help: str) -> Callable[[Callable[[argparse.ArgumentParser], None]], Callable[[argparse.ArgumentParser], None]]:
    """Register a subcommand's argument builder (its handler is set alongside)."""

    def deco(build: Callable[[argparse.ArgumentParser], None]) -> Callable[[argparse.ArgumentParser], None]:
        COMMANDS[name] = (help, build, _HANDLERS[name])
        return build

    return deco


_HANDLERS: dict[str, Handler] = {
    "play": cmd_play,
    "scenario": cmd_scenario,
    "sim": cmd_sim,
    "bench": cmd_bench,
}


@command("play", "open the table (the default)")
def _play_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--windowed", action="store_true", help="start in a window even if fullscreen is set")


@command("scenario", "run a scenario file and print the resulting position as JSON")
def _scenario_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a scenario .toml file")
    p.add_argument("--compact", action="store_true", help="print the JSON on one line")


def _format_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--format", default="ffa", help="game format (default ffa)")
    p.add_argument("--seats", type=_positive, default=None, help="number of players")
    p.add_argument("--seed", type=_natural, default=0, help="first seed")


@command("sim", "play many games with the scripted policy and report figures")
def _sim_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=_positive, default=100)
    _format_args(p)
    p.add_argument("--check", action="store_true", help="check invariants after every action")
    p.add_argument("--json", action="store_true", help="print one JSON object")


@command("bench", "print the performance figures")
def _bench_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quick", action="store_true", help="smaller samples (for smoke tests)")
    p.add_argument("--only", action="append", help="run only this section (repeatable)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m game", description="Realms Table: Hero Realms and friends.")
    parser.add_argument("--version", action="version", version=f"Realms Table {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    for name, (help, build, handler) in COMMANDS.items():
        sp = sub.add_parser(name, help=help)
        build(sp)
        sp.set_defaults(handler=handler)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Any = getattr(args, "handler", None)
    if handler is None:
        args = parser.parse_args(["play", *(argv if argv is not None else sys.argv[1:])])
        handler = args.handler
    try:
        return int(handler(args))
    except RealmsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
