"""The house's modules parsed once per test process: the layer, circle, naming and purity
checks read the same few hundred files, and parsing them is most of what those checks cost."""

from __future__ import annotations

import ast
import functools
from pathlib import Path


@functools.cache
def tree(path: Path) -> ast.Module:
    """``path`` parsed (the same tree object for every caller: walk it, never change it)."""
    return ast.parse(path.read_text(encoding="utf-8"))


@functools.cache
def modules(folder: Path) -> tuple[Path, ...]:
    """Every ``.py`` file under ``folder``, sorted."""
    return tuple(sorted(folder.rglob("*.py")))
