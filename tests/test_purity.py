"""The engines are pure: no pygame, no sockets, nothing from ui, net or ai."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests import source_trees

ROOT = Path(__file__).resolve().parents[1]
PURE = ["game/core", "game/hero_realms", "game/fantasy_realms", "game/herosdei"]
FORBIDDEN = ("pygame", "socket", "selectors", "asyncio", "game.ui", "game.net", "game.ai", "threading", "multiprocessing")


def _imports(path: Path) -> list[str]:
    tree = source_trees.tree(path)
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


FILES = [p for d in PURE if (ROOT / d).is_dir() for p in sorted((ROOT / d).rglob("*.py"))]


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_module_imports_nothing_impure(path: Path) -> None:
    bad = [n for n in _imports(path) if any(n == f or n.startswith(f + ".") for f in FORBIDDEN)]
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"
