"""Every scenario file under tests/scenarios/ runs and its [expect] holds.

Rules tests are mostly scenario files: one per rulebook rule and one per card
ability. A file may declare another expected exit status in a leading comment
``# exit: N`` (for files that test the runner's own error handling).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.core.errors import DataError, NotationError
from game.core.scenario import BAD_INPUT
from game.hero_realms import scenario

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
FILES = sorted(SCENARIOS.rglob("*.toml"))


def _expected_exit(path: Path) -> int:
    m = re.search(r"^# exit: (\d)", path.read_text(encoding="utf-8"), re.M)
    return int(m.group(1)) if m else 0


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SCENARIOS)))
def test_scenario(path: Path) -> None:
    want = _expected_exit(path)
    try:
        result = scenario.run_file(path)
    except (DataError, NotationError) as exc:
        assert want == BAD_INPUT, f"bad scenario file: {exc}"
        return
    assert result.code == want, "\n".join(result.mismatches) or result.output.get("error")
