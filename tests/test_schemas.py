"""The published JSON Schemas (game/<game>/schema/*.json) describe what the engines send.

Random games of every game, format, module set and seat count, and Session games
between AI seats, validate their views, prompts and redacted events against the
schemas; each schema's closed lists (event types and fields, prompt kinds, formats,
modules, rulings, effect verbs) are compared with the engine's own; and a view,
prompt or event with a field renamed fails. The compiled check the helpers use
(tests/compiled_schema.py) agrees with jsonschema on every keyword it compiles and on
thousands of real documents with one node broken.
(Every LAN test validates what its clients receive the same way: tests/net/conftest.py.)
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Iterator
from fnmatch import fnmatch
from functools import cache
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from game.core.events import Event
from game.core.rng import Rng
from game.core.tomlcompat import load_file
from game.fantasy_realms import chaos_events
from game.fantasy_realms import events as fr_events
from game.fantasy_realms.chaos import ChaosState, due_clock, new_chaos
from game.fantasy_realms.modules import MODULES
from game.fantasy_realms.record import Record as FantasyRecord
from game.fantasy_realms.setup import new_game as new_fantasy
from game.fantasy_realms.terms import Rulings
from game.hero_realms import events as hr_events
from game.hero_realms.effects import RESUME
from game.hero_realms.formats import FORMATS
from game.hero_realms.prompts import KINDS
from game.hero_realms.record import Record as HeroRecord
from game.hero_realms.setup import new_game as new_hero
from game.hero_realms.verbs import VERBS
from game.herosdei import events as hd_events
from game.herosdei import game as hd_game
from game.herosdei.record import Record as HerosRecord
from game.herosdei.state import VARIANTS as HD_VARIANTS
from game.herosdei.state import State as HerosState
from game.herosdei.verbs import KEYWORDS as HD_KEYWORDS
from game.herosdei.verbs import STATS as HD_STATS
from game.net.setups import Setup
from game.session.ai_seats import NO_PAUSE, AISeats
from game.session.session import SeatConfig, Session
from tests.compiled_schema import SchemaSet, UnsupportedSchema
from tests.hero_realms.playout import random_action
from tests.schema_helpers import (
    GAMES,
    ROOT,
    check_event,
    check_events,
    check_setup,
    check_view,
    compiled,
    event_check,
    event_types,
    fantasy_prompt,
    game_of_view,
    problems,
    schema_files,
    validator,
)

FR_MODULE_SETS = [(), ("promo",), ("cursed_items",), ("cursed_hoard_suits",), ("promo", "cursed_items"),
                  ("promo", "cursed_items", "cursed_hoard_suits")]


def _engine_events(*modules: Any) -> dict[str, type[Event]]:
    out: dict[str, type[Event]] = {}
    for m in modules:
        for v in vars(m).values():
            if isinstance(v, type) and issubclass(v, Event) and v.__module__ == m.__name__ and "type" in v.__dict__:
                out[v.type] = v
    return out


ENGINE_EVENTS = {"hero_realms": _engine_events(hr_events),
                 "fantasy_realms": _engine_events(fr_events, chaos_events),
                 "herosdei": _engine_events(hd_events)}


# ---------------------------------------------------------------- the files themselves
@pytest.mark.parametrize("game", GAMES)
def test_every_schema_is_a_valid_draft_2020_12_schema_named_after_its_file(game: str) -> None:
    files = schema_files(game)
    assert {p.stem for p in files} >= {"view", "prompt", "event", "setup"}
    for path in files:
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert doc["$id"].endswith(f"/{game}/{path.name}")
        validator(game, path.stem)  # check_schema, and every $ref resolves when used below


@pytest.mark.parametrize("game", GAMES)
def test_the_event_schema_lists_every_engine_event_with_exactly_its_fields(game: str) -> None:
    engine = ENGINE_EVENTS[game]
    assert event_types(game) == set(engine)
    defs = validator(game, "event").schema["$defs"]
    for kind, cls in engine.items():
        fields = {"type", *(f.name for f in dataclasses.fields(cls))}
        assert set(defs[kind]["properties"]) == fields, kind
        assert set(defs[kind]["required"]) == fields, kind
        assert defs[kind]["additionalProperties"] is False


def test_the_closed_lists_of_the_schemas_are_the_engines() -> None:
    prompt = validator("hero_realms", "prompt").schema
    assert prompt["properties"]["kind"]["enum"] == list(KINDS)
    assert set(prompt["properties"]["resume"]["enum"]) == set(RESUME)
    assert set(prompt["$defs"]["effect"]["properties"]["verb"]["enum"]) == set(VERBS)
    assert set(validator("hero_realms", "view").schema["properties"]["format"]["enum"]) == set(FORMATS)
    fr_view = validator("fantasy_realms", "view").schema
    assert fr_view["properties"]["modules"]["items"]["enum"] == list(MODULES)
    assert list(fr_view["properties"]["rulings"]["properties"]) == Rulings.field_names()
    hd_view = validator("herosdei", "view").schema
    assert hd_view["properties"]["variant"]["enum"] == list(HD_VARIANTS)
    hd_event = validator("herosdei", "event").schema["$defs"]
    assert set(hd_event["keyword_granted"]["properties"]["keyword"]["enum"]) == set(HD_KEYWORDS)
    assert set(hd_event["boosted"]["properties"]["stat"]["enum"]) == set(HD_STATS)


# ---------------------------------------------------------------- random games
HERO_SETUPS = [("ffa", 2), ("ffa", 3), ("ffa", 4), ("hunter_first_blood", 3), ("hunter_last_one_standing", 5),
               ("hydra", 4), ("hydra", 6), ("emperor", 6)]


def _check_events(game: str, events: list[Event], seats: int) -> None:
    for seat in range(seats):
        for e in events:
            check_event(game, e.redacted_for(seat).to_dict())


@pytest.mark.parametrize(("fmt", "seats"), HERO_SETUPS)
def test_hero_realms_random_games_match_the_schemas(fmt: str, seats: int) -> None:
    """Every event as every seat receives it, after every action; after action k the view
    of seat k mod seats (each seat's in turn: what it sees of the others) and, while a
    prompt is open, the view of the seat that must answer (with the answers); at the end
    (or after 500 actions) every view and the spectator's."""
    st = new_hero(seats, fmt, seed=seats * 31 + len(fmt))
    rng = Rng(seats)
    kinds: set[str] = set()
    for actions in range(1, 501):
        _check_events("hero_realms", st.apply(random_action(st, rng)), seats)
        if st.phase == "over":
            break
        check_view(st.view(actions % seats), actions % seats)
        if st.pending is not None:
            check_view(st.view(st.pending.seat), st.pending.seat)
            kinds.add(st.pending.kind)
    for seat in [*range(seats), None]:
        check_view(st.view(seat), seat)
    assert kinds, "no prompt was seen"
    if fmt in ("ffa", "hunter_first_blood") and seats <= 3:
        assert st.phase == "over"  # the end of a game is covered too


FANTASY_SETUPS = [(2, ()), (3, ("promo",)), (4, ("cursed_items",)), (5, ("cursed_hoard_suits",)),
                  (6, ("promo", "cursed_items")), (2, ("promo", "cursed_items", "cursed_hoard_suits")),
                  (3, ("cursed_items",)), (4, ("promo", "cursed_items", "cursed_hoard_suits")), (5, ("promo",)),
                  (6, ())]


@pytest.mark.parametrize(("seats", "modules"), FANTASY_SETUPS,
                         ids=[f"{n}-{'+'.join(m) or 'base'}" for n, m in FANTASY_SETUPS])
def test_fantasy_realms_random_games_match_the_schemas(seats: int, modules: tuple[str, ...]) -> None:
    """Every view of every seat after every action (a spectator's at the start and the end),
    and every event as each seat receives it, the deal's included."""
    setup_events: list[Any] = []
    seed = seats * 7 + len(modules)
    st = new_fantasy(seats, modules, seed=seed, events=setup_events)
    _check_events("fantasy_realms", setup_events, seats)
    check_view(st.view(None))
    rng = Rng(seed)
    while not st.over:
        legal = st.legal_actions()
        _check_events("fantasy_realms", st.apply(legal[rng.below(len(legal))]), seats)
        for seat in range(seats):
            check_view(st.view(seat), seat)
    check_view(st.view(None))


def _herosdei_game(variant: str, decks: tuple[str, ...], seed: int) -> HerosState:
    return HerosRecord.standard([hd_game._legal_deck(d) for d in decks], variant, seed).initial_state()


@pytest.mark.parametrize(("variant", "decks", "seed"), [
    ("initiation", ("greeks", "vikings"), 1), ("standard", ("round_table", "amazons"), 2),
    ("tournament", ("trojans", "trojans"), 3), ("standard", ("vikings", "round_table"), 4),
    ("tournament", ("amazons", "greeks"), 5)])
def test_herosdei_random_games_match_the_schemas(variant: str, decks: tuple[str, ...], seed: int) -> None:
    """Every view of both seats after every action (with its prompt, and the spectator's at
    the start and the end), and every event as each seat receives it, the deal's included."""
    st = _herosdei_game(variant, decks, seed)
    _check_events("herosdei", st.log, 2)
    check_view(st.view(None))
    rng = Rng(seed)
    kinds: set[str] = set()
    for _ in range(3000):
        if st.phase == "over":
            break
        legal = st.legal_actions()
        _check_events("herosdei", st.apply(legal[rng.below(len(legal))]), 2)
        for seat in (0, 1):
            check_view(st.view(seat), seat)
        if st.pending is not None:
            kinds.add(st.pending.kind)
    check_view(st.view(None))
    assert st.phase == "over" and kinds


def _chaos_line(st: ChaosState, rng: Rng) -> str:
    seat = rng.below(st.n)
    answers = st.view(seat)["legal"]
    if answers and rng.below(2):
        return str(answers[rng.below(len(answers))])
    other = (seat + 1 + rng.below(st.n - 1)) % st.n
    give = st.hands[seat][rng.below(len(st.hands[seat]))]
    want = st.hands[other][rng.below(len(st.hands[other]))]
    return f"{seat} offer {'any' if rng.below(2) else other} {st.slug(give)} {st.slug(want)}"


@pytest.mark.parametrize("seats", [3, 5, 7])
@pytest.mark.parametrize("modules", [(), ("cursed_hoard_suits", "promo")], ids="+".join)
def test_chaos_realms_random_games_match_the_schemas(seats: int, modules: tuple[str, ...]) -> None:
    events: list[Any] = []
    st = new_chaos(seats, modules, seed=seats, limit_s=30, events=events)
    rng = Rng(seats)
    for step in range(60):
        line = f"clock {min(st.limit_ms - 1, st.clock_ms + 500)}" if step % 10 == 9 else _chaos_line(st, rng)
        if st.check(line) is None:
            events += st.apply(line)
        for seat in [*range(seats), None]:
            check_view(st.view(seat), seat)
    due = due_clock(st, st.limit_ms)
    assert due is not None
    events += st.apply(due)
    while not st.over:
        (seat,) = st.waiting_for()
        for s in [*range(seats), None]:
            check_view(st.view(s), s)
        lines = st.legal_actions(seat)
        events += st.apply(lines[rng.below(len(lines))])
    for s in [*range(seats), None]:
        check_view(st.view(s), s)
    _check_events("fantasy_realms", events, seats)
    assert any(e.type == "cards_traded" for e in events)


# ---------------------------------------------------------------- setup fields
def test_the_setup_fields_of_every_game_match_their_schema() -> None:
    for fmt in FORMATS:
        check_setup(Setup("hero_realms", fmt).fields())
    default = tuple(Rulings().to_dict().items())
    for modules in FR_MODULE_SETS:
        mods = tuple(sorted({"base", *modules}))
        check_setup(Setup("fantasy_realms", "+".join(mods), mods, default).fields())
    assert problems("hero_realms", "setup", {**Setup("hero_realms", "ffa").fields(), "modules": ["promo"]})
    fr = Setup("fantasy_realms", "base", ("base",), default).fields()
    assert problems("fantasy_realms", "setup", {**fr, "rulings": {}})  # every ruling is named
    assert problems("fantasy_realms", "setup", {**fr, "modules": ["promo"]})  # base is always there
    for variant in HD_VARIANTS:
        for pair in (("greeks", "vikings"), ("trojans", "trojans")):
            check_setup(Setup("herosdei", hd_game.HerosDei().setup_label(variant, pair), pair).fields())
    hd = Setup("herosdei", hd_game.HerosDei().setup_label(None, ("greeks", "vikings")), ("greeks", "vikings")).fields()
    assert problems("herosdei", "setup", {**hd, "modules": ["greeks"]})  # one deck a seat
    assert problems("herosdei", "setup", {**hd, "format": "ffa"})


# ---------------------------------------------------------------- broken documents fail
def _renamed(doc: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    out[new] = out.pop(old)
    return out


def _hero_view_with_prompt() -> dict[str, Any]:
    st = new_hero(2, "ffa", seed=1)
    rng = Rng(1)
    while st.pending is None:
        st.apply(random_action(st, rng))
    return st.view(st.pending.seat)


def test_a_view_with_a_field_renamed_fails_validation() -> None:
    hero = _hero_view_with_prompt()
    check_view(hero)
    for broken in (_renamed(hero, "turn", "turns"),
                   {**hero, "players": [_renamed(hero["players"][0], "hand_count", "hand_size"), hero["players"][1]]},
                   {**hero, "pending": _renamed(hero["pending"], "kind", "type")},
                   {**hero, "pending": {**hero["pending"], "kind": "pick_one"}}):
        with pytest.raises(AssertionError, match="breaks"):
            check_view(broken)
    fantasy = new_fantasy(3, ("cursed_items",), seed=2).view(0)
    check_view(fantasy)
    with pytest.raises(AssertionError, match="breaks view.json"):
        check_view(_renamed(fantasy, "deck_size", "deck_count"))
    with pytest.raises(AssertionError, match="breaks prompt.json"):
        check_view({**fantasy, "legal": ["draw the_moon please"]})
    chaos = new_chaos(3, seed=2).view(1)
    check_view(chaos)
    with pytest.raises(AssertionError, match="breaks chaos_view.json"):
        check_view(_renamed(chaos, "clock_ms", "clock"))


def _herosdei_view_with_prompt() -> HerosState:
    st = _herosdei_game("standard", ("greeks", "vikings"), 6)
    rng = Rng(6)
    while st.pending is None:
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
    return st


def test_a_herosdei_view_prompt_or_event_with_a_field_renamed_fails_validation() -> None:
    st = _herosdei_view_with_prompt()
    assert st.pending is not None
    asked, other = st.view(st.pending.seat), st.view(1 - st.pending.seat)
    check_view(asked)
    check_view(other)
    players = list(asked["players"])
    players[st.pending.seat] = _renamed(players[st.pending.seat], "kills", "kill_count")
    for broken in (_renamed(asked, "turn", "turns"), _renamed(asked, "to_act", "active"), {**asked, "players": players},
                   {**asked, "pending": _renamed(asked["pending"], "kind", "type")},
                   {**asked, "pending": {**asked["pending"], "kind": "pick_one"}},
                   {**asked, "legal": ["play lancelot please"]}):
        with pytest.raises(AssertionError, match="breaks"):
            check_view(broken)
    assert problems("herosdei", "prompt", _renamed(asked["pending"], "options", "answers"))
    # the other seat's view shows who is asked, never the answers
    with pytest.raises(AssertionError):
        check_view({**other, "pending": asked["pending"]})
    drawn = hd_events.CardsDrawn(0, 2, ("achille", "hoplon")).to_dict()
    check_event("herosdei", drawn)
    with pytest.raises(AssertionError, match="breaks event.json"):
        check_event("herosdei", _renamed(drawn, "cards", "card_ids"))
    assert problems("herosdei", "event", _renamed(drawn, "count", "n"))
    assert not problems("herosdei", "event", hd_events.CardsDrawn(0, 2, ()).to_dict())


def test_an_event_with_a_field_renamed_or_an_unknown_type_fails_validation() -> None:
    drawn = hr_events.CardDrawn(0, "gold").to_dict()
    check_event("hero_realms", drawn)
    with pytest.raises(AssertionError, match="breaks event.json"):
        check_event("hero_realms", _renamed(drawn, "card", "card_id"))
    with pytest.raises(AssertionError, match="undocumented type"):
        check_event("hero_realms", {**drawn, "type": "card_drawn_twice"})
    # the schema file itself (not only the per-type shortcut the helper takes) refuses it
    assert problems("hero_realms", "event", _renamed(drawn, "card", "card_id"))
    assert not problems("hero_realms", "event", drawn)
    scored = fr_events.GameOver((1,), (40, 52), "score").to_dict()
    assert not problems("fantasy_realms", "event", scored)
    assert problems("fantasy_realms", "event", _renamed(scored, "winners", "winner"))


def test_the_fantasy_prompt_is_the_decision_part_of_the_view() -> None:
    view = new_fantasy(2, seed=3, first=0).view(0)
    assert fantasy_prompt(view) == {"phase": "draw", "to_move": 0, "legal": ["draw two"]}


def test_the_protocol_documents_examples_match_the_schemas() -> None:
    """The example views of game/net/PROTOCOL.md (§10b, §10e) are valid views."""
    text = (ROOT / "game" / "net" / "PROTOCOL.md").read_text(encoding="utf-8")
    examples = [json.loads(block.split("```", 1)[0]) for block in text.split("```json\n")[1:]]
    views = [e for e in examples if isinstance(e, dict) and "players" in e]
    assert {game_of_view(v) for v in views} == set(GAMES)
    for v in views:
        check_view(v)


def test_the_schemas_ship_with_the_wheel_and_the_bundle() -> None:
    """The package data patterns hold every schema file; the PyInstaller spec collects
    each game's schema folder."""
    patterns = load_file(ROOT / "pyproject.toml")["tool"]["setuptools"]["package-data"]["game"]
    spec = (ROOT / "build" / "realms_table.spec").read_text(encoding="utf-8")
    for game in GAMES:
        assert f'"{game}"' in spec and '"schema"' in spec
        for path in schema_files(game):
            assert any(fnmatch(path.relative_to(ROOT / "game").as_posix(), p) for p in patterns), path


# ---------------------------------------------------------------- the compiled check agrees with jsonschema
SYNTHETIC: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://schemas.example.invalid/all.json",
    "type": "object", "required": ["n"], "additionalProperties": True,
    "properties": {
        "n": {"type": ["integer", "null"], "minimum": 0, "exclusiveMaximum": 10},
        "x": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
        "s": {"type": "string", "minLength": 1, "maxLength": 3, "pattern": "^[a-c]+$"},
        "e": {"enum": ["a", 1, True, None, [1], {"k": 1}]},
        "c": {"const": 1},
        "cs": {"const": "a"},
        "b": {"type": "boolean"},
        "l": {"type": "array", "prefixItems": [{"type": "string"}], "items": {"type": "integer"}, "minItems": 1,
              "maxItems": 3, "uniqueItems": True, "contains": {"const": 2}},
        "u": {"type": "array", "uniqueItems": True},
        "o": {"type": "object", "patternProperties": {"^p": {"type": "integer"}}, "additionalProperties": False,
              "propertyNames": {"maxLength": 3}, "minProperties": 1, "maxProperties": 2,
              "dependentRequired": {"p1": ["p2"]}},
        "ap": {"type": "object", "properties": {"k": {"type": "integer"}}, "additionalProperties": {"type": "string"}},
        "a": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
        "one": {"oneOf": [{"type": "integer"}, {"minimum": 5}]},
        "not": {"not": {"type": "string"}},
        "all": {"allOf": [{"type": "integer"}, {"$ref": "#/$defs/small"}]},
        "cond": {"if": {"type": "integer"}, "then": {"minimum": 3}, "else": {"type": "string"}},
        "tree": {"$ref": "#/$defs/tree"},
        "t": True, "f": False,
    },
    "$defs": {"small": {"maximum": 9},
              "tree": {"type": "object", "additionalProperties": False,
                       "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/tree"}}}}},
}
CANDIDATES: list[Any] = [
    None, True, False, 0, 1, 1.0, 2, 5, 9, 10, -1, 0.5, 1.5, "", "a", "abc", "abcd", "d", [], ["a"], ["a", 2],
    ["a", 2, 2], ["a", 1], [1], [1, 2], [1, True], [1, 1.0], ["a", 2, 3, 4], [True], [1.0], [[1], [1]], [{"a": 1}, {"a": 1}],
    {}, {"k": 1}, {"k": 1, "z": "s"}, {"k": "1"}, {"z": 1}, {"p1": 1}, {"p1": 1, "p2": 2}, {"p2": 2}, {"q": 1},
    {"pxyz": 1}, {"p2": "x"}, {"kids": []}, {"kids": [{"kids": [{}]}]}, {"kids": [{"x": 1}]}, {"kids": [1]},
]


def test_the_compiled_check_agrees_with_jsonschema_on_every_keyword_it_compiles() -> None:
    """Each supported keyword, alone or with its neighbours, against values of every JSON type."""
    Draft202012Validator.check_schema(SYNTHETIC)
    reference = Draft202012Validator(SYNTHETIC)
    check = SchemaSet([SYNTHETIC]).check(SYNTHETIC["$id"])
    outcomes = set()
    for name in SYNTHETIC["properties"]:
        for value in CANDIDATES:
            doc = {"n": 0, name: value}
            want = reference.is_valid(doc)
            assert check(doc) == want, (name, value, want)
            outcomes.add((name, want))
    assert {name for name, ok in outcomes if not ok} == set(SYNTHETIC["properties"]) - {"t"}
    whole: list[Any] = [{}, {"n": None}, {"n": 3.0}, {"n": True}, [], "n"]
    for doc in whole:
        assert check(doc) == reference.is_valid(doc), doc


@pytest.mark.parametrize("schema", [{"format": "uri"}, {"unevaluatedProperties": False}, {"minContains": 2},
                                    {"$ref": "other.json"}, {"$ref": "#anchor"}, {"$ref": "#/$defs/gone"},
                                    {"properties": {"a": 3}}, {"type": "float"}])
def test_a_keyword_the_compiled_check_does_not_know_fails_its_compilation(schema: dict[str, Any]) -> None:
    with pytest.raises(UnsupportedSchema):
        SchemaSet([{"$id": "https://schemas.example.invalid/x.json", **schema}]).check(
            "https://schemas.example.invalid/x.json")


def test_a_remembered_property_is_checked_again_whenever_its_json_text_changes() -> None:
    schema: dict[str, Any] = {"$id": "https://schemas.example.invalid/r.json", "type": "object",
              "properties": {"cards": {"type": "object", "additionalProperties": {"type": "integer"}}}}
    check = SchemaSet([schema], remember=frozenset({"cards"})).check(schema["$id"])
    cards: dict[str, Any] = {"a": 1}
    assert check({"cards": cards}) and check({"cards": {"a": 1}})
    assert not check({"cards": {"a": True}})  # equal to {"a": 1} for Python, not for JSON Schema
    cards["a"] = "one"  # the very dict found valid, changed in place
    assert not check({"cards": cards})
    assert check({"cards": {"a": 1}}) and not check({"cards": {"a": 1.5}})


def _nodes(doc: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _nodes(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _nodes(v, (*path, i))


REPLACEMENTS: list[Any] = [None, True, 0, -1, 1.5, 10**9, "", "x", [], {}, ["x"], {"x": 1}]


def _broken(doc: Any, path: tuple[Any, ...], rng: Rng) -> Any:
    """A copy of ``doc`` with the node at ``path`` renamed, dropped, replaced or grown."""
    out = copy.deepcopy(doc)
    if not path:
        return REPLACEMENTS[rng.below(len(REPLACEMENTS))]
    parent = out
    for key in path[:-1]:
        parent = parent[key]
    key, how = path[-1], rng.below(5)
    if how == 0 and isinstance(parent, dict):
        parent[f"{key}_renamed"] = parent.pop(key)
    elif how == 1:
        del parent[key]
    elif how == 2 and isinstance(parent[key], list):
        parent[key].append(copy.deepcopy(parent[key][0]) if parent[key] else "x")
    elif how == 3 and isinstance(parent[key], str):
        parent[key] += "?"
    else:
        parent[key] = REPLACEMENTS[rng.below(len(REPLACEMENTS))]
    return out


@cache
def _hero_documents() -> dict[str, list[Any]]:
    st = new_hero(3, "ffa", seed=5)
    rng = Rng(5)
    views = [st.view(0)]
    events: list[dict[str, Any]] = []
    while st.phase != "over" and len(events) < 1500:
        events += [e.redacted_for(1).to_dict() for e in st.apply(random_action(st, rng))]
        if st.pending is not None and len(views) < 6:
            views.append(st.view(st.pending.seat))
    views.append(st.view(1))
    return {"view": views, "prompt": [v["pending"] for v in views if v["pending"]], "event": _a_few_of_each(events)}


@cache
def _fantasy_documents() -> dict[str, list[Any]]:
    dealt: list[Any] = []
    st = new_fantasy(3, ("cursed_items", "promo"), seed=6, events=dealt)
    rng = Rng(6)
    events = [e.redacted_for(0).to_dict() for e in dealt]
    views = [st.view(0)]
    while not st.over:
        legal = st.legal_actions()
        events += [e.redacted_for(0).to_dict() for e in st.apply(legal[rng.below(len(legal))])]
        if len(views) < 4 and rng.below(8) == 0:
            views.append(st.view(st.to_move if st.to_move >= 0 else 0))
    views.append(st.view(None))
    chaos = new_chaos(3, seed=6)
    return {"view": views, "prompt": [fantasy_prompt(v) for v in views], "event": _a_few_of_each(events),
            "chaos_view": [chaos.view(0), chaos.view(None)]}


def _a_few_of_each(events: list[dict[str, Any]], most: int = 4) -> list[dict[str, Any]]:
    """The first events of each type (jsonschema takes a millisecond over one)."""
    seen: dict[str, int] = {}
    out = []
    for e in events:
        seen[e["type"]] = seen.get(e["type"], 0) + 1
        if seen[e["type"]] <= most:
            out.append(e)
    return out


@cache
def _herosdei_documents() -> dict[str, list[Any]]:
    st = _herosdei_game("tournament", ("round_table", "vikings"), 7)
    rng = Rng(7)
    events = [e.redacted_for(0).to_dict() for e in st.log]
    views = [st.view(0)]
    while st.phase != "over":
        legal = st.legal_actions()
        events += [e.redacted_for(0).to_dict() for e in st.apply(legal[rng.below(len(legal))])]
        if st.pending is not None and len(views) < 6:
            views.append(st.view(st.pending.seat))
    views.append(st.view(1))
    return {"view": views, "prompt": [v["pending"] for v in views if v["pending"]], "event": _a_few_of_each(events)}


DOCUMENTS = {"hero_realms": _hero_documents, "fantasy_realms": _fantasy_documents, "herosdei": _herosdei_documents}
# how many broken copies of each schema's documents (jsonschema takes milliseconds over a view)
BROKEN = [("hero_realms", "view", 80), ("hero_realms", "prompt", 150), ("hero_realms", "event", 300),
          ("fantasy_realms", "view", 40), ("fantasy_realms", "chaos_view", 40), ("fantasy_realms", "prompt", 150),
          ("fantasy_realms", "event", 300), ("herosdei", "view", 60), ("herosdei", "prompt", 150),
          ("herosdei", "event", 300)]


@pytest.mark.parametrize(("game", "name", "count"), BROKEN, ids=[f"{g}-{n}" for g, n, _ in BROKEN])
def test_the_compiled_check_agrees_with_jsonschema_on_real_documents_with_one_node_broken(
        game: str, name: str, count: int) -> None:
    """Every document a game produced is valid to both; copies with one node changed at a
    random place (most of them invalid, some still valid) get the same answer from both."""
    rng = Rng(len(game) + count)
    docs = DOCUMENTS[game]()[name]
    check, reference = compiled(game, name), validator(game, name)
    for doc in docs:
        assert check(doc) and reference.is_valid(doc), name
    answers = []
    for _ in range(count):
        doc = docs[rng.below(len(docs))]
        paths = list(_nodes(doc))
        broken = _broken(doc, paths[rng.below(len(paths))], rng)
        want = reference.is_valid(broken)
        assert check(broken) == want, broken
        kind = broken.get("type") if isinstance(broken, dict) else None
        if name == "event" and isinstance(kind, str) and kind in event_types(game):
            assert event_check(game, kind)(broken) == want, broken  # check_event's shortcut
        answers.append(want)
    assert answers.count(False) > len(answers) // 2 and True in answers, answers.count(False)


# ---------------------------------------------------------------- the session
@pytest.mark.parametrize(("record", "seats"), [(HeroRecord.standard(2, "ffa", seed=4), 2),
                                               (FantasyRecord.standard(3, ["cursed_items"], seed=4), 3),
                                               (hd_game.HerosDei().new_record(2, 4, "standard", ("greeks", "vikings")), 2)],
                         ids=["hero_realms", "fantasy_realms", "herosdei"])
def test_a_session_game_between_ai_seats_sends_what_the_schemas_describe(record: Any, seats: int) -> None:
    """What the Session (the host of hotseat, AI and LAN games) gives each seat and a
    spectator: every event batch, and the view with every third batch and the last."""
    sess = Session(record, [SeatConfig("ai", f"P{i}", "random") for i in range(seats)])
    game = str(record.game)
    batches = 0

    def listen(seat: int | None, events: list[dict[str, Any]]) -> None:
        nonlocal batches
        batches += 1
        check_events(game, events)
        if batches % 3 == 0 or sess.over:
            check_view(sess.view(seat), seat)

    for seat in [*range(seats), None]:
        sess.subscribe(seat, listen)
    ai = AISeats(sess, inline=True, secret_pause=NO_PAUSE)  # pump() would stop at a held window or Monster step
    for _ in range(10_000):
        if sess.over or not ai.pump():
            break
    assert sess.over and batches > 20
