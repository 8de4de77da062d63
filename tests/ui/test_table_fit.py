"""Layout invariants from the polish pass: an opponent's champions never cover each
other (nor do the cards they play), small faces keep names readable, the lone
opponent of a 2-player game gets large cards, and type lines speak French."""

from __future__ import annotations

import pytest

from game.hero_realms.cards import library
from game.ui.app import App
from game.ui.hero_realms.capture import busy_position
from game.ui.hero_realms.faces import COMPACT_W, CardArt, type_line
from game.ui.hero_realms.fit import fit, ladder
from game.ui.hero_realms.layout import Rect, arrange, card_rect, compute
from game.ui.hero_realms.model import Sprite
from game.ui.render.cards import card_height

from .helpers import move, open_table


def _overlap(a: Rect, b: Rect) -> float:
    """Shared area as a share of the smaller card."""
    c = a.clip(b)
    return (c.width * c.height) / max(1, min(a.width * a.height, b.width * b.height))


def _rects(sprites: list[Sprite]) -> list[Rect]:
    return [card_rect(sp.tx, sp.ty, sp.tw, sp.expended) for sp in sprites]


def _champions(n: int) -> list[Sprite]:
    return [Sprite("orc_grunt", expended=i % 2 == 1, damage=1 if i == 2 else 0) for i in range(n)]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_opponent_champions_never_cover_each_other(size: tuple[int, int], seats: int) -> None:
    lay = compute(size[0], size[1], seats, 0)
    for n in range(1, 7):
        for seat, sl in lay.seats.items():
            if seat == 0:
                continue
            champs = _champions(n)
            in_play = [Sprite("gold") for _ in range(4)]
            arrange(sl, champs, in_play)
            rects = _rects(champs)
            for i, a in enumerate(rects):
                assert sl.panel.contains(a), (n, seat, a, sl.panel)
                for b in rects[i + 1:]:
                    assert _overlap(a, b) <= 0.02, (n, seat, a, b)
                for p in _rects(in_play):
                    assert not p.colliderect(a), (n, seat, p, a)
            # large enough to tell them apart and read a name on a compact face
            assert min(r.width if not sp.expended else r.height for r, sp in zip(rects, champs)) >= 34 * lay.scale, (n, seat)
            # what they play never outgrows their champions
            assert all(sp.tw <= champs[0].tw for sp in in_play)


def test_crowds_overlap_only_when_nothing_else_fits_and_never_hide_a_card() -> None:
    lay = compute(1280, 720, 6, 0)
    sl = lay.seats[3]
    champs = _champions(14)
    arrange(sl, champs, [])
    rects = _rects(champs)
    for i, a in enumerate(rects):
        assert sl.panel.contains(a)
        for b in rects[i + 1:]:
            assert _overlap(a, b) <= 0.6  # at least two fifths of every card still shows


def test_fit_prefers_larger_cards_and_wraps_when_that_helps() -> None:
    one_row = fit([1.0, 1.0], 300, 140, 100, 30)
    assert len(one_row.rows) == 1 and one_row.cw == ladder(100)
    wrapped = fit([1.0] * 6, 200, 300, 100, 30)
    assert len(wrapped.rows) > 1 and wrapped.cw > fit([1.0] * 6, 200, 300, 100, 30, max_rows=1).cw
    assert fit([], 200, 100, 80, 30).rows == []


def test_the_lone_opponent_gets_large_cards_and_readable_piles() -> None:
    for w, h in ((1280, 720), (1920, 1080)):
        lay = compute(w, h, 2, 0)
        sl = lay.seats[1]
        champs = _champions(3)
        arrange(sl, champs, [Sprite("gold"), Sprite("spark")])
        assert champs[0].tw >= lay.market_w * 0.9
        assert sl.pile_w >= 40 * lay.scale and sl.hand_w >= 30 * lay.scale
        assert sl.health.height >= 50 * lay.scale


@pytest.mark.parametrize("w", [48, 60, 72, 88])
def test_compact_faces_fit_every_name(app: App, w: int) -> None:
    assert w < COMPACT_W
    art = CardArt()
    head_h = max(14, int(card_height(w) * 0.21))
    for c in library().cards.values():
        for lang in ("en", "fr"):
            label = art._compact_name(c.name.get(lang, c.name["en"]), head_h, w - 8, (0, 0, 0))
            assert label.get_width() <= w - 8, (c.id, lang, w)
            assert label.get_height() <= head_h + 2, (c.id, lang, w)
    face = art.surface("lys_the_unseen", w, "fr", rotated=True)
    assert face.get_size() == (card_height(w), w)


def test_type_lines_translate_subtypes_and_keep_the_card_data() -> None:
    lib = library()
    assert type_line(lib["shortsword"], "fr") == "Objet — Arme de mêlée Épée"
    assert type_line(lib["shortsword"], "en") == "Item — Melee Weapon Sword"
    assert lib["shortsword"].subtypes == ("Melee Weapon", "Sword")
    from game.ui.i18n import strings

    fr = strings("fr")
    subtypes = {t for c in lib.cards.values() for t in c.subtypes}
    assert subtypes and all(f"subtype.{t}" in fr for t in subtypes)


def test_hover_finds_and_zooms_every_champion_of_a_six_seat_table(app: App) -> None:
    table = open_table(app, busy_position(6, seed=5, fmt="emperor"), ["human"] + ["ai"] * 5)
    zoomed: list[str] = []
    real_zoom = table.renderer.zoom
    table.renderer.zoom = lambda surf, card, *a: zoomed.append(card) or real_zoom(surf, card, *a)  # type: ignore[method-assign]
    seen = 0
    for seat in range(1, 6):
        for i, sp in enumerate(table.model.seats[seat].champions):
            app.step(1 / 60, [move((int(sp.x), int(sp.y)))])
            hov = table.ctrl.hover
            assert hov is not None and hov[:3] == ("champion", seat, i), (seat, i, hov)
            for _ in range(25):  # the zoom shows once the pointer rests
                app.step(1 / 60, [])
            assert zoomed and zoomed[-1] == sp.card, (seat, i)
            seen += 1
    assert seen >= 10


def test_every_card_renders_at_every_small_size(app: App) -> None:
    art = CardArt()
    for c in library().cards.values():
        for w in (16, 21, 30, 44, COMPACT_W - 2):
            for turned in (False, True):
                face = art.surface(c.id, w, "fr", rotated=turned)
                assert face.get_width() == (card_height(w) if turned else w) or w < 16
