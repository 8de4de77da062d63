"""The game registry (game/games.py): every listing names a game class that answers what
the house asks, and outside its own packages a game is named by at most two modules (the
registry aside), so adding a game is one entry plus its packages (game/README.md)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import cast

import pytest

from game import games
from game.core.errors import DataError
from game.core.game import Game, GameState
from game.core.record import SaveRecord
from game.ui.tablekit.base import TableSceneBase
from game.ui.tablekit.entry import PARTS, table_entry
from tests import source_trees

ROOT = Path(__file__).resolve().parents[1]
MAX_NAMING = 2


@pytest.mark.parametrize("name", games.names())
def test_every_listing_names_a_game_class_that_plays_and_deals(name: str) -> None:
    entry = games.listing(name)
    found = games.game(name)
    assert isinstance(found, Game) and found.name == name and found.title
    assert found.seats and all(isinstance(n, int) and n >= 1 for n in found.seats)
    # what no default can give: each game reads its lines, its saves and deals its games
    missing = sorted(m for m in ("parse", "loads", "new_record") if getattr(type(found), m) is getattr(Game, m))
    assert not missing, f"{entry.game} does not answer {missing}"
    rec = found.new_record(min(found.seats), 1)
    state = rec.initial_state()
    assert isinstance(state, GameState) and state.n == min(found.seats)
    assert found.setup_problem(min(found.seats), None, ()) is None
    for module in entry.commands:
        assert callable(games.module(module).register), module
    for _section, spec in (*entry.bench, *entry.selftest):
        assert callable(games.hook(spec)), spec


class _Unread(Game):
    """A game class that forgot how to read its lines and saves."""

    name = "hero_realms"
    title = "Unread"
    seats = (2,)

    def new_record(self, *args: object, **kwargs: object) -> SaveRecord[GameState]:
        raise AssertionError("never dealt")


def test_a_game_class_that_does_not_answer_what_the_house_asks_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games._BY_NAME, "hero_realms", games.Listing("hero_realms", f"{__name__}:_Unread"))
    monkeypatch.setattr(games, "_GAMES", {})
    with pytest.raises(DataError, match="does not answer loads, parse$"):
        games.game("hero_realms")


def test_a_listing_that_names_no_game_class_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    bad = games.Listing("hero_realms", "game.core.game:Outcome")
    monkeypatch.setitem(games._BY_NAME, "hero_realms", bad)
    monkeypatch.setattr(games, "_GAMES", {})
    with pytest.raises(DataError, match="is not the Game class of 'hero_realms'"):
        games.game("hero_realms")


@pytest.mark.parametrize("name", games.playable())
def test_every_playable_game_has_agents_a_tournament_and_a_table_door(name: str) -> None:
    entry = games.listing(name)
    assert entry.agents and entry.tournament and entry.table
    assert "random" in games.module(entry.agents).AGENTS
    assert callable(games.module(entry.tournament).run_command)
    door = table_entry(name)
    assert issubclass(cast(type, games.hook(door.scene)), TableSceneBase)
    for spec in door.variants.values():
        assert issubclass(cast(type, games.hook(spec)), TableSceneBase)
    for part, members in PARTS.items():
        module = games.module(getattr(door, part))
        missing = [m for m in members if not hasattr(module, m)]
        assert not missing, f"{name}'s {part} ({module.__name__}) lacks {missing}"
        assert all(callable(getattr(module, m)) for m in members if not m.isupper())
    if door.resumed is not None:
        assert callable(games.hook(door.resumed))


def _owns(parts: list[str], game: str) -> bool:
    return (len(parts) > 1 and parts[1] == game) or (len(parts) > 2 and parts[1] in ("ai", "ui", "net")
                                                      and parts[2] == game)


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def naming(game: str) -> dict[str, list[int]]:
    """Modules outside ``game``'s packages (and the registry) whose code names it: an import
    of its packages, or a string that is its registry name or a dotted path through it."""
    out: dict[str, list[int]] = {}
    for path in source_trees.modules(ROOT / "game"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if _owns(parts, game) or parts == ["game", "games"]:
            continue
        tree = source_trees.tree(path)
        skip = _docstrings(tree)
        lines = []
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                lines += [node.lineno for n in names if game in n.split(".")]
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                if game in node.value.partition(":")[0].replace("/", ".").split("."):
                    lines.append(node.lineno)
        if lines:
            out[str(path.relative_to(ROOT))] = lines
    return out


@pytest.mark.parametrize("name", games.names())
def test_outside_its_packages_a_game_is_named_by_at_most_two_modules(name: str) -> None:
    found = naming(name)
    assert len(found) <= MAX_NAMING, "\n".join(f"{p}: lines {ls}" for p, ls in found.items())


def test_the_naming_check_sees_imports_and_names_but_not_docstrings(tmp_path: Path) -> None:
    assert "game/net/setups.py" not in naming("hero_realms")
    probe = ast.parse('"""hero_realms in a docstring"""\nimport game.hero_realms.cards\nx = "hero_realms"\n')
    assert len(_docstrings(probe)) == 1
