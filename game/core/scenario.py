"""What every game's scenario runner shares: the exit codes, the result, the
``[expect]`` table's dotted paths into the output, and the verdict.

Each game's runner (``game/<game>/scenario.py``) builds its position from the file,
applies the actions with :func:`play` and prints its own output; :func:`judge`
compares that output with the expectations. Exit codes: 0 ok (or the expectations
hold), 1 an expectation fails, 2 a bad file or a notation syntax error, 3 an illegal
action that no ``error`` expectation anticipated.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol, TypeVar

from game.core.errors import DataError, IllegalActionError, NotationError

OK, EXPECT_FAILED, BAD_INPUT, ILLEGAL = 0, 1, 2, 3


class ScenarioResult:
    def __init__(self, output: dict[str, Any], code: int, mismatches: list[str]) -> None:
        self.output = output
        self.code = code
        self.mismatches = mismatches


class Playable(Protocol):
    def apply(self, action: Any) -> Any: ...


def flatten(d: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """A nested ``[expect]`` table as dotted paths (``players.1.kills``)."""
    out: dict[str, Any] = {}
    for k, v in d.items():
        path = f"{prefix}{k}"
        if isinstance(v, dict):
            out.update(flatten(v, path + "."))
        else:
            out[path] = v
    return out


def lookup(doc: Any, path: str) -> tuple[bool, Any]:
    """(found, value) at a dotted path; list indices may be negative."""
    cur = doc
    for part in path.split("."):
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
        elif isinstance(cur, list) and part.lstrip("-").isdigit() and -len(cur) <= int(part) < len(cur):
            cur = cur[int(part)]
        else:
            return False, None
    return True, cur


A = TypeVar("A")


def parse_actions(doc: dict[str, Any], parse: Callable[[str], A], where: str) -> list[A]:
    """The file's ``actions`` parsed by the game's notation; DataError for a value that
    is not a list of lines, NotationError naming the line that does not parse."""
    raw = doc.get("actions", [])
    if not isinstance(raw, list):
        raise DataError(f"{where}: actions", "must be a list of action lines")
    out = []
    for i, line in enumerate(raw):
        if not isinstance(line, str):
            raise DataError(f"{where}: actions[{i}]", f"must be text, not {line!r}")
        try:
            out.append(parse(line))
        except NotationError as exc:
            raise NotationError(f"{where}: actions[{i}]: {exc}") from None
    return out


def play(st: Playable, actions: Iterable[Any]) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """Apply the actions in turn: the events as JSON, and the first illegal action
    (index, line, reason) that stopped them, if any."""
    events: list[dict[str, Any]] = []
    for i, a in enumerate(actions):
        try:
            events.extend(e.to_dict() for e in st.apply(a))
        except IllegalActionError as exc:
            return events, {"index": i, "action": str(a), "reason": str(exc)}
    return events, None


def judge(out: dict[str, Any], expect: dict[str, Any], error: dict[str, Any] | None) -> ScenarioResult:
    """The verdict on ``out`` against the flattened expectations."""
    mismatches = []
    for path, want in expect.items():
        found, got = lookup(out, path)
        if not found:
            mismatches.append(f"expect {path}: expected {want!r}, but the output has no such path")
        elif got != want:
            mismatches.append(f"expect {path}: expected {want!r}, got {got!r}")
    if error is not None and not any(p == "error" or p.startswith("error.") for p in expect):
        code = ILLEGAL
    elif mismatches:
        code = EXPECT_FAILED
    else:
        code = OK
    return ScenarioResult(out, code, mismatches)
