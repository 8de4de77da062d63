"""Realms Table: a desktop table for card games (Hero Realms first).

The package is split by reason to exist: ``core`` holds game-agnostic helpers,
``hero_realms`` is the pure rules engine, and the table, AI and network layers
build on the engine's single door (legal actions, apply, view).
"""

__version__ = "0.1.0"
