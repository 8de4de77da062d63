"""``--selftest``: prove, without a window, that a build of the game works.

It plays an AI-vs-AI game to the end with the AI in worker processes (which
exercises ``multiprocessing`` inside a PyInstaller bundle), runs a bundled scenario
through the same runner as ``python -m game scenario``, plays a loopback LAN game
when the network layer is present, and draws the table off-screen when the UI is.
Each check prints one line; the exit status is 0 only if all pass.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable

Check = Callable[[], str]


def check_ai_game() -> str:
    from game.ai.agent import agent_names
    from game.hero_realms.record import Record
    from game.session import SeatConfig, Session
    from game.session_ai import AISeats

    agent = "medium" if "medium" in agent_names() else "random"
    sess = Session(Record.standard(2, seed=2024), [SeatConfig("ai", "A", agent), SeatConfig("ai", "B", agent)])
    ai = AISeats(sess)
    deadline = time.monotonic() + 300
    try:
        while not sess.over:
            if time.monotonic() > deadline:
                raise RuntimeError("the AI game did not finish in 5 minutes")
            if not ai.pump():
                time.sleep(0.001)
    finally:
        ai.close()
    errors = ai.take_errors()
    if errors:
        raise RuntimeError("; ".join(errors))
    st = sess.state
    return f"AI-vs-AI game ({agent}, worker processes): seat {st.winner} won after {st.turn} turns, {len(sess.record.actions)} actions"


def check_scenario() -> str:
    from game.core.resources import data_path
    from game.hero_realms import scenario

    path = data_path("scenarios", "selftest.toml")
    result = scenario.run_file(path)
    if result.code != scenario.OK:
        raise RuntimeError(f"scenario exit {result.code}: {'; '.join(result.mismatches) or result.output.get('error')}")
    return f"scenario {path.name}: {len(result.output['events'])} events, expectations hold"


CHECKS: list[tuple[str, Check]] = [
    ("ai-game", check_ai_game),
    ("scenario", check_scenario),
]


def run() -> int:
    from game import __version__

    print(f"Realms Table {__version__} self-test")
    failed = 0
    for name, check in CHECKS:
        t0 = time.perf_counter()
        try:
            line = check()
            print(f"  ok    {name}: {line} ({time.perf_counter() - t0:.1f} s)")
        except Exception as exc:
            failed += 1
            print(f"  FAIL  {name}: {type(exc).__name__}: {exc}")
            traceback.print_exc()
    print("self-test passed" if not failed else f"self-test FAILED ({failed} of {len(CHECKS)} checks)")
    return 0 if not failed else 1
