"""A headless AI seat (``join --agent NAME --headless``, its agent in a worker process as the
command line runs it) plays on after the host refuses one of its actions or the action is
lost (issue 56.1): real processes, with a proxy between the seat and the host that spoils
some of the seat's actions on their way (lines the host refuses, or nothing at all)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.net.net_helpers import Proxy, finish, host_port, kill_all, output_lines, replay, spawn

SPOILED = {"refused": {0, 2, 4}, "lost": {0, 2}}  # which of the seat's acts, counted from 0


def spoiler(how: str, spoiled: list[bytes]) -> object:
    """Rewrites some of the ``act`` messages a client sends (``SPOILED``; spread out, since
    the seat's loop could slip past one refusal by a race): the line made one the host
    refuses ("refused"), or the message swallowed ("lost": the host never hears of it)."""
    acts = [0]

    def rewrite(line: bytes) -> bytes:
        if not line.startswith(b"{") or json.loads(line).get("type") != "act":
            return line
        acts[0] += 1
        if acts[0] - 1 not in SPOILED[how]:
            return line
        spoiled.append(line)
        if how == "lost":
            return b""
        msg = json.loads(line)
        msg["line"] = "no such move"
        return json.dumps(msg, separators=(",", ":")).encode() + b"\n"
    return rewrite


@pytest.mark.parametrize("how", ["refused", "lost"])
def test_a_headless_worker_seat_plays_on_after_its_action_is_refused_or_lost(how: str, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    host = spawn("host", "--port", "0", "--bind", "127.0.0.1", "--game", "fantasy_realms", "--seats",
                 "remote,random", "--seed", "4", "--save", str(save), "--no-discovery", "--ai-inline",
                 "--no-takeover", "--timeout", "2", "--heartbeat", "0.5")
    procs = [host]
    spoiled: list[bytes] = []
    try:
        with Proxy(host_port(host), to_host=spoiler(how, spoiled)) as proxy:  # type: ignore[arg-type]
            seat = spawn("join", f"127.0.0.1:{proxy.port}", "--agent", "random", "--headless")  # a worker agent
            procs.append(seat)
            s_code, s_out, s_err = finish(seat, 30)
            code, out, err = finish(host, 15)
    finally:
        kill_all(*procs)
    assert len(spoiled) == len(SPOILED[how])
    if how == "refused":
        assert "no such move" in s_err or "bad_notation" in s_err, s_err
    assert s_code == 0 and code == 0, (s_err, err)
    rec, st = replay(save)
    assert st.phase == "over" and output_lines(s_out, "winner:") == output_lines(out, "winner:")
    assert output_lines(out, "actions:") == [str(len(rec.actions))]
