"""Crafted files in the history folder never stop the statistics (issue 49.2): each one is
skipped with a one-line note naming it, and every other game still counts, in
``stats.summaries``, in ``python -m game stats`` and on the Statistics screen. The same
for a crafted statistics cache: its summaries are made again from the files."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.session import stats

FIXTURE = Path(__file__).resolve().parents[1] / "history"
GOOD = 6  # the games of the fixture
SEEN = "20261106-100000-fantasy_realms-cafe.json"  # a LAN client's seen record (Fantasy Realms)
SAVE = "20261101-100000-hero_realms.json"  # a full record (Hero Realms)


def _doc(name: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((FIXTURE / name).read_text(encoding="utf-8"))
    return doc


def _seen_as(game: str, events: list[Any]) -> dict[str, Any]:
    """The fixture's seen record made a record of ``game`` whose second step has ``events``."""
    doc = _doc(SEEN)
    doc["game"] = game
    doc["meta"]["history"]["game"] = game
    doc["steps"][1]["events"] = events
    return doc


def _save_with(**meta: Any) -> dict[str, Any]:
    doc = _doc(SAVE)
    doc["meta"]["history"].update(meta)
    return doc


def crafted() -> dict[str, dict[str, Any]]:
    """File name -> a crafted history entry (the reports of issue 49.2, and their kin)."""
    hand = {"type": "hand_scored", "seat": 1, "total": 5, "cards": 7}
    return {
        "herosdei-events-ints": _seen_as("herosdei", [1, 2, 3]),
        "herosdei-vp-list": _seen_as("herosdei", [{"type": "victory_points", "seat": 0, "amount": [1]}]),
        "herosdei-vp-text": _seen_as("herosdei", [{"type": "character_killed", "by": 0, "vp": "many"}]),
        "herosdei-placed-list": _seen_as("herosdei", [{"type": "card_placed", "seat": 0, "card": ["x"]}]),
        "fantasy-cards-number": _seen_as("fantasy_realms", [hand]),
        "fantasy-seat-list": _seen_as("fantasy_realms", [dict(hand, seat=[1], cards=[])]),
        "hero-events-strings": _seen_as("hero_realms", ["card_acquired"]),
        "you-null": _save_with(you=None),
        "you-text": _save_with(you="0"),
        "players-null": _save_with(players=None),
        "players-texts": _save_with(players=["P1", "P2"]),
        "winner-table": _save_with(winner={"seat": 0}),
        "turns-list": _save_with(turns=[1]),
        "history-list": dict(_doc(SAVE), meta={"history": [1]}),
        "first-view-list": dict(_seen_as("herosdei", []), steps=[{"n": 0, "events": [], "view": {"players": 5}}]),
    }


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    dst = tmp_path / "history"
    shutil.copytree(FIXTURE, dst)
    for i, (name, doc) in enumerate(crafted().items()):
        (dst / f"20261201-{i:06d}-{name}.json").write_text(json.dumps(doc), encoding="utf-8")
    return dst


def _bad_names(folder: Path) -> set[str]:
    return {p.name for p in folder.glob("20261201-*.json")}


def test_crafted_entries_are_skipped_each_with_a_line_naming_it(folder: Path) -> None:
    rows, problems = stats.summaries(folder)
    counted = {r["file"] for r in rows}
    bad = _bad_names(folder)
    # a crafted entry whose figures are merely odd may count with what is readable in it;
    # none stops the others, and each one left out says why in one line naming it
    assert {p.name for p in FIXTURE.glob("*.json")} <= counted
    assert len(rows) + len(problems) == GOOD + len(bad)
    for line in problems:
        assert "\n" not in line and any(name in line for name in bad - counted), line
    result = stats.aggregate(rows)  # what is counted adds up
    assert result["games"] == len(rows) and result["won"] + result["lost"] <= len(rows)


def test_stats_on_the_command_line_counts_the_rest(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--json", "--history", str(folder)]) == 0
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    skipped = [line for line in captured.err.splitlines() if line]
    assert "Traceback" not in captured.err and all(line.startswith("skipped: ") and "20261201-" in line
                                                   for line in skipped)
    assert doc["games"] + len(skipped) == GOOD + len(_bad_names(folder)) and doc["games"] >= GOOD
    assert main(["stats", "--history", str(folder)]) == 0
    assert capsys.readouterr().out.startswith(f"{doc['games']} games: ")


def test_a_crafted_statistics_cache_is_made_again_from_the_files(tmp_path: Path) -> None:
    folder = tmp_path / "history"
    shutil.copytree(FIXTURE, folder)
    good, _ = stats.summaries(folder)
    cache = json.loads((folder / stats.CACHE).read_text(encoding="utf-8"))
    odd: list[Any] = [None, 5, "x", [], {}, [None], {"a": None}]
    for i, entry in enumerate(cache["files"].values()):
        summary = entry["summary"]
        for j, key in enumerate(sorted(summary)):
            if (i + j) % 3 == 0:
                summary[key] = copy.deepcopy(odd[(i + j) % len(odd)])
    (folder / stats.CACHE).write_text(json.dumps(cache), encoding="utf-8")
    rows, problems = stats.summaries(folder)
    assert problems == [] and rows == good
    assert stats.aggregate(rows) == stats.aggregate(good)


def test_the_statistics_screen_opens_on_the_rest_and_says_what_it_skipped(folder: Path) -> None:
    from game.ui.app import App
    from game.ui.scenes.stats import StatsScene
    from game.ui.settings import Settings

    app = App(Settings(anim_speed="instant"), size=(1280, 720), persist=False)
    try:
        scene = StatsScene(app, folder)
        app.push(scene)
        for _ in range(3):
            app.step(1 / 60, [])
        assert scene.result["games"] >= GOOD
        if scene.problems:
            assert any("20261201-" in words for words, _until in app.toasts)
    finally:
        app.close()
