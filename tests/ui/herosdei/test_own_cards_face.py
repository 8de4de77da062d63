"""A card of the player's own is drawn by the table like the game's: its face, not a back,
even when its file came after the faces were first made."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.herosdei.user_cards import user_card_folder
from game.ui.app import App
from game.ui.herosdei.faces import HdFaces
from game.ui.herosdei.model import card_defs, reload_card_defs

CARD = '''
[[cards]]
id = "my_owl"
type = "animal"
civ = "greeks"
name = { fr = "Ma chouette", en = "My Owl" }
M = 2
'''


def test_a_card_file_that_comes_later_is_drawn_and_named(app: App, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REALMS_TABLE_HOME", str(tmp_path / "me"))
    faces = HdFaces("en")
    back = pygame.image.tobytes(faces.face("my_owl", 120), "RGBA")
    user_card_folder().mkdir(parents=True)
    (user_card_folder() / "owls.toml").write_text(CARD, encoding="utf-8")
    face = pygame.image.tobytes(faces.face("my_owl", 120), "RGBA")
    assert face != back and face != pygame.image.tobytes(faces.back(120), "RGBA")
    reload_card_defs()
    assert card_defs()["my_owl"].name["en"] == "My Owl"
    reload_card_defs()
