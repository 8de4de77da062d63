"""The action notation parses and formats both ways."""

from __future__ import annotations

import pytest

from game.core.errors import NotationError
from game.hero_realms.actions import Action, parse

LINES = [
    "play gold", "play gold#3", "expend orc_grunt", "ally spark#2", "sacrifice fire_gem", "buy fire_gem",
    "buy man_at_arms", "attack 1 5", "attack 1:orc_grunt#2 3", "choose 1", "choose 0", "target 2:dire_wolf",
    "target 1", "select gold#4", "discard ruby", "skip", "end", "@1 play gold", "give 1 3", "send gold#2 4",
]


@pytest.mark.parametrize("line", LINES)
def test_round_trip(line: str) -> None:
    assert str(parse(line)) == line


def test_parsed_values() -> None:
    assert parse("attack 1:orc_grunt#2 3") == Action("attack", "orc_grunt", 2, 1, 3)
    assert parse("@2 end") == Action("end", actor=2)
    assert parse("  play   gold  ") == Action("play", "gold")


@pytest.mark.parametrize("line", [
    "", "fly away", "play", "play Gold", "play gold#0", "play gold#x", "attack 1", "attack x 3",
    "attack 1 0", "attack 1 -2", "choose", "choose -1", "target", "end now", "@ end", "@x end", "@1",
    "play gold extra", "attack 1:orc_grunt#0 2",
])
def test_syntax_errors(line: str) -> None:
    with pytest.raises(NotationError):
        parse(line)
