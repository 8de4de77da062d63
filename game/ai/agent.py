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
AGENTS: dict[str, AgentFactory] = {"random": RandomAgent}  # Hero Realms (the default game)

# Agents are looked up per game. Each other game names the module holding its own
# registry (a dict ``AGENTS`` of name -> factory), imported on first use so that a
# game's AI costs nothing until that game is played. "random" plays every game.
DEFAULT_GAME = "hero_realms"
GAME_AGENTS: dict[str, str] = {"fantasy_realms": "game.ai.fantasy.agents"}


def _registry(game: str) -> dict[str, AgentFactory]:
    if game == DEFAULT_GAME:
        return AGENTS
    module = GAME_AGENTS.get(game)
    if module is None:
        raise ValueError(f"unknown game {game!r} (known: {', '.join([DEFAULT_GAME, *GAME_AGENTS])})")
    import importlib

    found: dict[str, AgentFactory] = importlib.import_module(module).AGENTS
    return found


def agent_names(game: str = DEFAULT_GAME) -> list[str]:
    return list(_registry(game))


def make_agent(name: str, seed: int = 0, game: str = DEFAULT_GAME) -> Agent:
    agents = _registry(game)
    try:
        factory = agents[name]
    except KeyError:
        raise ValueError(f"unknown agent {name!r} for {game} (known: {', '.join(agents)})") from None
    return factory(seed)
