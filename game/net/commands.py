"""LAN subcommands: ``host``, ``join`` and ``discover``.

``host`` serves a game headless (the table hosts through ``game.net.api`` instead),
Hero Realms by default or another game of ``games.hostable()`` with ``--game`` (its
``--format`` and ``--modules`` as the game's class reads them, ``--rule NAME=yes|no`` for
disputed rulings);
``join --headless --agent NAME`` plays a seat with an agent made for the game the
host serves; ``join`` without ``--headless`` opens the table on that game. Bad arguments end with a one-line
reason and status 2; a game that ends normally gives status 0. The headless host and
client stop on SIGTERM as on Ctrl+C (the host's clients keep their seats for
``--resume``) and end with status 143 (130 for Ctrl+C).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game.core import console
from game.core.docs import load_json, not_a_file, read_text
from game.core.errors import DataError
from game.core.game import SECRET_PAUSE
from game.net import setups
from game.net.protocol import DEFAULT_PORT, DISCOVERY_PORT, PROTOCOL_VERSION


def _fail(prog: str, reason: str) -> int:
    print(f"{prog}: {reason}", file=sys.stderr)
    return 2


def parse_seats(text: str, agents: list[str]) -> list[str]:
    """"remote,hard,remote" -> ["remote", "hard", "remote"]; ValueError with a reason."""
    seats = [s.strip() for s in text.split(",")]
    for s in seats:
        if s != "remote" and s not in agents:
            raise ValueError(f"seat {s!r} is neither 'remote' nor an agent ({', '.join(agents)})")
    return seats


def _saved_game(path: str) -> str | None:
    """The game a save file holds (saves without ``game`` are the default game's); None if unreadable
    (loading it later gives the reason)."""
    try:
        doc = load_json(read_text(path), path)
    except DataError:
        return None
    game = doc.get("game", setups.DEFAULT_GAME) if isinstance(doc, dict) else None
    return game if isinstance(game, str) else None


def cmd_host(args: argparse.Namespace) -> int:
    from game.core.errors import RealmsError
    from game.net.headless import run_host, stop_requests
    from game.net.host import HostConfig, NetHost

    if not 0 <= args.port < 65536:
        return _fail("host", f"port {args.port} is not in 0-65535")
    game = args.game or setups.DEFAULT_GAME
    if args.resume:
        why = not_a_file(args.resume)
        if why:  # a pipe would hang the reading, a folder or a device is no save
            return _fail("host", f"{args.resume}: {'no such save file' if why == 'no such file' else why}")
        saved = _saved_game(args.resume)
        if saved is not None and args.game is not None and saved != args.game:
            return _fail("host", f"{args.resume} is a {saved} game, not {args.game}")
        if args.format is not None or args.modules is not None or args.rule or args.time_limit is not None:
            return _fail("host", "--format, --modules, --rule and --time-limit come from the save with --resume")
        game = saved or game
    problem = setups.check_game(game)
    if problem:
        return _fail("host", problem)
    agents = setups.agents(game)
    seats: list[str] = []
    if args.seats is not None or not args.resume:
        try:
            seats = parse_seats(args.seats or "remote,remote", agents)
        except ValueError as exc:
            return _fail("host", f"{exc} for {game}")
    modules = [args.modules] if args.modules is not None else []
    if args.time_limit is not None:  # a game played against time: its format carries the limit
        try:
            args.format = setups.timed_format(game, args.format, args.time_limit)
        except ValueError as exc:
            return _fail("host", str(exc))
    try:
        rulings = setups.parse_rule_options(game, args.rule or [])
    except ValueError as exc:
        return _fail("host", str(exc))
    if not args.resume:
        problem = setups.setup_problem(game, len(seats), args.format, modules, rulings)
        if problem:
            return _fail("host", problem)
    takeover = None if args.no_takeover else args.takeover
    if takeover is not None and takeover < 0:
        return _fail("host", "--takeover must not be negative")
    if args.takeover_agent is not None and args.takeover_agent not in agents:
        return _fail("host", f"unknown agent {args.takeover_agent!r} for {game} (known: {', '.join(agents)})")
    if args.timeout <= 0 or args.heartbeat <= 0:
        return _fail("host", "--timeout and --heartbeat must be positive")
    if args.timeout < 2 * args.heartbeat:
        return _fail("host", "--timeout must be at least twice --heartbeat (a live client would be dropped)")
    lines = console.Lines()
    cfg = HostConfig(
        seats=seats, format=args.format, game=game, modules=modules, rulings=rulings, seed=args.seed, name=args.name,
        bind=args.bind, port=args.port,
        save=args.resume or args.save, resume=bool(args.resume),
        discovery_port=None if args.no_discovery else args.discovery_port,
        heartbeat=args.heartbeat, timeout=args.timeout, takeover_after=takeover, takeover_agent=args.takeover_agent,
        ai_inline=args.ai_inline, log=lines, keep_history=args.keep_history, final_save_s=args.final_save,
        secret_pause=args.secret_pause, spectators=args.spectators, reveal_at_end=args.reveal_at_end,
    )
    try:
        host = NetHost(cfg)
    except RealmsError as exc:
        print(f"host: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"host: cannot listen on {args.bind}:{args.port} ({exc.strerror or exc})", file=sys.stderr)
        return 1
    # the log's reader gone (``host | head``): the host stops as on Ctrl+C (the clients keep
    # their seats, the save is written, the workers stop) and ends as a closed pipe ends a tool
    lines.on_gone = lambda: host.stop(resumable=True)
    if lines.gone:
        host.stop(resumable=True)
    with stop_requests(lambda: host.stop(resumable=True)) as stop:
        status = run_host(host, out=lines, stop=stop)
    return console.PIPE_STATUS if lines.gone else status


def cmd_join(args: argparse.Namespace) -> int:
    from game.net.api import parse_address

    try:
        host, port = parse_address(args.address)
    except ValueError as exc:
        return _fail("join", str(exc))
    if args.watch:
        return _watch(args, host, port)
    if args.headless and args.agent is None:
        return _fail("join", "--headless needs --agent NAME (a person plays at the table), or --watch")
    if args.agent is not None and not args.headless:
        return _fail("join", "--agent needs --headless (at the table, you play your seat)")
    if args.game is not None and setups.check_game(args.game):
        return _fail("join", str(setups.check_game(args.game)))
    # the host names the game; an agent must at least exist for one of them (or the one asked for)
    playable = [args.game] if args.game is not None else setups.game_names()
    known = sorted({a for g in playable for a in setups.agents(g)})
    if args.agent is not None and args.agent not in known:
        return _fail("join", f"unknown agent {args.agent!r} (known: {', '.join(known)})")
    name = (args.name or (f"{args.agent} bot" if args.agent else "Player")).strip()
    if not name:
        return _fail("join", "--name must not be empty")
    if not args.headless:
        args.join_address = (host, port)  # the table opens its join scene on this game
        return int(args.open_table(args))  # the command line's front opens it: net knows no table
    from game.net.client import RemoteClient
    from game.net.headless import play_headless, stop_requests

    client = RemoteClient(host, port, name, token=args.token, seat=args.seat, reconnect_window=args.reconnect,
                          game=args.game)
    with stop_requests() as stop:
        return play_headless(client, args.agent, args.seed, inline=args.ai_inline, stop=stop,
                             secret_pause=args.secret_pause)


def cmd_discover(args: argparse.Namespace) -> int:
    from game.net.discovery import discover

    if args.timeout <= 0:
        return _fail("discover", "--timeout must be positive")
    if args.game is not None and setups.check_game(args.game):
        return _fail("discover", str(setups.check_game(args.game)))
    games = discover(args.timeout, args.port, game=args.game)
    if args.json:
        print(json.dumps([{**g.__dict__, "modules": list(g.modules)} for g in games]))
        return 0
    if not games:
        print("no game found on the LAN (join by address: python -m game join HOST:PORT)")
    for g in games:
        note = "" if g.joinable else f" ({'other version' if g.version != PROTOCOL_VERSION else g.phase})"
        print(f"{g.name}  {g.address}:{g.port}  {g.game} {g.format}  {g.seats_free}/{g.seats} seats free{note}")
    return 0


def _nonneg_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} must be a finite number of at least 0")
    return value


def _watch(args: argparse.Namespace, host: str, port: int) -> int:
    """``join --watch``: a spectator, saying what happens (at the table: the Join screen's Watch)."""
    if args.agent is not None or args.token is not None or args.seat is not None:
        return _fail("join", "--watch takes no seat: no --agent, --token or --seat")
    from game.net.client import RemoteClient
    from game.net.headless import stop_requests, watch_headless

    name = (args.name or "Spectator").strip()
    if not name:
        return _fail("join", "--name must not be empty")
    client = RemoteClient(host, port, name, reconnect_window=args.reconnect, game=args.game, watch=True)
    with stop_requests() as stop:
        return watch_headless(client, stop=stop)


def _pause(text: str) -> tuple[float, float]:
    """"LO,HI": the range of a seat's pause at a secret choice (game.core.game.SECRET_PAUSE)."""
    lo, comma, hi = text.partition(",")
    a, b = _nonneg_float(lo), _nonneg_float(hi if comma else lo)
    if b < a:
        raise argparse.ArgumentTypeError(f"{text!r}: the pause's range goes from low to high")
    return a, b


def register(sub: Any) -> None:
    from game.core.args import natural

    p = sub.add_parser("host", help="host a LAN game (headless)")
    p.add_argument("--port", type=natural, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT}; 0: any)")
    p.add_argument("--bind", default="0.0.0.0", help="address to listen on (default: every interface)")
    p.add_argument("--seats", default=None,
                   help="comma-separated seats: 'remote' or an agent name (default remote,remote)")
    p.add_argument("--game", default=None, choices=setups.game_names(),
                   help=f"the game to host (default {setups.DEFAULT_GAME}; --resume: the save's)")
    p.add_argument("--format", default=None,
                   help="Hero Realms format (default ffa); Fantasy Realms: chaos for Chaos Realms (3-7 seats); "
                        "HerosDeï: the variant, initiation, standard (default) or tournament")
    p.add_argument("--time-limit", default=None, metavar="TIME",
                   help="Chaos Realms' trading time: seconds, 5m or 4:30 (default 5m)")
    p.add_argument("--modules", default=None,
                   help="Fantasy Realms modules, comma-separated: promo, cursed_items, cursed_hoard_suits; "
                        "HerosDeï: the two decks in seat order, e.g. greeks,vikings")
    p.add_argument("--rule", action="append", default=None, metavar="NAME=yes|no",
                   help="a Fantasy Realms disputed ruling (repeatable), e.g. collector_all_suits=no")
    p.add_argument("--seed", type=natural, default=None,
                   help="deal from this seed (default: a fresh secret one; whoever knows the seed can see every hidden card)")
    p.add_argument("--name", default="Realms Table", help="the game's name on the LAN")
    p.add_argument("--save", default=None, help="autosave file, in a folder of your own (default: a new file in your data folder)")
    p.add_argument("--keep-history", action="store_true",
                   help="keep the finished game in your history of finished games (replays, statistics)")
    p.add_argument("--resume", default=None, metavar="FILE", help="continue the game autosaved in FILE")
    p.add_argument("--takeover", type=_nonneg_float, default=60.0,
                   help="seconds a dropped player's seat waits before an AI plays it (default 60)")
    p.add_argument("--no-takeover", action="store_true", help="dropped seats wait forever")
    p.add_argument("--takeover-agent", default=None, help="the agent that takes over (default: the best one)")
    p.add_argument("--timeout", type=_nonneg_float, default=10.0, help="silence before a client is dropped (s)")
    p.add_argument("--heartbeat", type=_nonneg_float, default=2.0, help="heartbeat interval (s)")
    p.add_argument("--discovery-port", type=natural, default=DISCOVERY_PORT, help=argparse.SUPPRESS)
    p.add_argument("--no-discovery", action="store_true", help="do not answer LAN discovery")
    p.add_argument("--final-save", type=_nonneg_float, default=30.0, metavar="S",
                   help="after the game, seconds a failing autosave is tried again before the record is "
                        "written elsewhere (default 30)")
    p.add_argument("--ai-inline", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--secret-pause", type=_pause, default=SECRET_PAUSE, help=argparse.SUPPRESS)  # tests: "0,0"
    p.add_argument("--spectators", type=natural, default=8, help="machines that may watch at once (default 8; 0: none)")
    p.add_argument("--reveal-at-end", action="store_true", help="show the spectators every hand once the game is over")
    p.set_defaults(handler=cmd_host)

    p = sub.add_parser("join", help="join a LAN game (the table, or --headless with an agent)")
    p.add_argument("address", help="HOST:PORT of the game")
    p.add_argument("--name", default=None, help="your name at the table")
    p.add_argument("--agent", default=None, help="play with this agent (needs --headless)")
    p.add_argument("--headless", action="store_true", help="no window: print what happens")
    p.add_argument("--watch", action="store_true", help="watch as a spectator (no seat; prints what happens)")
    p.add_argument("--token", default=None, help="rejoin the seat this token was given for")
    p.add_argument("--seat", type=natural, default=None, help="ask for this seat")
    p.add_argument("--seed", type=natural, default=0, help="the agent's seed")
    p.add_argument("--reconnect", type=_nonneg_float, default=120.0, help="seconds to keep reconnecting (s)")
    p.add_argument("--game", default=None, help="join only a host of this game (default: the host's game)")
    p.add_argument("--ai-inline", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--secret-pause", type=_pause, default=SECRET_PAUSE, help=argparse.SUPPRESS)
    p.set_defaults(handler=cmd_join)

    p = sub.add_parser("discover", help="list the games hosted on the LAN")
    p.add_argument("--timeout", type=_nonneg_float, default=1.0, help="seconds to listen (default 1)")
    p.add_argument("--port", type=natural, default=DISCOVERY_PORT, help=argparse.SUPPRESS)
    p.add_argument("--json", action="store_true", help="print one JSON list")
    p.add_argument("--game", default=None, help="list only the hosts of this game")
    p.set_defaults(handler=cmd_discover)
