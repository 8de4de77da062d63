"""The engine's questions as steps: a question, and what each answer means.

When the engine asks the viewer something the table cannot answer with a
gesture, the game's table builds a :class:`Step`: the question (whatever its
dialog shows: a :class:`Question` of options and buttons, as Fantasy Realms' and
HerosDeï's pick dialogs ask it, or a ready-made dialog for Hero Realms) and ``resolve``, which turns the dialog's
answer into the lines to send (legal lines only), the next step (an item that
needs a card, then a suit), or None (nothing to send). The base table scene runs
the steps (:meth:`~game.ui.tablekit.base.TableSceneBase.ask`): it opens the dialog,
follows the chain, sends the first line and keeps the others in its outbox for the
following views. Pure Python (no pygame): the steps are walked in tests without a window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeAlias, TypeVar

#: a dialog closed with Esc or a click outside: the question stays unanswered
CANCELLED = object()

Q = TypeVar("Q")


@dataclass
class Option:
    """One answer a question offers: a card of the grid, or a button."""

    value: Any  # what the dialog closes with (a legal line, or what the step resolves)
    label: str = ""
    card: str | None = None  # a card id: the dialog draws its face
    suit: str | None = None  # a suit badge beside the label (Fantasy Realms)
    caption: str = ""


@dataclass
class Question:
    """What a pick dialog asks: a grid of options, buttons under it."""

    title: str
    subtitle: str = ""
    options: list[Option] = field(default_factory=list)
    buttons: list[Option] = field(default_factory=list)
    sizes: tuple[int, ...] = ()  # several cards at once: the counts allowed (empty: pick one)
    cancellable: bool = False
    chips: bool = False  # many choices: compact chips instead of card faces
    grouped: bool = False  # chips in a row per suit, headed by it (the options come suit by suit)


@dataclass
class Step(Generic[Q]):
    """A question and what its answers mean."""

    question: Q
    #: the dialog's answer (whatever its options carry) to lines, the next step, or nothing
    resolve: Callable[[Any], Result[Q]]


Result: TypeAlias = list[str] | Step[Q] | None
