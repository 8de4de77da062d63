"""The Hero Realms strengths by name (the registry's ``agents`` module for this game).

Easy and Medium are rule-based policies (``levels.py``), Hard searches (``search.py``);
each is imported only when first made, so listing the names costs nothing.
"""

from __future__ import annotations

from game.ai.agent import AgentFactory, RandomAgent, lazy

AGENTS: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "easy": lazy("game.ai.hero_realms.levels", "easy"),
    "medium": lazy("game.ai.hero_realms.levels", "medium"),
    "hard": lazy("game.ai.hero_realms.search", "hard"),
}
