"""The subcommands every game shares: ``play`` (the table, the default), ``bench``,
``scenario`` (a scenario file of any game, run by that game's runner), ``replay`` (a
position of a finished or saved game), ``stats`` (the history of finished games) and
``puzzle`` (``list`` the shipped and the player's puzzles, ``check`` a puzzle's solution
or another line on its game's engine)."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def cmd_play(args: argparse.Namespace) -> int:
    import os

    from game.ui.display import no_display_reason

    unseen = None if getattr(args, "screenshot_dir", None) else no_display_reason()
    if unseen is not None:  # said before pygame and the table load: at once, in one line
        print(f"the table cannot start: {unseen}", file=sys.stderr)
        return 1
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame's first import
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
        result = games.game(name).run_scenario(doc, str(args.file))
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


def cmd_replay(args: argparse.Namespace) -> int:
    """Print the position of a history file or save at a point (its end by default):
    the JSON of the game's class, or one line about the game. A bad file, seat, turn or
    action: one line and exit 2 (the CLI's DataError)."""
    import json

    from game.core.errors import DataError
    from game.session import replay

    rp = replay.load(args.file)
    if args.to_turn is not None and args.to_action is not None:
        raise DataError("replay", "give --to-turn or --to-action, not both")
    k = rp.length
    if args.to_turn is not None:
        k = rp.step_of_turn(args.to_turn)
    elif args.to_action is not None:
        k = rp.step_of_action(args.to_action)
    position = rp.position(k, args.seat)
    if args.json:
        print(json.dumps(position, indent=None if args.compact else 2, ensure_ascii=False))
    else:
        turn = rp.turns[k] if k < len(rp.turns) else None
        print(f"{rp.game}: step {k} of {rp.length}" + (f", turn {turn}" if turn is not None else "")
              + (f" (as seen by seat {rp.seat})" if rp.seen else ""))
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    """Print the statistics of the history (JSON or a few lines), and write the CSV if asked."""
    import json
    from pathlib import Path

    from game.core.errors import DataError
    from game.session import stats

    folder = Path(args.history) if args.history else None
    if folder is not None and not folder.is_dir():
        raise DataError(str(folder), "no such history folder")
    rows, problems = stats.summaries(folder)
    for line in problems:
        print(f"skipped: {line}", file=sys.stderr)
    if args.csv:
        try:
            stats.export_csv(rows, Path(args.csv))
        except OSError as exc:
            raise DataError(args.csv, f"cannot write the CSV ({exc.strerror or exc})") from None
    result = stats.aggregate(rows)
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
        return 0
    print(f"{result['games']} game{'' if result['games'] == 1 else 's'}: {result['won']} won, {result['lost']} lost")
    for game in result["by_game"].values():
        print(f"  {game['title']}: {game['played']} played, {game['won']} won, {game['lost']} lost")
        for level, t in game["by_level"].items():
            rate = "-" if t["win_rate"] is None else f"{t['win_rate']:.0%} ({t['interval'][0]:.0%}-{t['interval'][1]:.0%})"
            print(f"    vs {level}: {t['played']} played, win rate {rate}")
    return 0


def cmd_puzzle_list(args: argparse.Namespace) -> int:
    """Every puzzle of the shipped folder and of the player's, with the bad files' reasons;
    exit 0 whatever the player's folder holds (a bad file is listed, not fatal)."""
    import json

    from game.session import puzzles

    entries = puzzles.listing()
    shown = [(e, e.puzzle) for e in entries if e.puzzle is not None and args.game in (None, e.puzzle.game)]
    bad = [e for e in entries if e.problem is not None]
    if args.json:
        doc = {"puzzles": [dict(p.summary(), origin=e.origin) for e, p in shown],
               "problems": [{"source": e.source, "origin": e.origin, "reason": e.problem} for e in bad],
               "user_folder": str(puzzles.user_dir())}
        print(json.dumps(doc, indent=2, ensure_ascii=False))
        return 0
    for _, p in shown:
        print(f"{p.id}  {p.game}  {p.goal.text}: {p.text('title')}  ({p.source})")
    for e in bad:
        print(f"bad file: {e.problem}")
    tail = f", {len(bad)} bad file{'' if len(bad) == 1 else 's'}" if bad else ""
    print(f"{len(shown)} puzzle{'' if len(shown) == 1 else 's'}{tail} (your own go in {puzzles.user_dir()})")
    return 0


def cmd_puzzle_check(args: argparse.Namespace) -> int:
    """Play a puzzle's solution (or ``--line``) on its engine. Exit 0 when it solves the
    puzzle, 1 when it does not (the goal failed, or the line ended with it open), 2 for a
    bad file or a line that does not parse, 3 for an action that is not legal."""
    import json
    from pathlib import Path

    from game.core.errors import DataError
    from game.session import puzzles

    try:
        path = Path(args.file)
        if not path.exists():
            named = [p for p in puzzles.puzzles() if p.id == args.file]
            if not named:
                raise DataError(args.file, "no such file, nor a listed puzzle of that id")
            puzzle = named[0]
        else:
            puzzle = puzzles.load_puzzle(path)
    except DataError as exc:
        print(f"puzzle: {exc}", file=sys.stderr)
        return 2
    lines = puzzles.split_line(args.line) if args.line is not None else list(puzzle.solution)
    result = puzzles.check(puzzle, lines)
    code = 0 if result.solved else 2 if result.syntax else 3 if result.error else 1
    if args.json:
        doc = {"id": puzzle.id, "game": puzzle.game, "goal": puzzle.goal.to_dict(), "line": lines, **result.to_dict()}
        print(json.dumps(doc, indent=2, ensure_ascii=False))
    elif code == 0:
        print(f"solved: {puzzle.id} ({puzzle.goal.text}) in {result.played} action"
              f"{'' if result.played == 1 else 's'}: {result.verdict.text}")
    if code:
        print(f"not solved: {puzzle.id} ({puzzle.goal.text}): {result.verdict.text}", file=sys.stderr)
    return code


def register(sub: Any) -> None:
    from game import games
    from game.ui.settings import TEXT_SIZES

    p = sub.add_parser("play", help="open the table (the default)")
    p.add_argument("--windowed", action="store_true", help="start in a window even if fullscreen is set")
    p.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)  # start-up timing: quit after N frames
    p.add_argument("--size", help="window size, e.g. 1280x720")
    p.add_argument("--screenshot-dir", help="visit every scene, save PNGs there and exit")
    p.add_argument("--lang", choices=["en", "fr"], help="language for --screenshot-dir")
    p.add_argument("--text-size", type=int, choices=TEXT_SIZES, help="text size in percent for --screenshot-dir")
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
    p = sub.add_parser("replay", help="print the position of a finished or saved game at a point")
    p.add_argument("file", help="a history file or a save")
    p.add_argument("--seat", type=int, default=None, help="only what this seat may know (default: everything)")
    p.add_argument("--to-turn", type=int, default=None, help="the start of this turn")
    p.add_argument("--to-action", type=int, default=None, help="after this many actions")
    p.add_argument("--json", action="store_true", help="print the position as JSON")
    p.add_argument("--compact", action="store_true", help="print the JSON on one line")
    p.set_defaults(handler=cmd_replay)
    p = sub.add_parser("stats", help="statistics over the history of finished games")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--csv", help="also write one line per game to this CSV file")
    p.add_argument("--history", help="the history folder (default: the one in the user's data folder)")
    p.set_defaults(handler=cmd_stats)
    p = sub.add_parser("puzzle", help="list the puzzles, or check a puzzle's solution or another line")
    puzzle = p.add_subparsers(dest="puzzle_command", metavar="{list,check}", required=True)
    q = puzzle.add_parser("list", help="every puzzle (shipped, and the player's <data>/puzzles/) and the bad files")
    q.add_argument("--json", action="store_true", help="print one JSON object")
    q.add_argument("--game", choices=games.names(), help="only this game's puzzles")
    q.set_defaults(handler=cmd_puzzle_list)
    q = puzzle.add_parser("check", help="play a puzzle's solution (or --line) on the engine: exit 0 when it solves it")
    q.add_argument("file", help="a puzzle .toml file, or the id of a listed puzzle")
    q.add_argument("--line", help="the actions to try instead of the solution, separated by ';'")
    q.add_argument("--json", action="store_true", help="print the result as one JSON object")
    q.set_defaults(handler=cmd_puzzle_check)
