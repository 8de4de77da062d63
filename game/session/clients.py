"""How the table talks to a game, whether it runs here or on a LAN host.

The table scene only ever holds a :class:`GameClient`: it reads views, submits
action lines for the seats it controls, and polls the (redacted) events to animate.
:class:`LocalClient` wraps an in-process :class:`~game.session.session.Session` (hotseat and
games against AI); the network client in ``game.net`` implements the same protocol
over a socket, so the table has one code path for every way of playing.
"""

from __future__ import annotations

from collections import deque
from typing import Protocol

from game.core.docs import Doc
from game.core.errors import IllegalActionError
from game.session.ai_seats import AISeats
from game.session.session import Session


class GameClient(Protocol):
    #: seats this client plays (hotseat: every human seat; LAN: its own seat)
    seats: list[int]

    def view(self, seat: int | None) -> Doc:
        """The latest view for ``seat`` (one of ``seats``, or None for a spectator)."""
        ...

    def submit(self, seat: int, line: str) -> None:
        """Send an action line for ``seat``. A local client raises
        IllegalActionError at once; a remote one reports it through ``refused()``."""
        ...

    def poll(self) -> list[tuple[int | None, list[Doc]]]:
        """(seat, events redacted for that seat) produced since the last poll;
        also drives AI seats and network I/O, so call it every frame."""
        ...

    def errors(self) -> list[str]:
        """Errors reported since the last call (illegal action, connection...)."""
        ...

    @property
    def status(self) -> str:
        """"ok", "reconnecting", "closed" (shown by the table)."""
        ...

    # Optional (the table checks with getattr): ``can_undo(seat) -> bool`` and
    # ``undo(seat)``, taking back the seat's own moves since the last reveal; the
    # session then sends ``{"type": "undone", ...}`` to every listener;
    # ``undo_blocked(seat) -> str | None``: why not now ("revealed" or "nothing").
    # ``save_notices() -> list[dict]``: the autosave's health changes since the last
    # call, each ``{"type": "save_status", "ok", "reason", "n"}`` (the table toasts them).
    # ``view_version() -> object``: changes whenever a view may (a client whose views cost
    # an engine's work to make says it, and the table asks for each seat's view once per change).
    # ``refused() -> list[Refusal]``: a remote client's actions the host refused since the
    # last call, as the engine's key and parameters (the table words them; a local client
    # raises IllegalActionError, carrying the same refusal, at once).

    def close(self) -> None:
        ...


class LocalClient:
    """A game hosted in this process: hotseat humans plus AI seats."""

    def __init__(self, session: Session, ai: AISeats | None = None) -> None:
        self.session = session
        self.ai = ai if ai is not None else AISeats(session)
        self.seats = [i for i, s in enumerate(session.seats) if s.kind == "human"]
        self._events: deque[tuple[int | None, list[Doc]]] = deque()
        self._errors: list[str] = []
        self._save_notices: list[Doc] = []
        self._history_told = False
        # Hotseat shows each seat's own redaction; with no human seat, a spectator's.
        watchers: list[int | None] = list(self.seats) or [None]
        self._first_watcher = watchers[0]
        self._unsubscribe = [session.subscribe(w, self._on_events) for w in watchers]

    def _on_events(self, seat: int | None, events: list[Doc]) -> None:
        if len(events) == 1 and events[0].get("type") == "save_status":
            if seat == self._first_watcher:  # every watcher hears it: keep one copy
                self._save_notices.append(events[0])
            return
        self._events.append((seat, events))

    def view(self, seat: int | None) -> Doc:
        return self.session.view(seat)

    def view_version(self) -> int:
        """A number that changes whenever a view may (a move, an undo): a table asks for
        each seat's view once per number."""
        return self.session.changes

    def submit(self, seat: int, line: str) -> None:
        if seat not in self.seats:
            raise IllegalActionError(f"seat {seat} is not played here")
        self.session.submit(seat, line)

    def poll(self) -> list[tuple[int | None, list[Doc]]]:
        self.session.retry_save()  # a failed autosave is tried again every few seconds
        self.ai.pump()
        self._errors.extend(self.ai.take_errors())
        if self.session.history_error and not self._history_told:  # the game was not kept: say so once
            self._history_told = True
            self._errors.append(self.session.history_error)
        out = list(self._events)
        self._events.clear()
        return out

    def errors(self) -> list[str]:
        out, self._errors = self._errors, []
        return out

    def save_notices(self) -> list[Doc]:
        """The autosave's health changes since the last call (see GameClient)."""
        out, self._save_notices = self._save_notices, []
        return out

    def can_undo(self, seat: int) -> bool:
        return seat in self.seats and self.session.can_undo(seat)

    def undo_blocked(self, seat: int) -> str | None:
        """Why ``seat`` cannot undo now (see Session.undo_blocked)."""
        return self.session.undo_blocked(seat) if seat in self.seats else "nothing"

    def undo(self, seat: int) -> None:
        if seat not in self.seats:
            raise IllegalActionError(f"seat {seat} is not played here")
        self.session.undo(seat)

    @property
    def status(self) -> str:
        return "ok"

    def close(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self.ai.close()
