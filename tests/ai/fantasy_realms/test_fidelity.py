"""The fidelity measure of Hard's worlds: positions come from Medium's games, both
players of a position start from its true hands, the comparison separates noise from
systematic error, and the command refuses bad input in one line."""

from __future__ import annotations

import json

import pytest

from game.ai.agent import make_agent
from game.ai.fantasy_realms import fidelity
from game.ai.fantasy_realms.hard import HardAgent
from game.cli import main


def test_positions_are_full_hands_after_the_draft_and_late_in_the_game() -> None:
    pos = fidelity.positions(3, 11)
    assert {p.kind for p in pos} <= {"draft_end", "mid"} and "draft_end" in {p.kind for p in pos}
    for p in pos:
        st = p.state
        assert all(len(h) == st.hand_size for h in st.hands) and st.phase == "draw"
        assert p.me == 1 - st.to_move
        if p.kind == "mid":
            assert st.end_at - len(st.discard) <= fidelity.MID_LEFT


def test_both_players_play_the_position_as_it_stands() -> None:
    p = fidelity.positions(1, 5)[0]
    before = p.state.state_hash()
    agent = make_agent("hard", 1, "fantasy_realms")
    assert isinstance(agent, HardAgent)
    mod = fidelity.world_margins(p, agent, 3, 9)
    med = fidelity.medium_margins(p, 2, 9)
    assert len(mod) == 3 and len(med) == 2
    assert p.state.state_hash() == before  # played on copies
    # the same salt plays the same worlds
    assert fidelity.world_margins(p, agent, 3, 9) == mod


def test_compare_splits_noise_from_systematic_error() -> None:
    # the model is off by +10 at one position and -10 at the other; no rollout noise
    pairs = [([10.0, 10.0], [0.0, 0.0]), ([0.0, 0.0], [10.0, 10.0]), ([5.0, 5.0], [5.0, 5.0])]
    got = fidelity.compare(pairs)
    assert got["positions"] == 3 and got["bias"] == 0.0 and got["noise"] == 0.0
    assert got["systematic"] == got["sd"] == 10.0
    # pure noise around the same means: the systematic part is near zero
    noisy = [([0.0, 20.0], [10.0, 10.0]), ([20.0, 0.0], [10.0, 10.0])]
    assert fidelity.compare(noisy)["systematic"] == 0.0


def test_command_prints_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["fantasy-fidelity", "--games", "2", "--seed", "3", "--medium-rollouts", "2",
               "--world-rollouts", "2", "--agent", "hard", "--agent", "hard:opp_best_of=1"])
    assert rc == 0
    report = json.loads(capsys.readouterr().out)
    assert [m["agent"] for m in report["models"]] == ["hard", "hard:opp_best_of=1"]
    for m in report["models"]:
        assert m["draft_end"]["positions"] == 2 and m["ms_per_world"] > 0


@pytest.mark.parametrize("argv, reason", [
    (["--agent", "medium"], "measures a Hard agent"),
    (["--agent", "hard:nope=1"], "has no option"),
    (["--world-rollouts", "1"], "2 or more"),
])
def test_command_refuses_bad_input_in_one_line(argv: list[str], reason: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fantasy-fidelity", "--games", "1", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert reason in err and "\n" not in err and "Traceback" not in err
