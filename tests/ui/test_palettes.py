"""The colour-blind palettes: every pair of Hero Realms' factions, Fantasy Realms' suits and
HerosDeï's civilisations stays apart as the deficiency a palette is made for sees them
(Machado 2009 simulation, CIE76 ΔE), the standard palette does not (what the palettes are
for), and choosing one redraws the table in it and is kept in the settings file."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from game.ui import palette, theme
from game.ui.app import App
from game.ui.colour_vision import DEFICIENCIES, closest_pair, distance, simulate
from game.ui.fantasy_realms import suits
from game.ui.herosdei import faces as hd_faces
from game.ui.settings import Settings, load_settings, save_settings

# the least ΔE between two colours of a set, as the palette's deficiencies see them
APART = {"factions": 20.0, "civilisations": 15.0, "suits": 12.0}


def test_the_three_games_name_their_colour_sets() -> None:
    assert {"factions", "suits", "civilisations"} <= set(palette.sets())
    assert set(palette.sets()["suits"].colours) == set(suits.SUIT_NAMES) | {"outsider", "undead"}


@pytest.mark.parametrize("name", ["factions", "suits", "civilisations"])
@pytest.mark.parametrize("pal", ["deutan", "tritan"])
def test_every_pair_of_a_set_stays_apart_in_a_palette_for_the_deficiency(name: str, pal: str) -> None:
    colours = palette.sets()[name].palettes[pal]
    for deficiency in palette.PALETTES[pal]:
        gap, a, b = closest_pair(colours, deficiency)
        assert gap >= APART[name], f"{pal}: {a} and {b} only {gap:.1f} apart with {deficiency}"


@pytest.mark.parametrize("name", ["factions", "suits", "civilisations"])
def test_the_standard_palette_runs_pairs_together_for_a_red_green_eye(name: str) -> None:
    colours = palette.sets()[name].palettes["standard"]
    assert min(closest_pair(colours, d)[0] for d in ("protanopia", "deuteranopia")) < APART[name]


def test_the_simulation_and_distance_behave() -> None:
    assert simulate((128, 128, 128), "deuteranopia") == pytest.approx((128, 128, 128), abs=2)  # greys stay greys
    red, green = (200, 40, 40), (40, 160, 40)
    assert distance(red, green) > 60 and distance(red, green, "deuteranopia") < distance(red, green) / 2
    for d in DEFICIENCIES:
        assert distance(red, red, d) == 0


def test_using_a_palette_fills_the_sets_in_place_and_forgets_what_was_drawn() -> None:
    from game.ui.render import icons

    factions = theme.FACTION_COLORS
    try:
        icons.icon("guild", 20)
        palette.use("deutan")
        assert factions == palette.sets()["factions"].palettes["deutan"] and theme.FACTION_COLORS is factions
        assert hd_faces.CIV_COLORS == palette.sets()["civilisations"].palettes["deutan"]
        assert suits.color("flood") == palette.sets()["suits"].palettes["deutan"]["flood"]
        assert icons._cache == {}
        for name, cs in palette.sets().items():
            for key, c in cs.colours.items():  # the words on each colour read: a contrast of 3 or more
                assert palette.contrast(c, cs.inks[key]) >= 3, (name, key)
    finally:
        palette.use("standard")
    assert factions == palette.sets()["factions"].palettes["standard"]
    assert theme.FACTION_INK["imperial"] != theme.FACTION_INK["guild"]  # the standard inks as the cards were drawn


def test_a_face_drawn_before_the_change_is_drawn_again_in_the_new_colours(app: App) -> None:
    from game.ui.hero_realms.faces import CardArt

    art = CardArt()
    try:
        before = art.surface("bribe", 200, "en")
        palette.use("deutan")  # its Guild blue is another than the standard one
        after = art.surface("bribe", 200, "en")
        assert after is not before
        w, h = after.get_size()
        sampled = [(x, y) for x, y in itertools.product(range(0, w, 7), range(0, h, 7))]
        assert any(before.get_at(p) != after.get_at(p) for p in sampled)
    finally:
        palette.use("standard")


def test_the_palette_is_kept_in_the_settings_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    assert save_settings(Settings(palette="tritan"), path) is None
    st, warning = load_settings(path)
    assert st.palette == "tritan" and warning is None
    path.write_text(path.read_text().replace('"tritan"', '"infrared"'))
    st, warning = load_settings(path)
    assert st.palette == "standard" and warning is not None and "palette" in warning
