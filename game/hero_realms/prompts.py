"""Pending decisions: when an effect needs a choice the engine stores a Prompt.

Decisions are state, not callbacks. While a prompt is pending only its answers are
legal; ``legal_actions()`` returns ``options`` (one line per distinct answer, and
``skip`` where the effect is optional). ``resume`` names the handler in
``effects.py`` that consumes the answer; ``data`` is that handler's scratch space.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.hero_realms.actions import Action

KINDS = (
    "choose_one",  # options: choose 1..n in the card text's order
    "yes_no",  # "you may": choose 1 (yes) or skip
    "up_to",  # "up to N": choose 1..N or skip
    "target_champion",  # target <seat>:<card>
    "target_opponent",  # target <seat>
    "select",  # select <card> from ``zone``
    "forced_discard",  # discard <card>: a discard owed from another player's effect
    "discard",  # discard <card>: part of the player's own effect (draw then discard)
    "acquire_destination",  # several next-acquire redirections disagree: choose where
)


@dataclass(frozen=True, slots=True)
class Prompt:
    seat: int
    kind: str
    text: str
    options: tuple[Action, ...]
    resume: str
    card: str | None = None  # id of the card whose effect asks
    src: int = -1  # instance of that card (internal)
    zone: str = ""  # for select/discard: "hand", "discard", "hand+discard", "champions"
    data: tuple[Any, ...] = ()
    optional: bool = False

    def to_dict(self, with_options: bool = True) -> dict[str, Any]:
        d: dict[str, Any] = {"seat": self.seat, "kind": self.kind, "prompt": self.text}
        if self.card is not None:
            d["card"] = self.card
        if self.zone:
            d["zone"] = self.zone
        if with_options:
            d["options"] = [str(a) for a in self.options]
        return d
