"""Card pictures on the faces of both games, the Credits screen, and the title that
names and shows every hosted game (issue 31)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame
import pytest

from game import games
from game.ui.app import App
from game.ui.fantasy_realms.faces import FantasyArt
from game.ui.hero_realms.faces import CardArt
from game.ui.render import art
from game.ui.scenes.common import Backdrop, games_line
from game.ui.scenes.credits import CreditsScene, credit_blocks
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.title import TitleScene
from tests.ui.helpers import button, click_button, press


def _colours(surf: pygame.Surface, box: pygame.Rect) -> int:
    """How many distinct colours ``box`` of ``surf`` holds (a flat background has a handful)."""
    return len({tuple(surf.get_at((x, y))) for x in range(box.left, box.right, 2) for y in range(box.top, box.bottom, 2)})


def _differs(a: pygame.Surface, b: pygame.Surface, box: pygame.Rect) -> int:
    """How many pixels of ``box`` differ between two faces of the same size."""
    return sum(a.get_at((x, y)) != b.get_at((x, y)) for x in range(box.left, box.right, 2) for y in range(box.top, box.bottom, 2))


def _hero_pair(cid: str, w: int) -> tuple[pygame.Surface, pygame.Surface]:
    """The face of ``cid`` with its picture, and the same card without one (the old
    watermark). The card library is shared: the card is put back afterwards."""
    face = CardArt().surface(cid, w, "en")
    plain = CardArt()
    real = plain.lib[cid]
    plain.lib.cards[cid] = dataclasses.replace(real, art="")
    try:
        return face, plain.surface(cid, w, "en")
    finally:
        plain.lib.cards[cid] = real


@pytest.mark.parametrize("w", [70, 130, 300])
def test_hero_realms_faces_show_the_picture_at_every_size(app: App, w: int) -> None:
    face, plain = _hero_pair("arkus_imperial_dragon", w)
    h = face.get_height()
    box = pygame.Rect(w // 6, int(h * 0.2), w * 2 // 3, int(h * 0.2))  # under the header: the art box, or the compact body
    assert _differs(face, plain, box) > 20
    assert _colours(face, box) > _colours(plain, box)


def test_different_hero_realms_cards_have_different_pictures(app: App) -> None:
    cards = CardArt()
    wolf, vampire = cards.surface("dire_wolf", 200, "en"), cards.surface("krythos_master_vampire", 200, "en")
    h = wolf.get_height()
    box = pygame.Rect(40, int(h * 0.17), 120, int(h * 0.2))
    # both pictures painted over their faction's glow: compare the figures' light pixels
    light = [sum(1 for x in range(box.left, box.right, 2) for y in range(box.top, box.bottom, 2)
                 if min(s.get_at((x, y))[:3]) > 170) for s in (wolf, vampire)]
    assert all(n > 30 for n in light) and light[0] != light[1]


@pytest.mark.parametrize("w", [80, 140, 300])
@pytest.mark.parametrize("cid", ["FR16", "CH24"])
def test_fantasy_realms_faces_and_items_show_the_picture(app: App, cid: str, w: int) -> None:
    face = FantasyArt().face(cid, w, "en")
    plain = FantasyArt()
    kind: dict[str, Any] = plain.lib.cards if cid in plain.lib.cards else plain.lib.items
    real = kind[cid]
    kind[cid] = dataclasses.replace(real, art="")
    try:
        old = plain.face(cid, w, "en")
    finally:
        kind[cid] = real
    h = face.get_height()
    # the picture: between the name and the suit on a small face, under the header on a large one
    box = pygame.Rect(w // 5, int(h * (0.5 if w < 100 else 0.2)), w * 3 // 5, int(h * 0.1))
    assert _differs(face, old, box) > 10
    assert _colours(face, box) > 12


def test_a_card_naming_a_missing_picture_keeps_a_plain_face(app: App) -> None:
    assert art.illustration("no-such-picture", (100, 60), (10, 20, 30), (200, 200, 200)) is None
    cards = CardArt()
    real = cards.lib["spark"]
    cards.lib.cards["spark"] = dataclasses.replace(real, art="no-such-picture")
    try:
        assert cards.surface("spark", 140, "en").get_width() == 140
        assert cards.surface("spark", 70, "en").get_width() == 70
    finally:
        cards.lib.cards["spark"] = real


def test_pictures_are_rasterised_once_per_size(app: App) -> None:
    art.mask.cache_clear()
    a = art.mask("dragon-head", 64)
    assert a is not None and a is art.mask("dragon-head", 64) and a.get_size() == (64, 64)
    assert art.mask.cache_info().misses == 1


# ---- the title and the Credits -------------------------------------------------------------------------
def test_the_title_names_every_hosted_game_and_fans_their_cards(app: App) -> None:
    hosted = games.playable()
    assert len(hosted) >= 2
    line = games_line(app)
    assert all(games.title(g) in line for g in hosted)
    assert line in app.tr("app.subtitle", games=line)
    fan = Backdrop().cards
    assert {g for g, _ in fan} == set(hosted) and len(fan) == 10
    assert fan[0][0] != fan[1][0]  # dealt in turn, not one game's cards then the other's
    title = TitleScene(app)
    app.reset(title)
    app.step(1 / 60, [])  # draws the fan: each game's faces from its own cache


def test_the_credits_open_from_the_title_and_list_the_licences(app: App) -> None:
    title = TitleScene(app)
    app.reset(title)
    app.step(1 / 60, [])
    click_button(app, title, "credits.button")
    assert isinstance(app.top, CreditsScene)
    text = " ".join(t for _, t in credit_blocks(app.tr))
    for words in ("CC BY 3.0", "Lorc, Delapouite", "game-icons.net", "White Wizard Games", "WizKids",
                  "Arnaud Chapalain", "assets/art/LICENSE", "assets/fonts/LICENSE-DejaVu.txt", "assets/sounds/LICENSE",
                  "CC0"):
        assert words in text, words
    assert "original" in app.tr("credits.game_herosdei")
    press(app, pygame.K_PAGEDOWN)
    press(app, pygame.K_ESCAPE)
    back: object = app.top
    assert back is title


def test_the_credits_open_from_the_rules_in_french_too(app: App) -> None:
    app.settings.language = "fr"
    app.apply_settings()
    rules = RulesScene(app)
    app.reset(rules)
    app.step(1 / 60, [])
    assert button(app, rules, "credits.button").label == "Crédits"
    click_button(app, rules, "credits.button")
    assert isinstance(app.top, CreditsScene)
    assert any("domaine public" in t for _, t in credit_blocks(app.tr))
    app.step(1 / 60, [])
