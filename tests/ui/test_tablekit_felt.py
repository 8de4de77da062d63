"""The kit's felt: dark at the edges, lit in the middle, drawn once per window size."""

from __future__ import annotations

from game.ui.tablekit.felt import Felt


def test_felt_is_lit_in_the_middle_and_kept_per_size() -> None:
    cloth = Felt((10, 10, 10), (90, 90, 90), rings=8, tall=1.5)
    s = cloth.surface(320, 180)
    assert s.get_at((0, 0))[:3] == (10, 10, 10)
    assert s.get_at((160, 90))[0] > s.get_at((20, 90))[0] > 10
    assert cloth.surface(320, 180) is s
    assert cloth.surface(200, 100).get_size() == (200, 100) and cloth.surface(320, 180) is not s
