"""The screen router: every screen by name, so that screens open one another without
importing one another (the title, the tables and the pause menu ask for "new_game",
"rules"... and the router imports that screen only then)."""

from __future__ import annotations

import importlib
from typing import Any

from game.ui.scene import Scene

SCREENS: dict[str, str] = {
    "title": "game.ui.scenes.title:TitleScene",
    "new_game": "game.ui.scenes.newgame:NewGameScene",
    "load": "game.ui.scenes.saves:LoadScene",
    "save_name": "game.ui.scenes.saves:SaveNameDialog",
    "join": "game.ui.scenes.lan:JoinScene",
    "lobby": "game.ui.scenes.lan:LobbyScene",
    "rules": "game.ui.scenes.rules:RulesScene",
    "credits": "game.ui.scenes.credits:CreditsScene",
    "settings": "game.ui.scenes.settings:SettingsScene",
    "pause": "game.ui.scenes.pause:PauseScene",
    "replays": "game.ui.scenes.replay:ReplayListScene",
    "replay": "game.ui.scenes.replay:ReplayScene",
    "stats": "game.ui.scenes.stats:StatsScene",
    "tutorial": "game.ui.scenes.tutorial:TutorialScene",
    "puzzles": "game.ui.scenes.puzzles:PuzzlesScene",
    "crash": "game.ui.scenes.crash:CrashScene",
}


def screen(app: Any, name: str, *args: Any, **kwargs: Any) -> Scene:
    """A new scene of the screen ``name`` on ``app``; KeyError for an unknown name."""
    module, _, cls = SCREENS[name].partition(":")
    scene: Scene = getattr(importlib.import_module(module), cls)(app, *args, **kwargs)
    return scene
