"""Argument types shared by every layer's subcommands (each layer registers its own
commands; these keep their bad-input messages the same everywhere)."""

from __future__ import annotations

import argparse


def _whole(text: str, minimum: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < minimum:
        raise argparse.ArgumentTypeError(f"{value} must be at least {minimum}")
    return value


def positive(text: str) -> int:
    return _whole(text, 1)


def natural(text: str) -> int:
    return _whole(text, 0)


def format_args(p: argparse.ArgumentParser) -> None:
    """``--format``, ``--seats`` and ``--seed``, the same on every command."""
    p.add_argument("--format", default="ffa", help="game format (default ffa)")
    p.add_argument("--seats", type=positive, default=None, help="number of players (default: the format's)")
    p.add_argument("--seed", type=natural, default=0, help="seed")
