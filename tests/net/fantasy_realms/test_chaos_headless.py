"""A headless AI seat of Chaos Realms trades as a table seat's AI does (issue 56.5): in
real processes, a host of Chaos Realms with one remote seat and a headless client
played by an agent (a worker, as the command line runs it), the client's seat makes
offers of its own (Chaos views list no offer lines: ``can_offer`` says it may) and
never sends its agent's "nothing now" marker as a line."""

from __future__ import annotations

import json
from pathlib import Path

from tests.net.net_helpers import finish, host_port, kill_all, spawn


def test_a_headless_chaos_seat_makes_offers_and_sends_no_idle_lines(tmp_path: Path) -> None:
    save = tmp_path / "chaos.json"
    host = spawn("host", "--game", "fantasy_realms", "--format", "chaos", "--time-limit", "4", "--seats",
                 "remote,easy,easy", "--seed", "5", "--port", "0", "--bind", "127.0.0.1", "--no-discovery",
                 "--ai-inline", "--save", str(save))
    procs = [host]
    try:
        port = host_port(host)
        seat = spawn("join", f"127.0.0.1:{port}", "--agent", "medium", "--headless", "--seed", "2")
        procs.append(seat)
        s_code, _s_out, s_err = finish(seat, 40)
        code, out, err = finish(host, 20)
    finally:
        kill_all(*procs)
    assert s_code == 0 and code == 0, (s_err, err)
    assert "idle" not in s_err and "refused" not in s_err, s_err  # no "nothing now" line went to the host
    actions = json.loads(save.read_text())["actions"]
    mine = [a for a in actions if a.startswith("0 ")]
    assert any(a.startswith("0 offer ") for a in mine), mine
