"""A compiled yes/no check for the part of JSON Schema (draft 2020-12) the published schemas use.

jsonschema interprets a schema afresh for every document: each keyword of each node
goes through a new validator object and a type-checker lookup, so a view costs it
milliseconds, and the LAN tests receive thousands of views. Here each schema is
turned once into nested Python functions that only answer "valid or not"; the
helpers (tests/schema_helpers.py) ask jsonschema for the readable reasons only when
the answer is no, and a test (tests/test_schemas.py) keeps both in agreement.

A keyword outside the supported set fails the compilation, so a schema that starts
using one cannot be half checked.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any
from urllib.parse import unquote, urldefrag, urljoin

Check = Callable[[Any], bool]

# Keywords that say nothing about validity (annotations, and $defs, compiled when referenced).
ANNOTATIONS = frozenset({"$schema", "$id", "$comment", "$defs", "title", "description", "examples", "default",
                         "deprecated", "readOnly", "writeOnly"})


class UnsupportedSchema(ValueError):
    """A schema uses a keyword or a reference this compiler does not handle."""


def _is_integer(x: Any) -> bool:
    return (isinstance(x, int) and not isinstance(x, bool)) or (isinstance(x, float) and x.is_integer())


def _is_number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


TYPES: dict[str, Check] = {
    "object": lambda x: isinstance(x, dict),
    "array": lambda x: isinstance(x, list),
    "string": lambda x: isinstance(x, str),
    "integer": _is_integer,
    "number": _is_number,
    "boolean": lambda x: isinstance(x, bool),
    "null": lambda x: x is None,
}


def json_equal(a: Any, b: Any) -> bool:
    """Equality as JSON Schema means it (``const``, ``enum``, ``uniqueItems``): true is not 1,
    1.0 is 1, and containers compare item by item."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, (list, dict)) or isinstance(b, (list, dict)):
        return False
    return bool(a == b)


def _all(checks: Sequence[Check]) -> Check:
    if not checks:
        return lambda x: True
    if len(checks) == 1:
        return checks[0]
    fixed = tuple(checks)

    def check(x: Any) -> bool:
        for c in fixed:
            if not c(x):
                return False
        return True
    return check


class SchemaSet:
    """Schemas that refer to each other by ``$ref``, each known by its ``$id``; ``check(uri)``
    is the compiled check of one of them (or of a part, ``uri#/json/pointer``).

    The values of the properties named in ``remember`` (a card table sent with every
    view, the same all game long) are checked once each: a value whose JSON text was
    valid before is valid again, since a property's check looks at its value alone."""

    def __init__(self, docs: Iterable[Mapping[str, Any]], remember: frozenset[str] = frozenset()) -> None:
        self._docs = {str(d["$id"]): d for d in docs}
        self._compiled: dict[str, Check] = {}
        self.remember = remember

    def check(self, uri: str) -> Check:
        """The compiled check of the schema at ``uri``, built once (recursive references included)."""
        if uri in self._compiled:
            return self._compiled[uri]
        target: list[Check] = []
        self._compiled[uri] = lambda x: target[0](x)  # what a reference back to ``uri`` calls meanwhile
        url, fragment = urldefrag(uri)
        compiled = self._compile(self._resolve(url, fragment), url)
        target.append(compiled)
        self._compiled[uri] = compiled
        return compiled

    def _resolve(self, url: str, fragment: str) -> Any:
        if url not in self._docs:
            raise UnsupportedSchema(f"$ref to an unknown schema {url!r}")
        node: Any = self._docs[url]
        if fragment and not fragment.startswith("/"):
            raise UnsupportedSchema(f"$ref fragment {fragment!r} is not a JSON pointer")
        try:
            for part in fragment.split("/")[1:]:
                key = unquote(part).replace("~1", "/").replace("~0", "~")
                node = node[int(key)] if isinstance(node, list) else node[key]
        except (KeyError, IndexError, ValueError, TypeError):
            raise UnsupportedSchema(f"$ref {url}#{fragment} points at nothing") from None
        return node

    def _compile(self, schema: Any, base: str) -> Check:
        if schema is True:
            return lambda x: True
        if schema is False:
            return lambda x: False
        if not isinstance(schema, dict):
            raise UnsupportedSchema(f"a schema must be an object or a boolean, not {schema!r}")
        if "$id" in schema and schema is not self._docs.get(base):
            raise UnsupportedSchema("an $id inside a schema is not supported")
        unknown = set(schema) - ANNOTATIONS - KEYWORDS
        if unknown:
            raise UnsupportedSchema(f"unsupported keywords {sorted(unknown)}")
        return _all([make(self, schema, base) for names, make in GROUPS if not names.isdisjoint(schema)])

    def sub(self, schema: Any, base: str) -> Check:
        """The compiled check of a subschema of the document at ``base``."""
        return self._compile(schema, base)


# ---------------------------------------------------------------- keywords
# A group is the keywords one check reads together (``properties``, ``required`` and
# ``additionalProperties`` in one pass over an object); its maker gets the whole schema
# object and returns that check.
Maker = Callable[[SchemaSet, dict[str, Any], str], Check]


def _type(s: SchemaSet, schema: dict[str, Any], base: str) -> Check:
    names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
    if not set(names) <= set(TYPES):
        raise UnsupportedSchema(f"unknown type in {names}")
    preds = tuple(TYPES[n] for n in names)
    if len(preds) == 1:
        return preds[0]
    return lambda x: any(p(x) for p in preds)


def _ref(s: SchemaSet, schema: dict[str, Any], base: str) -> Check:
    url, fragment = urldefrag(urljoin(base, schema["$ref"]))
    return s.check(f"{url}#{fragment}" if fragment else url)


def _const(s: SchemaSet, schema: dict[str, Any], base: str) -> Check:
    value = schema["const"]
    if isinstance(value, str):
        return lambda x: isinstance(x, str) and x == value
    return lambda x: json_equal(x, value)


def _enum(s: SchemaSet, schema: dict[str, Any], base: str) -> Check:
    values = list(schema["enum"])
    if all(isinstance(v, str) for v in values):
        strings = frozenset(values)
        return lambda x: isinstance(x, str) and x in strings
    return lambda x: any(json_equal(x, v) for v in values)


def _numbers(s: SchemaSet, schema: dict[str, Any], base: str) -> Check:
    lo, hi = schema.get("minimum"), schema.get("maximum")
    lo_x, hi_x = schema.get("exclusiveMinimum"), schema.get("exclusiveMaximum")

    def check(x: Any) -> bool:
        if not _is_number(x):
            return True
        return ((lo is None or x >= lo) and (hi is None or x <= hi)
                and (lo_x is None or x > lo_x) and (hi_x is None or x < hi_x))
    return check


def _string(s: SchemaSet, schema: dict[str, Any], base: str) -> Check:
    search = re.compile(schema["pattern"]).search if "pattern" in schema else None
    lo, hi = schema.get("minLength", 0), schema.get("maxLength")

    def check(x: Any) -> bool:
        if not isinstance(x, str):
            return True
        return len(x) >= lo and (hi is None or len(x) <= hi) and (search is None or search(x) is not None)
    return check


def _object(s: SchemaSet, schema: dict[str, Any], base: str) -> Check:
    props = {k: _remembered(s.sub(v, base)) if k in s.remember else s.sub(v, base)
             for k, v in schema.get("properties", {}).items()}
    patterns = tuple((re.compile(p).search, s.sub(v, base)) for p, v in schema.get("patternProperties", {}).items())
    extra = schema.get("additionalProperties", True)
    extra_check = None if extra is True else s.sub(extra, base)
    names = s.sub(schema["propertyNames"], base) if "propertyNames" in schema else None
    required = tuple(schema.get("required", ()))
    dependent = tuple((k, tuple(v)) for k, v in schema.get("dependentRequired", {}).items())
    lo, hi = schema.get("minProperties", 0), schema.get("maxProperties")
    prop_items = tuple(props.items())
    each_key = bool(patterns) or extra_check is not None or names is not None

    def key_ok(k: str, v: Any) -> bool:
        if names is not None and not names(k):
            return False
        matched = k in props
        for search, c in patterns:
            if search(k) is not None:
                matched = True
                if not c(v):
                    return False
        return matched or extra_check is None or extra_check(v)

    def check(x: Any) -> bool:
        if not isinstance(x, dict):
            return True
        if len(x) < lo or (hi is not None and len(x) > hi):
            return False
        for k in required:
            if k not in x:
                return False
        for k, c in prop_items:
            if k in x and not c(x[k]):
                return False
        for k, needs in dependent:
            if k in x and not all(d in x for d in needs):
                return False
        if each_key:
            for k, v in x.items():
                if not key_ok(k, v):
                    return False
        return True
    return check


def _remembered(check: Check, most: int = 8) -> Check:
    """``check``, answering at once for a value whose JSON text it found valid lately (the
    text tells true from 1, which == does not)."""
    valid: list[str] = []

    def remembering(x: Any) -> bool:
        try:
            text = json.dumps(x, sort_keys=True, allow_nan=False)
        except (TypeError, ValueError):
            return check(x)  # not JSON: nothing to remember it by
        if text in valid:
            return True
        if not check(x):
            return False
        valid[:] = [text, *valid[:most - 1]]
        return True
    return remembering


def _array(s: SchemaSet, schema: dict[str, Any], base: str) -> Check:
    prefix = tuple(s.sub(v, base) for v in schema.get("prefixItems", ()))
    rest = s.sub(schema["items"], base) if "items" in schema else None
    contains = s.sub(schema["contains"], base) if "contains" in schema else None
    lo, hi = schema.get("minItems", 0), schema.get("maxItems")
    unique = bool(schema.get("uniqueItems"))

    def check(x: Any) -> bool:
        if not isinstance(x, list):
            return True
        if len(x) < lo or (hi is not None and len(x) > hi):
            return False
        for c, item in zip(prefix, x, strict=False):
            if not c(item):
                return False
        if rest is not None:
            for item in x[len(prefix):]:
                if not rest(item):
                    return False
        if contains is not None and not any(contains(i) for i in x):
            return False
        return not unique or _all_different(x)
    return check


def _all_different(items: list[Any]) -> bool:
    if all(isinstance(i, str) for i in items):
        return len(set(items)) == len(items)
    return not any(json_equal(a, b) for n, a in enumerate(items) for b in items[n + 1:])


def _if(s: SchemaSet, schema: dict[str, Any], base: str) -> Check:
    if "if" not in schema:
        return lambda x: True  # then and else alone mean nothing
    cond = s.sub(schema["if"], base)
    then = s.sub(schema.get("then", True), base)
    other = s.sub(schema.get("else", True), base)
    return lambda x: then(x) if cond(x) else other(x)


def _all_of(s: SchemaSet, schema: dict[str, Any], base: str) -> Check:
    return _all([s.sub(v, base) for v in schema["allOf"]])


def _any_of(s: SchemaSet, schema: dict[str, Any], base: str) -> Check:
    checks = tuple(s.sub(v, base) for v in schema["anyOf"])
    return lambda x: any(c(x) for c in checks)


def _one_of(s: SchemaSet, schema: dict[str, Any], base: str) -> Check:
    checks = tuple(s.sub(v, base) for v in schema["oneOf"])
    return lambda x: sum(1 for c in checks if c(x)) == 1


def _not(s: SchemaSet, schema: dict[str, Any], base: str) -> Check:
    c = s.sub(schema["not"], base)
    return lambda x: not c(x)


GROUPS: tuple[tuple[frozenset[str], Maker], ...] = (
    (frozenset({"type"}), _type),
    (frozenset({"const"}), _const),
    (frozenset({"enum"}), _enum),
    (frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"}), _numbers),
    (frozenset({"pattern", "minLength", "maxLength"}), _string),
    (frozenset({"properties", "patternProperties", "additionalProperties", "propertyNames", "required",
                "dependentRequired", "minProperties", "maxProperties"}), _object),
    (frozenset({"prefixItems", "items", "contains", "minItems", "maxItems", "uniqueItems"}), _array),
    (frozenset({"if", "then", "else"}), _if),
    (frozenset({"allOf"}), _all_of),
    (frozenset({"anyOf"}), _any_of),
    (frozenset({"oneOf"}), _one_of),
    (frozenset({"not"}), _not),
    (frozenset({"$ref"}), _ref),
)
KEYWORDS = frozenset().union(*(names for names, _ in GROUPS))
