"""A small Hero Realms face (under COMPACT_W: opponents' panels, the market and the hand
in a 1024 x 600 window) shows its picture faded behind its icons, never behind words
(issue 55, item 15: the rules text was drawn over the card pictures)."""

from __future__ import annotations

import pytest

from game.hero_realms.cards import library
from game.ui.app import App
from game.ui.hero_realms.faces import COMPACT_W, CardArt, summary

WIDTH = 66  # the market's cards in a 1024 x 600 window


def _worded_cards() -> list[str]:
    """Cards with an ability told in words on a small face (no icons for it)."""
    return [c.id for c in library().cards.values() if any(summary(ab) is None for ab in c.abilities.values())][:12]


@pytest.mark.parametrize("card", _worded_cards())
def test_no_picture_shows_under_the_words_of_a_small_face(app: App, card: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert WIDTH < COMPACT_W
    pictured = CardArt()._render_face(library().cards[card], WIDTH, "en")
    monkeypatch.setattr(CardArt, "_faded_picture", lambda *a, **kw: None)
    bare = CardArt()._render_face(library().cards[card], WIDTH, "en")
    monkeypatch.setattr(CardArt, "_text_block", lambda *a, **kw: None)
    wordless = CardArt()._render_face(library().cards[card], WIDTH, "en")
    w, h = bare.get_size()
    # where the words are: what the words add to the bare face
    words = [(x, y) for y in range(h) for x in range(w) if bare.get_at((x, y)) != wordless.get_at((x, y))]
    assert words
    seen = [(x, y) for x, y in words for dx in (-1, 0, 1) for dy in (-1, 0, 1)
            if 0 <= x + dx < w and 0 <= y + dy < h and pictured.get_at((x + dx, y + dy)) != bare.get_at((x + dx, y + dy))]
    assert not seen, f"{card}: the picture shows behind its words at {seen[:5]}"


def test_a_small_face_still_shows_its_picture_behind_its_icons(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    c = library().cards["bribe"]  # its gold is an icon
    pictured = CardArt()._render_face(c, WIDTH, "en")
    monkeypatch.setattr(CardArt, "_faded_picture", lambda *a, **kw: None)
    bare = CardArt()._render_face(c, WIDTH, "en")
    w, h = bare.get_size()
    assert any(pictured.get_at((x, y)) != bare.get_at((x, y)) for x in range(w) for y in range(h))
