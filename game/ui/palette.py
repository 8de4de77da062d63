"""The colour palette the table draws factions, suits and civilisations in: the standard one,
or one for players with a colour-vision deficiency (a setting).

Each game's module names its colour set once (:func:`register`: the dict the drawing reads,
its text colours, and its colours in every palette); :func:`use` fills those dicts in place
with the chosen palette, picks each colour's text ink for contrast, and empties the caches
of faces, icons and badges drawn in the old colours. A palette keeps every pair of a set
apart as the deficiency it is made for sees them (``tests/ui/test_palettes.py`` measures it
with :mod:`game.ui.colour_vision`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Color = tuple[int, int, int]

#: the palettes, and the deficiencies each is made for (the standard one: none in particular)
PALETTES: dict[str, tuple[str, ...]] = {
    "standard": ("normal",),
    "deutan": ("normal", "protanopia", "deuteranopia"),  # red-green: deuteranopia and protanopia
    "tritan": ("normal", "tritanopia"),  # blue-yellow
}
DARK_INK: Color = (36, 28, 14)
LIGHT_INK: Color = (255, 255, 255)


@dataclass
class ColourSet:
    """One game's colours by name (factions, suits...), as the drawing reads them."""

    name: str
    colours: dict[str, Color]  # filled in place by :func:`use`
    inks: dict[str, Color]  # the text colour on each, filled in place too
    palettes: dict[str, dict[str, Color]]  # palette -> name -> colour ("standard" included)
    standard_inks: dict[str, Color]  # the standard palette's text colours, as its cards were drawn


_sets: dict[str, ColourSet] = {}
_caches: list[Callable[[], None]] = []
current = "standard"
generation = 0  # moves on at each change: a cache of drawn faces made before it is stale


def _luminance(c: Color) -> float:
    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def contrast(a: Color, b: Color) -> float:
    """The WCAG contrast ratio of two colours (1 to 21; 3 and more reads for large text)."""
    ya, yb = sorted((_luminance(a), _luminance(b)))
    return (yb + 0.05) / (ya + 0.05)


def ink_on(c: Color) -> Color:
    """The text colour that reads best on ``c`` (the higher contrast): dark on a light
    colour, white on a dark one."""
    return DARK_INK if contrast(c, DARK_INK) > contrast(c, LIGHT_INK) else LIGHT_INK


def register(cs: ColourSet) -> None:
    """Name a colour set; it is drawn in the current palette from now on."""
    for pal in PALETTES:
        missing = set(cs.palettes["standard"]) - set(cs.palettes.get(pal, {}))
        if missing:
            raise ValueError(f"palette {pal} has no colour for {cs.name} {sorted(missing)}")
    _sets[cs.name] = cs
    _fill(cs)


def on_change(clear: Callable[[], None]) -> None:
    """Call ``clear`` when the palette changes (a cache of things drawn in its colours)."""
    _caches.append(clear)


def use(name: str) -> None:
    """Draw everything in palette ``name`` from now on (an unknown name: the standard one)."""
    global current, generation
    name = name if name in PALETTES else "standard"
    if name == current:
        return
    current = name
    generation += 1
    for cs in _sets.values():
        _fill(cs)
    for clear in _caches:
        clear()


def sets() -> dict[str, ColourSet]:
    """The colour sets named so far, by name."""
    return dict(_sets)


def _fill(cs: ColourSet) -> None:
    chosen = cs.palettes[current]
    cs.colours.clear()
    cs.colours.update(chosen)
    cs.inks.clear()
    cs.inks.update(cs.standard_inks if current == "standard" else {k: ink_on(c) for k, c in chosen.items()})
