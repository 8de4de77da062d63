"""Statistics over a fixed history (tests/history/: four Hero Realms games, one of them
hotseat, a Fantasy Realms game and a LAN client's seen record of another): the figures
are exact, the cache is used, the CSV and ``stats --json`` print them."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest

from game.cli import main
from game.session import stats

FIXTURE = Path(__file__).resolve().parents[1] / "history"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    dst = tmp_path / "history"
    shutil.copytree(FIXTURE, dst)
    return dst


def test_the_summaries_of_the_fixture_are_exact(folder: Path) -> None:
    rows, problems = stats.summaries(folder)
    assert problems == []
    assert [(r["game"], r["result"], r["levels"], r["variant"], r["turns"]) for r in rows] == [
        ("hero_realms", "lost", ["random"], "ffa", 81),
        ("hero_realms", "won", ["easy"], "ffa", 68),
        ("hero_realms", "lost", ["random"], "ffa", 69),
        ("fantasy_realms", "lost", ["random"], "base", 119),
        ("hero_realms", "none", [], "ffa", 210),  # hotseat: every seat was the player's
        ("fantasy_realms", "won", ["easy"], "base", 82),  # the LAN client's seen record
    ]
    assert [r["figures"]["damage"] for r in rows if r["game"] == "hero_realms"] == [15, 54, 14, 0]
    assert [r["figures"]["first"] for r in rows if r["game"] == "hero_realms"] == [1, 1, 0, 1]


def test_the_statistics_of_the_fixture_are_exact(folder: Path) -> None:
    result = stats.aggregate(stats.summaries(folder)[0])
    assert (result["games"], result["won"], result["lost"], result["win_rate"]) == (6, 2, 3, 0.4)
    assert result["interval"] == [0.1176, 0.7693]  # Wilson 95% of 2 wins in 5
    assert [p["win_rate"] for p in result["over_time"]] == [0.0, 0.5, 0.3333, 0.25, 0.4]
    hero = result["by_game"]["hero_realms"]
    assert (hero["played"], hero["won"], hero["lost"], hero["turns"], hero["minutes"]) == (4, 1, 2, 107.0, 30.0)
    assert hero["by_level"]["random"] == {"played": 2, "won": 0, "lost": 2, "win_rate": 0.0, "interval": [0.0, 0.6576]}
    assert hero["by_level"]["easy"]["interval"] == [0.2065, 1.0]
    figures = hero["figures"]
    assert figures["top_bought"][0] == {"card": "fire_gem", "games": 4, "win_rate": 0.3333}
    assert figures["damage_per_game"] == 20.75
    assert figures["first_player"] == {"games": 4, "won": 2, "win_rate": 0.5}
    fantasy = result["by_game"]["fantasy_realms"]
    assert (fantasy["played"], fantasy["won"], fantasy["lost"]) == (2, 1, 1)
    assert fantasy["figures"]["average_score"] == 97.0
    assert fantasy["figures"]["best_hand"]["score"] == 116


def test_the_cache_is_used_and_refreshed_when_a_file_changes(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stats.summaries(folder)
    assert (folder / stats.CACHE).is_file()
    calls: list[Path] = []
    real = stats.summarize
    def counted(path: Path) -> dict[str, object]:
        calls.append(path)
        return real(path)

    monkeypatch.setattr(stats, "summarize", counted)
    stats.summaries(folder)
    assert calls == []  # every summary came from the cache
    victim = sorted(folder.glob("2*.json"))[0]
    victim.write_text(victim.read_text() + " ")
    rows, _problems = stats.summaries(folder)
    assert calls == [victim] and len(rows) == 6


def test_a_cache_that_cannot_be_written_still_gives_every_summary(folder: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(path: Path, text: str) -> None:
        raise OSError(f"{path}: read-only")

    monkeypatch.setattr(stats, "write_text_atomic", refused)
    rows, problems = stats.summaries(folder)
    assert len(rows) == 6 and problems == [] and not (folder / stats.CACHE).exists()


def test_a_broken_file_is_skipped_with_its_reason(folder: Path) -> None:
    (folder / "20261201-000000-hero_realms.json").write_text("{not json")
    rows, problems = stats.summaries(folder)
    assert len(rows) == 6 and len(problems) == 1 and "\n" not in problems[0]


def test_stats_json_and_csv_from_the_command_line(folder: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    out_csv = tmp_path / "stats.csv"
    assert main(["stats", "--json", "--history", str(folder), "--csv", str(out_csv)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["games"] == 6 and doc["by_game"]["hero_realms"]["won"] == 1
    rows = list(csv.DictReader(io.StringIO(out_csv.read_text())))
    assert [r["result"] for r in rows] == ["lost", "won", "lost", "lost", "none", "won"]
    assert rows[1]["levels"] == "easy" and rows[0]["turns"] == "81"


def test_stats_bad_input_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--history", str(tmp_path / "nowhere")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no such history folder" in err
    (tmp_path / "h").mkdir()
    assert main(["stats", "--history", str(tmp_path / "h"), "--csv", str(tmp_path / "h")]) == 2  # a folder
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write the CSV" in err
