"""The New game and LAN screens ask the game registry: they name no game, and a game
the registry gains (with agents and a table door of its own) shows up on them with
its own options, seat counts, Start rule and setup words."""

from __future__ import annotations

import ast
import sys
import types
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import games
from game.ai.agent import RandomAgent
from game.core.game import Game
from game.session.session import SeatConfig
from game.ui.app import App
from game.ui.i18n import Tr
from game.ui.scenes.lan import setup_words
from game.ui.scenes.newgame import NewGameScene
from game.ui.tablekit.entry import TableDoor
from game.ui.tablekit.options import Geometry, OptionsScreen
from game.ui.widgets.basic import Cycle, Group, Label

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ("game/ui/scenes/newgame.py", "game/ui/scenes/lan.py", "game/ui/lan_start.py")
GAME_PACKAGES = ("game.{g}", "game.ai.{g}", "game.ui.{g}", "game.net.{g}")


def _named_games(path: Path) -> list[str]:
    """Where a module names a game of the registry: a string equal to its name, or an
    import of one of its packages (inside functions too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in games.names():
            found.append(f"{path.name}:{node.lineno} says {node.value!r}")
        if isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        else:
            continue
        hits = [m for m in modules for g in games.names()
                if any(m == p.format(g=g) or m.startswith(p.format(g=g) + ".") for p in GAME_PACKAGES)]
        if hits:  # ``from game.ui import fantasy_realms`` names the package only in its names
            found.append(f"{path.name}:{node.lineno} imports {hits[0]}")
    return found


@pytest.mark.parametrize("path", SCREENS)
def test_the_new_game_and_lan_screens_name_no_game(path: str) -> None:
    assert _named_games(ROOT / path) == []


def test_the_checker_sees_a_game_named_or_imported(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from game.ui.fantasy_realms import rulings\n    from game.ui import hero_realms\n"
                     "    return 'hero_realms'\n", encoding="utf-8")
    assert _named_games(probe) == ["probe.py:2 imports game.ui.fantasy_realms", "probe.py:3 imports game.ui.hero_realms",
                                   "probe.py:4 says 'hero_realms'"]


# ---- a third game, its table door and its options panel, made up for the test ---------------------
@dataclass
class BoardSetup:
    seats: list[SeatConfig]
    seed: int | None = None
    board: str = "round"
    game = "board_realms"

    def record(self) -> Any:
        raise AssertionError("the test never opens this game's table")

    def lan_config(self) -> dict[str, Any]:
        return {"game": self.game, "format": self.board}


@dataclass
class BoardOptions:
    screen: OptionsScreen
    board: str = "round"
    beside: list[pygame.Rect] = field(default_factory=list)

    def seat_counts(self) -> list[int]:
        return [2, 3, 4] if self.board == "round" else [5]

    def rows(self, group: Group, y: int, geo: Geometry) -> int:
        group.add(Label("Board", 18, (255, 255, 255), pygame.Rect(geo.x, y, geo.label_w, geo.row_h)))
        group.add(Cycle([("round", "Round"), ("long", "Long")], self.board, self.set_board,
                        pygame.Rect(geo.field_x, y, geo.field_w, geo.row_h)))
        return y + geo.row_h

    def set_board(self, board: str) -> None:
        self.board = board
        self.screen.refit()

    def beside_count(self, group: Group, rect: pygame.Rect) -> None:
        self.beside.append(rect)

    def note(self, group: Group, y: int, geo: Geometry, seats: list[SeatConfig]) -> int:
        group.add(Label(f"{len(seats)} at the {self.board} board", 14, (200, 200, 200), pygame.Rect(geo.x, y, geo.width, 20)))
        return y + 24

    def start_problem(self, seats: list[SeatConfig]) -> str | None:
        return "Nobody may play alone" if all(s.kind == "ai" for s in seats) else None

    def setup(self, seats: list[SeatConfig], seed: int | None) -> BoardSetup:
        return BoardSetup(seats, seed, self.board)


def _door() -> types.ModuleType:
    """The door's module: its TableDoor, whose New game panel and LAN words are this module's too."""
    door = types.ModuleType("board_realms_door")

    def new_options(screen: OptionsScreen, previous: object | None) -> BoardOptions:
        return BoardOptions(screen, str(getattr(previous, "board", "round")))

    def setup_words_of(tr: Tr, fmt: str, modules: Sequence[str]) -> str:
        return f"{fmt} board"

    def rulings_line(tr: Tr, rulings: Mapping[str, bool]) -> str | None:
        return None

    door.PANEL = new_options  # type: ignore[attr-defined]
    door.setup_words = setup_words_of  # type: ignore[attr-defined]
    door.rulings_line = rulings_line  # type: ignore[attr-defined]
    # the screens never open its table, draw its faces nor tour it: those parts name nothing there
    door.DOOR = TableDoor(scene="board_realms_door:NoScene", options="board_realms_door",  # type: ignore[attr-defined]
                          faces="board_realms_door", capture="board_realms_door")
    return door


class BoardRealms(Game):
    """An engine the screens never deal: its facts are all the New game screen and the LAN list read."""

    name = "board_realms"
    title = "Board Realms"
    seats = (2, 3, 4, 5)

    # The screens list and set up a game; they never parse, load or start one.
    def parse(self, line: str) -> Any:
        raise AssertionError("the screens never play this game")

    def loads(self, text: str, where: str) -> Any:
        raise AssertionError("the screens never load this game")

    def new_record(self, seats: int, seed: int, format: str | None = None, modules: tuple[str, ...] = (),
                   rulings: Mapping[str, bool] | None = None) -> Any:
        raise AssertionError("the screens never deal this game")


def _engine() -> types.ModuleType:
    engine = types.ModuleType("board_realms_engine")
    engine.BoardRealms = BoardRealms  # type: ignore[attr-defined]
    return engine


@pytest.fixture
def board_realms(monkeypatch: pytest.MonkeyPatch) -> str:
    """The registry with a third playable game, "Board Realms"."""
    agents = types.ModuleType("board_realms_agents")
    agents.AGENTS = {"random": RandomAgent, "hard": RandomAgent}  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "board_realms_agents", agents)
    monkeypatch.setitem(sys.modules, "board_realms_door", _door())
    monkeypatch.setitem(sys.modules, "board_realms_engine", _engine())
    entry = games.Listing("board_realms", "board_realms_engine:BoardRealms", agents="board_realms_agents",
                          table="board_realms_door")
    monkeypatch.setattr(games, "_LISTINGS", (*games._LISTINGS, entry))
    monkeypatch.setattr(games, "_GAMES", dict(games._GAMES))
    monkeypatch.setitem(games._BY_NAME, entry.name, entry)
    return entry.name


def test_a_third_game_of_the_registry_shows_up_with_its_options(app: App, board_realms: str) -> None:
    ng = NewGameScene(app)
    app.push(ng)
    app.step(1 / 60, [])
    game_row = next(w for w in ng.group.widgets if isinstance(w, Cycle))
    assert [label for _, label in game_row.options][-1] == "Board Realms"
    ng._set_game(board_realms)
    assert any(getattr(w, "text", "") == "Board" for w in ng.group.widgets)  # its own row
    assert any(getattr(w, "text", "") == "2 at the round board" for w in ng.group.widgets)  # its note
    assert ng._counts() == [2, 3, 4] and [s.agent for s in ng.seats if s.kind == "ai"] == ["hard"]
    assert isinstance(ng.options, BoardOptions) and ng.options.beside  # it was given the room beside the count
    ng.options.set_board("long")
    assert len(ng.seats) == 5 and ng._counts() == [5]
    for i in range(5):
        ng._set_kind(i, "ai:random")
    start = next(b for b in ng.group.widgets if getattr(b, "label", "") == app.tr("newgame.start"))
    assert not start.enabled and start.tooltip == "Nobody may play alone"
    ng.start()
    assert app.top is ng and [t for t, _ in app.toasts] == ["Nobody may play alone"]
    ng._set_kind(0, "human")
    ng._set_seed("5")
    setup = ng.setup()
    assert isinstance(setup, BoardSetup) and (setup.board, setup.seed, len(setup.seats)) == ("long", 5, 5)
    ng._set_game(games.DEFAULT)
    ng._set_game(board_realms)  # its choices were kept meanwhile
    assert isinstance(ng.options, BoardOptions) and ng.options.board == "long"
    again = NewGameScene(app, setup)  # a table's "new game" brings its setup back
    assert again.game == board_realms and isinstance(again.options, BoardOptions) and again.options.board == "long"


def test_the_lan_list_asks_the_game_for_its_setup_words(board_realms: str) -> None:
    assert setup_words(Tr("en"), board_realms, "long", ()) == "Board Realms · long board"
    assert setup_words(Tr("en"), "nowhere_realms", "odd", ()) == "nowhere_realms · odd"  # a game this build lacks
