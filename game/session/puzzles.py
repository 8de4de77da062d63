"""Puzzle files: reading one, listing the shipped folder and the player's own, checking a line.

A puzzle is a TOML file (the format is in ``data/puzzles/README.md``): the game it is of,
an id, a title, a goal, a hint, the starting ``[position]`` (the game's scenario notation
where it has one) and a solution, a line of actions in the game's notation; optionally
``wrong``, lines a player may try that do not solve it. The goal and the position are the
game's to read (:meth:`game.core.game.Game.puzzle_rules`); nothing here names a game.

:func:`load_puzzle` refuses a malformed file in one line (``DataError``); :func:`listing`
lists ``data/puzzles/<game>/`` and the player's ``<data>/puzzles/`` (any folder under it),
a bad file among them listed with its reason instead of stopping the list;
:meth:`Puzzle.attempt` starts a puzzle (an :class:`~game.core.puzzle.Attempt` a screen
plays line by line) and :func:`check` plays a whole line and gives its
:class:`~game.core.puzzle.Trial`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from game import games
from game.core.docs import Doc
from game.core.errors import DataError, NotationError, RealmsError
from game.core.puzzle import Attempt, Goal, PuzzleRules, Trial, trial
from game.core.resources import data_path
from game.core.tomlcompat import load_file
from game.core.userdirs import data_dir

TOP_KEYS = frozenset({"game", "id", "title", "goal", "hint", "solution", "wrong", "position"})
LANGS = ("en", "fr")
ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
SHIPPED, USER = "shipped", "user"
LINE_SEPARATOR = ";"  # between the actions of a line given as one text (``puzzle check --line``)


@dataclass(frozen=True)
class Puzzle:
    """A puzzle as its file says it, its position already built once (a position or goal
    the game refuses never makes a Puzzle)."""

    game: str
    id: str
    title: dict[str, str]
    goal: Goal
    hint: dict[str, str]
    solution: tuple[str, ...]
    wrong: tuple[tuple[str, ...], ...]
    position: Doc
    source: str

    def attempt(self) -> Attempt:
        """The puzzle at its start, ready to be played line by line."""
        rules = _rules(self.game, self.source)
        start = rules.start(self.position, f"{self.source}: position")
        return Attempt(games.game(self.game), rules, self.goal, start, rules.solver(start))

    def text(self, field: str, lang: str = "en") -> str:
        """The title or the hint in ``lang`` (English when the file has no such language)."""
        texts: dict[str, str] = getattr(self, field)
        return texts.get(lang) or texts["en"]

    def summary(self) -> Doc:
        """The puzzle as ``puzzle list --json`` prints it."""
        return {"id": self.id, "game": self.game, "title": self.text("title"), "goal": self.goal.to_dict(),
                "hint": self.text("hint"), "moves": len(self.solution), "source": self.source}


@dataclass(frozen=True)
class Listed:
    """One file of a puzzle folder: its puzzle, or the one-line reason it is not one."""

    source: str
    origin: str  # SHIPPED or USER
    puzzle: Puzzle | None = None
    problem: str | None = None


def _rules(game: str, where: str) -> PuzzleRules:
    found = games.game(game).puzzle_rules()
    if found is None:
        raise DataError(f"{where}: game", f"{games.title(game)} has no puzzles")
    return found


def _texts(raw: object, where: str) -> dict[str, str]:
    """A text in English, or a table of texts by language with English among them."""
    if isinstance(raw, str):
        raw = {"en": raw}
    if not isinstance(raw, dict):
        raise DataError(where, "must be a text, or a table of texts by language (en = \"...\", fr = \"...\")")
    extra = sorted(set(raw) - set(LANGS))
    if extra:
        raise DataError(where, f"unknown language {extra[0]!r}")
    for lang, text in raw.items():
        if not isinstance(text, str) or not text.strip():
            raise DataError(f"{where}.{lang}", "must be a text that is not empty")
    if "en" not in raw:
        raise DataError(where, "needs a text in 'en'")
    return {lang: str(text).strip() for lang, text in raw.items()}


def _lines(raw: object, where: str, parse: object) -> tuple[str, ...]:
    """A list of action lines, each parsed by the game's notation."""
    if not isinstance(raw, list) or not raw or not all(isinstance(x, str) and x.strip() for x in raw):
        raise DataError(where, "must be a list of action lines")
    for i, line in enumerate(raw):
        try:
            parse(line)  # type: ignore[operator]
        except NotationError as exc:
            raise DataError(f"{where}[{i}]", str(exc)) from None
    return tuple(x.strip() for x in raw)


def parse_puzzle(doc: Doc, where: str) -> Puzzle:
    """A puzzle from its TOML document; DataError naming the field that is wrong."""
    unknown = sorted(set(doc) - TOP_KEYS)
    if unknown:
        raise DataError(where, f"unknown field {unknown[0]!r}")
    for key in ("game", "id", "title", "goal", "hint", "solution", "position"):
        if key not in doc:
            raise DataError(where, f"needs a {key!r}")
    name = doc["game"]
    if not isinstance(name, str) or name not in games.names():
        raise DataError(f"{where}: game", f"unknown game {name!r} (known: {', '.join(games.names())})")
    pid = doc["id"]
    if not isinstance(pid, str) or not ID.match(pid):
        raise DataError(f"{where}: id", f"must be lower-case letters, digits, - and _ (at most 64), not {pid!r}")
    rules = _rules(name, where)
    position = doc["position"]
    if not isinstance(position, dict):
        raise DataError(f"{where}: position", "must be a table ([position]) in the game's position notation")
    start = rules.start(position, f"{where}: position")
    solver = rules.solver(start)
    goal = rules.goal(doc["goal"], f"{where}: goal", start, solver)
    kind = games.game(name)
    solution = _lines(doc["solution"], f"{where}: solution", kind.parse)
    wrong_raw = doc.get("wrong", [])
    if not isinstance(wrong_raw, list):
        raise DataError(f"{where}: wrong", "must be a list of lines (each a list of action lines)")
    wrong = tuple(_lines(w, f"{where}: wrong[{i}]", kind.parse) for i, w in enumerate(wrong_raw))
    return Puzzle(name, pid, _texts(doc["title"], f"{where}: title"), goal, _texts(doc["hint"], f"{where}: hint"),
                  solution, wrong, position, where)


def load_puzzle(path: str | Path) -> Puzzle:
    """The puzzle of a file; DataError in one line when the file is unreadable, not TOML,
    or not a puzzle (a field missing or wrong, a position or goal its game refuses)."""
    p = Path(path)
    try:
        doc = load_file(p)
    except OSError as exc:
        raise DataError(str(p), f"cannot read the puzzle ({exc.strerror or exc})") from None
    return parse_puzzle(doc, str(p))


def shipped_dir() -> Path:
    return data_path("puzzles")


def user_dir() -> Path:
    """Where a player's own puzzles go: ``<data>/puzzles/`` (any folder under it)."""
    return data_dir() / "puzzles"


def _files(folder: Path, pattern: str) -> tuple[list[Path], str | None]:
    try:
        return sorted(p for p in folder.glob(pattern) if not p.is_dir()), None
    except OSError as exc:
        return [], f"cannot read the folder ({exc.strerror or exc})"


def _read(path: Path, origin: str, folder_game: str | None) -> Listed:
    try:
        puzzle = load_puzzle(path)
    except RealmsError as exc:  # a reason for a person, in one line
        return Listed(str(path), origin, problem=" ".join(str(exc).split()))
    if folder_game is not None and puzzle.game != folder_game:
        return Listed(str(path), origin, problem=f"{path}: a puzzle of {puzzle.game} in the folder of {folder_game}")
    return Listed(str(path), origin, puzzle)


def listing(shipped: Path | None = None, user: Path | None = None) -> list[Listed]:
    """Every puzzle file of the shipped folder (``<folder>/<game>/*.toml``, each of its
    folder's game) and of the player's (any ``*.toml`` under it), shipped first; a bad file,
    or one whose id an earlier file already has, is listed with its reason."""
    shipped = shipped_dir() if shipped is None else shipped
    user = user_dir() if user is None else user
    found: list[Listed] = []
    folders = [(shipped / name, SHIPPED, name, "*.toml") for name in games.names()] + [(user, USER, None, "**/*.toml")]
    for folder, origin, game, pattern in folders:
        if not folder.is_dir():
            continue
        files, why = _files(folder, pattern)
        if why:
            found.append(Listed(str(folder), origin, problem=f"{folder}: {why}"))
        found += [_read(p, origin, game) for p in files]
    seen: dict[str, str] = {}
    out = []
    for entry in found:
        if entry.puzzle is not None:
            key = entry.puzzle.id
            if key in seen:
                entry = Listed(entry.source, entry.origin, problem=f"{entry.source}: id {key!r} is already the "
                                                                   f"puzzle of {seen[key]}")
            else:
                seen[key] = entry.source
        out.append(entry)
    return out


def puzzles(game: str | None = None) -> list[Puzzle]:
    """The good puzzles of :func:`listing` (of one game, if given)."""
    return [e.puzzle for e in listing() if e.puzzle is not None and (game is None or e.puzzle.game == game)]


def split_line(text: str) -> list[str]:
    """A line of actions written as one text: actions separated by ``;`` or new lines."""
    return [part.strip() for chunk in text.splitlines() for part in chunk.split(LINE_SEPARATOR) if part.strip()]


def check(puzzle: Puzzle, lines: list[str] | tuple[str, ...] | None = None) -> Trial:
    """Play ``lines`` (the puzzle's solution when None) from the start on the engine."""
    return trial(puzzle.attempt(), list(puzzle.solution if lines is None else lines))
