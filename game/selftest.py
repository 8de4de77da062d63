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


def check_lan() -> str:
    from game.net.selftest import check_lan_game

    return check_lan_game()


def check_lan_fantasy() -> str:
    from game.net.selftest import check_lan_game

    return check_lan_game(game="fantasy_realms", modules=("promo", "cursed_items"))


def check_table() -> str:
    """Open the table off-screen and let two AI seats play a few turns through it."""
    import os

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from game.hero_realms.record import Record
    from game.session import SeatConfig
    from game.ui import games
    from game.ui.app import App
    from game.ui.hero_realms.table import TableScene
    from game.ui.settings import Settings

    app = App(Settings(anim_speed="instant", mute=True), size=(1280, 720), persist=False)
    try:
        seats = [SeatConfig("ai", "A", "random"), SeatConfig("ai", "B", "random")]
        rec = Record.standard(2, seed=7)
        client = games.start(rec, seats, ai_pace=0.0)
        table = TableScene(app, client, [s.name for s in seats], [s.kind for s in seats], rec=rec)
        app.push(table)
        frames = 0
        deadline = time.monotonic() + 60
        while len(rec.actions) < 40 and time.monotonic() < deadline:
            app.step(1 / 60, [])
            frames += 1
            time.sleep(0.002)
        if len(rec.actions) < 40:
            raise RuntimeError(f"the table advanced only {len(rec.actions)} actions in 60 s")
        return f"table drawn off-screen for {frames} frames while AI seats played {len(rec.actions)} actions"
    finally:
        app.close()
        pygame.quit()


def check_fantasy_table() -> str:
    """The Fantasy Realms table off-screen: three AI seats play a whole game through it."""
    import os

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from game.session import SeatConfig
    from game.ui import games
    from game.ui.app import App
    from game.ui.fantasy_realms.setup import FantasySetup
    from game.ui.fantasy_realms.table import FantasyTableScene
    from game.ui.settings import Settings

    app = App(Settings(anim_speed="instant", mute=True), size=(1280, 720), persist=False)
    try:
        seats = [SeatConfig("ai", n, "easy") for n in ("A", "B", "C")]
        rec = FantasySetup(seats, ["promo", "cursed_items", "cursed_hoard_suits"], 7).record()
        client = games.start(rec, seats, ai_pace=0.0)
        table = FantasyTableScene(app, client, [s.name for s in seats], [s.kind for s in seats], rec=rec)
        app.push(table)
        frames = 0
        deadline = time.monotonic() + 90
        while not table.over_shown and time.monotonic() < deadline:
            app.step(1 / 60, [])
            frames += 1
            time.sleep(0.002)
        if not table.over_shown:
            raise RuntimeError(f"the game was not over after 90 s ({len(rec.actions)} actions)")
        return f"Fantasy Realms table drawn for {frames} frames, a whole game of {len(rec.actions)} actions"
    finally:
        app.close()
        pygame.quit()


CHECKS: list[tuple[str, Check]] = [
    ("ai-game", check_ai_game),
    ("scenario", check_scenario),
    ("table", check_table),
    ("fantasy-table", check_fantasy_table),
    ("lan", check_lan),
    ("lan-fantasy", check_lan_fantasy),
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
