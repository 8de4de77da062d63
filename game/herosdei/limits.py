"""What a Character may reach and what it may carry: the rules' pure predicates, on plain
facts of cards (definitions, keywords, whose a card is), and the refusals they give.

The engine asks them of its state, the AI of the Characters it reads from a view and
the table of its model, so the flyer rule and the placement limits are written once.
This module imports only the card definitions: every layer may use it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from game.core.refusal import Refusal, refusal
from game.herosdei.cards import CardDef

# card type -> the allowance it uses in a placement phase (types not listed: any number)
ALLOWANCE = {"hero": "hero", "mythic_object": "mythic_object", "mythic_animal": "mythic_animal", "god": "god",
             "place": "place", "black_magic": "black_magic"}
PLACED_ALONE = frozenset({"hero", "character", "monster", "god", "place", "black_magic"})
FLYING = "flying"
THROWN = "thrown_weapon"  # the slot of a weapon that reaches a flyer
HANDS = 2  # a Character's hands, shared by the cards given to it
# given only to a Hero, whoever places them (a Sovereign Good: only by its owner, see heroes_only)
HEROES_ONLY = frozenset({"mythic_animal", "quality"})


def lends_reach(d: CardDef) -> bool:
    """A card given to a Character lets it reach a flyer (a thrown weapon)."""
    return d.slot == THROWN


def reaches(attacker_flies: bool, attacker_thrown: bool, defender_flies: bool) -> bool:
    """A Character may attack another: a flyer only by a flyer or by a Character given a
    thrown weapon (a Character flies by its own keywords or those of the cards given to it)."""
    return not defender_flies or attacker_flies or attacker_thrown


def flies(keywords: Collection[str]) -> bool:
    return FLYING in keywords


def out_of_reach(defender: str) -> Refusal:
    """The refusal of an attack on ``defender`` (a ``<seat>:<card>`` reference) that it cannot reach."""
    return refusal("flies", f"{defender} flies: only a flyer or a thrown weapon reaches it", ref=defender)


def heroes_only(d: CardDef, placer_owns: bool) -> bool:
    """``d`` may be given only to a Hero: a Mythic Animal, a Quality, and a Sovereign Good
    given by its owner (the card's owner, the seat whose museum it goes to: not whoever
    plays its civilisation); another seat's Sovereign Good may go to any Character."""
    return d.type in HEROES_ONLY or (d.type == "sovereign_good" and placer_owns)


def misfit(d: CardDef, given: Sequence[CardDef]) -> str | None:
    """Which placement limit ``d`` breaks under a Character given ``given``: "slot" (one
    card a slot), "hands" (two hands in all), or None."""
    if not given:
        return None
    if d.slot and any(g.slot == d.slot for g in given):
        return "slot"
    if d.hands and sum(g.hands for g in given) + d.hands > HANDS:
        return "hands"
    return None


def carry_refusal(d: CardDef, carrier: CardDef, given: Sequence[CardDef], placer_owns: bool,
                  ref: str) -> Refusal | None:
    """Why ``d`` cannot be given to the Character ``ref`` (its definition ``carrier``, given
    ``given``) by a seat that owns it or not, or None: the placement limits first, then
    the Heroes-only cards."""
    why = misfit(d, given)
    if why == "slot":
        return refusal("slot_taken", f"{ref} already carries a {d.slot.replace('_', ' ')}", ref=ref, slot=d.slot)
    if why == "hands":
        return refusal("no_free_hands", f"{ref} has no {d.hands} free hand{'s' if d.hands > 1 else ''}", ref=ref,
                       n=d.hands)
    if heroes_only(d, placer_owns) and carrier.type != "hero":
        return refusal("heroes_only", f"{d.id} can only be given to a Hero", card=d.id)
    return None


def placed_alone(d: CardDef) -> Refusal:
    """``d`` (a Character, a God, a Place, Black Magic) offered to a Character."""
    return refusal("placed_alone", f"{d.id} is placed on its own: play {d.id}", card=d.id)


def not_your_character(ref: str) -> Refusal:
    return refusal("not_your_character", f"{ref} is not a Character you control", ref=ref)


def destiny_in_placement(d: CardDef) -> Refusal:
    return refusal("destiny_in_placement", "destinies are played in the attack phase", card=d.id)


def allowance_used(use: str) -> Refusal:
    """The one card of allowance ``use`` (a card type) a placement phase allows is placed."""
    return refusal("allowance_used", f"you have already placed a {use.replace('_', ' ')} this phase", kind=use)


def placement_refusal(d: CardDef, placed: Collection[str]) -> Refusal | None:
    """Why ``d`` cannot be placed at all this placement phase, ``placed`` the allowances
    already used in it, or None."""
    if d.is_destiny:
        return destiny_in_placement(d)
    use = ALLOWANCE.get(d.type)
    if use is not None and use in placed:
        return allowance_used(use)
    return None


def played_as(d: CardDef, used: Collection[str], defs: Mapping[str, CardDef], by_name: bool = True) -> str | None:
    """The destiny of ``d``'s name among ``used`` (the ids played this attack phase), if
    any: the limit is one a name, two printings under two ids sharing one (``by_name``;
    the rules' first edition counted ids)."""
    if not used:
        return None
    if d.id in used:
        return d.id
    for other in used if by_name else ():
        known = defs.get(other)
        if known is not None and known.title == d.title:
            return other
    return None


def timing_refusal(d: CardDef, played: str | None, texts_apply: bool, fighting: bool) -> Refusal | None:
    """Why destiny ``d`` may not be played now, or None: ``played`` the destiny of its name
    already played this attack phase (:func:`played_as`), ``texts_apply`` outside the
    initiation variant, ``fighting`` while a combat is under way."""
    if played is not None:
        if played == d.id:
            return refusal("played_already", f"you have already played {d.id} this attack phase", card=d.id)
        return refusal("name_played", f"you have already played {played} this attack phase, and {d.id} bears its name",
                       card=d.id, played=played)
    if d.type == "stable_destiny":
        if not texts_apply:
            return refusal("stable_initiation", "Stable destinies are not played in the initiation variant")
        if fighting:
            return refusal("stable_in_combat", "a Stable destiny is played out of combat", card=d.id)
    if d.when == "combat" and not fighting:
        return refusal("in_combat", f"{d.id} is played in combat", card=d.id)
    if d.when == "out_of_combat" and fighting:
        return refusal("out_of_combat", f"{d.id} is played out of combat", card=d.id)
    return None
