"""Chaos Realms on the LAN host: the command line's ``--format chaos`` and
``--time-limit``, the setup described to players, and bad values refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.fantasy_realms.chaos import ChaosState
from game.fantasy_realms.record import loads
from game.net import setups


def test_the_command_line_hosts_chaos_realms_until_its_time_runs_out(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "chaos.json"
    code = main(["host", "--game", "fantasy_realms", "--format", "chaos", "--time-limit", "2", "--seats",
                 "easy,medium,easy", "--modules", "promo", "--seed", "5", "--port", "0", "--bind", "127.0.0.1",
                 "--no-discovery", "--ai-inline", "--save", str(save)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "chaos:2+base+promo" in out
    _rec, st = loads(save.read_text())
    assert isinstance(st, ChaosState) and st.over and st.limit_ms == 2000 and st.clock_ms == 2000
    assert json.loads(save.read_text())["setup"]["kind"] == "chaos"


@pytest.mark.parametrize("argv, reason", [
    (["--format", "chaos", "--time-limit", "soon"], "give seconds (300), minutes (5m) or minutes:seconds (4:30)"),
    (["--format", "chaos", "--time-limit", "0"], "time limit must be 1-3600 seconds"),
    (["--format", "chaos", "--time-limit", "2h"], "give seconds"),
    (["--time-limit", "5m"], "--time-limit is for Chaos Realms"),
    (["--format", "chaos", "--seats", "remote,easy"], "Chaos Realms is for 3 to 7 players, not 2"),
    (["--format", "chaos", "--seats", "remote,easy,easy", "--modules", "cursed_items"], "without the Cursed Items"),
    (["--format", "chaos:x", "--seats", "remote,easy,easy"], "time limit must be 1-3600 seconds"),
    (["--format", "standard2"], "no formats but 'chaos'"),
])
def test_bad_chaos_options_give_one_line_and_status_2(argv: list[str], reason: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["host", "--game", "fantasy_realms", "--port", "0", "--no-discovery", *argv])
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and reason in err, err


def test_up_to_seven_seats_and_the_time_limit_reach_the_record() -> None:
    assert setups.setup_problem("fantasy_realms", 7, "chaos:90", ["promo", "cursed_hoard_suits"]) is None
    assert "3 to 7" in str(setups.setup_problem("fantasy_realms", 8, "chaos", []))
    rec = setups.new_record("fantasy_realms", 7, "chaos:90", ["promo"], 3)
    assert rec.setup["kind"] == "chaos" and rec.setup["limit_s"] == 90 and rec.setup["seats"] == 7
    assert setups.planned("fantasy_realms", "chaos", ["promo"]).format == "chaos:300+base+promo"
    assert setups.of_state("fantasy_realms", rec.initial_state()).format == "chaos:90+base+promo"
    assert [setups.parse_time_limit(t) for t in ("300", "5m", "4:30", "90s")] == [300, 300, 270, 90]
