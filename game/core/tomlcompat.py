"""TOML reading on every supported Python: ``tomllib`` from 3.11, ``tomli`` below."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from game.core.errors import DataError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised only on Python 3.10
    import tomli as tomllib


def loads(text: str, where: str = "<text>") -> dict[str, Any]:
    try:
        doc: dict[str, Any] = tomllib.loads(text)
        return doc
    except tomllib.TOMLDecodeError as exc:
        raise DataError(where, f"malformed TOML ({exc})") from None


def read_text(path: str | Path) -> str:
    """A UTF-8 text file, or a DataError that names the file and the reason."""
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(str(p), "file not found") from None
    except UnicodeDecodeError:
        raise DataError(str(p), "not UTF-8 text") from None
    except OSError as exc:
        raise DataError(str(p), f"cannot read ({exc.strerror})") from None


def load_file(path: str | Path) -> dict[str, Any]:
    return loads(read_text(path), str(path))
