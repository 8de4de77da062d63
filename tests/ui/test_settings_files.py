"""Settings says where the player's files are (data, saves, logs), on screen inside its
panel, and a click on one asks the file manager to open it."""

from __future__ import annotations

import pygame
import pytest

from game.core.userdirs import data_dir, log_dir, saves_dir
from game.ui.app import App
from game.ui.scenes import settings as settings_screen
from game.ui.scenes.settings import FolderLine, SettingsScene


@pytest.mark.parametrize("size", [(1280, 720), (960, 540), (1920, 1080)])
def test_settings_shows_the_data_saves_and_logs_folders(app: App, size: tuple[int, int],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)])
    scene = SettingsScene(app)
    app.push(scene)
    app.step(1 / 60, [])
    lines = [w for w in scene.group.widgets if isinstance(w, FolderLine)]
    assert [w.folder for w in lines] == [data_dir(), saves_dir(), log_dir()]
    back = max(w.rect.top for w in scene.group.widgets if not isinstance(w, FolderLine))
    for w in lines:
        assert scene.panel.contains(w.rect) and w.rect.bottom <= back  # above the Back button
    opened: list[object] = []
    monkeypatch.setattr(settings_screen, "open_folder", lambda folder: opened.append(folder))
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=lines[2].rect.center)])
    assert opened == [log_dir()]
