"""Entry point of the frozen executable (PyInstaller runs this file).

``freeze_support`` must run first so that AI worker processes and the LAN host,
started with the ``spawn`` method, work inside the bundle.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from game.cli import main

    sys.exit(main())
