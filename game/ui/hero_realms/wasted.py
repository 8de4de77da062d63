"""Abilities that would do nothing now: every effect of the ability needs a target
and none is there (Hit Job's "Stun target champion" with no champion in reach,
"Prepare a champion" with none of yours expended). The engine lets such an
ability be used for nothing; the table asks first, so a click does not waste it."""

from __future__ import annotations

from typing import Any

from game.hero_realms.cards import library
from game.ui.hero_realms import intents

ABILITY_VERBS = ("expend", "ally", "sacrifice")


def _stun_target_exists(model: Any) -> bool:
    """A champion the viewer may stun: the view's reach lists every other player's
    champions with None where nothing (format reach, a guard) protects them."""
    reach = model.reach
    if not reach:
        return True  # the view says nothing: do not guess
    return any(r is None for lst in (reach.get("champions") or {}).values() for r in lst)


def _prepare_target_exists(model: Any, viewer: int, verb: str) -> bool:
    """An expended champion of the viewer's (expending one makes it a target itself)."""
    return verb == "expend" or any(sp.expended for sp in model.seats[viewer].champions)


def wasted_reason(line: str, model: Any, viewer: int | None) -> str | None:
    """The i18n key saying why the ability ``line`` (expend, ally or sacrifice) would do
    nothing now, or None when it would do something (or the table cannot tell)."""
    a = intents._parse(line)
    if a is None or a.verb not in ABILITY_VERBS or viewer is None:
        return None
    card = library().get(a.card or "")
    ability = card.abilities.get(a.verb) if card is not None else None
    if ability is None or not ability.effects:
        return None
    reasons = []
    for effect in ability.effects:
        if effect.verb == "stun_target_champion" and not _stun_target_exists(model):
            reasons.append("prompt.wasted_stun")
        elif effect.verb == "prepare_champion" and not _prepare_target_exists(model, viewer, a.verb):
            reasons.append("prompt.wasted_prepare")
        else:
            return None  # this effect does something
    return reasons[0]
