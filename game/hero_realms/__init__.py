"""The Hero Realms rules engine: pure, deterministic, event-driven.

Build a game with :func:`game.hero_realms.setup.new_game` (a standard deal) or
:func:`game.hero_realms.setup.from_position` (a scenario position); then use the
door of :class:`game.hero_realms.state.GameState`. Nothing here imports the table,
the network or the AI.

Importing the engine registers the rulebook's formats: each format module builds on
``formats.py``, so the registry is filled here, above them all, and every user of
``formats.get_format`` finds them whichever module it imported first.
"""

from game.hero_realms.format_emperor import Emperor
from game.hero_realms.format_hunter import HunterFirstBlood, HunterLastOneStanding
from game.hero_realms.format_hydra import Hydra
from game.hero_realms.formats import register

for _fmt in (HunterFirstBlood(), HunterLastOneStanding(), Hydra(), Emperor()):
    register(_fmt)
