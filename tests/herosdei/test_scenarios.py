"""Every HerosDeï rule and ruling has a scenario file under scenarios/, run through the
real command line (``python -m game scenario``): each must exit as its leading
``# exit: N`` comment says (0 when it has none), its ``[expect]`` holding."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.cli import main

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.toml"))


def _expected_exit(path: Path) -> int:
    m = re.search(r"^# exit: (\d)", path.read_text(encoding="utf-8"), re.M)
    return int(m.group(1)) if m else 0


def test_there_is_a_scenario_per_rule() -> None:
    assert len(FILES) >= 60


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["scenario", "--compact", str(path)])
    out, err = capsys.readouterr()
    assert code == _expected_exit(path), err
    if code != 2:
        doc = json.loads(out)
        assert doc["game"] == "herosdei"
        assert set(doc) >= {"variant", "turn", "phase", "first", "to_act", "winner", "players", "stack", "combat",
                            "pending", "legal", "events", "error"}
    else:
        assert out == "" and err.count("\n") == 1


def test_bad_files_are_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = 'game = "herosdei"\nphase = "attack"\n[[players]]\ncharacters = [{ card = "k" }]\n[[players]]\n'
    card = '[[cards]]\nid = "k"\ntype = "hero"\n'
    cases = {
        "unknown_top": 'colour = "red"\n' + base,
        "unknown_card": base,
        "bad_verb": card + 'effects = [{ verb = "fly" }]\n' + base,
        "bad_phase": 'phase = "dusk"\n' + card + base.replace('phase = "attack"\n', ""),
        "one_player": 'game = "herosdei"\n' + card + '[[players]]\n',
        "bad_setup": 'game = "herosdei"\nsetup = "standard"\ndecks = ["nowhere"]\n',
        "not_toml": 'game = "herosdei\n',
    }
    for name, text in cases.items():
        path = tmp_path / f"{name}.toml"
        path.write_text(text, encoding="utf-8")
        assert main(["scenario", str(path)]) == 2, name
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and "Traceback" not in err, (name, err)
