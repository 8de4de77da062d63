"""A view as a JSON document: its canonical bytes and hash, and patches between two views.

The LAN host sends a seat's view once and then the operations of :func:`diff`; the
client and a replay of what a seat saw rebuild it with :func:`apply_patch`, and both
ends compare :func:`view_hash` over the result.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


class PatchError(ValueError):
    """A patch that does not fit the view it is applied to (the protocol's ``bad_message``)."""


def canonical(doc: Any) -> bytes:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def view_hash(view: dict[str, Any]) -> str:
    """What both ends compute over the view the client should hold after a message."""
    return hashlib.sha256(canonical(view)).hexdigest()[:16]


Path = list[Any]


def same(a: Any, b: Any) -> bool:
    """Equal as JSON documents: Python's ``==`` holds ``False == 0`` and ``1 == 1.0``,
    which JSON (and the view's hash) tells apart, at any depth."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return bool(a == b)


def diff(old: Any, new: Any, path: Path | None = None, out: list[list[Any]] | None = None) -> list[list[Any]]:
    """Operations turning ``old`` into ``new``: ``[path, value]`` sets, ``[path]`` deletes.

    Dicts and equal-length lists are followed down; anything else is replaced whole."""
    path = [] if path is None else path
    out = [] if out is None else out
    if isinstance(old, dict) and isinstance(new, dict):
        for key in old:
            if key not in new:
                out.append([[*path, key]])
        for key, value in new.items():
            if key not in old:
                out.append([[*path, key], value])
            elif not same(old[key], value):
                diff(old[key], value, [*path, key], out)
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for i, (a, b) in enumerate(zip(old, new)):
            if not same(a, b):
                diff(a, b, [*path, i], out)
    else:
        out.append([path, new])
    return out


def apply_patch(doc: Any, ops: Any) -> Any:
    """A copy of ``doc`` with the operations of :func:`diff` applied; raises
    PatchError on an operation that does not fit.

    Only the containers along each path are copied, so a view the table still holds
    from before the patch never changes under its feet."""
    if not isinstance(ops, list):
        raise PatchError("a patch must be a list")
    for op in ops:
        if not isinstance(op, list) or len(op) not in (1, 2) or not isinstance(op[0], list):
            raise PatchError("a patch operation must be [path] or [path, value]")
        path = op[0]
        if not path:
            if len(op) == 1:
                raise PatchError("cannot delete the whole view")
            doc = op[1]
            continue
        try:
            doc = _copy(doc)
            parent = doc
            for key in path[:-1]:
                _check_key(parent, key)
                parent[key] = _copy(parent[key])
                parent = parent[key]
            last = path[-1]
            _check_key(parent, last, adding=len(op) == 2)
            if len(op) == 2:
                parent[last] = op[1]
            else:
                del parent[last]
        except (KeyError, IndexError, TypeError):
            raise PatchError(f"patch path {path!r} does not fit the view") from None
    return doc


def _copy(node: Any) -> Any:
    if isinstance(node, dict):
        return dict(node)
    if isinstance(node, list):
        return list(node)
    raise TypeError("not a container")


def _check_key(parent: Any, key: Any, adding: bool = False) -> None:
    if isinstance(parent, list):
        if not ((isinstance(key, int) and not isinstance(key, bool)) and 0 <= key < len(parent)):
            raise IndexError(key)
    elif isinstance(parent, dict):
        if not isinstance(key, str) or (not adding and key not in parent):
            raise KeyError(key)
    else:
        raise TypeError("not a container")
