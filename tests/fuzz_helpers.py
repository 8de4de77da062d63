"""Damaged copies of the files a player may hand the game, and the check every loader of
them must pass (tests/test_loaders_fuzz.py, tests/test_loaders_fuzz_kept.py): the file
loads, or one of the project's one-line errors says why; never another exception, never
a long wait, and the file itself is left as it was (a loader never loses a save)."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from game.core import tomlcompat
from game.core.errors import RealmsError

DEEP = 100_000
JSON_DEEP = ["[" * DEEP + "]" * DEEP, '{"a":' * DEEP + "1" + "}" * DEEP]
TOML_DEEP = ["a = " + "[" * DEEP + "]" * DEEP, "a = " + "{b=" * DEEP + "1" + "}" * DEEP,
             "x." * DEEP + "y = 1", "[" + "x." * DEEP + "y]", '"x".' * DEEP + "y = 1"]
TOML_DEEP_IDS = ["arrays", "inline-tables", "dotted-key", "table-header", "quoted-dotted-key"]
PER_FILE_S = 2.0  # a loader that takes longer on one file is as good as hung


TOKENS = [b"[", b"{", b"}", b'"', b"'", b"0", b"-1", b"1e999", b"true", b".", b",", b"=", b"null", b"NaN",
          b"\\ud800", b"9" * 5000, b"\n[[x]]\n", b"\xff", b"\x00"]
VALUES: list[Any] = [None, True, 0, -1, 7, 10**9, 2**70, 1.5, "", "x", "promo", [], [1], ["x"], {}, {"a": 1},
                     [[[]]], "standard", "position"]


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    """One random damage: flipped bytes, a truncation, a line deleted, doubled or moved,
    or a stray token."""
    op = rng.randrange(6)
    if op == 0 and data:
        out = bytearray(data)
        for _ in range(rng.randint(1, 6)):
            out[rng.randrange(len(out))] = rng.randrange(256)
        return bytes(out)
    if op == 1:
        return data[: rng.randrange(len(data) + 1)]
    lines = data.split(b"\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    if op == 2:
        del lines[i]
    elif op == 3:
        lines.insert(i, lines[i])
    elif op == 4:
        lines[i], lines[j] = lines[j], lines[i]
    else:
        at = rng.randrange(len(data) + 1)
        return data[:at] + rng.choice(TOKENS) + data[at:]
    return b"\n".join(lines)


def mutate_doc(doc: Any, rng: random.Random) -> Any:
    """The document with a few values replaced by values of other types (or removed,
    or doubled), anywhere in the tree."""
    doc = json.loads(json.dumps(doc, default=str))
    for _ in range(rng.randint(1, 4)):
        node = doc
        for _ in range(rng.randint(0, 5)):
            kids = [k for k in (node.values() if isinstance(node, dict) else node) if isinstance(k, (dict, list)) and k]
            if not kids:
                break
            node = rng.choice(kids)
        value = json.loads(json.dumps(rng.choice(VALUES)))
        if isinstance(node, dict) and node:
            key = rng.choice(list(node))
            if rng.random() < 0.2:
                del node[key]
            else:
                node[key] = value
        elif isinstance(node, list) and node:
            i = rng.randrange(len(node))
            r = rng.random()
            if r < 0.2:
                del node[i]
            elif r < 0.4:
                node.append(node[i])
            else:
                node[i] = value
    return doc


def to_toml(doc: dict[str, Any]) -> str:
    """A document as TOML, every table inline (TOML has no null: such keys are left out)."""
    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return repr(v)
        if isinstance(v, str):
            return json.dumps(v)
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v if x is not None) + "]"
        return "{" + ", ".join(f"{json.dumps(str(k))} = {value(x)}" for k, x in v.items() if x is not None) + "}"
    return "".join(f"{json.dumps(str(k))} = {value(v)}\n" for k, v in doc.items() if v is not None)


def mutants(examples: list[str], fmt: str, count: int, seed: int) -> Iterator[bytes]:
    """``count`` damaged copies of the examples (half byte-level, half type swaps), then
    the deeply nested documents of the format and an example with one deep value."""
    rng = random.Random(seed)
    parse: Callable[[str], Any] = json.loads if fmt == "json" else tomlcompat.loads
    for i in range(count):
        text = rng.choice(examples)
        if i % 2:
            yield mutate_bytes(text.encode("utf-8"), rng)
        else:
            doc = mutate_doc(parse(text), rng)
            yield (json.dumps(doc) if fmt == "json" else to_toml(doc)).encode("utf-8")
    for deep in JSON_DEEP if fmt == "json" else TOML_DEEP:
        yield deep.encode("utf-8")
    doc = parse(examples[0])
    key = next(iter(doc))
    doc[key] = "DEEP"
    text = json.dumps(doc) if fmt == "json" else to_toml(doc)
    yield text.replace('"DEEP"', "[" * DEEP + "]" * DEEP).encode("utf-8")


def expect_one_line(load: Callable[[Path], Any], path: Path, data: bytes, what: str,
                    kept: Callable[[Path, bytes], bool] | None = None) -> None:
    """Load ``data`` from ``path``: it loads, or a RealmsError says why in one line, within
    :data:`PER_FILE_S`, and the file is still there as it was (``kept`` says otherwise for
    a loader that moves a damaged file aside); anything else fails the test with the
    input that caused it."""
    path.write_bytes(data)
    started = time.monotonic()
    try:
        load(path)
    except RealmsError as exc:
        assert str(exc) and "\n" not in str(exc), f"{what}: {str(exc)[:300]!r}"
    except Exception as exc:  # the defect this test is for: say which input did it
        pytest.fail(f"{what}: {type(exc).__name__}: {str(exc)[:200]} on input {data[:200]!r}")
    took = time.monotonic() - started
    assert took < PER_FILE_S, f"{what}: {took:.1f} s on input {data[:200]!r}"
    if kept is not None:
        assert kept(path, data), f"{what}: the file was lost"
    else:
        assert path.read_bytes() == data, f"{what}: the loader changed the file"
