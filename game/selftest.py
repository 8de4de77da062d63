"""``--selftest``: prove, without a window, that a build of the game works.

It plays an AI-vs-AI game to the end with the AI in worker processes (which
exercises ``multiprocessing`` inside a PyInstaller bundle), then runs each game's
own checks from its registry entry (a bundled scenario through the same runner as
``python -m game scenario``, the table drawn off-screen when the UI is present),
and plays a loopback LAN game of every game when the network layer is present.
Each check prints one line; the exit status is 0 only if all pass.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from typing import cast

from game import games

Check = Callable[[], str]


def check_ai_game() -> str:
    from game.ai.agent import agent_names
    from game.session.ai_seats import AISeats
    from game.session.session import SeatConfig, Session

    agent = "medium" if "medium" in agent_names() else "random"
    rec = games.game(games.DEFAULT).new_record(2, seed=2024)
    sess = Session(rec, [SeatConfig("ai", "A", agent), SeatConfig("ai", "B", agent)])
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
    st, out = sess.state, sess.outcome
    return (f"AI-vs-AI game ({agent}, worker processes): seat {out.wire() if out else None} won after {st.turn} turns, "
            f"{len(sess.record.actions)} actions")


def _lan(game: str) -> Check:
    def check() -> str:
        from game.net.selftest import check_lan_game

        return check_lan_game(game=game, modules=tuple(games.game(game).selftest_modules))

    return check


def checks() -> list[tuple[str, Check]]:
    """The default game's AI game, every game's own checks, then a LAN game of each."""
    found: list[tuple[str, Check]] = [("ai-game", check_ai_game)]
    for entry in games.listings():
        found += [(name, cast(Check, games.hook(spec))) for name, spec in entry.selftest]  # by the registry's word
    for name in games.playable():
        found.append(("lan" if name == games.DEFAULT else f"lan-{name}", _lan(name)))
    return found


def run() -> int:
    from game import __version__

    print(f"Realms Table {__version__} self-test")
    failed = 0
    found = checks()
    for name, check in found:
        t0 = time.perf_counter()
        try:
            line = check()
            print(f"  ok    {name}: {line} ({time.perf_counter() - t0:.1f} s)")
        except Exception as exc:
            failed += 1
            print(f"  FAIL  {name}: {type(exc).__name__}: {exc}")
            traceback.print_exc()
    print("self-test passed" if not failed else f"self-test FAILED ({failed} of {len(found)} checks)")
    return 0 if not failed else 1
