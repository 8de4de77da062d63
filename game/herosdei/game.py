"""HerosDeï as the house knows it: :class:`HerosDei`, the game's one class.

It answers what the session needs to run a game (parse a line, how an action is bound
to the seat that sent it, what reveals hidden cards, how saves load), deals a new game,
runs the spec's scenarios, answers the setup questions of the LAN host and the New game
screen (``net/setups.py``) and gives replays and statistics their figures.

How the house's words map onto HerosDeï: the **modules** of a game are its two decks
in seat order (installed deck names such as ``greeks`` or ``vikings``; the same deck
twice is allowed; never sorted, since the order says who plays which), and its
**format** is the variant (``initiation``, ``standard``, ``tournament``). No modules
means the first two installed decks; no format means ``standard``. HerosDeï has no
optional rulings and is not played against time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, TypeGuard

from game.core.errors import DataError, IllegalActionError
from game.core.events import Event
from game.core.game import Game, GameFigures, GameState
from game.core.puzzle import PuzzleRules
from game.core.refusal import refusal
from game.herosdei import record
from game.herosdei.actions import Action, parse
from game.herosdei.events import CardDiscarded, CardsDrawn, FirstPlayer, GameOver, HeroesRevealed
from game.herosdei.state import VARIANTS
from game.herosdei.victory import DRAW, EXHAUSTED, TERMINATIONS, way_of
from game.herosdei.view import secret_choice

TITLE = "HerosDeï"
SEATS = 2
DEFAULT_VARIANT = "standard"
# draws, the set-up's reveal and the coin toss come from hidden cards or the RNG
_REVEAL = (CardsDrawn, HeroesRevealed, FirstPlayer, GameOver)


class HerosDei(Game):
    """HerosDeï: two players, a deck each (the modules, in seat order), a variant (the format)."""

    name = "herosdei"
    title = TITLE
    seats = (SEATS,)
    formats = VARIANTS
    # The loopback LAN game of ``--selftest`` deals two different civilisations.
    selftest_modules = ("greeks", "vikings")

    def parse(self, line: str) -> Action:
        return parse(line)

    def loads(self, text: str, where: str) -> tuple[Any, Any]:
        return record.loads(text, where)

    def bind(self, state: GameState, action: Any, seat: int) -> Action:
        if not isinstance(action, Action):
            raise IllegalActionError(refusal("not_an_action", f"{action} is not a {TITLE} action", line=str(action)))
        if action.actor is not None and action.actor != seat:
            raise IllegalActionError(refusal("acts_for_other", f"seat {seat} cannot act for seat {action.actor}", seat=seat,
                                             actor=action.actor))
        return action

    def revealing(self, events: list[Event], seat: int) -> bool:
        # a card of the other hand sent to the museum (a random discard) shows it
        return any(isinstance(e, _REVEAL) or (isinstance(e, CardDiscarded) and e.seat != seat) for e in events)

    def secret_choice(self, view: Mapping[str, Any]) -> bool:
        return secret_choice(dict(view))


    def normal_modules(self, modules: Sequence[str]) -> tuple[str, ...]:
        """The two decks of a game in seat order (items may be comma-separated, as
        ``--modules greeks,vikings``); the first two installed decks when none are given.
        ValueError with a one-line reason for a wrong count, an unknown or illegal deck."""
        from game.herosdei import decks as deckfiles

        names = [n.strip() for m in modules for n in m.split(",") if n.strip()]
        if not names:
            return default_decks()
        if len(names) != SEATS:
            raise ValueError(f"{TITLE} is played with two decks, one a seat (like greeks,vikings), not {len(names)}")
        known = deckfiles.available()
        for name in names:
            if name not in known:
                raise ValueError(f"unknown {TITLE} deck {name!r} (known: {', '.join(known) or 'none'})")
            _legal_deck(name)
        return tuple(names)

    def format_problem(self, format: str | None) -> str | None:
        """Why ``format`` is not a HerosDeï variant, or None (None and "" mean standard)."""
        if format in (None, "") or format in VARIANTS:
            return None
        return f"unknown {TITLE} variant {format!r} (known: {', '.join(VARIANTS)})"

    def normal_rulings(self, rulings: Mapping[str, Any]) -> dict[str, bool]:
        if rulings:
            raise ValueError(f"{TITLE} has no optional rulings (--rule is for Fantasy Realms)")
        return {}

    def timed_format(self, format: str | None, seconds: int) -> str:
        raise ValueError(f"{TITLE} is not played against time (--time-limit is for Chaos Realms)")

    def setup_problem(self, seats: int, format: str | None, modules: tuple[str, ...]) -> str | None:
        """Why this seat count, variant and (normalised) pair of decks cannot be set up, or
        None. No decks stand for the first two installed, as in :meth:`new_record`."""
        if seats != SEATS:
            return f"{TITLE} is played by {SEATS} players, not {seats}"
        if modules and len(modules) != SEATS:
            return f"{TITLE} is played with two decks, one a seat, not {len(modules)}"
        return self.format_problem(format) or _own_cards_problem(modules)

    def new_record(self, seats: int, seed: int, format: str | None = None, modules: tuple[str, ...] = (),
                   rulings: Mapping[str, bool] | None = None, *, decks: list[str] | None = None) -> Any:
        """The record of a new game: ``format`` is the variant, ``modules`` the two installed
        decks in seat order (none: the first two installed). ``decks`` (the tournament's) may
        also name deck files. DataError with a one-line reason for a setup HerosDeï refuses."""
        from game.herosdei.record import Record
        from game.herosdei.user_cards import tables_for

        if seats != SEATS:
            raise DataError("seats", f"{TITLE} is played by {SEATS} players")
        if rulings:
            raise DataError("setup", f"{TITLE} has no optional rulings")
        why = self.format_problem(format)
        if why:
            raise DataError("variant", why)
        if decks and modules:
            raise DataError("decks", "give the decks once (modules or decks)")
        if decks:
            names: tuple[str, ...] = tuple(decks)
        else:
            try:
                names = self.normal_modules(list(modules))
            except DataError:
                raise
            except ValueError as exc:
                raise DataError("decks", str(exc)) from None
        if len(names) != SEATS:
            raise DataError("decks", f"two {TITLE} decks are needed, not {len(names)}")
        dealt = [_legal_deck(n) for n in names]
        # a new game is played by people (the table, the LAN): no window tells a seat what the other holds;
        # the player's own cards the decks hold go into the record, which then replays without their files
        own = tables_for(c for d in dealt for c, _n in d.cards)
        return Record.standard(dealt, format or DEFAULT_VARIANT, seed, cards=own, ask_all=True)

    def setup_label(self, format: str | None, modules: tuple[str, ...]) -> str:
        """How a planned game's setup is told to players: its variant and decks ("initiation:
        greeks vs vikings")."""
        return _label(format or DEFAULT_VARIANT, modules)

    def state_setup(self, state: Any) -> tuple[str, tuple[str, ...], dict[str, bool]]:
        """A running game's setup as told to players: its label, decks and (no) rulings. A
        deck is named by its civilisation, which is the name of each installed deck."""
        decks = tuple(str(p.civ) for p in state.players)
        return _label(str(state.variant), decks), decks, {}

    def run_scenario(self, doc: dict[str, Any], where: str) -> Any:
        """The spec's scenario runner on a loaded scenario file (``python -m game scenario``)."""
        from game.herosdei import scenario

        return scenario.run(doc, where)

    def puzzle_rules(self) -> PuzzleRules:
        """HerosDeï puzzles: a scenario position and a goal (``puzzle.py``)."""
        from game.herosdei.puzzle import RULES

        return RULES

    def position_json(self, state: Any, seat: int | None) -> dict[str, Any]:
        """A position in the scenario runner's shape (the spec's output, with ``legal``); for
        a seat, only what that seat may know (its view, in the same shape)."""
        if seat is not None:
            view: dict[str, Any] = state.view(seat)
            return view
        from game.herosdei.rules import legal_lines
        from game.herosdei.serialize import full_state

        out = full_state(state)
        out["legal"] = legal_lines(state)
        return out

    def game_figures(self, first_view: Mapping[str, Any], events: list[dict[str, Any]],
                     you: list[int]) -> dict[str, Any]:
        """One finished game's figures for the statistics, from its events: the winner (a
        seat or "draw"), the turns played, how it ended (``ended``, a termination key of
        ``victory.TERMINATIONS``), each seat's kills in combat and
        victory points, the Heroes each seat placed, and ``sides``, the seats the summary
        counts (the player's, or both when the game was watched)."""
        kills = [0] * SEATS
        vp = [0] * SEATS
        heroes: list[list[str]] = [[] for _ in range(SEATS)]
        winner: int | str | None = None
        ended: str | None = None
        turns = 0
        lib = _library()
        for e in events:  # a LAN client's seen record holds what a file says: each value is checked
            kind_, seat = e.get("type"), e.get("seat")
            if kind_ == "turn_started" and _whole(e.get("turn")):
                turns = max(turns, e["turn"])
            elif kind_ == "character_killed" and _seat(e.get("by")):
                kills[e["by"]] += 1
                vp[e["by"]] += e["vp"] if _whole(e.get("vp")) else 0
            elif kind_ == "victory_points" and _seat(seat):
                vp[seat] += e["amount"] if _whole(e.get("amount")) else 0
            elif kind_ == "card_placed" and _seat(seat):
                card = lib.get(e["card"]) if isinstance(e.get("card"), str) else None
                if card is not None and card.type == "hero":
                    heroes[seat].append(card.id)
            elif kind_ == "game_over":
                found = e.get("winner")
                winner = found if isinstance(found, str) or _whole(found) else None
                ended = _ending(e.get("termination"), winner, e.get("reason"))
        sides = sorted({s for s in you if _seat(s)}) or list(range(SEATS))
        return {"winner": winner, "turns": turns, "ended": ended, "kills": kills, "vp": vp, "heroes": heroes,
                "sides": sides}

    def summary_figures(self, games: list[GameFigures]) -> dict[str, Any]:
        """The statistics screen's HerosDeï figures over (figures, the player won, winners) of
        each game: the average kills and victory points of the counted sides, the Heroes
        placed most (each once per game) with the win rate of the games they were placed in
        (how each game ended stays in its own figures: the engine's reason is English text,
        and the screen shows summary values as they are). The average length is the house's
        (``stats.aggregate``: every game's turns, from the history's meta), not said twice."""
        kills: list[int] = []
        vp: list[int] = []
        placed: Counter[str] = Counter()
        decided: Counter[str] = Counter()
        wins: Counter[str] = Counter()
        for figures, won, _winners in games:  # figures of the statistics cache: each value is checked
            sides = [s for s in _list(figures.get("sides")) if _seat(s)]
            seat_kills, seat_vp = _list(figures.get("kills")), _list(figures.get("vp"))
            heroes = _list(figures.get("heroes"))
            for s in sides:
                if s < len(seat_kills) and s < len(seat_vp) and _whole(seat_kills[s]) and _whole(seat_vp[s]):
                    kills.append(seat_kills[s])
                    vp.append(seat_vp[s])
            for card in {c for s in sides if s < len(heroes) for c in _list(heroes[s]) if isinstance(c, str)}:
                placed[card] += 1
                if won is not None:
                    decided[card] += 1
                    wins[card] += int(won)
        top = sorted(placed, key=lambda c: (-placed[c], c))[:10]
        return {
            "kills_per_game": _mean(kills),
            "vp_per_game": _mean(vp),
            "top_placed": [{"card": c, "games": placed[c],
                            "win_rate": round(wins[c] / decided[c], 4) if decided[c] else None} for c in top],
        }

    def card_name(self, card: str, lang: str) -> str:
        """A card's name in ``lang`` (English when it has none; the id for an unknown card)."""
        found = _library().get(card)
        return card if found is None else str(found.name.get(lang) or found.name.get("en") or card)


def default_decks() -> tuple[str, ...]:
    """The decks of a game set up without naming any: the first two installed."""
    from game.herosdei import decks as deckfiles

    names = deckfiles.installed()[:SEATS]
    if len(names) != SEATS:
        raise DataError("decks", f"two {TITLE} decks are needed (none are installed yet)")
    return tuple(names)


def _legal_deck(name: str) -> Any:
    """An installed deck (or a deck file) loaded and checked: a deck a player edited into
    an illegal one is refused in one line, as ``herosdei-deck check`` would say."""
    from game.herosdei import decks as deckfiles
    from game.herosdei.user_cards import all_cards

    path = deckfiles.find(name)
    deck = deckfiles.load(path)
    why = deckfiles.problem(deck, all_cards())
    if why:
        raise DataError(str(path), why)
    return deck


def _own_cards_problem(names: tuple[str, ...]) -> str | None:
    """Why a hosted game may not deal these decks: one holds cards of the player's own, which
    the other computers do not have (a game on this computer may)."""
    from game.herosdei import decks as deckfiles
    from game.herosdei.cards import library

    shipped = library()
    for name in names:
        try:
            deck = deckfiles.load(deckfiles.find(name))
        except DataError:
            continue  # an unknown deck is the module check's to name
        own = sorted({c for c, _n in deck.cards if c not in shipped})
        if own:
            return f"the deck {name!r} holds cards of your own ({', '.join(own)}): a LAN game deals the game's cards only"
    return None


def _label(variant: str, decks: tuple[str, ...]) -> str:
    return f"{variant}: {' vs '.join(decks)}" if decks else variant


def _ending(termination: Any, winner: int | str | None, reason: Any) -> str | None:
    """The termination key of a game_over event; for one recorded before events carried it,
    the key its English reason stands for (its first way; "draw" for both seats at once)."""
    if termination in TERMINATIONS:
        return str(termination)
    if not isinstance(reason, str) or not reason:
        return None
    if reason.startswith("futures exhausted"):
        return EXHAUSTED
    if winner == "draw":
        return DRAW
    first = reason.partition(": ")[2].split(", ")[0]
    return way_of(first)


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(value: Any) -> TypeGuard[int]:
    return _whole(value) and 0 <= value < SEATS


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _mean(xs: list[int]) -> float | None:
    return round(sum(xs) / len(xs), 2) if xs else None


@lru_cache(maxsize=1)
def _library() -> Any:
    """The shipped card set, read once (it does not change while the program runs)."""
    from game.herosdei.cards import library

    return library()
