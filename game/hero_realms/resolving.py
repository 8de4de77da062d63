"""The resolution in progress (pending prompt internals, effect stack) in public JSON form.

A prompt and the frames of the resolution stack hold Effect objects and card
instances: engine internals a view cannot carry as they are. Everything in them is
public at a real table (which card's ability is resolving, which of its effects
come next, how many discards remain), so ``view`` exposes them here in plain JSON,
and ``rebuild`` turns them back into the same internals. That lets a player's AI
rebuild a full game state from its view and a sample of the hidden cards.

Card instances are named by where they are (``{"seat": 1, "zone": "champions",
"index": 0}``); an instance in a zone the viewer cannot see is ``{"zone": "hidden"}``.
Prompt data the encoder does not know is marked ``{"opaque": ...}``; a rebuild then
refuses the position instead of guessing.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any

from game.hero_realms.cards import Effect

if TYPE_CHECKING:
    from game.hero_realms.base import BaseState
    from game.hero_realms.prompts import Prompt

_EFFECT_DEFAULTS = {f.name: f.default for f in fields(Effect)}


# ---- effects -----------------------------------------------------------------------
def encode_effect(e: Effect) -> dict[str, Any]:
    d: dict[str, Any] = {"verb": e.verb}
    for name, default in _EFFECT_DEFAULTS.items():
        value = getattr(e, name)
        if name == "verb" or value == default:
            continue
        d[name] = [[encode_effect(x) for x in opt] for opt in value] if name == "options" else value
    return d


def decode_effect(d: dict[str, Any]) -> Effect:
    kwargs = dict(d)
    if "options" in kwargs:
        kwargs["options"] = tuple(tuple(decode_effect(x) for x in opt) for opt in kwargs["options"])
    return Effect(**kwargs)


# ---- prompt data: ints, strings, tuples and effects ----------------------------------
def encode_value(x: Any) -> Any:
    if x is None or isinstance(x, (bool, int, str)):
        return x
    if isinstance(x, Effect):
        return {"effect": encode_effect(x)}
    if isinstance(x, tuple):
        return [encode_value(v) for v in x]
    return {"opaque": repr(x)}


def decode_value(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(decode_value(v) for v in x)
    if isinstance(x, dict):
        if "effect" in x:
            return decode_effect(x["effect"])
        raise ValueError(f"prompt data the rebuild cannot read: {x!r}")
    return x


# ---- where a card instance is ----------------------------------------------------------
def locate(st: BaseState, inst: int, viewer: int | None) -> dict[str, Any] | None:
    """A public name for instance ``inst`` as seen by ``viewer`` (None for -1)."""
    if inst < 0:
        return None
    card = st.cid[inst]
    for p in st.players:
        zones: list[tuple[str, list[int]]] = [("in_play", p.in_play), ("champions", p.champions), ("discard", p.discard)]
        if p.seat == viewer:
            zones.append(("hand", p.hand))
        for zone, cards in zones:
            if inst in cards:
                return {"card": card, "seat": p.seat, "zone": zone, "index": cards.index(inst)}
    for zone, cards in (("sacrificed", st.sacrificed), ("out", st.out), ("row", st.row), ("fire_gems", st.gems)):
        if inst in cards:
            return {"card": card, "zone": zone, "index": cards.index(inst)}
    return {"card": card, "zone": "hidden"}


# ---- the prompt and the stack ---------------------------------------------------------------
def encode_prompt(st: BaseState, pr: Prompt, viewer: int | None) -> dict[str, Any]:
    """The internals of a pending prompt (everything but its options)."""
    return {
        "resume": pr.resume,
        "optional": pr.optional,
        "src": locate(st, pr.src, viewer),
        "data": encode_value(pr.data),
    }


def encode_stack(st: BaseState, viewer: int | None) -> list[dict[str, Any]]:
    """The resolution stack, bottom first."""
    out: list[dict[str, Any]] = []
    for frame in st.stack:
        kind = frame[0]
        if kind == "fx":
            _, seat, src, effects, idx = frame
            out.append({"kind": "fx", "seat": seat, "src": locate(st, src, viewer),
                        "effects": [encode_effect(e) for e in effects], "next": idx})
        elif kind == "owed":
            out.append({"kind": "owed", "seat": frame[1]})
        else:
            out.append({"kind": kind, "args": [encode_value(v) for v in frame[1:]]})
    return out
