"""A lesson being played: where it stands, and the client that keeps the table to it.

:class:`Script` follows a lesson's steps as lines are played (which step is next,
which lines it accepts, the opponent's next scripted line). :class:`TutorialClient`
is a :class:`~game.session.clients.LocalClient` over the lesson's own session: it refuses
a line the step does not expect before it reaches the engine (an
``IllegalActionError`` with the lesson's friendly reason, so the table toasts it and
nothing changes), plays the opponent's scripted lines itself (no AI), and has no
undo (the script moves forward only). It knows no game.
"""

from __future__ import annotations

import time

from game.core.errors import IllegalActionError
from game.session.clients import LocalClient
from game.session.session import SeatConfig, Session
from game.session.tutorial import Lesson, Step, prefixed, say

OPPONENT_PAUSE_S = 0.7  # between two scripted lines: the player sees each of them played


class Script:
    """How far a lesson has come: the step, and the lines of an ``every`` step played so far."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.index = 0
        self.done: list[str] = []  # the lines of the current step already played
        self.lines = 0  # the lines played in the lesson so far
        self.began = [0]  # how many lines had been played when each step began (the table shows them later)

    @property
    def step(self) -> Step | None:
        """The current step (None: the lesson is over)."""
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def opponents_turn(self) -> bool:
        step = self.step
        return step is not None and step.scripted

    def accepts(self, line: str, legal: list[str]) -> bool:
        """The player's ``line`` is what the current step expects (``legal``: the seat's legal lines)."""
        step = self.step
        if step is None or step.scripted:
            return False
        if step.prefix is not None:
            return line in prefixed(legal, step.prefix)
        if step.every:
            return step.every.count(line) > self.done.count(line)
        return line in step.lines

    def expected(self) -> list[str]:
        """The lines the player may play now (an ``every`` step: those not played yet)."""
        step = self.step
        if step is None or step.scripted:
            return []
        if step.every:
            left = list(step.every)
            for line in self.done:
                left.remove(line)
            return left
        return list(step.lines)

    def played(self, line: str) -> None:
        """A line of the current step was played: the step is over once it has all it expects."""
        step = self.step
        if step is None:
            return
        self.done.append(line)
        self.lines += 1
        wanted = len(step.opponent) if step.scripted else len(step.every) if step.every else 1
        if len(self.done) >= wanted:
            self.index += 1
            self.done = []
            self.began.append(self.lines)

    def shown_step(self, lines_shown: int) -> int:
        """The step a table that has shown ``lines_shown`` of the lesson's lines is at: its
        words must not run ahead of what the table has shown yet."""
        return max(i for i, n in enumerate(self.began) if n <= lines_shown)

    def next_opponent_line(self) -> str | None:
        step = self.step
        if step is None or not step.scripted:
            return None
        return step.opponent[len(self.done)]

    def refusal(self, lang: str) -> str:
        """Why another move is refused now, in the player's language."""
        step = self.step
        return say(step.refuse if step is not None and step.refuse else self.lesson.refuse, lang)


def lesson_seats(lesson: Lesson, n: int, names: list[str]) -> list[SeatConfig]:
    """The player at the lesson's seat; every other seat scripted (no AI, not played here)."""
    return [SeatConfig("human" if i == lesson.seat else "remote", names[i] if i < len(names) else f"Player {i + 1}")
            for i in range(n)]


class TutorialClient(LocalClient):
    """The table's client in a lesson (see the module's docstring)."""

    savable = False  # a lesson saved and loaded back would be a game against the AI seats of its record

    def __init__(self, session: Session, lesson: Lesson, lang: str, pause_s: float = OPPONENT_PAUSE_S) -> None:
        super().__init__(session)
        self.script = Script(lesson)
        self.lang = lang
        self.pause_s = pause_s
        self._last_scripted = 0.0

    def submit(self, seat: int, line: str) -> None:
        legal = [str(x) for x in self.session.view(seat).get("legal", [])]
        if seat != self.script.lesson.seat or not self.script.accepts(line, legal):
            raise IllegalActionError(self.script.refusal(self.lang))
        super().submit(seat, line)
        self.script.played(line)

    def poll(self) -> list[tuple[int | None, list[dict[str, object]]]]:
        self._play_scripted()
        return super().poll()

    def _play_scripted(self) -> None:
        """The opponent's next scripted line, once the pause since the last one is over."""
        line = self.script.next_opponent_line()
        waiting = self.session.waiting_for()
        if line is None or not waiting or waiting[0] == self.script.lesson.seat:
            return
        now = time.monotonic()
        if now - self._last_scripted < self.pause_s:
            return
        self._last_scripted = now
        try:
            self.session.submit(waiting[0], line)
        except IllegalActionError as exc:  # a lesson its checker did not pass: say so, stop the script
            self._errors.append(f"{line}: {exc}")
            self.script.index = len(self.script.lesson.steps)
            return
        self.script.played(line)

    def suggestion(self, seat: int) -> str | None:
        """The hint key's move in a lesson: the one the lesson waits for, not an AI's."""
        step = self.script.step
        if seat != self.script.lesson.seat or step is None or step.scripted:
            return None
        if step.prefix is not None:
            lines = prefixed([str(x) for x in self.session.view(seat).get("legal", [])], step.prefix)
        else:
            lines = self.script.expected()
        return lines[0] if lines else None

    def can_undo(self, seat: int) -> bool:
        return False

    def undo_blocked(self, seat: int) -> str | None:
        return "nothing"

    def undo(self, seat: int) -> None:
        raise IllegalActionError(self.script.refusal(self.lang))
