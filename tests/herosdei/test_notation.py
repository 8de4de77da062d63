"""The spec's action notation: every action's line parses back to the same action, the
canonical forms, and one-line syntax errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as s

from game.core.errors import NotationError
from game.herosdei.actions import Action, Card, Ref, parse

ids = s.from_regex(r"[a-z][a-z0-9]{0,5}(_[a-z0-9]{1,4}){0,2}", fullmatch=True)
cards = s.builds(Card, ids, s.integers(1, 999))
refs = s.builds(Ref, s.integers(0, 1), cards)
actors = s.none() | s.integers(0, 9)
actions = s.one_of(
    s.builds(lambda v, a: Action(v, actor=a), s.sampled_from(["done", "pass", "skip"]), actors),
    s.builds(lambda v, c, a: Action(v, c, actor=a), s.sampled_from(["discard", "monster", "play"]), cards, actors),
    s.builds(lambda c, r, a: Action("play", c, r, actor=a), cards, refs, actors),
    s.builds(lambda r, d, a: Action("attack", target=r, defender=d, actor=a), refs, refs, actors),
    s.builds(lambda r, a: Action("target", target=r, actor=a), refs, actors),
    s.builds(lambda n, a: Action("choose", number=n, actor=a), s.integers(1, 999), actors),
)


@given(actions)
def test_every_action_round_trips(a: Action) -> None:
    assert parse(str(a)) == a
    assert str(parse(str(a))) == str(a)


@pytest.mark.parametrize("line, canonical", [
    ("play excalibur on 0:lancelot", "play excalibur on 0:lancelot"),
    ("attack 0:lancelot#1 1:achille#2", "attack 0:lancelot 1:achille#2"),
    ("@1   monster   hydra", "@1 monster hydra"),
    ("discard grail#3", "discard grail#3"),
    ("target 1:hector", "target 1:hector"),
    ("choose 2", "choose 2"),
])
def test_canonical_lines(line: str, canonical: str) -> None:
    assert str(parse(line)) == canonical


@pytest.mark.parametrize("line", [
    "", "@ play x", "@12 skip", "fly", "play", "play x on", "play x at 0:y", "attack 0:x", "attack x y",
    "target x", "choose 0", "choose two", "play X", "play x#0", "discard a b", "done now", "play x on 2:",
])
def test_bad_lines_are_syntax_errors(line: str) -> None:
    with pytest.raises(NotationError) as err:
        parse(line)
    assert "\n" not in str(err.value)
