"""The helper processes a search shares its work with (Fantasy Realms Hard: its worlds).

Hard's strength grows with the worlds it plays before its time cap (about three
points against Medium a doubling), and one process uses one core: on a desktop with
two, a helper process plays every other world of the same sampled worlds while this
one plays the rest, so a decision plays about twice the worlds in the same time.

The pool is made once, when a Hard agent first asks for it, and kept for the life of
the program (spawned, so it works in a frozen bundle and beside the GUI's threads).
Where processes cannot be made (inside a daemonic worker, such as a tournament's
job, or when spawning fails) there is no pool and Hard plays every world itself. The
table's AI worker process is daemonic to its owner but allows itself helpers (see
``allow_helpers``); a helper exits as soon as its parent does, however the parent
ended, even in the middle of a task (``lifeline``; tested with the parent killed).
"""

from __future__ import annotations

import atexit
import multiprocessing as mp
import os
import threading
from multiprocessing.pool import Pool
from typing import Any

from game.ai.lifeline import exit_with_parent

_lock = threading.Lock()
_pools: dict[int, Pool | None] = {}


def allow_helpers() -> None:
    """Let this daemonic process make helpers anyway: for a process that owns the
    cores it runs on (the table's AI worker), not for one of several parallel jobs."""
    mp.current_process().daemon = False


def usable(workers: int) -> int:
    """How many processes (this one included) a decision may share its worlds over."""
    if workers <= 1 or mp.current_process().daemon:
        return 1
    return max(1, min(workers, os.cpu_count() or 1))


def helpers(workers: int) -> Pool | None:
    """A pool of ``usable(workers) - 1`` helper processes, made on the first call and
    kept; None when there is nothing to share with or processes cannot be made."""
    n = usable(workers) - 1
    if n < 1:
        return None
    with _lock:
        if n not in _pools:
            if not _pools:
                atexit.register(_close_all)
            try:
                _pools[n] = mp.get_context("spawn").Pool(n, initializer=exit_with_parent)
            except (OSError, AssertionError, RuntimeError):
                _pools[n] = None
        return _pools[n]


def _close_all() -> None:
    # at exit, while the modules a Pool's finaliser needs are still there
    with _lock:
        for pool in _pools.values():
            if pool is not None:
                pool.terminate()
        _pools.clear()


def discard(pool: Pool) -> None:
    """Forget a pool that failed (a helper died or stopped answering): the decisions
    after it play their worlds alone rather than wait on it again."""
    with _lock:
        for n, p in list(_pools.items()):
            if p is pool:
                _pools[n] = None
    pool.terminate()


def submit(pool: Pool, fn: Any, args: tuple[Any, ...]) -> Any:
    """``fn(*args)`` on a helper; the AsyncResult, or None if the pool is closed."""
    try:
        return pool.apply_async(fn, args)
    except (ValueError, AssertionError, OSError):
        discard(pool)
        return None
