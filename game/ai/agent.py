"""The one agent interface shared by humans, bots and remote players.

An agent receives its seat's ``view`` (a plain dict from ``state.view(seat)``) and
the legal action lines, and returns one of them. It never sees the full state.
Agents are named on every command line: ``random``, ``easy``, ``medium``, ``hard``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from game import games
from game.core.errors import DataError
from game.core.rng import Rng


class Agent(Protocol):
    name: str

    def choose(self, view: dict[str, Any], legal: list[str]) -> str:
        """One line of ``legal``."""
        ...


# An agent's answer when it has nothing to do now, in a game where seats act when they
# like (Chaos Realms): the driver submits nothing and asks again once the game moved.
IDLE = "idle"


class RandomAgent:
    """Uniformly random legal action (the baseline every level must beat)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: dict[str, Any], legal: list[str]) -> str:
        return legal[self.rng.below(len(legal))]


AgentFactory = Callable[[int], Agent]


def lazy(module: str, func: str) -> AgentFactory:
    """A factory importing its level only when used (a search is not needed to list names)."""

    def make(seed: int) -> Agent:
        import importlib

        factory: AgentFactory = getattr(importlib.import_module(module), func)
        return factory(seed)

    return make


# Agents are looked up per game: each game's registry entry names the module holding
# its ``AGENTS`` (name -> factory), imported on first use so that a game's AI costs
# nothing until that game is played. "random" plays every game.
DEFAULT_GAME = games.DEFAULT


def _registry(game: str) -> dict[str, AgentFactory]:
    try:
        entry = games.listing(game)
    except DataError as exc:
        raise ValueError(exc.reason) from None
    if entry.agents is None:
        raise ValueError(f"{games.title(game)} has no agents yet")
    found: dict[str, AgentFactory] = games.module(entry.agents).AGENTS
    return found


def agent_names(game: str = DEFAULT_GAME) -> list[str]:
    return list(_registry(game))


def make_agent(name: str, seed: int = 0, game: str = DEFAULT_GAME) -> Agent:
    """``name`` is a level, optionally with budget options: ``hard:sims=600,cap_s=2``."""
    base, _, opts = name.partition(":")
    agents = _registry(game)
    try:
        factory = agents[base]
    except KeyError:
        raise ValueError(f"unknown agent {base!r} for {game} (known: {', '.join(agents)})") from None
    agent = factory(seed)
    if opts:
        configure(agent, parse_options(opts, name))
    return agent


def parse_options(text: str, name: str = "") -> dict[str, float]:
    out: dict[str, float] = {}
    for part in text.split(","):
        key, eq, value = part.partition("=")
        try:
            if not eq or not key.strip():
                raise ValueError
            out[key.strip()] = float(value)
        except ValueError:
            raise ValueError(f"bad agent option {part!r} in {name!r} (expected key=number)") from None
    return out


def configure(agent: Any, options: dict[str, float]) -> Any:
    """Override fields of a search agent's budget (``sims``, ``cap_s``, ``horizon``...)."""
    if not options:
        return agent
    budget = getattr(agent, "budget", None)
    if budget is None:
        raise ValueError(f"agent {agent.name!r} takes no options")
    import dataclasses

    fields = [f.name for f in dataclasses.fields(budget) if f.name not in ("style", "weights")]
    changes: dict[str, Any] = {}
    for key, value in options.items():
        if key not in fields:
            raise ValueError(f"agent {agent.name!r} has no option {key!r} (options: {', '.join(fields)})")
        current = getattr(budget, key)
        changes[key] = int(value) if isinstance(current, int) else float(value)
    agent.budget = dataclasses.replace(budget, **changes)
    return agent
