"""A state rebuilt from one seat's view and a guess of the cards it cannot see.

A searching agent samples the hidden cards (the other hand, both futures) and needs a
state it can play on: :func:`rebuild` puts the view's public zones and the sampled
cards back into a :class:`State`. What a view does not carry is inferred from it:
boosts are the difference between the stats the view shows and the cards' own; the
allowances used this placement phase and the destinies already played are the cards
in hand the legal lines leave out; the number of combats each player fought is the
number of its Characters marked as having attacked (a Monster that fought the Monster
combat is marked too, and counts as a combat: a guess); a priority window is open when
the seat may skip. Where a guess can be wrong (the targets of destinies on the stack
lose their target, the skips of a window before this one), the state is still a legal
one; :func:`matches` tells whether it offers exactly the view's legal lines, and a
caller should not search from a state that does not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from game.core.errors import DataError
from game.core.rng import make_rng
from game.herosdei.cards import CardDef
from game.herosdei.rules import legal_lines
from game.herosdei.serialize import STATS
from game.herosdei.stack import destiny_actions
from game.herosdei.state import Boost, Combat, Prompt, StackEntry, State, Window
from game.herosdei.turn import ALLOWANCE


def civ_of(view: Mapping[str, Any], seat: int, defs: Mapping[str, CardDef]) -> str:
    """The civilisation most of a player's visible cards belong to ("neutral" if none)."""
    p = view["players"][seat]
    seen = list(p["museum"]) + list(p["gods"]) + list(p["places"]) + list(p["black_magic"])
    for ch in p["characters"]:
        seen += [ch["card"], *ch["given"]]
    if isinstance(p["hand"], list):
        seen += p["hand"]
    civs = Counter(defs[c].civ for c in seen
                   if c in defs and defs[c].civ != "neutral" and defs[c].type != "sovereign_good")
    return civs.most_common(1)[0][0] if civs else "neutral"


def rebuild(view: Mapping[str, Any], defs: Mapping[str, CardDef], other_hand: Sequence[str],
            futures: Sequence[Sequence[str]], seed: int) -> State:
    """The state of ``view`` with ``other_hand`` and ``futures`` (top first) as the hidden
    cards; a DataError when the view is one no state can be rebuilt from (a ``target``
    prompt, whose card the view does not name)."""
    me: int = view["seat"]
    pending = view["pending"]
    if pending is not None and pending.get("kind") == "target":
        raise DataError("rebuild", "a target prompt's card is not in the view")
    for card in [*other_hand, *(c for f in futures for c in f)]:
        if card not in defs:
            raise DataError("rebuild", f"unknown card {card!r}")
    st = State(dict(defs), view["variant"], make_rng(seed))
    civs = [civ_of(view, s, defs) for s in (0, 1)]
    for s, p in enumerate(st.players):
        p.civ = civs[s]
    st.turn, st.phase, st.first = view["turn"], view["phase"], view["first"]
    for s, pv in enumerate(view["players"]):
        _fill(st, s, pv, other_hand if s != me else pv["hand"], futures[s])
    _boosts(st, view)
    _combat(st, view)
    for entry in view["stack"]:
        st.stack.append(StackEntry(st.new_card(entry["card"], entry["seat"]), entry["seat"], None))
    st.to_act = view["to_act"]
    if pending is not None:
        st.pending = Prompt(pending["seat"], pending["kind"], pending.get("prompt", ""), list(pending["options"]))
    legal = list(view["legal"])
    _own_goods(st, me, legal)
    if st.phase == "placement":
        _allowances(st, me, legal)
    elif st.phase == "attack" and pending is None:
        _attack_progress(st, me, legal)
    return st


def matches(st: State, view: Mapping[str, Any]) -> bool:
    """The rebuilt state offers exactly the view's legal lines."""
    return sorted(legal_lines(st)) == sorted(view["legal"])


def _owner(st: State, seat: int, card: str) -> int:
    """A Sovereign Good belongs to the player of its civilisation (the other player when
    neither is recognised: it was slipped into the holder's deck)."""
    d = st.defs[card]
    if d.type != "sovereign_good":
        return seat
    for p in st.players:
        if p.civ == d.civ:
            return p.seat
    return 1 - seat


def _own_goods(st: State, me: int, legal: list[str]) -> None:
    """A Sovereign Good in one's hand whose civilisation names neither player is one's own
    when the legal lines let it go (``done`` while holding it) or offer it to Heroes only
    while other Characters could carry it."""
    for uid in st.players[me].hand:
        d = st.card(uid)
        if d.type != "sovereign_good" or any(p.civ == d.civ for p in st.players):
            continue
        free = st.phase == "placement" and st.to_act == me and "done" in legal
        carriers = [_char(st, line.split()[3]) for line in legal if line.startswith(f"play {d.id} on ")]
        heroes_only = bool(carriers) and all(c is not None and st.card(c).type == "hero" for c in carriers)
        others = any(st.card(c).type != "hero" for c in st.players[me].chars)
        st.owner[uid] = me if free or (heroes_only and others) else 1 - me


def _fill(st: State, seat: int, pv: Mapping[str, Any], hand: Sequence[str], future: Sequence[str]) -> None:
    p = st.players[seat]
    p.hand = [st.new_card(c, _owner(st, seat, c)) for c in hand]
    p.future = [st.new_card(c, _owner(st, seat, c)) for c in future]
    p.museum = [st.new_card(c, seat) for c in pv["museum"]]
    p.gods = [st.new_card(c, seat) for c in pv["gods"]]
    p.places = [st.new_card(c, seat) for c in pv["places"]]
    p.black_magic = [st.new_card(c, seat) for c in pv["black_magic"]]
    p.vp, p.kills = pv["vp"], pv["kills"]
    for ch in pv["characters"]:
        uid = st.new_card(ch["card"], seat)
        p.chars.append(uid)
        if ch["attacked"]:
            st.attacked.add(uid)
        if ch["given"]:
            st.given[uid] = tuple(st.new_card(g, _owner(st, seat, g)) for g in ch["given"])


def _boosts(st: State, view: Mapping[str, Any]) -> None:
    """Stats the view shows above or below the cards' own are boosts of effects."""
    until = "combat" if view["combat"] is not None else "turn"
    for s, pv in enumerate(view["players"]):
        for uid, ch in zip(st.players[s].chars, pv["characters"]):
            for stat in STATS:
                diff = ch[stat] - st.stat(uid, stat)
                if diff:
                    st.boosts.append(Boost(uid, stat, diff, until))


def _combat(st: State, view: Mapping[str, Any]) -> None:
    c = view["combat"]
    if c is None:
        return
    att, dfn = _char(st, c["attacker"]), _char(st, c["defender"])
    if att is None or dfn is None:
        return  # a fighter has left play: the combat ends at its next step
    seat = st.controller(att)
    assert seat is not None
    st.combat = Combat(att, dfn, seat, c["step"])


def _char(st: State, ref: str) -> int | None:
    seat, _, card = ref.partition(":")
    if not seat.isdigit() or not card:
        return None
    cid, _, k = card.partition("#")
    return st.find_char(int(seat), cid, int(k) if k.isdigit() else 1)


def _allowances(st: State, me: int, legal: list[str]) -> None:
    """An allowance is used when a card of its type in hand has no legal line."""
    if st.to_act != me:
        return
    played = {line.split()[1] for line in legal if line.startswith("play ")}
    for uid in st.players[me].hand:
        use = ALLOWANCE.get(st.card(uid).type)
        if use is not None and st.cid[uid] not in played:
            st.players[me].placed[use] = 1


def _attack_progress(st: State, me: int, legal: list[str]) -> None:
    for s in (0, 1):
        st.combats[s] = sum(1 for u in st.players[s].chars if u in st.attacked)
    window = "skip" in legal
    if not window:  # a declaration
        st.slot = me
        if "pass" not in legal:
            st.combats[me] = 0
        elif st.combats[me] == 0:
            st.locked_out = 1 - me
        return
    c = st.combat
    if c is not None:
        lead = c.seat
        st.slot = c.seat
    else:
        # combats alternate from player 1: the one who fought fewer is next
        lead = st.first if st.combats[0] == st.combats[1] else min((0, 1), key=lambda s: st.combats[s])
        st.slot = lead
    skips = 0 if me == lead or st.stack else 1
    st.window = Window(c.step if c is not None else "out", lead, me, skips)
    offered = {line for line in legal if line.startswith("play ")}
    for line in destiny_actions(st, me):
        if line not in offered:
            st.players[me].used.add(line.split()[1])
