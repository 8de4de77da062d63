"""Run an agent in a worker process so the table never freezes while it thinks.

Pure-Python search holds the GIL, so a thread would stall the frame loop; a process
does not. The table asks (non-blocking), polls each frame, and may cancel (a game
abandoned, a new position): cancelling kills a busy worker, which is restarted on
the next request. A hard cap bounds any request: past it the worker is killed and
the answer falls back to the first legal action, so a stuck agent cannot block a
game. Works inside a PyInstaller bundle (``freeze_support`` in ``__main__``).
"""

from __future__ import annotations

import multiprocessing as mp
import queue
import time
from typing import Any

from game.ai.agent import DEFAULT_GAME, make_agent

_CTX = mp.get_context("spawn")


def _serve(agent_name: str, seed: int, requests: Any, answers: Any, game: str = DEFAULT_GAME) -> None:
    agent = make_agent(agent_name, seed, game)
    while True:
        msg = requests.get()
        if msg is None:
            return
        rid, view, legal = msg
        try:
            answers.put((rid, agent.choose(view, legal), None))
        except Exception as exc:  # report, never die silently
            answers.put((rid, legal[0], f"{type(exc).__name__}: {exc}"))


class AgentWorker:
    def __init__(self, agent: str, seed: int = 0, hard_cap_s: float = 10.0, game: str = DEFAULT_GAME) -> None:
        make_agent(agent, seed, game)  # fail fast on an unknown name, in the caller's process
        self.game = game
        self.agent = agent
        self.seed = seed
        self.hard_cap_s = hard_cap_s
        self._proc: Any = None
        self._requests: Any = None
        self._answers: Any = None
        self._next_id = 0
        self._current: tuple[int, float, list[str]] | None = None
        self.last_error: str | None = None

    def _ensure(self) -> None:
        if self._proc is not None and self._proc.is_alive():
            return
        self._requests = _CTX.Queue()
        self._answers = _CTX.Queue()
        self._proc = _CTX.Process(target=_serve, args=(self.agent, self.seed, self._requests, self._answers, self.game),
                                  daemon=True, name=f"ai-{self.agent}")
        self._proc.start()

    def ask(self, view: dict[str, Any], legal: list[str]) -> int:
        """Start thinking about ``view``; returns a request id (any previous request is dropped)."""
        if self._current is not None:
            self.cancel()
        self._ensure()
        self._next_id += 1
        self._current = (self._next_id, time.monotonic(), list(legal))
        self._requests.put((self._next_id, view, list(legal)))
        return self._next_id

    @property
    def busy(self) -> bool:
        return self._current is not None

    def poll(self) -> tuple[int, str] | None:
        """A finished (request id, action line), or None while thinking."""
        if self._current is None:
            return None
        rid, started, legal = self._current
        try:
            while True:
                got_id, line, error = self._answers.get_nowait()
                if got_id == rid:
                    self._current = None
                    self.last_error = error
                    return rid, line
        except queue.Empty:
            pass
        if time.monotonic() - started > self.hard_cap_s or not self._proc.is_alive():
            self.last_error = "the agent exceeded its hard time cap" if self._proc.is_alive() else "the agent process died"
            self._kill()
            self._current = None
            return rid, legal[0]
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
        """Abandon the current request; a busy worker is stopped at once."""
        if self._current is not None:
            self._current = None
            self._kill()

    def _kill(self) -> None:
        if self._proc is not None:
            if self._proc.is_alive():
                self._proc.terminate()
            self._proc.join(timeout=2)
        self._proc = None

    def close(self) -> None:
        if self._proc is not None and self._proc.is_alive() and self._current is None:
            self._requests.put(None)
            self._proc.join(timeout=2)
        self._current = None
        self._kill()

    def __enter__(self) -> AgentWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
