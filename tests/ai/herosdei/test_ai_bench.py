"""HerosDeï's AI bench section: every level's decision latency from whole games."""

from __future__ import annotations

from game import games
from game.ai.herosdei.bench import LEVELS, ai_herosdei_section


def test_the_ai_bench_section_times_every_level() -> None:
    figures = ai_herosdei_section(quick=True)
    assert figures["games"] == 2
    for level in LEVELS:
        assert 0 < figures[f"{level}_decision_ms_p50"] <= figures[f"{level}_decision_ms_p99"]
        assert figures[f"{level}_decision_ms_p99"] <= figures[f"{level}_decision_ms_max"]
        assert figures[f"{level}_turn_ms_p99"] > 0
    assert ("ai_herosdei", "game.ai.herosdei.bench:ai_herosdei_section") in games.listing("herosdei").bench
