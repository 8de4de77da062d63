"""How colours look to players with a colour-vision deficiency, and how far apart two colours
are: what the colour-blind palettes are chosen and checked by.

The simulation is Machado, Oliveira and Fernandes' (2009) model of protanopia, deuteranopia
and tritanopia at full severity, applied to linear RGB; distances are CIE76 ΔE in CIELAB
(D65), where about 2.3 is the smallest difference an eye notices and 10 or more reads as
another colour at a glance.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping

Color = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

IDENTITY: Matrix = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
# Machado et al. 2009, severity 1.0
DEFICIENCIES: dict[str, Matrix] = {
    "normal": IDENTITY,
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _linear(c: int) -> float:
    v = c / 255.0
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> int:
    v = min(1.0, max(0.0, v))
    s = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return int(round(s * 255))


def simulate(color: Color, deficiency: str) -> Color:
    """``color`` as it looks with ``deficiency`` (a key of :data:`DEFICIENCIES`)."""
    m = DEFICIENCIES[deficiency]
    lin = [_linear(c) for c in color]
    return (_gamma(sum(m[0][i] * lin[i] for i in range(3))), _gamma(sum(m[1][i] * lin[i] for i in range(3))),
            _gamma(sum(m[2][i] * lin[i] for i in range(3))))


def lab(color: Color) -> tuple[float, float, float]:
    """CIELAB of an sRGB colour (D65 white)."""
    r, g, b = (_linear(c) for c in color)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def distance(a: Color, b: Color, deficiency: str = "normal") -> float:
    """CIE76 ΔE between ``a`` and ``b`` as seen with ``deficiency``."""
    la, lb = lab(simulate(a, deficiency)), lab(simulate(b, deficiency))
    return math.dist(la, lb)


def closest_pair(colors: Mapping[str, Color], deficiency: str) -> tuple[float, str, str]:
    """The two colours of ``colors`` that look the most alike with ``deficiency``, and their ΔE."""
    return min((distance(colors[x], colors[y], deficiency), x, y) for x, y in itertools.combinations(sorted(colors), 2))
