"""A full game state rebuilt from one seat's view and a sample of the hidden cards.

An AI plays from its view only. To search, it samples what it cannot see (other
hands, every deck's order, the market deck) consistently with the view and needs a
state to play the sample forward: :func:`state_from_view` builds it. The view holds
every public fact (zones, pools, flags, the resolution in progress, see
``resolving.py``); ``sampled`` supplies the rest:

- ``hands``: seat -> card ids, for every seat whose hand the view does not show;
- ``decks``: seat -> card ids top first, for every seat (the known top cards first);
- ``market_deck``: card ids top first.

Instances are allocated in a fixed order, so the same view, sample and seed give the
same state, bit for bit. The rebuilt state's legal actions for the viewing seat are
the view's ``legal`` lines.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from game.hero_realms.actions import parse
from game.hero_realms.cards import CardLibrary, library
from game.hero_realms.effects import RESUME
from game.hero_realms.formats import get_format
from game.hero_realms.prompts import Prompt
from game.hero_realms.resolving import decode_effect, decode_value
from game.hero_realms.rules import FRAMES
from game.hero_realms.setup import _blank, _Instances
from game.hero_realms.state import Frame, GameState


class Sample:
    """The hidden cards of one determinization (see the module docstring)."""

    __slots__ = ("hands", "decks", "market_deck")

    def __init__(self, hands: Mapping[int, Sequence[str]], decks: Mapping[int, Sequence[str]],
                 market_deck: Sequence[str]) -> None:
        self.hands = hands
        self.decks = decks
        self.market_deck = market_deck


def state_from_view(view: Mapping[str, Any], sampled: Sample, seed: int = 0,
                    lib: CardLibrary | None = None) -> GameState:
    """Raises ValueError when the sample does not fit the view or the view cannot be rebuilt."""
    lib = lib or library()
    fmt = get_format(view["format"])
    n = int(view["seats"])
    st = _blank(lib, fmt, n, seed, 1)  # the AI's own sample: SplitMix64 is enough and faster
    alloc = _Instances()

    def new(ids: Iterable[str]) -> list[int]:
        try:
            return [alloc.new(lib[c]) for c in ids]
        except KeyError as exc:
            raise ValueError(f"unknown card {exc.args[0]!r}") from None

    zones: dict[tuple[int | None, str], list[int]] = {}
    for pv in view["players"]:
        s = int(pv["seat"])
        p = st.players[s]
        hand = pv["hand"] if "hand" in pv else sampled.hands.get(s, ())
        deck = list(sampled.decks.get(s, ()))
        if len(hand) != pv["hand_count"]:
            raise ValueError(f"seat {s} holds {pv['hand_count']} cards, the sample gives {len(hand)}")
        if len(deck) != pv["deck_count"]:
            raise ValueError(f"seat {s}'s deck has {pv['deck_count']} cards, the sample gives {len(deck)}")
        known = list(pv["deck_known_top"])
        if deck[:len(known)] != known:
            raise ValueError(f"seat {s}'s deck must start with its known top cards {known}")
        p.hand = new(hand)
        p.deck = new(reversed(deck))  # the engine keeps the top card last
        p.discard = new(pv["discard"])
        p.in_play = new(pv["in_play"])
        p.champions = new(c["card"] for c in pv["champions"])
        p.gold = int(pv["gold"])
        p.combat = int(pv["combat"])
        p.owed = int(pv["owed"])
        p.known_top = len(known)
        p.redirects = [(str(r[0]), str(r[1])) for r in pv["redirects"]]
        p.alive = bool(pv["alive"])
        for zone in ("hand", "discard", "in_play", "champions"):
            zones[(s, zone)] = getattr(p, zone)
    market = view["market"]
    for slot, c in enumerate(market["row"]):
        if c is not None:
            st.row[slot] = new([c])[0]
    mdeck = list(sampled.market_deck)
    if len(mdeck) != market["deck_count"]:
        raise ValueError(f"the market deck has {market['deck_count']} cards, the sample gives {len(mdeck)}")
    st.market_deck = new(reversed(mdeck))
    st.gems = new(["fire_gem"] * int(market["fire_gems"]))
    st.sacrificed = new(market["sacrificed"])
    st.out = new(view.get("out", ()))
    zones.update({(None, "row"): st.row, (None, "sacrificed"): st.sacrificed,
                  (None, "out"): st.out, (None, "fire_gems"): st.gems})
    alloc.finish(st)
    for pv in view["players"]:
        p = st.players[int(pv["seat"])]
        for inst, ch in zip(p.champions, pv["champions"]):
            st.expended[inst] = 1 if ch["expended"] else 0
            st.damage[inst] = int(ch["damage"])
        for inst, used in zip(p.in_play + p.champions, pv["ally_used"]):
            st.ally_used[inst] = 1 if used else 0
    for s in range(n):
        st.health[st.life[s]] = int(view["players"][s]["health"])
    st.active = int(view["active"])
    st.turn = int(view["turn"])
    st.first = int(view["first"])
    st.phase = str(view["phase"])
    st.team_turn = tuple(int(s) for s in view["team_turn"])
    st.ended = tuple(int(s) for s in view.get("ended", ()))
    w = view["winner"]
    st.winner = tuple(w) if isinstance(w, list) else w

    def where(loc: Mapping[str, Any] | None) -> int:
        if loc is None or loc.get("zone") == "hidden":
            return -1
        zone = zones.get((loc.get("seat"), loc["zone"]))
        if zone is None or not 0 <= loc["index"] < len(zone):
            raise ValueError(f"no card at {loc!r}")
        return zone[int(loc["index"])]

    st.stack = [_frame(f, where) for f in view.get("stack", ())]
    pv = view.get("pending")
    if pv is not None:
        st.pending = _prompt(pv, where)
    return st


def _frame(f: Mapping[str, Any], where: Any) -> Frame:
    kind = f["kind"]
    if kind == "fx":
        effects = tuple(decode_effect(e) for e in f["effects"])
        return ("fx", int(f["seat"]), where(f["src"]), effects, int(f["next"]))
    if kind == "owed":
        return ("owed", int(f["seat"]))
    if kind in FRAMES and "args" in f:  # a format's rules step: its arguments are plain values
        return (kind, *decode_value(f["args"]))
    raise ValueError(f"a resolution frame the rebuild does not know: {kind!r}")


def _prompt(pv: Mapping[str, Any], where: Any) -> Prompt:
    if "options" not in pv:
        raise ValueError("the pending prompt belongs to another seat: its answers are hidden")
    if pv.get("resume") not in RESUME:
        raise ValueError(f"a prompt the rebuild does not know: {pv.get('resume')!r}")
    return Prompt(
        seat=int(pv["seat"]),
        kind=str(pv["kind"]),
        text=str(pv["prompt"]),
        options=tuple(parse(o) for o in pv["options"]),
        resume=str(pv["resume"]),
        card=pv.get("card"),
        src=where(pv.get("src")),
        zone=str(pv.get("zone", "")),
        data=decode_value(pv.get("data", [])),
        optional=bool(pv.get("optional", False)),
    )
