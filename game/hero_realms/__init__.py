"""The Hero Realms rules engine: pure, deterministic, event-driven.

Build a game with :func:`game.hero_realms.setup.new_game` (a standard deal) or
:func:`game.hero_realms.setup.from_position` (a scenario position); then use the
door of :class:`game.hero_realms.state.GameState`. Nothing here imports the table,
the network or the AI.
"""
