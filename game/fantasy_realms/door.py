"""Fantasy Realms' door: what the house needs of this engine, asked through the registry.

``kind()`` is what the Session needs to run a game (parse a line of the standard
game or of Chaos Realms, who acts, what reveals, how saves load, the clock).
"""

from __future__ import annotations

from typing import Any

from game.core.errors import IllegalActionError
from game.core.gamekind import GameKind


def kind() -> GameKind:
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

    return GameKind("fantasy_realms", "Fantasy Realms", parse_any, waiting, revealing, record.loads, bind, clock)


# The loopback LAN game of ``--selftest`` deals Cursed Items too, to cover their lines.
SELFTEST_MODULES: tuple[str, ...] = ("promo", "cursed_items")


def new_record(seats: int, seed: int, modules: tuple[str, ...] = ()) -> Any:
    """The record (setup, no actions yet) of a new standard game."""
    from game.fantasy_realms.record import Record

    return Record.standard(seats, list(modules), seed)
