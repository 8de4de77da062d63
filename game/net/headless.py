"""Playing LAN games without a window: a host that prints, a client an agent plays.

``python -m game host`` and ``python -m game join --headless --agent NAME`` run these
loops. They are the tools for watching bots play over the network and the real
processes the tests start. Both print one line per thing that happened and end,
with status 0, when the game ends normally (printing the winner). The client learns
the game from the host's welcome and only then makes its agent, for that game.

Stopped by Ctrl+C or SIGTERM (caught by ``stop_requests``, which the command front
installs), the host tells its clients the game will resume, stops its AI workers and
prints how to resume; a client says goodbye and stops its worker. Both then end with
status 128 + the signal's number (130, 143), as a shell reports a program a signal
ended.
"""

from __future__ import annotations

import json
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from game import games
from game.ai.agent import IDLE
from game.core.game import SECRET_PAUSE
from game.net import setups
from game.net.client import RemoteClient, wait_any
from game.net.host import NetHost
from game.net.protocol import view_hash

Out = Callable[[str], None]


def _print(line: str) -> None:
    print(line, flush=True)


def _err(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


class StopRequest:
    """Ctrl+C or SIGTERM caught while a headless loop runs (``stop_requests``): the
    loop ends at its next turn and closes the game as it closes any other way.
    Raising in the handler instead would land wherever the program happens to be,
    between a socket's send and the bookkeeping of what it sent, and a message would
    then go out twice."""

    def __init__(self) -> None:
        self.signum: int | None = None

    @property
    def status(self) -> int:
        """The exit status of a loop this stop ended: 128 + the signal's number."""
        return 128 + (self.signum or int(signal.SIGINT))


@contextmanager
def stop_requests(on_stop: Callable[[], None] = lambda: None) -> Iterator[StopRequest]:
    """While the block runs, Ctrl+C and SIGTERM (``kill``, a service manager) set the
    request and call ``on_stop`` (which must only set flags: it runs in a signal
    handler). A second signal acts at once, as it would without this: Ctrl+C raises
    KeyboardInterrupt, SIGTERM ends the process (its AI workers follow by themselves).
    Only the main thread may set handlers: elsewhere nothing is caught. Windows has no
    SIGTERM to catch from another process (``kill`` there ends the process outright)."""
    request = StopRequest()
    if threading.current_thread() is not threading.main_thread():
        yield request
        return
    defaults: dict[int, Any] = {int(signal.SIGINT): signal.default_int_handler}
    if sys.platform != "win32" and hasattr(signal, "SIGTERM"):
        defaults[int(signal.SIGTERM)] = signal.SIG_DFL

    def caught(signum: int, _frame: object) -> None:
        request.signum = signum
        signal.signal(signum, defaults[signum])
        on_stop()

    previous = {signum: signal.signal(signum, caught) for signum in defaults}
    try:
        yield request
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def run_host(host: NetHost, out: Out = _print, stop: StopRequest | None = None) -> int:
    """Serve until the game is over; 0 when it ended normally, 1 when it stopped
    unfinished or ended with its save behind (its record then went elsewhere, or is
    printed), 128 + the signal's number when Ctrl+C or SIGTERM stopped it (``stop``
    caught it and stopped the host, resumable, or Ctrl+C raised: either way the host
    closes the game, telling the clients it will resume)."""
    out(f"listening on {host.cfg.bind}:{host.port}")
    seats = ", ".join(f"{s.index}:{s.kind if s.kind == 'remote' else s.agent}" for s in host.seats)
    setup = host.snapshot()
    out(f"hosting {host.cfg.name!r}: {setup['game']} {setup['format']} for {len(host.seats)} (seats {seats}); "
        f"autosave {host.save}")
    changed = setups.ruling_changes(setup["game"], setup.get("rulings"))
    if changed:
        out(f"rulings: {', '.join(changed)}")
    status = 1
    try:
        host.run()
    except KeyboardInterrupt:
        status = 128 + int(signal.SIGINT)
    if stop is not None and stop.signum is not None:
        status = stop.status
    sess = host.session
    if sess is not None and sess.over:
        out(f"winner: {host.describe_winner()}")
        out(f"actions: {len(sess.record.actions)}")
        out(f"state_hash: {sess.state.state_hash()}")
        if sess.save_error is None:
            return 0
        # never a success for a decided game whose save holds part of it (a resume
        # would play it again from there): say where the whole record went, or print it
        out(f"the save {host.save} holds only {sess.saved_n} of {len(sess.record.actions)} actions "
            f"({sess.save_error}); do not resume it")
        if host.rescued is not None:
            out(f"the game's record: {host.rescued}")
        else:
            out("the game's record (keep this line as a .json file): "
                + json.dumps(json.loads(sess.record.to_json(sess.state)), separators=(",", ":"), ensure_ascii=False))
        return 1
    if host.session is None:
        out("stopped before the game started")
        return status
    if status != 1:
        out("stopped: the clients keep their seats and wait for the game to resume")
    out(f"the game did not finish; resume it with: python -m game host --resume {host.save}")
    return status


class _Chooser:
    """The agent for a headless seat: a worker process, or inline for tests.
    Raises ValueError when ``game`` has no agent of that name."""

    def __init__(self, agent: str, seed: int, inline: bool, game: str) -> None:
        self.inline = inline
        if inline:
            from game.ai.agent import make_agent

            self.agent: Any = make_agent(agent, seed, game)
        else:
            from game.ai.worker import AgentWorker

            self.agent = AgentWorker(agent, seed, game=game)
        self._answer: str | None = None

    def ask(self, view: dict[str, Any], legal: list[str]) -> None:
        if self.inline:
            self._answer = self.agent.choose(view, legal)
        else:
            self.agent.ask(view, legal)

    def poll(self) -> str | None:
        if self.inline:
            out, self._answer = self._answer, None
            return out
        got = self.agent.poll()
        return None if got is None else str(got[1])

    def close(self) -> None:
        if not self.inline:
            self.agent.close()


def play_headless(client: RemoteClient, agent: str, seed: int = 0, inline: bool = False,
                  out: Out = _print, err: Out = _err, give_up_after: float | None = None,
                  stop: StopRequest | None = None, secret_pause: tuple[float, float] = SECRET_PAUSE) -> int:
    """Play ``client``'s seat with ``agent`` until the game ends; 0 when it ended normally,
    1 when it did not, 2 when the host's game has no agent of that name, 128 + the
    signal's number when Ctrl+C or SIGTERM stopped it (``stop`` caught it, or Ctrl+C
    raised; the seat's token is printed to come back with). A secret choice (a HerosDeï
    window) is answered after a random pause in ``secret_pause``, as the host's AI seats do."""
    chooser: _Chooser | None = None  # made once the host said which game it plays
    pauses = random.SystemRandom()
    due = 0.0  # when the answer being thought of may be sent
    asked: int | None = None  # the action count of the view the agent is thinking about
    sent: int | None = None  # the action count the last action was chosen at
    idle_at: int | None = None  # the action count at which the agent had nothing to do
    retries, retry_n = 0, -1
    said: set[str] = set()
    last_status = ""
    started = time.monotonic()
    try:
        while True:
            wait_any([client], 0.002 if asked is not None else 0.05)
            client.poll()
            for e in [*client.errors(), *client.refused()]:
                err(f"{client.name}: {e}")
            for notice in client.save_notices():
                out(describe_save_notice(notice))
            status = client.status
            if chooser is None and client.game is not None and status in ("lobby", "ok"):
                try:
                    chooser = _Chooser(agent, seed, inline, client.game)
                except ValueError as exc:
                    err(f"join: {exc}")
                    return 2
            if status != last_status:
                if status == "lobby" and "welcome" not in said:
                    said.add("welcome")
                    out(f"joined {client.host_name!r} as seat {client.seat} ({client.name}); token: {client.token}")
                    out(f"game: {client.game} {client.format}")
                    client.set_ready(True)
                elif status == "ok" and "start" not in said:
                    said.add("start")
                    out(f"playing seat {client.seat} ({client.name}); token: {client.token}")
                elif status == "reconnecting":
                    out("connection lost: reconnecting" if said else
                        f"the host {client.host}:{client.port} does not answer yet: retrying")
                elif status == "ok":
                    out(f"reconnected at action {client.n}")
                last_status = status
            if client.over:
                out(f"winner: {describe_winner(client)}")
                out(f"actions: {client.n}")
                out(f"view_hash: {view_hash(client.view())}")
                return 0
            if status == "closed":  # the reason was printed with the errors
                return 1
            if stop is not None and stop.signum is not None:
                return _stopped(client, out, stop.status)
            if give_up_after is not None and time.monotonic() - started > give_up_after:
                err("gave up waiting for the game to end")
                return 1
            view = client.view()
            legal = view.get("legal") or []
            # a seat may act with no line listed: Chaos Realms lists no new offers (its view
            # says ``can_offer``), and its agent answers IDLE when it has nothing to do now
            may_act = bool(legal) or view.get("can_offer") is True
            if status != "ok" or not may_act or chooser is None or idle_at == client.n:
                asked = None
                continue
            if client.n != retry_n:
                retries, retry_n = 0, client.n
            rejected = client.rejected is not None and client.rejected[0] == sent
            if rejected:
                # nothing of ours is on its way any more: without forgetting ``sent``, the next
                # pass would wait for it while the agent (a worker) thinks, and never read its answer
                client.rejected = None
                sent = None
                retries += 1
            if sent == client.n and not rejected:
                continue  # our action is on its way
            if asked != client.n or rejected:
                asked = client.n
                if retries > 3:  # the agent keeps choosing what the host refuses
                    if legal:
                        client.submit(client.seat or 0, legal[0])
                        sent = client.n
                    else:
                        idle_at = client.n  # nothing it must do: wait for the game to move
                    asked, retries = None, 0
                    continue
                chooser.ask(view, legal)
                secret = client.game is not None and games.game(client.game).secret_choice(view)
                due = time.monotonic() + (pauses.uniform(*secret_pause) if secret else 0.0)
            if time.monotonic() < due:
                continue  # a secret choice's pause: its answer, ready or not, waits
            line = chooser.poll()
            if line == IDLE and asked == client.n:
                idle_at, asked = client.n, None  # nothing now: asked again when the game moves
            elif line is not None and asked == client.n:
                client.submit(client.seat or 0, line)
                sent, asked = client.n, None
            elif line is not None:
                asked = None  # an answer for an older view: ask again
    except KeyboardInterrupt:
        return _stopped(client, out, 128 + int(signal.SIGINT))
    finally:
        if chooser is not None:
            chooser.close()
        client.close()


def _stopped(client: RemoteClient, out: Out, status: int) -> int:
    comeback = f"; come back with --token {client.token}" if client.token and not client.over else ""
    out(f"stopped{comeback}")
    return status


def describe_save_notice(notice: dict[str, Any]) -> str:
    """One line for a host's ``save_status``: its autosave fails, or works again."""
    if notice.get("ok"):
        return f"the host saves the game again (action {notice.get('n')})"
    return f"the host could not save the game at action {notice.get('n')}: {notice.get('reason')} (it plays on and retries)"


def describe_winner(client: RemoteClient) -> str:
    w = client.winner
    if w is None:
        return "nobody"
    names = client.names
    seats = w if isinstance(w, list) else [w]
    return " and ".join(f"seat {i} ({names[i] if i < len(names) else '?'})" for i in seats)


def watch_headless(client: RemoteClient, out: Out = _print, err: Out = _err, give_up_after: float | None = None,
                   stop: StopRequest | None = None) -> int:
    """Watch the game ``client`` (a spectator's) joined until it ends, saying what happens:
    the game, each new turn, the seats' comings and goings, the end (and the hands when the
    host shows them). 0 when it ended normally, 1 when it did not, 128 + the signal's number
    when stopped."""
    started = time.monotonic()
    said: set[str] = set()
    last_status, turn, seats_seen = "", None, ""
    while True:
        wait_any([client], 0.05)
        client.poll()
        for e in [*client.errors(), *client.refused()]:
            err(f"{client.name}: {e}")
        status = client.status
        if status != last_status:
            if status in ("lobby", "ok") and "welcome" not in said:
                said.add("welcome")
                out(f"watching {client.host_name!r} as {client.name}: {client.game} {client.format}")
            elif status == "reconnecting":
                out("connection lost: reconnecting")
            last_status = status
        who = ", ".join(f"{s.get('name')} ({s.get('status')})" for s in client.seat_status or []
                        if isinstance(s, dict))
        if who and who != seats_seen:
            seats_seen = who
            out(f"seats: {who}")
        view = client.view()
        if isinstance(view.get("turn"), int) and view["turn"] != turn:
            turn = view["turn"]
            out(f"turn {turn}")
        if client.over:
            if client.revealed:
                out("the hands as they ended are shown to the spectators")
            out(f"winner: {describe_winner(client)}")
            out(f"actions: {client.n}")
            out(f"view_hash: {view_hash(client.view())}")
            return 0
        if status == "closed":
            return 1
        if stop is not None and stop.signum is not None:
            out("stopped")
            return stop.status
        if give_up_after is not None and time.monotonic() - started > give_up_after:
            err("gave up waiting for the game to end")
            return 1
