"""What a HerosDeï gesture means: a card dropped somewhere, a Character dragged onto
another, as the legal line it sends or the reason it is refused.

A drop sends a line only when the engine listed it; otherwise the table says why in the
player's words (the reason shows while the card hovers over the spot, and again if it
is dropped there): a Hero's slot already taken, a Mythic Animal for Heroes only, an
allowance used, a flyer out of reach, a Character that has already attacked. The rules
behind a reason are the engine's (``game.herosdei.limits``), asked of what the model
shows, and their refusals are worded by key (:func:`refusal_words`), so the table and
the engine cannot disagree. Pure Python (no pygame): the tests ask it directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.refusal import Refusal
from game.herosdei.cards import CardDef
from game.herosdei.limits import (
    PLACED_ALONE,
    carry_refusal,
    flies,
    lends_reach,
    not_your_character,
    out_of_reach,
    placed_alone,
    placement_refusal,
    played_as,
    reaches,
    timing_refusal,
)
from game.ui import i18n
from game.ui.herosdei.model import HdModel, split_ref
from game.ui.herosdei.prompts import alone_line, onto_lines, target_of
from game.ui.i18n import Tr


@dataclass(frozen=True)
class Verdict:
    """What a drop would do: the line sent, or the words of its refusal (and, for a
    card that needs a Character among several, the lines to choose from)."""

    line: str | None = None
    reason: str = ""
    choose: tuple[str, ...] = ()


def _name(m: HdModel, tr: Tr, cid: str) -> str:
    d = m.card(cid)
    return (d.name.get(tr.lang) or d.name.get("en") or cid) if d is not None else cid


def _word(tr: Tr, key: str) -> str:
    return tr(f"hdface.type_{key}")


def card_onto(m: HdModel, tr: Tr, card: str, seat: int, index: int) -> Verdict:
    """The viewer's hand card ``card`` dropped onto the Character at ``index`` of ``seat``'s row."""
    if index >= len(m.sides[seat].chars):
        return Verdict(reason=tr("hdwhy.not_now"))
    ref = m.ref(seat, index)
    line = next((x for x in onto_lines(m.legal, card) if target_of(x) == ref), None)
    if line is not None:
        return Verdict(line)
    return Verdict(reason=_onto_reason(m, tr, card, seat, index))


def card_on_table(m: HdModel, tr: Tr, card: str) -> Verdict:
    """The viewer's hand card ``card`` dropped on the table (not on a Character)."""
    alone = alone_line(m.legal, card)
    if alone is not None:
        return Verdict(alone)
    onto = onto_lines(m.legal, card)
    if len(onto) == 1:
        return Verdict(onto[0])
    if onto:
        return Verdict(choose=tuple(onto))
    return Verdict(reason=_general_reason(m, tr, card) or tr("hdwhy.needs_carrier", card=_name(m, tr, card)))


def attack(m: HdModel, tr: Tr, index: int, seat: int, target: int) -> Verdict:
    """The viewer's Character at ``index`` dragged onto the Character at ``target`` of ``seat``'s row."""
    me = m.viewer
    if me is None or index >= len(m.sides[me].chars) or target >= len(m.sides[seat].chars):
        return Verdict(reason=tr("hdwhy.not_now"))
    line = f"attack {m.ref(me, index)} {m.ref(seat, target)}"
    if line in m.legal:
        return Verdict(line)
    attacker = m.sides[me].chars[index]
    if m.phase != "attack" or m.acting() != me or m.pending is not None or "skip" in m.legal:
        return Verdict(reason=tr("hdwhy.no_declaration"))
    if seat == me:
        return Verdict(reason=tr("hdwhy.own_side"))
    if attacker.attacked:
        return Verdict(reason=tr("hdwhy.attacked", card=_name(m, tr, attacker.card)))
    defender = m.sides[seat].chars[target]
    if not reaches(flies(keywords(m, attacker.card, attacker.given) | set(attacker.granted)), _thrown(m, attacker.given),
                   flies(keywords(m, defender.card, defender.given) | set(defender.granted))):
        return Verdict(reason=refusal_words(m, tr, out_of_reach(m.ref(seat, target))))
    return Verdict(reason=tr("hdwhy.cannot_attack"))


def keywords(m: HdModel, card: str, given: Sequence[str]) -> set[str]:
    """A Character's printed keywords and those of the cards given to it."""
    out: set[str] = set()
    for cid in (card, *given):
        d = m.card(cid)
        if d is not None:
            out |= set(d.keywords)
    return out


def _thrown(m: HdModel, given: Sequence[str]) -> bool:
    """Some card given to a Character lends it reach (a thrown weapon)."""
    return any((d := m.card(g)) is not None and lends_reach(d) for g in given)


def _general_reason(m: HdModel, tr: Tr, card: str, onto: bool = False) -> str | None:
    """Why ``card`` cannot be played now at all (None: it can, somewhere; or, dropped
    ``onto`` a Character in placement, the Character's own reason is to be said)."""
    d = m.card(card)
    if any(x.split()[0] == "play" and x.split()[1].partition("#")[0] == card for x in m.legal):
        return None
    if m.viewer is None or m.acting() != m.viewer or not m.legal:
        return tr("hdwhy.not_now")
    if d is None:
        return tr("hdwhy.cannot", card=card)
    if m.phase == "placement":
        why = placement_refusal(d, m.sides[m.viewer].placed)
        if why is not None:
            return refusal_words(m, tr, why)
        if onto:
            return None
        if d.type in PLACED_ALONE:
            return tr("hdwhy.cannot", card=_name(m, tr, card))
        return tr("hdwhy.no_carrier", card=_name(m, tr, card))
    if m.phase == "attack":
        if not d.is_destiny:
            return tr("hdwhy.only_destinies")
        if "skip" not in m.legal:
            return tr("hdwhy.no_window")
        return _destiny_reason(m, tr, d)
    return tr("hdwhy.not_now")


def _destiny_reason(m: HdModel, tr: Tr, d: CardDef) -> str:
    """Why a destiny cannot be played in this window: the rule that stops it."""
    mine = m.sides[m.viewer].used if m.viewer is not None else []
    why = timing_refusal(d, played_as(d, mine, m.defs), m.variant != "initiation", m.combat is not None)
    if why is not None:
        return refusal_words(m, tr, why)
    return tr("hdwhy.destiny_not_now", card=_name(m, tr, d.id))


def _onto_reason(m: HdModel, tr: Tr, card: str, seat: int, index: int) -> str:
    general = _general_reason(m, tr, card, onto=True)
    if general is not None:
        return general
    d = m.card(card)
    target = m.sides[seat].chars[index]
    tname = _name(m, tr, target.card)
    if d is None:
        return tr("hdwhy.cannot", card=card)
    if m.phase == "attack":
        return tr("hdwhy.destiny_target", card=_name(m, tr, card), target=tname)
    ref = m.ref(seat, index)
    if d.type in PLACED_ALONE:
        return refusal_words(m, tr, placed_alone(d))
    if seat != m.viewer:
        return refusal_words(m, tr, not_your_character(ref))
    carrier = m.card(target.card)
    given = [g for g in (m.card(c) for c in target.given) if g is not None]
    # whose the card is, as the engine asks it: the viewer's unless the view names it another's
    owns = card not in m.sides[seat].foreign
    why = carry_refusal(d, carrier, given, owns, ref) if carrier is not None else None
    if why is not None:
        return refusal_words(m, tr, why)
    return tr("hdwhy.cannot_give", card=_name(m, tr, card), target=tname)


_CARD_PARAMS = ("card", "played")  # a refusal's parameters that hold a card id
_REF_PARAMS = ("ref",)  # ... a Character's ``<seat>:<card>[#k]``


def refusal_words(m: HdModel, tr: Tr, why: Refusal) -> str:
    """The engine's refusal in the player's words (``refusal.herosdei.<key>``); the English
    sentence when the key has no words."""
    return i18n.refusal_words(tr, "herosdei", why, refusal_params(m, tr, why))


def refusal_params(m: HdModel, tr: Tr, why: Refusal) -> dict[str, object]:
    """A refusal's parameters as its words show them: its card ids and Character references
    as card names, its slot and card type as words."""
    params: dict[str, object] = dict(why.params)
    for name, value in why.params.items():
        if not isinstance(value, str):
            continue
        if name in _CARD_PARAMS:
            params[name] = _name(m, tr, value)
        elif name in _REF_PARAMS:
            found = split_ref(value)
            params[name] = _name(m, tr, found[1]) if found is not None else value
        elif name == "slot":
            params[name] = tr(f"hdface.slot_{value}").lower()
        elif name == "kind":
            params[name] = _word(tr, value)
    return params
