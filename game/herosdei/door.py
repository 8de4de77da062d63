"""HerosDeï's door: what the house needs of this engine, asked through the registry.

``kind()`` is what the Session needs to run a game (parse a line, who acts, how an
action is bound to the seat that sent it, what reveals hidden cards, how saves load);
``new_record`` deals a new game; ``run_scenario`` is the spec's runner.
"""

from __future__ import annotations

from typing import Any

from game.core.errors import DataError, IllegalActionError
from game.core.gamekind import GameKind

# The loopback LAN game of ``--selftest`` plays no HerosDeï game yet (no table).
SELFTEST_MODULES: tuple[str, ...] = ()


def kind() -> GameKind:
    from game.herosdei import record
    from game.herosdei.actions import Action, parse
    from game.herosdei.events import CardDiscarded, CardsDrawn, FirstPlayer, GameOver, HeroesRevealed

    # draws, the set-up's reveal and the coin toss come from hidden cards or the RNG
    reveal = (CardsDrawn, HeroesRevealed, FirstPlayer, GameOver)

    def waiting(st: Any) -> list[int]:
        seats: list[int] = st.waiting_for()
        return seats

    def revealing(events: list[Any], seat: int) -> bool:
        # a card of the other hand sent to the museum (a random discard) shows it
        return any(isinstance(e, reveal) or (isinstance(e, CardDiscarded) and e.seat != seat) for e in events)

    def bind(st: Any, a: Action, seat: int) -> Action:
        if a.actor is not None and a.actor != seat:
            raise IllegalActionError(f"seat {seat} cannot act for seat {a.actor}")
        return a

    return GameKind("herosdei", "HerosDeï", parse, waiting, revealing, record.loads, bind)


def new_record(seats: int, seed: int, format: str | None = None, modules: tuple[str, ...] = (),
               rulings: dict[str, bool] | None = None, *, decks: list[str] | None = None) -> Any:
    """The record of a new game between two installed decks (``format`` is the variant;
    HerosDeï has no modules and no optional rulings)."""
    from game.herosdei import decks as deckfiles
    from game.herosdei.record import Record

    if seats != 2:
        raise DataError("seats", "HerosDeï is played by 2 players")
    if modules or rulings:
        raise DataError("setup", "HerosDeï has no modules and no optional rulings")
    names = decks or deckfiles.installed()[:2]
    if len(names) != 2:
        raise DataError("decks", "two HerosDeï decks are needed (none are installed yet)")
    return Record.standard([_legal_deck(n) for n in names], format or "standard", seed)


def _legal_deck(name: str) -> Any:
    """An installed deck (or a deck file) loaded and checked: a deck a player edited into
    an illegal one is refused in one line, as ``herosdei-deck check`` would say."""
    from game.herosdei import decks as deckfiles
    from game.herosdei.cards import library

    path = deckfiles.find(name)
    deck = deckfiles.load(path)
    why = deckfiles.problem(deck, library())
    if why:
        raise DataError(str(path), why)
    return deck


def run_scenario(doc: dict[str, Any], where: str) -> Any:
    """The spec's scenario runner on a loaded scenario file (``python -m game scenario``)."""
    from game.herosdei import scenario

    return scenario.run(doc, where)
