"""Fantasy Realms agents: looked up per game, they answer every prompt with a legal line."""

from __future__ import annotations

import pytest

from game.ai.agent import RandomAgent, agent_names, make_agent
from game.ai.fantasy.tournament import match, play
from game.fantasy_realms.setup import new_game

GAME = "fantasy_realms"


def test_registry_per_game_is_backward_compatible() -> None:
    assert isinstance(make_agent("random", 3), RandomAgent)  # Hero Realms, as before
    assert agent_names(GAME) == ["random", "easy", "medium", "hard"]
    assert make_agent("hard", 1, GAME).name == "hard"
    with pytest.raises(ValueError, match="unknown game"):
        make_agent("hard", 0, "chess")
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("grandmaster", 0, GAME)


@pytest.mark.parametrize("agent,seats,mods", [
    ("easy", 3, ("promo", "cursed_items", "cursed_hoard_suits")),
    ("medium", 4, ("cursed_items",)),
    ("medium", 2, ("cursed_hoard_suits",)),
    ("hard", 3, ("promo", "cursed_items")),
    ("hard", 2, ()),
])
def test_agents_play_legal_lines_to_the_end(agent: str, seats: int, mods: tuple[str, ...]) -> None:
    st = new_game(seats, mods, seed=seats * 7)
    bots = [make_agent(agent, s, GAME) for s in range(seats)]
    steps = 0
    while not st.over and steps < 1500:
        seat = st.to_move
        view = st.view(seat)
        line = bots[seat].choose(view, view["legal"])
        assert line in view["legal"]
        st.apply(line)
        steps += 1
    assert st.over


def test_match_report() -> None:
    r = match("medium", "easy", games=2, seed=3)
    assert r["games"] == 2 and 0.0 <= r["win_rate"] <= 1.0 and r["unfinished"] == 0
    assert play(["easy", "random", "easy"], seed=1)["finished"]


def test_match_command(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from game.cli import main

    assert main(["fantasy-match", "easy", "random", "--games", "2", "--seats", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and out["seats"] == 3
    assert main(["fantasy-match", "easy", "chess"]) == 2
    assert main(["fantasy-match", "easy", "random", "--modules", "bogus"]) == 2
    assert "unknown module" in capsys.readouterr().err
