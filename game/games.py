"""The games the table can host, and what the game-agnostic layers need of each.

The Session (hotseat, AI seats, LAN host) only needs, per game: how to parse an
action line, which seats may act now, how an action is bound to the seat that sent
it, which events reveal hidden information (undo stops there), how saves load, and,
for a game played against time (Chaos Realms), which clock line is due. Each game
gives these here; the Session picks the game from its record (``record.game``;
records without one are Hero Realms saves).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.errors import DataError, IllegalActionError
from game.core.record import read_json
from game.core.tomlcompat import read_text

HERO_REALMS = "hero_realms"
FANTASY_REALMS = "fantasy_realms"


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


def _hr() -> GameKind:
    from game.hero_realms import record
    from game.hero_realms.actions import Action, parse
    from game.hero_realms.events import (
        CardDiscarded,
        CardDrawn,
        DeckShuffled,
        GameOver,
        MarketRefilled,
        PlayerEliminated,
        PromptOpened,
        TurnStarted,
    )

    reveal = (CardDrawn, DeckShuffled, MarketRefilled, CardDiscarded, TurnStarted, GameOver, PlayerEliminated)

    def waiting(st: Any) -> list[int]:
        if st.phase == "over":
            return []
        if st.pending is not None:
            return [st.pending.seat]
        actors: list[int] = st.actors()
        return actors

    def revealing(events: list[Any], seat: int) -> bool:
        return any(isinstance(e, reveal) for e in events) or any(
            isinstance(e, PromptOpened) and e.seat != seat for e in events)

    def bind(st: Any, a: Action, seat: int) -> Action:
        # in a team turn several seats act at once, so a move names its actor
        if a.actor is not None and a.actor != seat:
            raise IllegalActionError(f"seat {seat} cannot act for seat {a.actor}")
        if st.pending is None and len(st.team_turn) > 1 and a.actor is None:
            return Action(a.verb, a.card, a.k, a.seat, a.amount, seat)
        return a

    return GameKind(HERO_REALMS, "Hero Realms", parse, waiting, revealing, record.loads, bind)


def _fr() -> GameKind:
    from game.fantasy_realms import chaos, record
    from game.fantasy_realms.actions import Action, parse
    from game.fantasy_realms.chaos_events import ChaosEvent
    from game.fantasy_realms.events import CardsToDeck, GameOver, Revealed, TurnStarted

    def parse_any(line: str) -> Any:
        """A standard game's line, or a Chaos Realms line (a seat number or the clock first)."""
        return chaos.parse(line) if chaos.is_chaos_line(line) else parse(line)

    def waiting(st: Any) -> list[int]:
        if isinstance(st, chaos.ChaosState):
            return st.waiting_for()
        return [] if st.phase == "over" else [st.to_move]

    def bind(st: Any, a: Any, seat: int) -> Any:
        if not isinstance(st, chaos.ChaosState):
            if not isinstance(a, Action):
                raise IllegalActionError(f"{a} is a Chaos Realms line; this game takes turns")
            return a
        if not isinstance(a, chaos.ChaosAction):
            raise IllegalActionError(f"{a} is a line of the standard game; in Chaos Realms a line begins with its seat")
        if a.seat is None:
            raise IllegalActionError("the clock is the table's, not a seat's")
        if a.seat != seat:
            raise IllegalActionError(f"seat {seat} cannot act for seat {a.seat}")
        return a

    def revealing(events: list[Any], seat: int) -> bool:
        # drawing from the deck shows a hidden card; so do Cursed Items that look or move;
        # in Chaos Realms every move is seen at once by other seats (an offer reaches its target)
        return any(e.type in ("card_drawn", "item_dealt")
                   or isinstance(e, (Revealed, CardsToDeck, TurnStarted, GameOver, ChaosEvent)) for e in events)

    def clock(st: Any, since_ms: int) -> Any:
        return chaos.due_clock(st, since_ms) if isinstance(st, chaos.ChaosState) else None

    return GameKind(FANTASY_REALMS, "Fantasy Realms", parse_any, waiting, revealing, record.loads, bind, clock)


_FACTORIES: dict[str, Callable[[], GameKind]] = {HERO_REALMS: _hr, FANTASY_REALMS: _fr}
_CACHE: dict[str, GameKind] = {}


def names() -> list[str]:
    return list(_FACTORIES)


def kind(name: str) -> GameKind:
    got = _CACHE.get(name)
    if got is None:
        factory = _FACTORIES.get(name)
        if factory is None:
            raise DataError("game", f"unknown game {name!r} (known: {', '.join(_FACTORIES)})")
        got = _CACHE[name] = factory()
    return got


def kind_of(record: Any) -> GameKind:
    """The game of a record (Hero Realms records carry no ``game`` attribute)."""
    return kind(str(getattr(record, "game", HERO_REALMS)))


def loads(text: str, where: str = "save") -> tuple[Any, Any]:
    """Load a save of any game (the file says which)."""
    doc = read_json(text, where)
    name = doc.get("game", HERO_REALMS) if isinstance(doc, dict) else HERO_REALMS
    if not isinstance(name, str) or name not in _FACTORIES:
        raise DataError(where, f"a save of an unknown game ({name!r})")
    return kind(name).loads(text, where)


def load(path: str | Path) -> tuple[Any, Any]:
    return loads(read_text(path), str(path))
