"""Fantasy Realms as the house knows it: :class:`FantasyRealms`, the game's one class.

It answers what the session needs to run a game of the standard game or of Chaos
Realms (parse a line, who may act for whom, what reveals, how saves load, the clock),
deals a new game with its modules and rulings, answers the setup questions of the LAN
host and the New game screen and gives replays and statistics their figures.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.core.errors import IllegalActionError
from game.core.events import Event
from game.core.game import Game, GameFigures, GameState
from game.core.puzzle import PuzzleRules
from game.core.refusal import refusal
from game.fantasy_realms import chaos, record
from game.fantasy_realms.actions import Action, parse
from game.fantasy_realms.chaos_events import ChaosEvent
from game.fantasy_realms.events import CardsToDeck, GameOver, Revealed, TurnStarted
from game.fantasy_realms.modules import MODULES

TITLE = "Fantasy Realms"
CHAOS = "chaos"  # the format of Chaos Realms: "chaos" (the rulebook's 5 minutes) or "chaos:SECONDS"


class FantasyRealms(Game):
    """Fantasy Realms: 2-6 players, its modules (promos, Cursed Hoard...), optional
    rulings, and Chaos Realms (played against time) as its one format."""

    name = "fantasy_realms"
    title = TITLE
    seats = (2, 3, 4, 5, 6)
    formats = ("standard", CHAOS)
    modules = MODULES
    # The loopback LAN game of ``--selftest`` deals Cursed Items too, to cover their lines.
    selftest_modules = ("promo", "cursed_items")

    def parse(self, line: str) -> Any:
        """A standard game's line, or a Chaos Realms line (a seat number or the clock first)."""
        return chaos.parse(line) if chaos.is_chaos_line(line) else parse(line)

    def loads(self, text: str, where: str) -> tuple[Any, Any]:
        return record.loads(text, where)

    def bind(self, state: GameState, action: Any, seat: int) -> Any:
        if not isinstance(state, chaos.ChaosState):
            if not isinstance(action, Action):
                raise IllegalActionError(refusal("chaos_line", f"{action} is a Chaos Realms line; this game takes turns",
                                                 line=str(action)))
            return action
        if not isinstance(action, chaos.ChaosAction):
            raise IllegalActionError(refusal(
                "standard_line", f"{action} is a line of the standard game; in Chaos Realms a line begins with its seat",
                line=str(action)))
        if action.seat is None:
            raise IllegalActionError(refusal("clock_is_the_tables", "the clock is the table's, not a seat's"))
        if action.seat != seat:
            raise IllegalActionError(refusal("other_seat", f"seat {seat} cannot act for seat {action.seat}",
                                             seat=seat, other=action.seat))
        return action

    def revealing(self, events: list[Event], seat: int) -> bool:
        # drawing from the deck shows a hidden card; so do Cursed Items that look or move;
        # in Chaos Realms every move is seen at once by other seats (an offer reaches its target)
        return any(e.type in ("card_drawn", "item_dealt")
                   or isinstance(e, (Revealed, CardsToDeck, TurnStarted, GameOver, ChaosEvent)) for e in events)

    def clock(self, state: GameState, since_ms: int) -> Any:
        return chaos.due_clock(state, since_ms) if isinstance(state, chaos.ChaosState) else None


    def normal_modules(self, modules: Sequence[str]) -> tuple[str, ...]:
        """The canonical module list (sorted); ValueError with a reason for unknown ones."""
        from game.fantasy_realms.modules import normalize

        return tuple(sorted(normalize(modules)))

    def rule_names(self) -> list[str]:
        """The disputed rulings a game can be set up with."""
        from game.fantasy_realms.terms import Rulings

        return Rulings.field_names()

    def normal_rulings(self, rulings: Mapping[str, Any]) -> dict[str, bool]:
        """Every ruling by name (those not given at their defaults); ValueError with a reason."""
        from game.fantasy_realms.terms import Rulings

        return Rulings.from_dict(rulings).to_dict()

    def parse_rule_options(self, pairs: Sequence[str]) -> dict[str, bool]:
        """``NAME=yes|no`` pairs -> a rulings table; ValueError with a reason."""
        from game.fantasy_realms.terms import Rulings

        return Rulings.parse_pairs(pairs)

    def timed_format(self, format: str | None, seconds: int) -> str:
        """The format ``format`` played with a time limit of ``seconds``: Chaos Realms only."""
        if format != CHAOS:
            raise ValueError("--time-limit is for Chaos Realms (--game fantasy_realms --format chaos)")
        limit = chaos_limit(chaos_format(seconds))
        assert limit is not None
        return chaos_format(limit)

    def setup_problem(self, seats: int, format: str | None, modules: tuple[str, ...]) -> str | None:
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

    def new_record(self, seats: int, seed: int, format: str | None = None, modules: tuple[str, ...] = (),
                   rulings: Mapping[str, bool] | None = None) -> Any:
        """The record (setup, no actions yet) of a new game (Chaos Realms: its format)."""
        mods = list(self.normal_modules(list(modules)))
        chosen = self.normal_rulings(rulings or {})
        limit = chaos_limit(format)
        if limit is not None:
            return record.ChaosRecord.chaos(seats, mods, seed, limit, rulings=chosen)
        return record.Record.standard(seats, mods, seed, rulings=chosen)

    def setup_label(self, format: str | None, modules: tuple[str, ...]) -> str:
        """How a planned game's setup is told to players (never raises: the host refused a bad one)."""
        try:
            limit = chaos_limit(format)
        except ValueError:
            limit = None
        return _label(modules, limit)

    def state_setup(self, state: Any) -> tuple[str, tuple[str, ...], dict[str, bool]]:
        """A running game's setup as told to players: its label, modules and rulings."""
        mods = tuple(sorted(state.modules))
        limit_ms = getattr(state, "limit_ms", None)  # a Chaos Realms state
        rulings: dict[str, bool] = state.rulings.to_dict()
        return _label(mods, limit_ms // 1000 if isinstance(limit_ms, int) else None), mods, rulings

    def run_scenario(self, doc: dict[str, Any], where: str) -> Any:
        from game.core.errors import DataError

        raise DataError(where, f"{TITLE} has no scenario files (they are Hero Realms' and HerosDeï's)")

    def puzzle_rules(self) -> PuzzleRules:
        """Fantasy Realms puzzles: a position of hands and a discard area, judged by the scorer (``puzzle.py``)."""
        from game.fantasy_realms.puzzle import RULES

        return RULES

    def game_figures(self, first_view: Mapping[str, Any], events: list[dict[str, Any]],
                     you: list[int]) -> dict[str, Any]:
        """One finished game's figures for the statistics: the scored hands of the player's
        seats (total and cards), from the end of the game's ``hand_scored`` events."""
        # a LAN client's seen record holds what a file says: each value is checked
        hands = [{"seat": e["seat"], "score": e["total"], "cards": [c for c in e.get("cards") or [] if isinstance(c, str)]}
                 for e in events if e.get("type") == "hand_scored" and isinstance(e.get("seat"), int)
                 and e["seat"] in you and _whole(e.get("total")) and isinstance(e.get("cards", []), list)]
        return {"hands": hands}

    def summary_figures(self, games: list[GameFigures]) -> dict[str, Any]:
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

    def card_name(self, card: str, lang: str) -> str:
        """A card's name in ``lang`` (English when it has none; the id for an unknown card)."""
        from game.fantasy_realms.cards import library

        found = library().cards.get(card)
        return card if found is None else str(found.name.get(lang) or found.name.get("en") or card)


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


def _label(mods: tuple[str, ...], limit_s: int | None) -> str:
    """The modules joined by "+", after ``chaos:SECONDS+`` for Chaos Realms."""
    label = "+".join(mods)
    return label if limit_s is None else f"{chaos_format(limit_s)}+{label}"


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []
