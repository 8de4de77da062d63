"""Run an agent in a worker process so the table never freezes while it thinks.

Pure-Python search holds the GIL, so a thread would stall the frame loop; a process
does not. The table asks (non-blocking), polls each frame, and may cancel (a game
abandoned, a new position). Cancelling tells a searching agent to stop at its next
check (a shared counter of cancelled requests, read between simulation rounds), so
the process stays warm for the next request; an agent that does not stop within
``grace_s`` is killed and restarted on the next request. A hard cap bounds any
request: a searching agent is told to answer at 80% of it with its best move so
far, and past the cap the worker is killed and the answer falls back to the first
legal action, so a stuck agent cannot block a game. Works inside a PyInstaller
bundle (``freeze_support`` in ``__main__``). The worker ends by itself within moments
when its owner is gone, however the owner ended (``lifeline``).
"""

from __future__ import annotations

import multiprocessing as mp
import os
import queue
import time
from typing import Any

from game.ai.agent import DEFAULT_GAME, IDLE, make_agent
from game.ai.lifeline import exit_with_parent
from game.ai.parallel import allow_helpers

_CTX = mp.get_context("spawn")
# multiprocessing's resource tracker (a process of its own, started with the first queue)
# unlinks the queues' semaphores when their owner was killed outright (kill -9), and says
# so with a warning on the owner's standard error: the host's log. The cleanup is what it
# is for; the tracker reads its warning filters from the environment it starts with.
_TRACKER_QUIET = "ignore:resource_tracker:UserWarning"


def _quiet_tracker() -> None:
    """Start the tracker (if it is not running) with its cleanup warning filtered; the
    environment is put back at once, so that no other process inherits the filter."""
    if os.name != "posix":
        return  # the tracker runs on POSIX systems only
    from multiprocessing import resource_tracker

    saved = os.environ.get("PYTHONWARNINGS")
    os.environ["PYTHONWARNINGS"] = f"{saved},{_TRACKER_QUIET}" if saved else _TRACKER_QUIET
    try:
        resource_tracker.ensure_running()
    finally:
        if saved is None:
            os.environ.pop("PYTHONWARNINGS", None)
        else:
            os.environ["PYTHONWARNINGS"] = saved


def fallback(legal: list[str]) -> str:
    """The answer of an agent that failed or ran out of time: the first legal line, or
    IDLE when the seat has nothing it must do (Chaos Realms)."""
    return legal[0] if legal else IDLE


def _serve(agent_name: str, seed: int, requests: Any, answers: Any, cancelled: Any, game: str = DEFAULT_GAME) -> None:
    # the one thinking process of a table: it may share its search with helpers
    exit_with_parent()  # an owner killed outright sends no None: do not wait for it
    allow_helpers()
    agent = make_agent(agent_name, seed, game)
    while True:
        msg = requests.get()
        if msg is None:
            return
        rid, view, legal, soft_deadline = msg
        if cancelled.value >= rid:
            answers.put((rid, fallback(legal), "cancelled"))  # cancelled before it started
            continue
        if hasattr(agent, "interrupt"):
            # time.monotonic is system-wide, so the caller's deadline holds here too
            agent.interrupt = lambda rid=rid, d=soft_deadline: cancelled.value >= rid or time.monotonic() > d
        try:
            answers.put((rid, agent.choose(view, legal), None))
        except Exception as exc:  # report, never die silently
            answers.put((rid, fallback(legal), f"{type(exc).__name__}: {exc}"))


class AgentWorker:
    def __init__(self, agent: str, seed: int = 0, hard_cap_s: float = 10.0, grace_s: float = 0.5,
                 game: str = DEFAULT_GAME) -> None:
        make_agent(agent, seed, game)  # fail fast on an unknown name, in the caller's process
        self.game = game
        self.agent = agent
        self.seed = seed
        self.hard_cap_s = hard_cap_s
        self.grace_s = grace_s
        self._proc: Any = None
        self._requests: Any = None
        self._answers: Any = None
        self._cancelled: Any = None
        self._next_id = 0
        self._current: tuple[int, float, list[str], dict[str, Any]] | None = None
        self._draining: tuple[int, float] | None = None  # a cancelled request still running
        self.last_error: str | None = None

    def _ensure(self) -> None:
        if self._proc is not None and self._proc.is_alive():
            return
        _quiet_tracker()
        self._requests = _CTX.Queue()
        self._answers = _CTX.Queue()
        self._cancelled = _CTX.Value("q", 0, lock=False)
        self._draining = None
        self._proc = _CTX.Process(target=_serve, daemon=True, name=f"ai-{self.agent}",
                                  args=(self.agent, self.seed, self._requests, self._answers, self._cancelled, self.game))
        self._proc.start()

    def ask(self, view: dict[str, Any], legal: list[str]) -> int:
        """Start thinking about ``view``; returns a request id (any previous request is dropped)."""
        if self._current is not None:
            self.cancel()
        self._reap()
        self._ensure()
        self._next_id += 1
        now = time.monotonic()
        self._current = (self._next_id, now, list(legal), view)
        self._requests.put((self._next_id, view, list(legal), now + 0.8 * self.hard_cap_s))
        return self._next_id

    @property
    def busy(self) -> bool:
        return self._current is not None

    def _reap(self) -> None:
        """Kill a worker still busy with a cancelled request after the grace period."""
        if self._draining is None or self._proc is None:
            return
        rid, since = self._draining
        try:
            while True:
                got_id = self._answers.get_nowait()[0]
                if got_id >= rid:
                    self._draining = None
                    return
        except queue.Empty:
            pass
        if time.monotonic() - since > self.grace_s:
            self._kill()

    def poll(self) -> tuple[int, str] | None:
        """A finished (request id, action line), or None while thinking."""
        if self._current is None:
            self._reap()
            return None
        rid, started, legal, view = self._current
        try:
            while True:
                got_id, line, error = self._answers.get_nowait()
                if got_id == rid:
                    self._current = None
                    self._draining = None
                    self.last_error = error
                    return rid, line
        except queue.Empty:
            pass
        if self._draining is not None and time.monotonic() - self._draining[1] > self.grace_s:
            # the cancelled request would not stop: restart the worker and ask again
            self._kill()
            self._ensure()
            now = time.monotonic()
            self._current = (rid, now, legal, view)
            self._requests.put((rid, view, legal, now + 0.8 * self.hard_cap_s))
            return None
        if time.monotonic() - started > self.hard_cap_s or not self._proc.is_alive():
            self.last_error = "the agent exceeded its hard time cap" if self._proc.is_alive() else "the agent process died"
            self._kill()
            self._current = None
            return rid, fallback(legal)
        return None

    def wait(self, timeout: float | None = None) -> tuple[int, str] | None:
        """Block until the current request is answered (for tools and tests)."""
        end = None if timeout is None else time.monotonic() + timeout
        while self._current is not None:
            got = self.poll()
            if got is not None:
                return got
            if end is not None and time.monotonic() > end:
                return None
            time.sleep(0.002)
        return None

    def cancel(self) -> None:
        """Abandon the current request: a searching agent stops at its next check."""
        if self._current is None:
            return
        rid = self._current[0]
        self._current = None
        if self._proc is None or not self._proc.is_alive():
            return
        self._cancelled.value = rid
        self._draining = (rid, time.monotonic())

    def _kill(self) -> None:
        if self._proc is not None:
            if self._proc.is_alive():
                self._proc.terminate()
            self._proc.join(timeout=2)
        self._proc = None
        self._draining = None

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None and self._proc.is_alive() else None

    def close(self) -> None:
        if self._proc is not None and self._proc.is_alive():
            if self._current is not None or self._draining is not None:
                self._cancelled.value = self._next_id
            self._requests.put(None)
            self._proc.join(timeout=self.grace_s + 0.5)
        self._current = None
        self._kill()

    def __enter__(self) -> AgentWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
