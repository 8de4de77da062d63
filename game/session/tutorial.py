"""Guided first games: lessons written as data, read and checked for every game alike.

A lesson is a file ``data/tutorials/<game>/<lesson>.toml``: the game's record setup
(a scenario position or a standard deal with its seed), the lines played before the
lesson begins, and its steps. A step of the player's names the line(s) the lesson
expects (one of ``lines``; all of ``every`` in any order; or any legal line starting
with ``prefix``), what the table points at (``point``, and ``to`` for a drag) and
what it says, in every language; a step of the opponent's lists the lines its
scripted seat plays. The file's ``refuse`` text is what a player hears when trying
another move. Nothing here names a game: the record comes from the game's class
(``game/games.py``), the lines are the game's own notation.

:func:`load_lesson` refuses a malformed file in one line (``DataError``);
:func:`check_lesson` replays a lesson through the engine and says which step expects
a line that is not legal there.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game import games
from game.core.docs import Doc
from game.core.errors import DataError, NotationError, RealmsError
from game.core.game import Game, GameState
from game.core.record import SaveRecord
from game.core.resources import data_path
from game.core.tomlcompat import load_file

LANGS = ("en", "fr")
TOP_KEYS = {"title", "order", "seat", "setup", "actions", "refuse", "finish", "steps"}
STEP_KEYS = {"lines", "every", "prefix", "point", "to", "text", "rule", "refuse", "opponent"}
TARGET_KEYS = {"zone", "card", "seat", "button"}


@dataclass(frozen=True)
class Target:
    """What the table points at: a zone (``hand``, ``market``, ``deck``...), a card of it
    (its id or reference, as the game's notation writes it), whose (a seat; None: the
    player's), or a button of the table (zone ``button``, ``card`` its name)."""

    zone: str
    card: str | None = None
    seat: int | None = None


@dataclass(frozen=True)
class Step:
    """One step of a lesson: the player's (expected lines, pointer, text) or the
    opponent's (``opponent``: the lines its scripted seat plays, in order)."""

    lines: tuple[str, ...] = ()
    every: tuple[str, ...] = ()
    prefix: str | None = None
    point: Target | None = None
    to: Target | None = None
    text: dict[str, str] | None = None
    rule: dict[str, str] | None = None
    refuse: dict[str, str] | None = None
    opponent: tuple[str, ...] = ()

    @property
    def scripted(self) -> bool:
        """The opponent's step (the lesson plays it, not the player)."""
        return bool(self.opponent)


@dataclass(frozen=True)
class Lesson:
    """A lesson as its file says it (see the module's docstring)."""

    game: str
    name: str
    title: dict[str, str]
    order: int
    seat: int
    setup: Doc
    actions: tuple[str, ...]
    refuse: dict[str, str]
    finish: dict[str, str]
    steps: tuple[Step, ...]

    def record(self) -> SaveRecord[GameState]:
        """The game's record of the lesson: its setup, and the lines played before it begins."""
        return record_of(self.game, self.setup, list(self.actions), f"lesson {self.game}/{self.name}")


def say(text: dict[str, str] | None, lang: str) -> str:
    """A lesson's text in ``lang`` (English when the file has no such language)."""
    if not text:
        return ""
    return text.get(lang) or text.get("en", "")


def record_of(game: str, setup: Doc, actions: list[str], where: str) -> SaveRecord[GameState]:
    """A record of ``game`` with this setup: the record class is the one the game's class
    makes for a new game, and it checks the setup's fields as it does for a save."""
    seats = setup.get("seats")
    cls = type(games.game(game).new_record(seats if isinstance(seats, int) and not isinstance(seats, bool) else 2, 0))
    cls.check_setup(setup, where)
    record: SaveRecord[GameState] = cls(dict(setup), list(actions))
    return record


# ---- reading a lesson ---------------------------------------------------------------------------
def _texts(raw: object, where: str, required: bool = True) -> dict[str, str] | None:
    """A table of texts by language, every language of the table present."""
    if raw is None and not required:
        return None
    if not isinstance(raw, dict):
        raise DataError(where, "must be a table of texts by language (en = \"...\", fr = \"...\")")
    for lang in LANGS:
        if not isinstance(raw.get(lang), str) or not raw[lang].strip():
            raise DataError(where, f"needs a text in {lang!r}")
    extra = set(raw) - set(LANGS)
    if extra:
        raise DataError(where, f"unknown language {sorted(extra)[0]!r}")
    return {lang: str(raw[lang]) for lang in LANGS}


def _lines(raw: object, where: str) -> tuple[str, ...]:
    if raw is None:
        return ()
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list) or not raw or not all(isinstance(x, str) and x.strip() for x in raw):
        raise DataError(where, "must be an action line or a list of action lines")
    return tuple(x.strip() for x in raw)


def _target(raw: object, where: str) -> Target | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise DataError(where, "must be a table: { zone = \"...\", card = \"...\", seat = N } or { button = \"...\" }")
    unknown = set(raw) - TARGET_KEYS
    if unknown:
        raise DataError(where, f"unknown field {sorted(unknown)[0]!r}")
    if "button" in raw:
        if not isinstance(raw["button"], str) or set(raw) != {"button"}:
            raise DataError(where, "a button target is { button = \"<name>\" } alone")
        return Target("button", raw["button"])
    zone, card, seat = raw.get("zone"), raw.get("card"), raw.get("seat")
    if not isinstance(zone, str) or not zone:
        raise DataError(where, "needs a zone (or a button)")
    if card is not None and not isinstance(card, str):
        raise DataError(f"{where}.card", f"must be text, not {card!r}")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or seat < 0):
        raise DataError(f"{where}.seat", f"must be a seat number, not {seat!r}")
    return Target(zone, card, seat)


def _step(raw: object, where: str) -> Step:
    if not isinstance(raw, dict):
        raise DataError(where, "must be a table")
    unknown = set(raw) - STEP_KEYS
    if unknown:
        raise DataError(where, f"unknown field {sorted(unknown)[0]!r}")
    opponent = _lines(raw.get("opponent"), f"{where}.opponent")
    lines, every = _lines(raw.get("lines"), f"{where}.lines"), _lines(raw.get("every"), f"{where}.every")
    prefix = raw.get("prefix")
    if prefix is not None and (not isinstance(prefix, str) or not prefix.strip()):
        raise DataError(f"{where}.prefix", "must be the start of an action line")
    expected = sum(1 for x in (lines, every, prefix) if x)
    if opponent:
        if expected or "point" in raw or "to" in raw:
            raise DataError(where, "an opponent's step has only its lines (and a text)")
        return Step(opponent=opponent, text=_texts(raw.get("text"), f"{where}.text", required=False))
    if expected != 1:
        raise DataError(where, "needs exactly one of lines, every, prefix (or opponent)")
    return Step(lines=lines, every=every, prefix=prefix.strip() if prefix else None,
                point=_target(raw.get("point"), f"{where}.point"), to=_target(raw.get("to"), f"{where}.to"),
                text=_texts(raw.get("text"), f"{where}.text"), rule=_texts(raw.get("rule"), f"{where}.rule", False),
                refuse=_texts(raw.get("refuse"), f"{where}.refuse", False))


def _int(doc: Doc, key: str, default: int, where: str) -> int:
    value = doc.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise DataError(f"{where}: {key}", f"must be a whole number, not {value!r}")
    return value


def parse_lesson(doc: Doc, game: str, name: str, where: str) -> Lesson:
    """A lesson from its TOML document; DataError naming the field that is wrong."""
    unknown = set(doc) - TOP_KEYS
    if unknown:
        raise DataError(where, f"unknown field {sorted(unknown)[0]!r}")
    setup = doc.get("setup")
    if not isinstance(setup, dict):
        raise DataError(f"{where}: setup", "needs the game's record setup as a table")
    steps_raw = doc.get("steps")
    if not isinstance(steps_raw, list) or not steps_raw:
        raise DataError(f"{where}: steps", "needs at least one [[steps]] table")
    steps = tuple(_step(s, f"{where}: steps[{i}]") for i, s in enumerate(steps_raw))
    if all(s.scripted for s in steps):
        raise DataError(f"{where}: steps", "no step is the player's")
    actions = _lines(doc["actions"], f"{where}: actions") if doc.get("actions") else ()
    title = _texts(doc.get("title"), f"{where}: title")
    refuse = _texts(doc.get("refuse"), f"{where}: refuse")
    finish = _texts(doc.get("finish"), f"{where}: finish")
    assert title is not None and refuse is not None and finish is not None  # required texts
    return Lesson(game, name, title, _int(doc, "order", 0, where), _int(doc, "seat", 0, where), setup,
                  actions, refuse, finish, steps)


def load_lesson(path: str | Path, game: str) -> Lesson:
    """The lesson of a file (its name is the file's stem); DataError in one line when
    the file is unreadable, not TOML, or malformed."""
    p = Path(path)
    try:
        doc = load_file(p)
    except OSError as exc:
        raise DataError(str(p), f"cannot read the lesson ({exc.strerror or exc})") from None
    return parse_lesson(doc, game, p.stem, str(p))


def lesson_dir(game: str) -> Path:
    return data_path("tutorials", game)


def lessons(game: str, problems: list[str] | None = None) -> list[Lesson]:
    """The lessons of a game, in their ``order`` (then by name); none when it has no folder.
    A malformed file raises its DataError, or, given ``problems``, is left out and its
    one line added there."""
    folder = lesson_dir(game)
    found = []
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
        try:
            found.append(load_lesson(path, game))
        except DataError as exc:
            if problems is None:
                raise
            problems.append(str(exc))
    return sorted(found, key=lambda lesson: (lesson.order, lesson.name))


def games_with_lessons() -> list[str]:
    """The playable games of the registry that have at least one lesson file."""
    return [g for g in games.playable() if lesson_dir(g).is_dir() and any(lesson_dir(g).glob("*.toml"))]


# ---- checking a lesson against the engine -------------------------------------------------------
def _try(kind: Game, st: GameState, line: str, seat: int) -> str | None:
    """Why ``seat`` may not play ``line`` in ``st`` (None: it may; ``st`` is not changed)."""
    if seat not in st.waiting_for():
        return f"seat {seat} is not the one to act"
    probe = st.clone()
    try:
        probe.apply(kind.bind(probe, kind.parse(line), seat))
    except (RealmsError, NotationError) as exc:
        return str(exc)
    return None


def _play(kind: Game, st: GameState, line: str, seat: int) -> None:
    st.apply(kind.bind(st, kind.parse(line), seat))


def prefixed(legal: list[str], prefix: str) -> list[str]:
    """The legal lines a ``prefix`` step accepts: the prefix followed by nothing or a space."""
    return [ln for ln in legal if ln == prefix or ln.startswith(prefix + " ")]


def check_lesson(lesson: Lesson) -> GameState:
    """Replay the lesson through the engine: every line each step expects is legal for the
    seat that plays it (the player's steps for the lesson's seat, the opponent's for the seat
    to act, never the player's). Returns the state at the end; DataError naming the step."""
    kind = games.game(lesson.game)
    where = f"lesson {lesson.game}/{lesson.name}"
    try:
        st = lesson.record().replay()
    except RealmsError as exc:
        raise DataError(where, f"the setup does not start a game ({exc})") from None
    if lesson.seat >= st.n:
        raise DataError(f"{where}: seat", f"the game has {st.n} seats")
    for i, step in enumerate(lesson.steps):
        here = f"{where}: steps[{i}]"
        if step.scripted:
            for line in step.opponent:
                waiting = st.waiting_for()
                if not waiting or waiting[0] == lesson.seat:
                    raise DataError(here, f"the opponent's {line!r} comes when the player is to act")
                why = _try(kind, st, line, waiting[0])
                if why:
                    raise DataError(here, f"{line!r} is not legal for seat {waiting[0]}: {why}")
                _play(kind, st, line, waiting[0])
            continue
        if step.prefix is not None:
            legal = [str(a) for a in st.legal_actions()] if lesson.seat in st.waiting_for() else []
            found = prefixed(legal, step.prefix)
            if not found:
                raise DataError(here, f"no legal line starts with {step.prefix!r}")
            _play(kind, st, found[0], lesson.seat)
            continue
        for line in step.lines:
            why = _try(kind, st, line, lesson.seat)
            if why:
                raise DataError(here, f"{line!r} is not legal: {why}")
        if step.lines:
            _play(kind, st, step.lines[0], lesson.seat)
        for line in step.every:
            why = _try(kind, st, line, lesson.seat)
            if why:
                raise DataError(here, f"{line!r} is not legal: {why}")
            _play(kind, st, line, lesson.seat)
    return st
