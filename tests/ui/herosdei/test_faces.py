"""HerosDeï faces: every card renders at a table's, a hand's and a zoom's width in both
languages with its texts inside their boxes, faces are cached by size and language, and
the table door's card hooks (the menus' fan, the rules bullet) draw."""

from __future__ import annotations

import pygame
import pytest

from game.herosdei.cards import library
from game.ui.app import App
from game.ui.herosdei import faces
from game.ui.herosdei.faces import HdFaces

WIDTHS = (90, 180, 400)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_card_renders_at_three_widths_without_overflowing(app: App, lang: str) -> None:
    hd = HdFaces(lang)
    for cid in library():
        for w in WIDTHS:
            face = hd.face(cid, w)
            assert face.get_size() == (w, hd.height(w))
    assert hd.overflows == []


def test_faces_are_cached_by_size_and_language(app: App) -> None:
    en, fr = HdFaces("en"), HdFaces("fr")
    assert en.face("arthur", 180) is en.face("arthur", 180)
    assert en.face("arthur", 180) is not en.face("arthur", 200)
    a, b = en.face("arthur", 180), fr.face("arthur", 180)
    box = pygame.Rect(10, 0, 160, 24)  # the name: King Arthur / Le roi Arthur
    assert any(a.get_at((x, y)) != b.get_at((x, y)) for x in range(box.left, box.right) for y in range(box.top, box.bottom))


def test_an_unknown_card_shows_a_back(app: App) -> None:
    hd = HdFaces("en")
    assert hd.face("no_such_card", 120) is hd.back(120)
    assert hd.face(None, 120) is hd.back(120)


def test_the_picture_is_painted(app: App) -> None:
    hd = HdFaces("en")
    face = hd.face("saint_graal", 200)
    box = pygame.Rect(60, 50, 80, 60)  # the middle of the art box under the header
    light = sum(1 for x in range(box.left, box.right, 2) for y in range(box.top, box.bottom, 2)
                if min(face.get_at((x, y))[:3]) > 170)
    assert light > 40


def test_a_long_text_at_a_narrow_face_is_reported_as_an_overflow(app: App) -> None:
    surf = pygame.Surface((60, 20))
    assert not faces.text_block(surf, "word " * 80, pygame.Rect(0, 0, 60, 20), 12, (0, 0, 0))
    assert faces.text_block(surf, "short", pygame.Rect(0, 0, 60, 20), 12, (0, 0, 0))


def test_the_figures_and_victory_points_a_face_shows() -> None:
    lib = library()
    achilles = lib["achille"]  # a Character shows its four figures, in the rules' order
    assert faces.bonus_figures(achilles) == [(s, achilles.stat(s)) for s in ("F", "S", "C", "M")]
    assert all(v for _, v in faces.bonus_figures(lib["excalibur"]))
    assert faces.victory_points(lib["ragnar"]) == 1 and faces.victory_points(lib["arthur"]) == 0


def test_the_fan_and_the_rules_bullet(app: App) -> None:
    assert faces.RULES_STEM == "rules_herosdei"
    shown = list(faces.SHOWCASE)
    assert len(shown) >= 6 and set(shown) <= set(library())
    turned = faces.fan_face(app, shown[0], 120, "fr", 12)
    assert turned.get_width() > 120
    assert faces.fan_face(app, shown[0], 120, "fr", 12) is turned
    assert faces.rules_bullet(16).get_size() == (16, 16)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_text_does_not_repeat_the_keyword_shown_above_it(app: App, lang: str,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Stymphalian Birds' text opened with "Flying." under its Flying line: its words came
    out smaller than any other card's. Without the repeat they read as Jörmungand's do."""
    drawn: list[tuple[str, int]] = []  # the lines of the card's text block, at the size it chose
    real_text, real_block = faces.theme.card_text, faces.text_block
    inside = [False]

    def card_text(line: str, size: int, *rest: object) -> pygame.Surface:
        if inside[0]:
            drawn.append((line, size))
        return real_text(line, size, *rest)  # type: ignore[arg-type]

    def text_block(*args: object) -> bool:
        inside[0] = True
        try:
            return real_block(*args)  # type: ignore[arg-type]
        finally:
            inside[0] = False

    monkeypatch.setattr(faces.theme, "card_text", card_text)
    monkeypatch.setattr(faces, "text_block", text_block)
    hd = HdFaces(lang)
    sizes = {}
    for cid in ("oiseaux_du_stymphale", "jormungand"):
        drawn.clear()
        hd.face(cid, 260)
        sizes[cid] = drawn[0][1]
        if cid == "oiseaux_du_stymphale":
            assert not drawn[0][0].startswith(("Vol", "Flying"))
    assert sizes["oiseaux_du_stymphale"] >= sizes["jormungand"]
