"""What a HerosDeï gesture means: a card dropped somewhere, a Character dragged onto
another, as the legal line it sends or the reason it is refused.

A drop sends a line only when the engine listed it; otherwise the table says why in the
player's words (the reason shows while the card hovers over the spot, and again if it
is dropped there): a Hero's slot already taken, a Mythic Animal for Heroes only, an
allowance used, a flyer out of reach, a Character that has already attacked. Pure
Python (no pygame): the tests ask it directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.refusal import Param, Refusal
from game.herosdei.cards import CardDef
from game.herosdei.turn import ALLOWANCE, PLACED_ALONE
from game.ui.herosdei.model import HdModel, split_ref
from game.ui.herosdei.prompts import alone_line, onto_lines, target_of
from game.ui.i18n import Tr

HEROES_ONLY = frozenset({"mythic_animal", "quality"})


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
    if "flying" in keywords(m, defender.card, defender.given) and not _reaches(m, attacker.card, attacker.given):
        return Verdict(reason=tr("hdwhy.flies", card=_name(m, tr, defender.card)))
    return Verdict(reason=tr("hdwhy.cannot_attack"))


def keywords(m: HdModel, card: str, given: Sequence[str]) -> set[str]:
    """A Character's printed keywords and those of the cards given to it."""
    out: set[str] = set()
    for cid in (card, *given):
        d = m.card(cid)
        if d is not None:
            out |= set(d.keywords)
    return out


def _reaches(m: HdModel, card: str, given: Sequence[str]) -> bool:
    """A flyer, or a Character with a thrown weapon, reaches a flyer."""
    if "flying" in keywords(m, card, given):
        return True
    return any((d := m.card(g)) is not None and d.slot == "thrown_weapon" for g in given)


def _general_reason(m: HdModel, tr: Tr, card: str) -> str | None:
    """Why ``card`` cannot be played now at all (None: it can, somewhere)."""
    d = m.card(card)
    if any(x.split()[0] == "play" and x.split()[1].partition("#")[0] == card for x in m.legal):
        return None
    if m.viewer is None or m.acting() != m.viewer or not m.legal:
        return tr("hdwhy.not_now")
    if d is None:
        return tr("hdwhy.cannot", card=card)
    if m.phase == "placement":
        if d.is_destiny:
            return tr("hdwhy.destiny_attack")
        use = ALLOWANCE.get(d.type)
        if use is not None:
            return tr("hdwhy.allowance", kind=_word(tr, d.type))
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
    name = _name(m, tr, d.id)
    fighting = m.combat is not None
    if d.type == "stable_destiny" and m.variant == "initiation":
        return tr("hdwhy.stable_initiation")
    if d.type == "stable_destiny" and fighting:
        return tr("hdwhy.stable_in_combat", card=name)
    if d.when == "combat" and not fighting:
        return tr("hdwhy.in_combat", card=name)
    if d.when == "out_of_combat" and fighting:
        return tr("hdwhy.out_of_combat", card=name)
    mine = m.sides[m.viewer].used if m.viewer is not None else []
    if any((u := m.card(c)) is not None and (c == d.id or u.name == d.name) for c in mine):
        return tr("hdwhy.once_a_phase", card=name)
    return tr("hdwhy.destiny_not_now", card=name)


def _onto_reason(m: HdModel, tr: Tr, card: str, seat: int, index: int) -> str:
    general = _general_reason(m, tr, card)
    if general is not None:
        return general
    d = m.card(card)
    target = m.sides[seat].chars[index]
    tname = _name(m, tr, target.card)
    if d is None:
        return tr("hdwhy.cannot", card=card)
    if m.phase == "attack":
        return tr("hdwhy.destiny_target", card=_name(m, tr, card), target=tname)
    if d.type in PLACED_ALONE:
        return tr("hdwhy.alone", card=_name(m, tr, card))
    if seat != m.viewer:
        return tr("hdwhy.not_yours")
    carrier = m.card(target.card)
    own_good = d.type == "sovereign_good" and d.civ == _civ_of(m, seat)
    if (d.type in HEROES_ONLY or own_good) and (carrier is None or carrier.type != "hero"):
        return tr("hdwhy.hero_only", card=_name(m, tr, card))
    given = [g for g in (m.card(c) for c in target.given) if g is not None]
    if d.slot and any(g.slot == d.slot for g in given):
        return tr("hdwhy.slot", target=tname, slot=tr(f"hdface.slot_{d.slot}").lower())
    if d.hands and sum(g.hands for g in given) + d.hands > 2:
        return tr("hdwhy.hands", target=tname, n=d.hands)
    return tr("hdwhy.cannot_give", card=_name(m, tr, card), target=tname)


def _civ_of(m: HdModel, seat: int) -> str:
    """The civilisation a side plays (its Heroes'), to tell its own Sovereign Good."""
    for ch in m.sides[seat].chars:
        d: CardDef | None = m.card(ch.card)
        if d is not None and d.type == "hero" and d.civ != "neutral":
            return d.civ
    return ""


_CARD_PARAMS = ("card", "played")  # a refusal's parameters that hold a card id
_REF_PARAMS = ("ref",)  # ... a Character's ``<seat>:<card>[#k]``


def refusal_words(m: HdModel, tr: Tr, why: Refusal) -> str:
    """The engine's refusal in the player's words (``refusal.herosdei.<key>``), its card ids
    and Character references as card names, its slot and card type as words; the English
    sentence when the key has no words."""
    key = f"refusal.herosdei.{why.key}"
    if not tr.has(key):
        return why.text
    params: dict[str, Param] = dict(why.params)
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
    return tr(key, **params)
