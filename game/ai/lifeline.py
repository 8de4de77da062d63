"""A process the AI starts ends when the process that started it is gone.

The table's AI worker and a search's helpers wait on queues whose other ends they
hold themselves, so a parent that is killed (kill -9, a crash, a SIGTERM without a
handler) never closes them: the child would wait, or finish its search, and then
wait forever, keeping the multiprocessing resource tracker alive with it (the
tracker ends when the last process holding its pipe does). ``exit_with_parent`` runs
in the child and ends it as soon as multiprocessing's parent sentinel fires: a pipe
whose write end only the parent holds (EOF when it dies) on POSIX, the parent's
process handle on Windows; the same in a PyInstaller bundle.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import threading


def exit_with_parent() -> None:
    """In a process made by multiprocessing (spawn): end it at once when its parent is
    gone, whatever this process is doing. Nothing in the main process is a parent: no-op."""
    parent = mp.parent_process()
    if parent is None:
        return
    threading.Thread(target=_watch, args=(parent,), name="exit-with-parent", daemon=True).start()


def _watch(parent: mp.process.BaseProcess) -> None:
    parent.join()  # returns when the sentinel fires: the parent has ended
    # nobody is left to ask this process anything or to read what it would say; exit
    # without cleanup, which could block on queues the parent no longer drains
    os._exit(0)
