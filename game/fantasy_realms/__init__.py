"""Fantasy Realms: cards as data, the optimal end-of-game scorer, and the game engine.

Pure like every engine package: no pygame, sockets, UI, network or AI imports.
"""
