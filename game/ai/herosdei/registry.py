"""The HerosDeï strengths by name (the registry's ``agents`` module for this game).

Easy and Medium score the legal lines from the view (``levels.py``), Hard searches
(``search.py``); each is imported only when first made.
"""

from __future__ import annotations

from game.ai.agent import AgentFactory, RandomAgent, lazy

AGENTS: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "easy": lazy("game.ai.herosdei.levels", "easy"),
    "medium": lazy("game.ai.herosdei.levels", "medium"),
    "hard": lazy("game.ai.herosdei.search", "hard"),
}
