"""The name a save is offered under until the player types one, and dates in the player's words."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from game.core.errors import RealmsError


def default_save_name(rec: Any, turn: int | None, tr: Any, when: str | None = None) -> str:
    """A save's name until the player types one: game, its setup in the player's words,
    turn and date ("Hero Realms, Free for all, turn 12, 27 Nov 21:04")."""
    from game import games as registry

    game = registry.game_of(rec).name
    try:
        label, modules, _rulings = registry.game(game).state_setup(rec.initial_state())
    except (RealmsError, ValueError, KeyError):  # a record that cannot start (the save itself says why when loaded): its format as written
        label, modules = rec.setup.get("format"), ()
    return game_save_name(game, label, turn, tr, when, modules)


def game_save_name(game: str, fmt: Any, turn: int | None, tr: Any, when: str | None = None,
                   modules: Sequence[str] = ()) -> str:
    """:func:`default_save_name` from the game's name and setup (a LAN table has no record):
    the setup as the game's table words it ("Free for all", not "ffa")."""
    from game import games as registry
    from game.ui.tablekit.entry import table_entry

    parts = [registry.game(game).title]
    if isinstance(fmt, str) and fmt:
        try:
            parts.append(str(table_entry(game).setup_words(tr, fmt, list(modules))))
        except (ValueError, KeyError, AttributeError):
            parts.append(fmt)
    if turn is not None:
        parts.append(str(tr("saves.turn", turn=turn)))
    parts.append(show_date(when or time.strftime("%Y-%m-%dT%H:%M"), tr))
    return ", ".join(parts)


def show_date(iso: str, tr: Any) -> str:
    """``2026-11-27T21:04`` as "27 Nov 21:04" (month names in the player's language);
    the text as it is when it is not such a time."""
    try:
        t = time.strptime(iso[:16], "%Y-%m-%dT%H:%M")
    except ValueError:
        return iso
    months = str(tr("saves.months")).split()
    month = months[t.tm_mon - 1] if len(months) == 12 else str(t.tm_mon)
    return f"{t.tm_mday} {month} {t.tm_hour:02d}:{t.tm_min:02d}"
