"""One command line for everything: the table, and the tools behind it.

``python -m game`` opens the table; subcommands run scenarios, simulations,
benchmarks and the rest. Each layer registers its own subcommands from a
``commands`` module (the shared layers' and each game's from the registry), so adding a tool never means
editing the others. Bad input always ends in a one-line reason on standard error
and a documented non-zero exit status, never in a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game import __version__, games
from game.core import console
from game.core.errors import RealmsError

# Modules with a ``register(subparsers)`` function; each adds its subcommands and
# sets ``handler`` (a function of the parsed namespace returning the exit status).
# The shared layers' come first, then each game's from its registry entry.
SHARED_COMMANDS = ["game.cli_core", "game.net.commands", "game.ai.commands"]


def command_modules() -> list[str]:
    return SHARED_COMMANDS + [m for entry in games.listings() for m in entry.commands]


def program_name(argv0: str | None = None, frozen: bool | None = None, executable: str | None = None) -> str:
    """How the player started the program, for ``usage:`` lines: the standalone
    build's executable (``RealmsTable``, or the ``realms-table`` command of the .deb
    that links to it), the command pip installs (``realms-table``), or ``python -m
    game`` from a checkout."""
    name = Path(sys.argv[0] if argv0 is None else argv0).name
    if getattr(sys, "frozen", False) if frozen is None else frozen:  # as typed: the .deb's realms-table link too
        name = name or Path(sys.executable if executable is None else executable).name
        return name[:-4] if name.lower().endswith(".exe") else name
    if name in ("", "-c", "-m") or name.endswith(".py"):  # python -m game runs game/__main__.py
        return "python -m game"
    return name[:-4] if name.lower().endswith(".exe") else name  # pip's launcher on Windows: realms-table.exe


class Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line on one line and exits 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def _open_table(args: argparse.Namespace) -> int:
    from game.cli_core import cmd_play

    return cmd_play(args)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog=program_name(), description="Realms Table: Hero Realms and friends.")
    parser.add_argument("--version", action="version", version=f"Realms Table {__version__}")
    parser.add_argument("--selftest", action="store_true",
                        help="check without a window that this build works (AI game, scenario, LAN), then exit")
    parser.add_argument("--install-desktop-entry", action="store_true",
                        help="add Realms Table to the Linux applications menu, then exit")
    parser.set_defaults(open_table=_open_table)  # how a command opens the table (join without --headless)
    sub = parser.add_subparsers(dest="command", parser_class=Parser)
    for name in command_modules():
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; its exit status. A command whose reader goes away (``... |
    head``) ends quietly with ``console.PIPE_STATUS``, as a Unix tool SIGPIPE ends."""
    if argv is None:  # the program itself (not a test calling in): keep a log and crash reports
        from game import applog

        applog.setup(sys.argv)
    try:
        status = _main(argv)
        console.flush()  # buffered output meets a closed pipe here, not at the interpreter's exit
        return status
    except OSError as exc:
        if not console.reader_gone(exc):
            raise
        console.silence()
        return console.PIPE_STATUS


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    commands = {a for action in parser._subparsers._group_actions for a in action.choices} if parser._subparsers else set()  # type: ignore[union-attr]
    top_level = {"--version", "--selftest", "--install-desktop-entry"}
    if (argv and argv not in (["-h"], ["--help"]) and argv[0].startswith("-")
            and not any(a in commands for a in argv) and not top_level & set(argv)):
        argv = ["play", *argv]  # options without a subcommand are the table's
    args = parser.parse_args(argv)
    if args.selftest:
        from game import selftest

        return selftest.run()
    if args.install_desktop_entry:
        from game import desktop_entry

        try:
            installed = desktop_entry.install()
        except OSError as exc:
            print(f"cannot install the desktop entry: {exc}", file=sys.stderr)
            return 1
        print(f"installed {installed}")
        return 0
    handler: Any = getattr(args, "handler", None)
    if handler is None:  # no subcommand: open the table
        args = parser.parse_args(["play", *argv])
        handler = args.handler
    try:
        return int(handler(args))
    except RealmsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
