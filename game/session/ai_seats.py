"""Drives the AI seats of a Session, off the caller's thread.

Local games and the LAN host both call :meth:`AISeats.pump` from their loop: when an
AI seat must act, its view and legal actions go to that seat's worker process; a
finished answer is submitted to the session. The caller never blocks. ``min_delay``
lets the table slow the AI to a pace a person can follow; a decision the game calls a
secret choice (``GameKind.secret_choice``) is answered after a random pause drawn in
``secret_pause``, so the other seat cannot tell by the time whether the AI had anything
to play.
"""

from __future__ import annotations

import random
import time

from game.ai.agent import IDLE, Agent
from game.ai.worker import AgentWorker
from game.core.errors import IllegalActionError
from game.core.game import NO_PAUSE as NO_PAUSE
from game.core.game import SECRET_PAUSE
from game.core.rng import derive_seed
from game.session.session import Session


class AISeats:
    def __init__(self, session: Session, min_delay: float = 0.0, inline: bool = False,
                 secret_pause: tuple[float, float] = SECRET_PAUSE) -> None:
        """``inline`` runs agents in this process (tests, headless tools). Each agent's
        seed is derived one-way from the game's, so the game replays with the same AI
        and what an agent's play shows of its seed tells nothing of the deal's."""
        self.session = session
        seed = session.record.setup.get("seed")
        self.game_seed = seed if isinstance(seed, int) else 0
        self.min_delay = min_delay
        self.secret_pause = secret_pause
        self._pauses = random.SystemRandom()  # not the game's RNG: a pause must not be foretold by the seed
        self.inline = inline
        self.agents: dict[int, Agent] = {}  # seat -> its agent, asked in this thread (inline)
        self.workers: dict[int, AgentWorker] = {}  # seat -> its agent in a process of its own
        # seat -> (request id, action count, when the answer may be given)
        self._asked: dict[int, tuple[int, int, float]] = {}
        self._errors: list[str] = []
        self._ready: dict[int, str] = {}
        self._idle: dict[int, int] = {}  # seat -> the action count at which it answered IDLE
        self._last = -1  # the AI seat that acted last (seats acting at once are asked in turn)
        for seat, cfg in enumerate(session.seats):
            if cfg.kind == "ai":
                self._drive(seat, cfg.agent, self.agent_seed(seat))

    def agent_seed(self, seat: int, role: str = "seat") -> int:
        return derive_seed(self.game_seed, f"{role} {seat}")

    def take_over(self, seat: int, agent: str) -> None:
        """Let ``agent`` play ``seat`` from now on (a LAN player who did not come back)."""
        self.release(seat)
        self._drive(seat, agent, self.agent_seed(seat, "takeover"))

    def _drive(self, seat: int, agent: str, seed: int) -> None:
        if self.inline:
            from game.ai.agent import make_agent

            self.agents[seat] = make_agent(agent, seed, self.session.game)
        else:
            self.workers[seat] = AgentWorker(agent, seed, game=self.session.game)

    def release(self, seat: int) -> None:
        """Stop driving ``seat`` (its player is back); a pending answer is dropped."""
        self.agents.pop(seat, None)
        worker = self.workers.pop(seat, None)
        self._asked.pop(seat, None)
        self._ready.pop(seat, None)
        self._idle.pop(seat, None)
        if worker is not None:
            worker.close()

    def drives(self, seat: int) -> bool:
        """Whether an AI plays ``seat``."""
        return seat in self.agents or seat in self.workers

    def thinking(self) -> list[int]:
        return list(self._asked)

    def pump(self) -> int:
        """Advance AI seats without blocking; returns how many actions were applied."""
        applied = 0
        for _ in range(64):  # bounded: an AI seat may answer several prompts in a row
            line = self._next_line()
            if line is None:
                return applied
            seat, text = line
            try:
                self.session.submit(seat, text)
            except (IllegalActionError, ValueError) as exc:  # an agent bug must not stop the game
                self._errors.append(f"AI seat {seat} chose an illegal action {text!r}: {exc}")
                legal = self.session.view(seat)["legal"]
                if not legal:
                    self._idle[seat] = len(self.session.record.actions)
                    continue
                self.session.submit(seat, legal[0])
            self._last = seat
            applied += 1
        return applied

    def _next_line(self) -> tuple[int, str] | None:
        """The next AI line to submit. Several seats may act at once (Chaos Realms):
        they are asked in turn, starting after the seat that acted last, and a seat
        that answered IDLE is not asked again until the game has moved."""
        sess = self.session
        if sess.over:
            return None
        moves = len(sess.record.actions)
        waiting = [s for s in sess.waiting_for() if self.drives(s) and self._idle.get(s) != moves]
        waiting.sort(key=lambda s: (s <= self._last, s))
        for seat in waiting:
            got = self._line_of(seat, moves)
            if got == IDLE:
                self._idle[seat] = moves
            elif got is not None:
                return seat, got
        return None

    def _line_of(self, seat: int, moves: int) -> str | None:
        """``seat``'s answer at this position, or None while its worker thinks or its
        answer is held back."""
        sess = self.session
        asked = self._asked.get(seat)
        if asked is None or asked[1] != moves:  # a new position: ask
            view = sess.view(seat)
            hold = self.min_delay
            if sess.rules.secret_choice(view):
                hold = max(hold, self._pauses.uniform(*self.secret_pause))
            if self.inline and hold <= 0:
                line: str = self.agents[seat].choose(view, view["legal"])
                return line
            if self.inline:
                rid = 0
                self._ready[seat] = self.agents[seat].choose(view, view["legal"])
            else:
                rid = self.workers[seat].ask(view, view["legal"])
                self._ready.pop(seat, None)
            self._asked[seat] = (rid, moves, time.monotonic() + hold)
            return None
        ready = self._ready.get(seat)
        if ready is None:
            got = self.workers[seat].poll()
            if got is None:
                return None
            err = self.workers[seat].last_error
            if err:
                self._errors.append(f"AI seat {seat}: {err}")
            ready = self._ready[seat] = got[1]
        if time.monotonic() < asked[2]:
            return None  # answered already, held back: a pace a person can follow, or a secret choice's pause
        del self._asked[seat]
        del self._ready[seat]
        return ready

    def take_errors(self) -> list[str]:
        out, self._errors = self._errors, []
        return out

    def close(self) -> None:
        for w in self.workers.values():
            w.close()
        self._asked.clear()
