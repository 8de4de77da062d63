"""Fantasy Realms disputed rulings through the LAN host: a hosted game is played and
saved with the rulings of its setup, which the welcome, the lobby and every view
tell the players; a setup with a bad ruling (unknown name, not true/false, a game
without rulings) is refused with a one-line reason, by the API and by the command."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.errors import RealmsError
from game.fantasy_realms.terms import Rulings
from game.net import setups
from game.net.client import RemoteClient
from game.net.host import HostConfig, NetHost
from tests.net.net_helpers import Player, drive, replay, start_host

FR = "fantasy_realms"


def test_a_hosted_game_is_played_with_the_rulings_of_its_setup(tmp_path: Path) -> None:
    chosen = {"collector_all_suits": False, "wildfire_spares_wild": True}
    want = Rulings(**chosen)
    handle = start_host(tmp_path, ["remote", "easy"], seed=5, game=FR, modules=["promo"], rulings=chosen,
                        autostart=False)
    player = Player(RemoteClient("127.0.0.1", handle.port, "Ana", seat=0), agent="easy", seed=1)
    try:
        drive([player], lambda: player.client.lobby is not None, timeout=10)
        assert player.client.rulings == want.to_dict()  # from the welcome
        assert player.client.lobby is not None and player.client.lobby["rulings"] == want.to_dict()
        assert handle.snapshot()["rulings"] == want.to_dict()
        drive([player], lambda: handle.snapshot()["can_start"], timeout=10)
        handle.start_game()
        drive([player], lambda: player.client.over, timeout=60)
        assert player.client.view()["rulings"] == want.to_dict()
        rec, st = replay(tmp_path / "autosave.json")
        assert st.rulings == want and rec.setup["rulings"] == want.to_dict()
        assert handle.host.session is not None and handle.host.session.state.rulings == want
        assert handle.host.problems == []
    finally:
        player.client.close()
        handle.stop()


@pytest.mark.parametrize("game,rulings,reason", [
    (FR, {"bogus": True}, "unknown ruling 'bogus'"),
    (FR, {"collector_all_suits": "no"}, "ruling 'collector_all_suits' must be true or false, not 'no'"),
    (FR, {"gem_multiple_runs": 1}, "must be true or false"),
    (FR, ["collector_all_suits"], "rulings must be a table"),
    ("hero_realms", {"collector_all_suits": False}, "Hero Realms has no rulings"),
])
def test_a_setup_with_bad_rulings_is_refused_with_a_reason(tmp_path: Path, game: str, rulings: object,
                                                           reason: str) -> None:
    assert reason in (setups.setup_problem(game, 2, None, [], rulings) or "")
    with pytest.raises(RealmsError) as err:
        NetHost(HostConfig(seats=["remote", "easy"], game=game, rulings=rulings, port=0, bind="127.0.0.1",  # type: ignore[arg-type]
                           discovery_port=None, save=tmp_path / "s.json", ai_inline=True))
    assert reason in str(err.value) and "\n" not in str(err.value)


def test_the_host_command_takes_rulings_and_refuses_bad_ones_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    assert setups.parse_rule_options(FR, ["collector-all-suits=no", "wildfire_spares_wild=yes"]) == {
        "collector_all_suits": False, "wildfire_spares_wild": True}
    for args, words in (
        (["--game", FR, "--rule", "bogus=yes"], "expected NAME=yes|no"),
        (["--game", FR, "--rule", "collector_all_suits=maybe"], "the value must be yes or no"),
        (["--rule", "collector_all_suits=no"], "Hero Realms has no rulings"),
        (["--resume", __file__, "--rule", "collector_all_suits=no"], "come from the save"),
    ):
        assert main(["host", "--port", "0", "--no-discovery", *args]) == 2
        err = capsys.readouterr().err.strip()
        assert words in err and len(err.splitlines()) == 1, err
