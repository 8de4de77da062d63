"""Validate views, prompts, events and setup fields against the published JSON Schemas.

Each game keeps its schemas next to its engine (``game/<game>/schema/*.json``, described
in game/net/PROTOCOL.md). The tests that produce views and events (random games,
every LAN client of tests/net) pass them through :func:`check_view`, :func:`check_event`
and :func:`check_setup`, so a field the engine adds, renames or drops without the schema
(and the protocol text) following fails a test. What a schema cannot say across fields
(the viewer's own seat is the one with a hand) is checked here too.

A document is checked by the schema compiled once into Python functions
(tests/compiled_schema.py, tens of times faster than jsonschema, which every view of
every LAN test needs); jsonschema, the reference, gives the reasons when that check
says no, and a disagreement between the two fails as loudly as a broken document.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from tests.compiled_schema import Check, SchemaSet

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("hero_realms", "fantasy_realms", "herosdei")


def schema_dir(game: str) -> Path:
    return ROOT / "game" / game / "schema"


def schema_files(game: str) -> list[Path]:
    return sorted(schema_dir(game).glob("*.json"))


@cache
def _registry(game: str) -> tuple[Registry, dict[str, dict[str, Any]]]:
    docs = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in schema_files(game)}
    if not docs:
        raise AssertionError(f"the game {game!r} publishes no schemas (game/{game}/schema/*.json, PROTOCOL.md §10)")
    registry: Registry = Registry().with_resources(
        (doc["$id"], Resource.from_contents(doc)) for doc in docs.values())
    return registry, docs


@cache
def validator(game: str, name: str) -> Draft202012Validator:
    """The validator of ``game/<game>/schema/<name>.json`` (its ``$ref``s to sibling files resolved)."""
    registry, docs = _registry(game)
    schema = docs[name]
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, registry=registry)


@cache
def compiled(game: str, name: str) -> Check:
    """The compiled yes/no check of ``game/<game>/schema/<name>.json``."""
    _, docs = _registry(game)
    return _schema_set(game).check(docs[name]["$id"])


# The part of a Fantasy Realms view that stays the same all game long, most of its bytes
# (the card table): checked once per value (SchemaSet's ``remember``).
STATIC_FIELDS = frozenset({"cards"})


@cache
def _schema_set(game: str) -> SchemaSet:
    return SchemaSet(_registry(game)[1].values(), remember=STATIC_FIELDS)


def problems(game: str, name: str, doc: Any) -> list[str]:
    """Every way ``doc`` breaks the schema, one line each (empty: valid), as jsonschema finds them."""
    errors = sorted(validator(game, name).iter_errors(doc), key=lambda e: list(e.absolute_path))
    return [f"{'/'.join(str(p) for p in e.absolute_path) or '(root)'}: {e.message[:300]}" for e in errors]


def _check(game: str, name: str, doc: Any, what: str, check: Check | None = None) -> None:
    """Fails with jsonschema's reasons unless ``check`` (by default the schema's compiled
    check) accepts ``doc``."""
    if (check or compiled(game, name))(doc):
        return
    found = problems(game, name, doc) or [
        "the compiled check refuses what jsonschema accepts (tests/compiled_schema.py is wrong)"]
    raise AssertionError(f"{game} {what} breaks {name}.json:\n  " + "\n  ".join(found[:8]))


def game_of_view(view: dict[str, Any]) -> str:
    """The game a view belongs to (Hero Realms views carry no ``game``)."""
    return str(view.get("game", "hero_realms"))


def view_schema(view: dict[str, Any]) -> str:
    return "chaos_view" if view.get("variant") == "chaos" else "view"


def check_view(view: dict[str, Any], seat: int | None = None, revealed: bool = False) -> None:
    """``view`` matches its game's view schema, its prompt too; ``seat`` (when given) is the
    viewer, and only its own entry (and every entry once a game is over) shows a hand;
    ``revealed``: a finished game's hands shown to a spectator (a "reveal" view), each one."""
    game = game_of_view(view)
    _check(game, view_schema(view), view, "view")
    if seat is not None:
        assert view["seat"] == seat, (view["seat"], seat)
    viewer = view["seat"]
    over = view["phase"] == "over"
    for p in view["players"]:
        # a HerosDeï view counts the other hand; the other games leave it out
        shown = isinstance(p.get("hand"), list) if game == "herosdei" else "hand" in p
        assert shown == (p["seat"] == viewer or (over and (game == "fantasy_realms" or revealed))), \
            (game, viewer, p["seat"])
    if game in ("hero_realms", "herosdei"):
        pending = view["pending"]
        if pending is not None:
            _check(game, "prompt", pending, "prompt")
            # the answers travel to the prompt's seat only (other seats see the question)
            assert ("options" in pending) == (pending["seat"] == viewer), (pending["seat"], viewer)
            if pending["seat"] == viewer:
                assert pending["options"] == view["legal"]
    elif view_schema(view) == "view":
        _check(game, "prompt", fantasy_prompt(view), "prompt")


FANTASY_PROMPT_FIELDS = ("phase", "to_move", "effect", "drawn", "forbid", "legal")


def fantasy_prompt(view: dict[str, Any]) -> dict[str, Any]:
    """The decision part of a Fantasy Realms view (what prompt.json describes)."""
    return {k: view[k] for k in FANTASY_PROMPT_FIELDS if k in view}


@cache
def event_check(game: str, kind: str) -> Check:
    """The check event.json makes of an event of type ``kind``: the schema is one
    ``if type is kind then #/$defs/kind`` per type, so the definition alone decides (and
    trying every ``if`` would take most of an event's check)."""
    doc = _registry(game)[1]["event"]
    kinds = doc["properties"]["type"]["enum"]
    assert set(kinds) == set(doc["$defs"]) and doc["allOf"] == [
        {"if": {"properties": {"type": {"const": k}}, "required": ["type"]}, "then": {"$ref": f"#/$defs/{k}"}}
        for k in kinds], "event.json is no longer one if/then per type"
    return _schema_set(game).check(f"{doc['$id']}#/$defs/{kind}")


def check_event(game: str, event: dict[str, Any]) -> None:
    kind = event.get("type") if isinstance(event, dict) else None
    if not isinstance(kind, str) or kind not in event_types(game):
        raise AssertionError(f"{game} event of an undocumented type {kind!r}: {event}")
    _check(game, "event", event, f"event {kind!r}", event_check(game, kind))


def check_events(game: str, events: list[dict[str, Any]]) -> None:
    for e in events:
        check_event(game, e)


SETUP_FIELDS = ("game", "format", "modules", "rulings")


def check_setup(message: dict[str, Any]) -> None:
    """The setup fields of a ``welcome``, ``lobby`` or discovery reply."""
    setup = {k: message[k] for k in SETUP_FIELDS if k in message}
    game = str(setup.get("game"))
    _check(game, "setup", setup, f"{message.get('type')} setup")


@cache
def event_types(game: str) -> frozenset[str]:
    """The event types the game's schema describes."""
    return frozenset(_registry(game)[1]["event"]["$defs"])

