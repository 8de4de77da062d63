"""The HerosDeï bench section: random games through the engine's door, every one ending."""

from __future__ import annotations

from game import games
from game.herosdei.bench import herosdei_section


def test_the_bench_section_plays_random_games_and_reports_its_figures() -> None:
    figures = herosdei_section(quick=True)
    assert set(figures) == {"random_games_per_s", "turns_per_game", "decision_us", "view_us", "clone_us"}
    assert all(v > 0 for v in figures.values())
    assert ("herosdei", "game.herosdei.bench:herosdei_section") in games.listing("herosdei").bench


def test_the_bench_reports_each_engine_over_the_default_games() -> None:
    from game import bench

    results = {"engine": {"clone_us": 2.0, "decision_us": 10.0}, "herosdei": {"clone_us": 5.0, "decision_us": 25.0},
               "fantasy": {"decision_us": 40.0}}
    assert bench.ratios(results) == {"herosdei_clone_x_hero_realms": 2.5, "herosdei_decision_x_hero_realms": 2.5,
                                     "fantasy_realms_decision_x_hero_realms": 4.0}
    assert bench.ratios({"herosdei": {"clone_us": 5.0}}) == {}  # without the default game's section, none
