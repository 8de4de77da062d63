"""Hero Realms' door: what the house needs of this engine, asked through the registry.

``kind()`` is what the Session needs to run a game (parse a line, who acts, team
moves, what reveals, how saves load).
"""

from __future__ import annotations

from typing import Any

from game.core.errors import IllegalActionError
from game.core.gamekind import GameKind


def kind() -> GameKind:
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

    return GameKind("hero_realms", "Hero Realms", parse, waiting, revealing, record.loads, bind)


# The loopback LAN game of ``--selftest`` plays the standard game.
SELFTEST_MODULES: tuple[str, ...] = ()
TITLE = "Hero Realms"


def normal_modules(modules: list[str]) -> tuple[str, ...]:
    """Hero Realms has no modules (its formats say how a game is set up)."""
    if modules:
        raise ValueError(f"{TITLE} has no modules (--modules is for Fantasy Realms)")
    return ()


def rule_names() -> list[str]:
    return []  # no disputed rulings to choose


def normal_rulings(rulings: dict[str, Any]) -> dict[str, bool]:
    if rulings:
        raise ValueError(f"{TITLE} has no rulings (--rule is for Fantasy Realms)")
    return {}


def parse_rule_options(pairs: list[str]) -> dict[str, bool]:
    return normal_rulings(dict.fromkeys(pairs, True))


def timed_format(format: str | None, seconds: int) -> str:
    raise ValueError(f"{TITLE} is not played against time (--time-limit is for Chaos Realms)")


def setup_problem(seats: int, format: str | None, modules: tuple[str, ...]) -> str | None:
    """Why this format and seat count cannot be set up, or None."""
    from game.hero_realms.formats import get_format

    try:
        return get_format(format or "ffa").seats_problem(seats)
    except ValueError as exc:
        return str(exc)


def new_record(seats: int, seed: int, format: str | None = None, modules: tuple[str, ...] = (),
               rulings: dict[str, bool] | None = None) -> Any:
    """The record (setup, no actions yet) of a new game."""
    from game.hero_realms.record import Record

    normal_rulings(rulings or {})
    return Record.standard(seats, format or "ffa", seed)


def setup_label(format: str | None, modules: tuple[str, ...]) -> str:
    """How a planned game's setup is told to players: its format's name."""
    return format or "ffa"


def state_setup(state: Any) -> tuple[str, tuple[str, ...], dict[str, bool]]:
    """A running game's setup as told to players: its label, modules and rulings."""
    return str(state.fmt.name), (), {}


def run_scenario(doc: dict[str, Any], where: str) -> Any:
    """The spec's scenario runner on a loaded scenario file (``python -m game scenario``)."""
    from game.hero_realms import scenario

    return scenario.run(doc, where)


def position_json(state: Any, seat: int | None) -> dict[str, Any]:
    """A position as the scenario runner prints it (``serialize.full_state``); for a
    seat, only what that seat may know (its view)."""
    if seat is not None:
        view: dict[str, Any] = state.view(seat)
        return view
    from game.hero_realms.serialize import full_state

    return full_state(state)


def game_figures(first_view: dict[str, Any], events: list[dict[str, Any]], you: list[int]) -> dict[str, Any]:
    """One finished game's figures for the statistics, from its events (as a spectator or
    the player's seat saw them): the cards the player's seats bought, the damage they
    dealt to opponents (to players, not champions), and which seat played first."""
    bought: list[str] = []
    damage = 0
    for e in events:  # a LAN client's seen record holds what a file says: each value is checked
        seat = e.get("seat")
        mine = isinstance(seat, int) and seat in you
        if e.get("type") == "card_acquired" and mine and isinstance(e.get("card"), str):
            bought.append(e["card"])
        elif (e.get("type") == "damage_dealt" and mine and e.get("target") not in you
              and e.get("card") is None and _whole(e.get("amount"))):
            damage += e["amount"]
    first = first_view.get("first")
    return {"bought": bought, "damage": damage, "first": first if _whole(first) else None}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def summary_figures(games: list[tuple[dict[str, Any], bool | None, list[int]]]) -> dict[str, Any]:
    """The statistics screen's Hero Realms figures over (figures, the player won, winners)
    of each game: the cards bought most with the win rate of the games they were bought
    in (each card once per game), the average damage dealt, and how often the first player won."""
    from collections import Counter

    counts: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    decided: Counter[str] = Counter()
    damage: list[int] = []
    first_games = first_wins = 0
    for figures, won, winners in games:  # figures of the statistics cache: each value is checked
        if _whole(figures.get("damage")):
            damage.append(figures["damage"])
        bought = figures.get("bought")
        for card in {c for c in bought if isinstance(c, str)} if isinstance(bought, list) else set():
            counts[card] += 1
            if won is not None:
                decided[card] += 1
                wins[card] += int(won)
        first = figures.get("first")
        if _whole(first) and winners:
            first_games += 1
            first_wins += int(first in winners)
    top = sorted(counts, key=lambda c: (-counts[c], c))[:10]
    return {
        "top_bought": [{"card": c, "games": counts[c], "win_rate": round(wins[c] / decided[c], 4) if decided[c] else None}
                       for c in top],
        "damage_per_game": round(sum(damage) / len(damage), 2) if damage else None,
        "first_player": {"games": first_games, "won": first_wins,
                         "win_rate": round(first_wins / first_games, 4) if first_games else None},
    }


def card_name(card: str, lang: str) -> str:
    """A card's name in ``lang`` (English when it has none; the id for an unknown card)."""
    from game.hero_realms.cards import library

    found = library().cards.get(card)
    return card if found is None else str(found.name.get(lang) or found.name.get("en") or card)
