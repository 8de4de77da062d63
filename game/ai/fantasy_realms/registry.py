"""The Fantasy Realms strengths by name (``game.ai.agent.GAME_AGENTS`` points here).

Its own module because Hard (``hard.py``) builds on the shared agent of ``agents.py``.
Each strength also plays Chaos Realms views (``chaos.py``); "random" plays them as Easy.
"""

from __future__ import annotations

from game.ai.agent import AgentFactory, RandomAgent
from game.ai.fantasy_realms.agents import EasyAgent, MediumAgent
from game.ai.fantasy_realms.chaos import ChaosPlay
from game.ai.fantasy_realms.hard import HardAgent


class FantasyRandom(ChaosPlay, RandomAgent):
    """Random, Chaos Realms included."""


class FantasyEasy(ChaosPlay, EasyAgent):
    """Easy, Chaos Realms included."""


class FantasyMedium(ChaosPlay, MediumAgent):
    """Medium, Chaos Realms included."""


class FantasyHard(ChaosPlay, HardAgent):
    """Hard, Chaos Realms included."""


AGENTS: dict[str, AgentFactory] = {"random": FantasyRandom, "easy": FantasyEasy, "medium": FantasyMedium,
                                   "hard": FantasyHard}
