"""TOML reading on every supported Python (``tomllib`` from 3.11, ``tomli`` below),
bounded like every document a player may hand the game (game/core/docs.py).

Two shapes of TOML would otherwise escape as something other than a DataError:
brackets nested past the parser's recursion (a RecursionError), and a dotted key of
thousands of parts, which costs the parser time and memory quadratic in its length
(a 20 kB key takes seconds and hundreds of megabytes). Such keys are refused by a
scan before parsing; the parsed document is then checked like a JSON one.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from game.core.docs import MAX_DEPTH, check_depth, check_size
from game.core.docs import read_text as read_text
from game.core.errors import DataError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised only on Python 3.10
    import tomli as tomllib

# strings and comments, whose dots are text, not key separators: multi-line strings
# first, then one-line basic and literal strings, then comments
_NOT_KEYS = re.compile(r'"""(?:[^"\\]|\\.|"(?!""))*"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*', re.S)
# what ends a dotted key (or a value): the separators of TOML's syntax
_KEY_ENDS = re.compile(r"[=,\[\]{}\n]")


def _deepest_key(text: str) -> int:
    """The most dots of one dotted key (or value) outside strings and comments: a
    bound on how deep a key nests tables. A float or a time holds one dot."""
    if max(line.count(".") for line in text.split("\n")) <= MAX_DEPTH:
        return 0  # a key lies on one line: no line with this few dots holds a deeper one
    code = _NOT_KEYS.sub('""', text)
    return max(part.count(".") for part in _KEY_ENDS.split(code))


def loads(text: str, where: str = "<text>") -> dict[str, Any]:
    """The TOML document ``text`` holds, or a one-line DataError "``where``: malformed
    TOML (reason)" for anything else: bad syntax, too large, too deep."""
    check_size(text, where)
    if _deepest_key(text) > MAX_DEPTH:
        raise DataError(where, f"malformed TOML (a key nested deeper than {MAX_DEPTH} levels)")
    try:
        doc: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(where, f"malformed TOML ({exc})") from None
    except RecursionError:
        raise DataError(where, f"malformed TOML (nested deeper than {MAX_DEPTH} levels)") from None
    except ValueError:  # an integer longer than Python converts
        raise DataError(where, "malformed TOML (a number is too long)") from None
    check_depth(doc, where)  # tomllib itself refuses escapes of lone surrogates
    return doc


def load_file(path: str | Path) -> dict[str, Any]:
    return loads(read_text(path), str(path))
