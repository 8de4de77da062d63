"""The HerosDeï part of the screenshot tour (``python -m game play --screenshot-dir``).

Positions are real games: played forward by the AI agents from a seed until the
moment worth a picture (a combat under way with seat 0 to answer, a destiny of the
other player on the stack, a hand card to read, a drop the rules refuse), then opened
on the table as a player would see them; the New game panel with HerosDeï chosen, the
rules page and the end screen of a game played to its end. Saved as ``hd_*`` PNGs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game import games as registry
from game.session.ai_seats import NO_PAUSE
from game.session.session import SeatConfig
from game.ui.tablekit.tour import frames, hover, new_game, settle, until_shown

GAME = "herosdei"
NAMES = ["Ana", "Ben"]
DECKS = ("round_table", "greeks")
Shot = Callable[[str], None]


def _record(seed: int, variant: str = "standard", decks: tuple[str, ...] = DECKS) -> Any:
    return registry.game(GAME).new_record(2, seed, variant, decks)


def advance(seed: int, stop: Callable[[Any], bool], limit: int = 1500, variant: str = "standard") -> Any | None:
    """A game played by Medium agents from ``seed`` until ``stop(state)`` with seat 0 to act
    (its record), or None when the game ends first (Easy plays no destiny: no stack)."""
    from game.ai.agent import make_agent

    rec = _record(seed, variant)
    st = rec.initial_state()
    bots = [make_agent("medium", seed + i, GAME) for i in range(2)]
    for _ in range(limit):
        waiting = st.waiting_for()
        if not waiting:
            return None
        seat = waiting[0]
        if seat == 0 and stop(st):
            return rec
        view = st.view(seat)
        line = bots[seat].choose(view, view["legal"])
        st.apply(line)
        rec.add(line)
    return None


def find(stop: Callable[[Any], bool], seeds: range = range(1, 60)) -> Any | None:
    for seed in seeds:
        rec = advance(seed, stop)
        if rec is not None:
            return rec
    return None


def finished(seed: int) -> Any | None:
    """A game played to its end by Medium agents (the table shows its last events)."""
    from game.ai.agent import make_agent

    rec = _record(seed)
    st = rec.initial_state()
    bots = [make_agent("medium", seed + i, GAME) for i in range(2)]
    for _ in range(4000):
        waiting = st.waiting_for()
        if not waiting:
            return rec
        view = st.view(waiting[0])
        line = bots[waiting[0]].choose(view, view["legal"])
        st.apply(line)
        rec.add(line)
    return None


def open_hd(app: Any, rec: Any, kinds: tuple[str, ...] = ("human", "ai")) -> Any:
    """The table on ``rec`` as seat 0 sees it, settled."""
    from game.session import local as games
    from game.ui.herosdei.table import HdTableScene

    cfg = [SeatConfig(k, NAMES[i], "easy") for i, k in enumerate(kinds)]
    rec.setup["players"] = [{"kind": c.kind, "name": c.name, "agent": c.agent} for c in cfg]
    client = games.start(rec, cfg, inline_ai=True, ai_pace=0, secret_pause=NO_PAUSE)
    sc = HdTableScene(app, client, [c.name for c in cfg], list(kinds), rec=rec,
                      history=client.session.history(0, 120))
    app.reset(sc)
    settle(app, sc, 900)
    return sc


def _in_combat(st: Any) -> bool:
    """A combat under way, seat 0 asked in its window and holding a destiny it may play."""
    return (st.combat is not None and st.pending is None and not st.stack
            and any(str(a).startswith("play ") for a in st.legal_actions()))


def _destiny_to_answer(st: Any) -> bool:
    """The other player's destiny on top of the stack, seat 0 to answer and holding an answer
    (a new game asks seat 0 either way; one that can only pass is passed by its table)."""
    return (bool(st.stack) and st.stack[-1].seat == 1 and st.pending is None
            and any(str(a).startswith("play ") for a in st.legal_actions()))


def _position(players: list[dict[str, Any]], phase: str) -> Any:
    """A position on the table (a Sovereign Good to place, a mount that flies), asked as a
    new game asks everything."""
    from game.herosdei.record import Record

    rec = Record.position({"variant": "standard", "turn": 2, "phase": phase, "first": 0, "to_act": 0,
                           "players": players})
    rec.setup["ask_all"] = True
    return rec


def _carried_and_owed(app: Any, shot: Shot) -> None:
    """A Sovereign Good to give before Done, and a Character's zoom with what its mount lends."""
    futures = ["hoplon", "xiphos", "cuirasse", "casque_corinthien"]
    sc = open_hd(app, _position([
        {"civ": "greeks", "hand": ["emeraude_troyens", "xiphos", "argonaute"], "future": futures,
         "characters": [{"card": "achille", "given": ["pegase"]}, {"card": "persee"}]},
        {"civ": "trojans", "hand": ["hoplon"], "future": futures,
         "characters": [{"card": "hector"}, {"card": "paris"}]}], "placement"))
    hover(app, sc.end_btn.rect.center, 50)
    shot("hd_07_sovereign_good_to_give")
    hover(app, sc.char_rects(0)[0][0].center, 50)
    shot("hd_08_carried_zoom")
    # a weapon dropped on the other player's Character: the engine's refusal, in the table's words
    xiphos = sc.hand_rects()[sc.model.sides[0].hand.index("xiphos")].center
    drop(app, xiphos, sc.char_rects(1)[0][0].center)
    hover(app, sc.lay.middle.center, rest=10)  # the pointer moves off: the zoom goes, the reason stays
    shot("hd_09_refusal")


def drop(app: Any, src: tuple[int, int], dst: tuple[int, int]) -> None:
    """A card dragged from ``src`` and let go at ``dst``, as the mouse does it."""
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=src, rel=(0, 0), buttons=(0, 0, 0))])
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=src, button=1)])
    for t in (0.5, 1.0):
        pos = (round(src[0] + (dst[0] - src[0]) * t), round(src[1] + (dst[1] - src[1]) * t))
        app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))])
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=dst, button=1)])


def tour(app: Any, shot: Shot) -> None:
    from game.ui.herosdei.gameover import HdGameOverScene
    from game.ui.herosdei.options import HdOptions
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.title import TitleScene

    def learning(opts: object) -> None:
        if isinstance(opts, HdOptions):
            opts.set_variant("initiation")  # learning mode: its note shows under the player count

    new_game(app, GAME, options=learning)
    shot("hd_01_newgame")
    app.reset(TitleScene(app))
    app.push(RulesScene(app, GAME))
    frames(app, 3)
    shot("hd_02_rules")
    rec = find(_in_combat)
    if rec is not None:
        sc = open_hd(app, rec)
        shot("hd_03_table_combat")
        hand = sc.hand_rects()
        if hand:
            hover(app, hand[len(hand) // 2].center, 50)
            shot("hd_05_card_zoom")
    _carried_and_owed(app, shot)
    rec = find(_destiny_to_answer)
    if rec is not None:
        open_hd(app, rec)
        shot("hd_04_destiny_on_the_stack")
    full = finished(3)
    if full is not None:
        open_hd(app, full)
        until_shown(app, HdGameOverScene)
        shot("hd_06_gameover")


def saved_game() -> Any:
    """A new game for the Load list's picture (its players show)."""
    from game.ui.herosdei.options import HdSetup

    seats = [SeatConfig("human", "Ana"), SeatConfig("ai", "Ben", "medium")]
    return HdSetup("standard", ("vikings", "trojans"), seats, 4).record()
