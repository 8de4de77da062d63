"""Hero Realms as the house knows it: :class:`HeroRealms`, the game's one class.

It answers what the session needs to run a game (parse a line, team moves, what
reveals, how saves load), deals a new game in one of its formats, runs the spec's
scenarios, answers the setup questions of the LAN host and the New game screen and
gives replays and statistics their figures.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from game.core.errors import IllegalActionError
from game.core.events import Event
from game.core.game import Game, GameFigures, GameState
from game.core.puzzle import PuzzleRules
from game.core.refusal import refusal
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
from game.hero_realms.formats import FORMATS, get_format

TITLE = "Hero Realms"
_REVEAL = (CardDrawn, DeckShuffled, MarketRefilled, CardDiscarded, TurnStarted, GameOver, PlayerEliminated)


class HeroRealms(Game):
    """Hero Realms: 2-6 players in one of its formats (free for all, teams, hunter...)."""

    name = "hero_realms"
    title = TITLE
    seats = (2, 3, 4, 5, 6)
    formats = tuple(FORMATS)
    # The loopback LAN game of ``--selftest`` plays the standard game.
    selftest_modules = ()

    def parse(self, line: str) -> Action:
        return parse(line)

    def loads(self, text: str, where: str) -> tuple[Any, Any]:
        return record.loads(text, where)

    def bind(self, state: GameState, action: Any, seat: int) -> Action:
        if not isinstance(action, Action):
            raise IllegalActionError(refusal("not_an_action", f"{action} is not a {TITLE} action"))
        st: Any = state
        # in a team turn several seats act at once, so a move names its actor
        if action.actor is not None and action.actor != seat:
            raise IllegalActionError(refusal("cannot_act_for", f"seat {seat} cannot act for seat {action.actor}",
                                             seat=action.actor))
        if st.pending is None and len(st.team_turn) > 1 and action.actor is None:
            return Action(action.verb, action.card, action.k, action.seat, action.amount, seat)
        return action

    def revealing(self, events: list[Event], seat: int) -> bool:
        return any(isinstance(e, _REVEAL) for e in events) or any(
            isinstance(e, PromptOpened) and e.seat != seat for e in events)


    def normal_modules(self, modules: Sequence[str]) -> tuple[str, ...]:
        """Hero Realms has no modules (its formats say how a game is set up)."""
        if modules:
            raise ValueError(f"{TITLE} has no modules (--modules is for Fantasy Realms)")
        return ()

    def normal_rulings(self, rulings: Mapping[str, Any]) -> dict[str, bool]:
        if rulings:
            raise ValueError(f"{TITLE} has no rulings (--rule is for Fantasy Realms)")
        return {}

    def timed_format(self, format: str | None, seconds: int) -> str:
        raise ValueError(f"{TITLE} is not played against time (--time-limit is for Chaos Realms)")

    def setup_problem(self, seats: int, format: str | None, modules: tuple[str, ...]) -> str | None:
        """Why this format and seat count cannot be set up, or None."""
        try:
            return get_format(format or "ffa").seats_problem(seats)
        except ValueError as exc:
            return str(exc)

    def new_record(self, seats: int, seed: int, format: str | None = None, modules: tuple[str, ...] = (),
                   rulings: Mapping[str, bool] | None = None) -> Any:
        """The record (setup, no actions yet) of a new game."""
        self.normal_rulings(rulings or {})
        return record.Record.standard(seats, format or "ffa", seed)

    def setup_label(self, format: str | None, modules: tuple[str, ...]) -> str:
        """How a planned game's setup is told to players: its format's name."""
        return format or "ffa"

    def state_setup(self, state: Any) -> tuple[str, tuple[str, ...], dict[str, bool]]:
        """A running game's setup as told to players: its label, modules and rulings."""
        return str(state.fmt.name), (), {}

    def run_scenario(self, doc: dict[str, Any], where: str) -> Any:
        """The spec's scenario runner on a loaded scenario file (``python -m game scenario``)."""
        from game.hero_realms import scenario

        return scenario.run(doc, where)

    def puzzle_rules(self) -> PuzzleRules:
        """Hero Realms puzzles: a scenario position and a goal (``puzzle.py``)."""
        from game.hero_realms.puzzle import RULES

        return RULES

    def position_json(self, state: Any, seat: int | None) -> dict[str, Any]:
        """A position as the scenario runner prints it (``serialize.full_state``); for a
        seat, only what that seat may know (its view)."""
        if seat is not None:
            view: dict[str, Any] = state.view(seat)
            return view
        from game.hero_realms.serialize import full_state

        return full_state(state)

    def game_figures(self, first_view: Mapping[str, Any], events: list[dict[str, Any]],
                     you: list[int]) -> dict[str, Any]:
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

    def summary_figures(self, games: list[GameFigures]) -> dict[str, Any]:
        """The statistics screen's Hero Realms figures over (figures, the player won, winners)
        of each game: the cards bought most with the win rate of the games they were bought
        in (each card once per game), the average damage dealt, and how often the first player won."""
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

    def card_name(self, card: str, lang: str) -> str:
        """A card's name in ``lang`` (English when it has none; the id for an unknown card)."""
        from game.hero_realms.cards import library

        found = library().cards.get(card)
        return card if found is None else str(found.name.get(lang) or found.name.get("en") or card)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
