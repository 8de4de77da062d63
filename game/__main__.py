"""``python -m game``: the single entry point (the table by default, tools as subcommands)."""

from __future__ import annotations

import multiprocessing
import sys

from game.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
