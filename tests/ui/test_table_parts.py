"""A table's helpers see it through its parts protocol, never by importing its scene: only the
modules that make a scene (the scene itself, its door, tour, bench and self-test) name it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parents[2] / "game" / "ui"
TABLES = ("hero_realms", "fantasy_realms", "herosdei")
SCENES = {"table", "chaos_table"}
MAKERS = SCENES | {"entry", "capture", "chaos_capture", "bench", "selftest"}


def scene_imports(path: Path, game: str) -> list[str]:
    """The scene modules of ``game`` that ``path`` imports anywhere (typing-only imports too)."""
    names = {f"game.ui.{game}.{s}" for s in SCENES}
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            mods = {node.module} | {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            mods = {a.name for a in node.names}
        else:
            continue
        found += sorted(mods & names)
    return found


@pytest.mark.parametrize("game", TABLES)
def test_no_helper_of_a_table_imports_its_scene(game: str) -> None:
    helpers = [p for p in sorted((UI / game).glob("*.py")) if p.stem not in MAKERS]
    assert len(helpers) > 10
    offenders = {p.stem: scene_imports(p, game) for p in helpers if scene_imports(p, game)}
    assert offenders == {}


def test_the_finder_sees_a_typing_only_scene_import(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                     "    from game.ui.herosdei.table import HdTableScene\n", encoding="utf-8")
    assert scene_imports(probe, "herosdei") == ["game.ui.herosdei.table"]
    probe.write_text("def f():\n    from game.ui.fantasy_realms import chaos_table\n", encoding="utf-8")
    assert scene_imports(probe, "fantasy_realms") == ["game.ui.fantasy_realms.chaos_table"]
