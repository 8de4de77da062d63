"""Validate views, prompts, events and setup fields against the published JSON Schemas.

Each game keeps its schemas next to its engine (``game/<game>/schema/*.json``, described
in game/net/PROTOCOL.md). The tests that produce views and events (random games,
the LAN leak tests) pass them through :func:`check_view`, :func:`check_event` and
:func:`check_setup`, so a field the engine adds, renames or drops without the schema
(and the protocol text) following fails a test. What a schema cannot say across fields
(the viewer's own seat is the one with a hand) is checked here too.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("hero_realms", "fantasy_realms")


def schema_dir(game: str) -> Path:
    return ROOT / "game" / game / "schema"


def schema_files(game: str) -> list[Path]:
    return sorted(schema_dir(game).glob("*.json"))


@cache
def _registry(game: str) -> tuple[Registry, dict[str, dict[str, Any]]]:
    docs = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in schema_files(game)}
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


def problems(game: str, name: str, doc: Any) -> list[str]:
    """Every way ``doc`` breaks the schema, one line each (empty: valid)."""
    errors = sorted(validator(game, name).iter_errors(doc), key=lambda e: list(e.absolute_path))
    return [f"{'/'.join(str(p) for p in e.absolute_path) or '(root)'}: {e.message[:300]}" for e in errors]


def _check(game: str, name: str, doc: Any, what: str) -> None:
    found = problems(game, name, doc)
    if found:
        raise AssertionError(f"{game} {what} breaks {name}.json:\n  " + "\n  ".join(found[:8]))


def game_of_view(view: dict[str, Any]) -> str:
    """The game a view belongs to (Hero Realms views carry no ``game``)."""
    return str(view.get("game", "hero_realms"))


def view_schema(view: dict[str, Any]) -> str:
    return "chaos_view" if view.get("variant") == "chaos" else "view"


# Parts of a view that stay the same all game long and that no other field's validity
# depends on: once a value has been validated it is compared instead of validated again
# (the card table is most of a Fantasy Realms view's validation time).
STATIC_FIELDS: dict[str, Any] = {"cards": {}, "market_cards": []}
_validated_static: dict[tuple[str, str], list[Any]] = {}


def _without_known_static(game: str, view: dict[str, Any]) -> dict[str, Any]:
    out = view
    for name, empty in STATIC_FIELDS.items():
        if name not in view:
            continue
        seen = _validated_static.setdefault((game, name), [])
        if view[name] in seen:
            out = {**out, name: empty}
        else:
            _check(game, view_schema(view), {**view, **{k: e for k, e in STATIC_FIELDS.items() if k != name and k in view}},
                   "view")
            seen[:] = [view[name], *seen[:3]]
            out = {**out, name: empty}
    return out


# Player entries already validated (their JSON text): a view repeats most of them from
# the view before, so an entry seen before is replaced by the same entry with its
# lists emptied (a player entry's validity depends on nothing outside it).
_validated_players: set[str] = set()


def _without_known_players(view: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    players, fresh = [], []
    for p in view["players"]:
        key = json.dumps(p, sort_keys=True)
        if key in _validated_players:
            players.append({k: [] if isinstance(v, list) else v for k, v in p.items()})
        else:
            players.append(p)
            fresh.append(key)
    return {**view, "players": players}, fresh


def check_view(view: dict[str, Any], seat: int | None = None) -> None:
    """``view`` matches its game's view schema, its prompt too; ``seat`` (when given) is the
    viewer, and only its own entry (and every entry once a game is over) shows a hand."""
    game = game_of_view(view)
    compact, fresh = _without_known_players(_without_known_static(game, view))
    _check(game, view_schema(view), compact, "view")
    if len(_validated_players) > 20000:
        _validated_players.clear()
    _validated_players.update(fresh)
    if seat is not None:
        assert view["seat"] == seat, (view["seat"], seat)
    viewer = view["seat"]
    over = view["phase"] == "over"
    for p in view["players"]:
        shown = "hand" in p
        assert shown == (p["seat"] == viewer or (over and game == "fantasy_realms")), (game, viewer, p["seat"])
    if game == "hero_realms":
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
def _event_validator(game: str, kind: str) -> Draft202012Validator:
    """The validator of one event type: the same check the whole event schema makes
    (``type`` names one of its ``$defs``, then that definition), without trying every
    ``if`` of the schema's list (several times faster over thousands of events)."""
    whole = validator(game, "event")
    return whole.evolve(schema=whole.schema["$defs"][kind])


def check_event(game: str, event: dict[str, Any]) -> None:
    kind = event.get("type")
    if kind not in event_types(game):
        raise AssertionError(f"{game} event of an undocumented type {kind!r}: {event}")
    found = [f"{'/'.join(str(p) for p in e.absolute_path) or '(root)'}: {e.message[:300]}"
             for e in _event_validator(game, str(kind)).iter_errors(event)]
    if found:
        raise AssertionError(f"{game} event {kind!r} breaks event.json:\n  " + "\n  ".join(found))


def check_events(game: str, events: list[dict[str, Any]]) -> None:
    for e in events:
        check_event(game, e)


SETUP_FIELDS = ("game", "format", "modules", "rulings")


def check_setup(message: dict[str, Any]) -> None:
    """The setup fields of a ``welcome``, ``lobby`` or discovery reply."""
    setup = {k: message[k] for k in SETUP_FIELDS if k in message}
    game = str(setup.get("game"))
    assert game in GAMES, game
    _check(game, "setup", setup, f"{message.get('type')} setup")


@cache
def event_types(game: str) -> frozenset[str]:
    """The event types the game's schema describes."""
    return frozenset(validator(game, "event").schema["$defs"])

