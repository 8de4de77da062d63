"""The house's layers, checked on every import in game/ (module level and inside
functions; typing-only imports under ``if TYPE_CHECKING:`` aside):

- core imports only core; an engine imports only core and itself;
- ai never imports ui, net, the session or the command line;
- net never imports ui or the command line;
- the session package (``game/session/``) knows no game's engine, no net and no ui;
- a game's own packages (``game/ai/<game>``, ``game/ui/<game>``, ``game/net/<game>``)
  never import another game's packages or engine;
- what every game shares (the table kit, the root of ``game/ai``) imports no game;
- a screen (``game/ui/scenes``) never imports another screen, only the shared helpers
  (``common``, ``dialogs``): screens open one another through the router (``ui/screens.py``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import source_trees

ROOT = Path(__file__).resolve().parents[1]
ENGINES = {"hero_realms", "fantasy_realms", "herosdei"}
COMMAND_LINE = {"cli", "cli_core"}
SESSION = {"session"}  # the package: session, AI seats, clients, local games, history, replays, lessons
SCREEN_HELPERS = {"common", "dialogs"}


def _typing_only(tree: ast.AST) -> set[int]:
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(sub) for stmt in node.body for sub in ast.walk(stmt))
    return skip


def imports(path: Path, package: list[str]) -> Iterator[tuple[int, str]]:
    """(line, absolute module name) for every import of ``path``, a module of ``package``."""
    tree = source_trees.tree(path)
    skip = _typing_only(tree)
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            if node.module is None and node.level:  # from . import x: each name may be a module
                for alias in node.names:
                    yield node.lineno, f"{module}.{alias.name}"
            else:
                yield node.lineno, module


def breach(src: list[str], dst: list[str]) -> str | None:
    """Why ``src`` (module parts) may not import ``dst``, or None."""
    if dst[0] != "game" or len(src) < 2:
        return None
    top, dtop = src[1], dst[1] if len(dst) > 1 else ""
    if top == "core" and dtop not in ("core", ""):
        return "core imports only core"
    if top in ENGINES and dtop not in ("core", top, ""):
        return "an engine imports only core and itself"
    if top == "ai" and dtop in {"ui", "net", *SESSION, *COMMAND_LINE}:
        return "ai never imports ui, net, the session or the command line"
    if top == "net" and dtop in {"ui", *COMMAND_LINE}:
        return "net never imports ui or the command line"
    if top in SESSION and dtop in {*ENGINES, "ui", "net", *COMMAND_LINE}:
        return "the session knows no game, no net and no ui"
    if (src[:3] == ["game", "ui", "scenes"] and dst[:3] == ["game", "ui", "scenes"] and len(dst) > 3
            and dst[3] not in SCREEN_HELPERS and dst[3] != src[3]):
        return "a screen never imports another screen (the router opens it)"
    own = _game_of(src)
    other = _game_of(dst)
    if own and other and own != other:
        return "one game's packages never import another game's"
    if (top == "ui" and len(src) > 2 and src[2] == "tablekit") or (top == "ai" and len(src) == 3):
        if other:
            return "what every game shares imports no game"
    return None


def _game_of(parts: list[str]) -> str | None:
    """The game whose package a module is in: its engine, or its ai/ui/net package."""
    if len(parts) > 1 and parts[1] in ENGINES:
        return parts[1]
    if len(parts) > 2 and parts[1] in ("ai", "ui", "net") and parts[2] in ENGINES:
        return parts[2]
    return None


def test_no_import_in_game_breaks_the_layers() -> None:
    found = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        src = list(path.relative_to(ROOT).with_suffix("").parts)
        for line, module in imports(path, src[:-1]):
            why = breach(src, module.split("."))
            if why:
                found.append(f"{path.relative_to(ROOT)}:{line} imports {module}: {why}")
    assert not found, "\n".join(found)


def test_the_checker_sees_imports_inside_functions_and_relative_ones(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import game.ui\n"
                     "def f():\n    from ..ui import app\n    import game.net.host\n    from . import rng\n",
                     encoding="utf-8")
    got = sorted(imports(probe, ["game", "core"]))
    assert got == [(1, "typing"), (5, "game.ui"), (6, "game.net.host"), (7, "game.core.rng")]
    assert breach(["game", "core", "x"], ["game", "ui", "app"]) == "core imports only core"
    assert breach(["game", "session"], ["game", "hero_realms", "state"]) is not None
    assert breach(["game", "ui", "fantasy_realms", "x"], ["game", "ui", "hero_realms", "y"]) is not None
    assert breach(["game", "ui", "scenes", "x"], ["game", "hero_realms", "y"]) is None
    assert breach(["game", "ai", "fantasy_realms", "x"], ["game", "ai", "hero_realms", "y"]) is not None
    assert breach(["game", "ui", "hero_realms", "x"], ["game", "fantasy_realms", "y"]) is not None
    assert breach(["game", "ui", "tablekit", "x"], ["game", "ui", "hero_realms", "y"]) is not None
    assert breach(["game", "ai", "tournament"], ["game", "hero_realms", "state"]) is not None
    assert breach(["game", "ai", "hero_realms", "x"], ["game", "hero_realms", "y"]) is None
    assert breach(["game", "ui", "scenes", "title"], ["game", "ui", "scenes", "newgame"]) is not None
    assert breach(["game", "ui", "scenes", "title"], ["game", "ui", "scenes", "dialogs"]) is None


def test_every_folder_of_python_modules_is_a_package() -> None:
    """A folder without ``__init__.py`` imports (a namespace package) but the executable's
    build, which collects the submodules of ``game``, leaves it out."""
    folders = {p.parent for p in (ROOT / "game").rglob("*.py") if "__pycache__" not in p.parts}
    assert sorted(str(f.relative_to(ROOT)) for f in folders if not (f / "__init__.py").exists()) == []


def _module_names() -> set[str]:
    out = set()
    for path in (ROOT / "game").rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        out.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return out


def import_graph(prefix: str) -> dict[str, set[str]]:
    """Module -> the modules under ``prefix`` it imports (at module level or inside a
    function; ``from package import module`` counts as importing the module)."""
    known = _module_names()
    graph: dict[str, set[str]] = {}
    for path in source_trees.modules(ROOT / "game"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if not (name == prefix or name.startswith(prefix + ".")):
            continue
        package = parts[:-1]
        tree = source_trees.tree(path)
        skip = _typing_only(tree)
        found: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                module = ".".join([*base, *([node.module] if node.module else [])])
                for alias in node.names:
                    sub = f"{module}.{alias.name}"
                    found.add(sub if sub in known else module)
        graph[name] = {m for m in found if m in known and m != name
                       and (m == prefix or m.startswith(prefix + "."))}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: its strongly connected parts of two or more
    modules (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_no_engine_imports_itself_in_a_circle(engine: str) -> None:
    """Data below, rules above: a state module holds data and the rules import it, never
    the reverse, counting imports inside functions."""
    assert circles(import_graph(f"game.{engine}")) == []


def test_no_module_of_the_house_imports_itself_in_a_circle() -> None:
    """Nowhere in game/ (the tables' helpers take parts of the scene, never import it back;
    a screen opens another through the router), counting imports inside functions; type-only
    imports do not count."""
    assert circles(import_graph("game")) == []


def test_the_circle_finder_finds_a_circle_through_a_function_import() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
