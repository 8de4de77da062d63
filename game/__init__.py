"""Realms Table: a desktop table for card games.

The package is split by reason to exist: ``core`` holds game-agnostic helpers;
each game has its pure rules engine (``game/<game>/``), its agents
(``game/ai/<game>/``) and its table (``game/ui/<game>/``), all named by one entry
of the registry (``games.py``); the session, the AI seats, the network and the
table's screens build on each engine's one class and state (legal actions, apply, view).
"""

__version__ = "0.1.0"
