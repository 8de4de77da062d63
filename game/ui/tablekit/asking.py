"""A table whose engine asks questions it answers in dialogs, step by step.

The steps of :mod:`game.ui.tablekit.prompts` run here: a question's dialog opens, its
answer becomes the lines to send or the next question, and what one answer means beyond
its first line waits in the outbox for the next views. Hero Realms, Fantasy Realms and
HerosDeï build their tables on it; Chaos Realms, which asks in its own dialogs, does not.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

from game.core.game import GameState
from game.core.record import SaveRecord
from game.session.clients import GameClient
from game.ui.scene import Scene
from game.ui.tablekit.base import TableSceneBase
from game.ui.tablekit.prompts import CANCELLED, Step
from game.ui.tablekit.protocols import Event

if TYPE_CHECKING:
    from game.ui.app import App

Q = TypeVar("Q")  # a game's question, as its dialog shows it


class AskingTable(TableSceneBase, Generic[Q]):
    """A table whose engine asks questions it answers in dialogs: the steps of
    :mod:`game.ui.tablekit.prompts` run here, and what one answer means beyond its
    first line waits in the outbox for the next views."""

    def __init__(self, app: App, client: GameClient, names: list[str], kinds: list[str] | None = None,
                 rec: SaveRecord[GameState] | None = None, history: Sequence[Event] | None = None,
                 on_close: Callable[[], object] | None = None, **more: object) -> None:
        super().__init__(app, client, names, kinds, rec, history, on_close, **more)
        self.outbox: list[str] = []  # lines chosen in one dialog, sent one by one as the views come
        self.asking = False  # a question's dialog is open

    def refused(self) -> None:
        self.outbox = []

    def next_step(self) -> Step[Q] | None:
        """The question the player's moves ask now (None: the table's gestures answer them)."""
        return None

    def ask_next(self) -> None:
        """While the player may act: the next line an answer meant, else the next question."""
        if self.can_act and not self.send_outbox() and not self.asking:
            step = self.next_step()
            if step is not None:
                self.ask(step)

    def ask(self, step: Step[Q]) -> None:
        """Open the dialog of ``step``'s question; its answer is resolved when it closes."""
        self.asking = True
        self.app.push(self.dialog_for(step.question), lambda v: self._answered(step, v))

    @abstractmethod
    def dialog_for(self, question: Q) -> Scene:
        """The dialog that asks ``question`` (it closes with the answer)."""

    def _answered(self, step: Step[Q], value: object) -> None:
        """A question's dialog closed: send the first line the answer means (the others
        wait in the outbox), ask the next question, or nothing (cancelled)."""
        self.asking = False
        if value is CANCELLED or value is None:
            return
        got = step.resolve(value)
        if isinstance(got, Step):
            self.ask(got)
        elif got:
            self.outbox = list(got[1:])
            self.submit(got[0])

    def send_outbox(self) -> bool:
        """Send the next line an answer meant, if it is still legal (else drop them all);
        False when the outbox was empty."""
        if not self.outbox:
            return False
        line = self.outbox.pop(0)
        if line in self.model.legal:
            self.submit(line)
        else:
            self.outbox = []
        return True
