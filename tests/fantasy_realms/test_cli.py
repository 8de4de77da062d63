"""``python -m game fantasy-score``: JSON out, one-line errors with exit status 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main

ROOT = Path(__file__).resolve().parents[2]
VECTORS = Path(__file__).resolve().parent / "vectors.toml"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["fantasy-score", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_score_cards_by_name_and_id(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "Mountain", "FR08", "smoke", "Whirlwind", "Air Elemental", "Wildfire", "Mirage")
    assert code == 0 and not err
    d = json.loads(out)
    assert d["total"] == 260 and d["per_card"]["FR01"] == 59
    assert d["choices"]["FR52"]["copy"] == "FR11"  # the scorer found the rulebook's choice


def test_choose_and_unused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "FR49", "FR17", "FR03", "FR32", "FR43", "FR46", "FR47",
                       "--choose", "Book of Changes=Gem of Order:wizard", "--unused", "--compact")
    assert code == 0 and json.loads(out)["total"] == 380
    code, out, _ = run(capsys, "Mirage", "Lightning", "--unused")
    assert code == 0 and json.loads(out)["total"] == 11


def test_hands_file_as_given_and_optimal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--hands", str(VECTORS), "--compact")
    assert code == 0
    got = json.loads(out)
    assert len(got) == 85 and set(got[0]) == {"id", "total", "per_card"}
    assert got[0] == {"id": "v001-rulebook-scoring-example-i", "total": 260,
                      "per_card": {"FR01": 59, "FR08": 32, "FR13": 27, "FR14": 53, "FR15": 49, "FR16": 40, "FR52": 0}}
    code, out, _ = run(capsys, "--hands", str(VECTORS), "--optimal", "--compact")
    opt = {h["id"]: h["total"] for h in json.loads(out)}
    assert all(opt[h["id"]] >= h["total"] for h in got)
    assert opt["v005-rulebook-faq-doppelganger-copies-basilisk"] == 35  # declining the copy is better


def test_hand_without_choice_leaves_card_unused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "h.toml"
    f.write_text('[[hand]]\nid = "x"\ncards = ["Mirage", "Lightning"]\nmodules = ["base"]\n', encoding="utf-8")
    code, out, _ = run(capsys, "--hands", str(f))
    assert code == 0 and json.loads(out) == [{"id": "x", "total": 11, "per_card": {"FR52": 0, "FR19": 11}}]


@pytest.mark.parametrize("args,needle", [
    (["Mountian"], "did you mean 'Mountain'"),
    (["Mirage", "--choose", "Mirage=Basilisk"], "may only copy"),
    (["Mountain", "--choose", "Mountain=Smoke"], "leaves no choice"),
    (["Mountain", "--modules", "chess"], "unknown module"),
    (["Mountain", "Mountain"], "twice"),
    (["Mountain", "--rule", "collector=maybe"], "--rule"),
    (["--hands", "/nonexistent/h.toml"], "file not found"),
    ([], "name the cards"),
    (["Necromancer", "--choose", "Necromancer=Wildfire"], "takes a"),
])
def test_bad_input(capsys: pytest.CaptureFixture[str], args: list[str], needle: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert needle in err and len(err.strip().splitlines()) == 1


def test_bad_hand_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "h.toml"
    f.write_text('[[hand]]\nid = "x"\ncards = ["Mirage", "Lightnign"]\n', encoding="utf-8")
    code, _, err = run(capsys, "--hands", str(f))
    assert code == 2 and "hand x" in err and "Lightnign" in err
    f.write_text('[[hand]\n', encoding="utf-8")
    code, _, err = run(capsys, "--hands", str(f))
    assert code == 2 and "malformed TOML" in err


def test_subprocess_exit_code() -> None:
    res = subprocess.run([sys.executable, "-m", "game", "fantasy-score", "Mountian"], capture_output=True, text=True,
                         cwd=ROOT, env={"PYTHONPATH": str(ROOT), "REALMS_TABLE_HOME": os.environ["REALMS_TABLE_HOME"], "PATH": "/usr/bin:/bin"}, timeout=120)
    assert res.returncode == 2 and "Traceback" not in res.stderr
