"""The one agent interface shared by humans, bots and remote players.

An agent receives its seat's ``view`` (a plain dict from ``state.view(seat)``) and
the legal action lines, and returns one of them. It never sees the full state.
Agents are named on every command line: ``random``, ``easy``, ``medium``, ``hard``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from game.core.rng import Rng


class Agent(Protocol):
    name: str

    def choose(self, view: dict[str, Any], legal: list[str]) -> str:
        """One line of ``legal``."""
        ...


class RandomAgent:
    """Uniformly random legal action (the baseline every level must beat)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: dict[str, Any], legal: list[str]) -> str:
        return legal[self.rng.below(len(legal))]


AgentFactory = Callable[[int], Agent]


def _lazy(module: str, func: str) -> AgentFactory:
    """A factory importing its level only when used (the search is not needed to list names)."""

    def make(seed: int) -> Agent:
        import importlib

        factory: AgentFactory = getattr(importlib.import_module(module), func)
        return factory(seed)

    return make


AGENTS: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "easy": _lazy("game.ai.levels", "easy"),
    "medium": _lazy("game.ai.levels", "medium"),
    "hard": _lazy("game.ai.search", "hard"),
}


def agent_names() -> list[str]:
    return list(AGENTS)


def make_agent(name: str, seed: int = 0) -> Agent:
    try:
        factory = AGENTS[name]
    except KeyError:
        raise ValueError(f"unknown agent {name!r} (known: {', '.join(AGENTS)})") from None
    return factory(seed)
