"""What the game-agnostic layers need of a game's engine to run it: its ``GameKind``.

The Session (hotseat, AI seats, LAN host) only needs, per game: how to parse an
action line, which seats may act now, how an action is bound to the seat that sent
it, which events reveal hidden information (undo stops there), how saves load, which
decisions must take a like time whatever the seat holds, and, for a game played
against time (Chaos Realms), which clock line is due. Each engine
builds its ``GameKind`` in its door module (``game/<game>/door.py``); the registry
(``game/games.py``) hands it to whoever asks by the game's name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

SECRET_PAUSE = (0.1, 0.4)  # seconds: the range of a seat's pause at a secret choice
NO_PAUSE = (0.0, 0.0)  # for games nobody watches (the self-test, the screenshot tour, tests of play)


@dataclass(frozen=True)
class GameKind:
    name: str
    title: str
    parse: Callable[[str], Any]
    waiting_for: Callable[[Any], list[int]]
    revealing: Callable[[list[Any], int], bool]  # (events of one action, acting seat)
    loads: Callable[[str, str], tuple[Any, Any]]  # (text, where) -> (record, state)
    # (state, parsed action, acting seat) -> the action as that seat makes it, or
    # IllegalActionError: whose move it is beyond ``waiting_for`` (team turns)
    bind: Callable[[Any, Any, int], Any] = lambda _st, action, _seat: action
    # (state, ms since the last clock line) -> the clock action due now, or None: a game
    # played against time (Chaos Realms) takes the time as an input the session sends
    clock: Callable[[Any, int], Any] = lambda _st, _since_ms: None
    # (the acting seat's view) -> whether its answer must not come sooner for a hand that can
    # only pass (a HerosDeï window or Monster step): the seat answers after a random pause,
    # so that the other seat cannot time what it holds
    secret_choice: Callable[[dict[str, Any]], bool] = lambda _view: False
