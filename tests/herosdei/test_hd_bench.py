"""The HerosDeï bench section: random games through the engine's door, every one ending."""

from __future__ import annotations

from game import games
from game.herosdei.bench import herosdei_section


def test_the_bench_section_plays_random_games_and_reports_its_figures() -> None:
    figures = herosdei_section(quick=True)
    assert set(figures) == {"random_games_per_s", "turns_per_game", "decision_us", "view_us", "clone_us"}
    assert all(v > 0 for v in figures.values())
    assert ("herosdei", "game.herosdei.bench:herosdei_section") in games.entry("herosdei").bench
