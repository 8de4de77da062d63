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
TITLE = "Fantasy Realms"
CHAOS = "chaos"  # the format of Chaos Realms: "chaos" (the rulebook's 5 minutes) or "chaos:SECONDS"


def normal_modules(modules: list[str]) -> tuple[str, ...]:
    """The canonical module list (sorted); ValueError with a reason for unknown ones."""
    from game.fantasy_realms.modules import normalize

    return tuple(sorted(normalize(modules)))


def rule_names() -> list[str]:
    """The disputed rulings a game can be set up with."""
    from game.fantasy_realms.terms import Rulings

    return Rulings.field_names()


def normal_rulings(rulings: dict[str, Any]) -> dict[str, bool]:
    """Every ruling by name (those not given at their defaults); ValueError with a reason."""
    from game.fantasy_realms.terms import Rulings

    return Rulings.from_dict(rulings).to_dict()


def parse_rule_options(pairs: list[str]) -> dict[str, bool]:
    """``NAME=yes|no`` pairs -> a rulings table; ValueError with a reason."""
    from game.fantasy_realms.terms import Rulings

    return Rulings.parse_pairs(pairs)


def chaos_limit(format: str | None) -> int | None:
    """The time limit in seconds of a Chaos Realms format (``chaos``, ``chaos:SECONDS``),
    None for another format; ValueError with a reason for a bad limit."""
    if not format or not (format == CHAOS or format.startswith(CHAOS + ":")):
        return None
    from game.fantasy_realms.chaos import LIMIT_S, MAX_LIMIT_S

    word = format[len(CHAOS) + 1:]
    if not word:
        return LIMIT_S
    if not word.isdigit() or not 1 <= int(word) <= MAX_LIMIT_S:
        raise ValueError(f"the Chaos Realms time limit must be 1-{MAX_LIMIT_S} seconds, not {word!r}")
    return int(word)


def chaos_format(limit_s: int) -> str:
    """The format that hosts Chaos Realms with this time limit."""
    return f"{CHAOS}:{limit_s}"


def timed_format(format: str | None, seconds: int) -> str:
    """The format ``format`` played with a time limit of ``seconds``: Chaos Realms only."""
    if format != CHAOS:
        raise ValueError("--time-limit is for Chaos Realms (--game fantasy_realms --format chaos)")
    limit = chaos_limit(chaos_format(seconds))
    assert limit is not None
    return chaos_format(limit)


def setup_problem(seats: int, format: str | None, modules: tuple[str, ...]) -> str | None:
    """Why this format, these (valid) modules and seat count cannot be set up, or None."""
    try:
        limit = chaos_limit(format)
    except ValueError as exc:
        return str(exc)
    if limit is not None:
        from game.fantasy_realms.chaos import MAX_SEATS as CHAOS_MAX
        from game.fantasy_realms.chaos import MIN_SEATS as CHAOS_MIN
        from game.fantasy_realms.modules import ITEMS

        if ITEMS in modules:
            return "Chaos Realms is played without the Cursed Items (their uses need turns)"
        if not CHAOS_MIN <= seats <= CHAOS_MAX:
            return f"Chaos Realms is for {CHAOS_MIN} to {CHAOS_MAX} players, not {seats}"
        return None
    if format not in (None, "", "standard"):
        return f"{TITLE} has no formats but '{CHAOS}' (--format is for Hero Realms, or chaos for Chaos Realms)"
    from game.fantasy_realms.setup import MAX_SEATS, MIN_SEATS

    if not MIN_SEATS <= seats <= MAX_SEATS:
        return f"{TITLE} is for {MIN_SEATS} to {MAX_SEATS} players, not {seats}"
    return None


def new_record(seats: int, seed: int, format: str | None = None, modules: tuple[str, ...] = (),
               rulings: dict[str, bool] | None = None) -> Any:
    """The record (setup, no actions yet) of a new game (Chaos Realms: its format)."""
    from game.fantasy_realms.record import ChaosRecord, Record

    mods = list(normal_modules(list(modules)))
    chosen = normal_rulings(rulings or {})
    limit = chaos_limit(format)
    if limit is not None:
        return ChaosRecord.chaos(seats, mods, seed, limit, rulings=chosen)
    return Record.standard(seats, mods, seed, rulings=chosen)


def _label(mods: tuple[str, ...], limit_s: int | None) -> str:
    """The modules joined by "+", after ``chaos:SECONDS+`` for Chaos Realms."""
    label = "+".join(mods)
    return label if limit_s is None else f"{chaos_format(limit_s)}+{label}"


def setup_label(format: str | None, modules: tuple[str, ...]) -> str:
    """How a planned game's setup is told to players (never raises: the host refused a bad one)."""
    try:
        limit = chaos_limit(format)
    except ValueError:
        limit = None
    return _label(modules, limit)


def state_setup(state: Any) -> tuple[str, tuple[str, ...], dict[str, bool]]:
    """A running game's setup as told to players: its label, modules and rulings."""
    mods = tuple(sorted(state.modules))
    limit_ms = getattr(state, "limit_ms", None)  # a Chaos Realms state
    rulings: dict[str, bool] = state.rulings.to_dict()
    return _label(mods, limit_ms // 1000 if isinstance(limit_ms, int) else None), mods, rulings


def run_scenario(doc: dict[str, Any], where: str) -> Any:
    from game.core.errors import DataError

    raise DataError(where, f"{TITLE} has no scenario files (they are Hero Realms' and HerosDeï's)")


def position_json(state: Any, seat: int | None) -> dict[str, Any]:
    """A position as JSON: the view of ``seat``, or the spectator's (every hand is shown
    once the game is over). Fantasy Realms has no scenario runner with its own shape."""
    view: dict[str, Any] = state.view(seat)
    return view


def game_figures(first_view: dict[str, Any], events: list[dict[str, Any]], you: list[int]) -> dict[str, Any]:
    """One finished game's figures for the statistics: the scored hands of the player's
    seats (total and cards), from the end of the game's ``hand_scored`` events."""
    # a LAN client's seen record holds what a file says: each value is checked
    hands = [{"seat": e["seat"], "score": e["total"], "cards": [c for c in e.get("cards") or [] if isinstance(c, str)]}
             for e in events if e.get("type") == "hand_scored" and isinstance(e.get("seat"), int)
             and e["seat"] in you and _whole(e.get("total")) and isinstance(e.get("cards", []), list)]
    return {"hands": hands}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def summary_figures(games: list[tuple[dict[str, Any], bool | None, list[int]]]) -> dict[str, Any]:
    """The statistics screen's Fantasy Realms figures: the average score of the player's
    hands and the best hand (its score and cards)."""
    # figures of the statistics cache: a hand without a whole score or a list of cards is left out
    hands = [h for figures, _won, _winners in games
             for h in _list(figures.get("hands"))
             if isinstance(h, dict) and _whole(h.get("score")) and isinstance(h.get("cards"), list)]
    best = max(hands, key=lambda h: int(h["score"]), default=None)
    return {"average_score": round(sum(int(h["score"]) for h in hands) / len(hands), 2) if hands else None,
            "best_hand": {"score": best["score"], "cards": best["cards"]} if best else None,
            "hands": len(hands)}


def card_name(card: str, lang: str) -> str:
    """A card's name in ``lang`` (English when it has none; the id for an unknown card)."""
    from game.fantasy_realms.cards import library

    found = library().cards.get(card)
    return card if found is None else str(found.name.get(lang) or found.name.get("en") or card)
