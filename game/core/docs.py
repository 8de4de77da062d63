"""Reading documents that anyone may have written: saves, seats files and settings
(JSON), scenarios, hand files and card data (TOML, through game/core/tomlcompat.py).

Such a file may be a named pipe, a folder or a device (only regular files are read),
truncated, binary, enormous, or nested so deep that a recursive
parser, or any code that later walks the document, overflows the stack. Every
loader reads through these helpers, so each of those cases ends in one
:class:`DataError` naming the file and the reason, and a document that passes is
a tree of bounded depth whose strings can be written back as UTF-8.
"""

from __future__ import annotations

import json
import os
import re
import stat
from itertools import compress, repeat
from pathlib import Path
from typing import Any, NoReturn

from game.core.errors import DataError

#: a JSON object as read or written: its values are typed by the document's schema
#: (game/<game>/schema, the save format), which Python's types cannot say
Doc = dict[str, Any]

#: the largest document read (a long saved game is a few hundred kilobytes)
MAX_BYTES = 16 * 1024 * 1024
#: the deepest nesting of tables and lists accepted (real documents use fewer than 10)
MAX_DEPTH = 64

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def kind_of(mode: int) -> str | None:
    """What a file of this ``st_mode`` is when it is not a regular file ("a named pipe",
    "a folder", "a device", "a socket"); None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def not_a_file(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` cannot be read as a file, in a few words ("no such file", "a named
    pipe, not a file", "a folder, not a file"...), or None for a regular file."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "no such file"
    except OSError as exc:
        return f"cannot read ({exc.strerror or exc})"
    kind = kind_of(mode)
    return f"{kind}, not a file" if kind else None


def read_text(path: str | os.PathLike[str]) -> str:
    """A UTF-8 text file of at most :data:`MAX_BYTES`, or a DataError that names the
    file and the reason. Only a regular file is read: a named pipe would wait for a
    writer forever, a device may never end."""
    p = Path(path)
    why = not_a_file(p)
    if why == "no such file":
        raise DataError(str(p), "file not found")
    if why:
        raise DataError(str(p), why)
    try:
        # opened without waiting (a pipe swapped in since the check would block the open),
        # then checked again on what was opened
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise DataError(str(p), "file not found") from None
    except OSError as exc:
        raise DataError(str(p), f"cannot read ({exc.strerror or exc})") from None
    try:
        kind = kind_of(os.fstat(fd).st_mode)
        if kind:
            raise DataError(str(p), f"{kind}, not a file")
        with os.fdopen(fd, "rb") as handle:
            fd = -1
            data = handle.read(MAX_BYTES + 1)  # bounded even for a growing file
    except OSError as exc:
        raise DataError(str(p), f"cannot read ({exc.strerror or exc})") from None
    finally:
        if fd >= 0:
            os.close(fd)
    if len(data) > MAX_BYTES:
        raise DataError(str(p), f"larger than {MAX_BYTES // (1024 * 1024)} MiB: not a file of this game")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise DataError(str(p), "not UTF-8 text") from None


def check_size(text: str, where: str) -> None:
    """Refuse a text longer than any document of the game (before parsing it)."""
    if len(text) > MAX_BYTES:
        raise DataError(where, f"larger than {MAX_BYTES // (1024 * 1024)} MiB: not a file of this game")


def check_depth(doc: Any, where: str) -> None:
    """Refuse a parsed document nested deeper than :data:`MAX_DEPTH`. Iterative, so the
    check itself cannot overflow the stack; only containers are visited."""
    stack: list[tuple[Any, int]] = [(doc, 1)] if isinstance(doc, (dict, list)) else []
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise DataError(where, f"nested deeper than {MAX_DEPTH} levels")
        children = list(node.values()) if isinstance(node, dict) else node
        # the containers among the children, picked out at C speed (a flat list may be long)
        containers = compress(children, map(isinstance, children, repeat((dict, list))))
        stack.extend((child, depth + 1) for child in containers)


def check_strings(doc: Any, where: str) -> None:
    """Refuse a parsed document holding a text that cannot be written back as UTF-8
    (a lone surrogate, which JSON's ``\\ud800`` escape can make)."""
    stack = [doc]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            stack.extend(node)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, str) and not node.isascii():
            try:
                node.encode("utf-8")
            except UnicodeEncodeError:
                raise DataError(where, "a text holds an unpaired surrogate (\\ud800-\\udfff), not a character") from None


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def load_json(text: str, where: str, what: str = "a JSON document") -> Any:
    """The JSON document ``text`` holds, checked by :func:`check_depth` and
    :func:`check_strings`; any other text
    (malformed, too large, too deep, NaN, a number of thousands of digits) is a
    one-line DataError "``where``: not ``what`` (why)", whose ``reason`` is the why
    alone when ``what`` is empty."""
    check_size(text, where)
    try:
        doc = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        _refuse(where, what, f"bad JSON at line {exc.lineno}")
    except RecursionError:
        _refuse(where, what, f"nested deeper than {MAX_DEPTH} levels")
    except ValueError as exc:  # NaN/Infinity, or an integer longer than Python converts
        _refuse(where, what, str(exc) if "JSON number" in str(exc) else "a number is too long")
    check_depth(doc, where)
    if _SURROGATE_ESCAPE.search(text):  # the only way a JSON text makes a lone surrogate
        check_strings(doc, where)
    return doc


def _refuse(where: str, what: str, why: str) -> NoReturn:
    raise DataError(where, f"not {what} ({why})" if what else why) from None
