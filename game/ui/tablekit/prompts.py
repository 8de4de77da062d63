"""The engine's questions as steps: a question, and what each answer means.

When the engine asks the viewer something the table cannot answer with a
gesture, the game's table builds a :class:`Step`: the question (whatever its
dialog shows: Fantasy Realms' :class:`~game.ui.fantasy_realms.prompts.Question`,
a ready-made dialog for Hero Realms) and ``resolve``, which turns the dialog's
answer into the lines to send (legal lines only), the next step (an item that
needs a card, then a suit), or None (nothing to send). The base table scene runs
the steps (:meth:`~game.ui.tablekit.base.TableSceneBase.ask`): it opens the dialog,
follows the chain, sends the first line and keeps the others in its outbox for the
following views. Pure Python (no pygame): the steps are walked in tests without a window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeAlias, TypeVar

#: a dialog closed with Esc or a click outside: the question stays unanswered
CANCELLED = object()

Q = TypeVar("Q")


@dataclass
class Step(Generic[Q]):
    """A question and what its answers mean."""

    question: Q
    #: the dialog's answer (whatever its options carry) to lines, the next step, or nothing
    resolve: Callable[[Any], Result[Q]]


Result: TypeAlias = list[str] | Step[Q] | None
