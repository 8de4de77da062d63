"""The Fantasy Realms strengths by name (``game.ai.agent.GAME_AGENTS`` points here).

Its own module because Hard (``hard.py``) builds on the shared agent of ``agents.py``.
"""

from __future__ import annotations

from game.ai.agent import AgentFactory, RandomAgent
from game.ai.fantasy.agents import EasyAgent, MediumAgent
from game.ai.fantasy.hard import HardAgent

AGENTS: dict[str, AgentFactory] = {"random": RandomAgent, "easy": EasyAgent, "medium": MediumAgent,
                                   "hard": HardAgent}
