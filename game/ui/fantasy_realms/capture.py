"""The Fantasy Realms part of the screenshot tour (``python -m game play --screenshot-dir``).

Positions are real games: played forward by the AI agents from a seed until the
moment worth a picture (seat 0 to discard with a card hovered, a draft choice,
a Cursed Item to use, an end-of-game draw, the hand cap...), then opened on the
table exactly as a player would see them, and saved as ``fr_*`` PNGs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.fantasy_realms.record import Record
from game.session.session import SeatConfig
from game.ui.tablekit.tour import frames, hover, new_game, settle, until_shown

NAMES = ["Ana", "Ben", "Chloé", "Dario", "Elif", "Farid"]
Shot = Callable[[str], None]


def advance(seats: int, modules: list[str], seed: int, stop: Callable[[Any], bool], limit: int = 400,
            agent: str = "easy") -> Record | None:
    """A game played by ``agent`` from ``seed`` until ``stop(state)`` (seat 0 to move), or None."""
    from game.ai.agent import make_agent

    rec = Record.standard(seats, modules, seed, first=0)
    st = rec.initial_state()
    bots = [make_agent(agent, seed + i, "fantasy_realms") for i in range(seats)]
    for _ in range(limit):
        if st.phase == "over":
            return None
        if st.to_move == 0 and stop(st):
            return rec
        seat = st.to_move
        view = st.view(seat)
        line = bots[seat].choose(view, view["legal"])
        st.apply(line)
        rec.add(line)
    return None


def find(seats: int, modules: list[str], stop: Callable[[Any], bool], seeds: range = range(1, 200)) -> Record | None:
    for seed in seeds:
        rec = advance(seats, modules, seed, stop)
        if rec is not None:
            return rec
    return None


def open_fr(app: Any, rec: Any, kinds: list[str], state: Any = None) -> Any:
    """The table on ``rec`` (or on ``state``, a position made to order for a picture)."""
    from game.session import local as games
    from game.session.ai_seats import AISeats
    from game.session.clients import LocalClient
    from game.session.session import Session
    from game.ui.fantasy_realms.table import FantasyTableScene

    cfg = [SeatConfig(k, NAMES[i], "easy") for i, k in enumerate(kinds)]
    rec.setup["players"] = [{"kind": c.kind, "name": c.name, "agent": c.agent} for c in cfg]
    if state is None:
        client = games.start(rec, cfg, inline_ai=True, ai_pace=0)
    else:
        session = Session(rec, cfg, state=state)
        client = LocalClient(session, AISeats(session, inline=True))
    history = client.session.history(0, 120) if state is None else []
    sc = FantasyTableScene(app, client, [c.name for c in cfg], kinds, rec=rec, history=history)
    app.reset(sc)
    settle(app, sc)
    return sc


def _holds_blanked(st: Any) -> bool:
    from game.fantasy_realms.optimal import best
    from game.fantasy_realms.rules import table_for

    if st.phase != "discard":
        return False
    sc = best([st.lib.cards[c] for c in st.hands[0]], table_for(st, 0), st.lib)
    return any(c.blanked for c in sc.cards) and bool(sc.choices) and len(st.discard) >= 5


def tour(app: Any, shot: Shot) -> None:
    from game.ui.fantasy_realms.gameover import FantasyGameOverScene
    from game.ui.fantasy_realms.options import FantasyOptions
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.title import TitleScene

    def cursed(opts: object) -> None:
        assert isinstance(opts, FantasyOptions)
        opts.set_module("cursed_items", True)
        opts.set_module("cursed_hoard_suits", True)

    new_game(app, "fantasy_realms", 4, cursed)
    shot("fr_01_newgame")
    from game.ui.fantasy_realms.rulings import RulingsDialog

    dialog = RulingsDialog(app, {"collector_all_suits": False})  # the disputed rulings, one changed
    app.push(dialog)
    frames(app, 3)
    shot("fr_01b_rulings")
    app.reset(TitleScene(app))
    app.push(RulesScene(app, "fantasy_realms"))
    frames(app, 3)
    shot("fr_02_rules")
    # two players: the draft (draw two, keep one)
    rec = find(2, [], lambda st: st.phase == "draw" and len(st.hands[0]) == 3)
    if rec is not None:
        sc = open_fr(app, rec, ["human", "ai"])
        sc.submit("draw two")
        settle(app, sc)
        shot("fr_03_draft_keep_2p")
    # four players mid-game, choosing a discard, a blanked card in the hand
    rec = find(4, ["promo"], _holds_blanked) or find(4, ["promo"], lambda st: st.phase == "discard" and len(st.discard) >= 5)
    if rec is not None:
        sc = open_fr(app, rec, ["human", "ai", "ai", "ai"])
        shot("fr_04_table_4p_discard")
        hand = sc.hand_cards()
        if hand:
            hover(app, sc.hand_rect(len(hand) // 2).center)
            shot("fr_05_hover_hand")
        if sc.model.discard:
            app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))])
    # six players with Cursed Items and the new suits, late in the game
    mods = ["promo", "cursed_items", "cursed_hoard_suits"]
    rec = find(6, mods, lambda st: st.phase == "draw" and len(st.discard) >= 8 and st.face_down[0] != [] or (
        st.phase == "draw" and len(st.discard) >= 10))
    if rec is not None:
        sc = open_fr(app, rec, ["human"] + ["ai"] * 5)
        shot("fr_06_table_6p_items_suits")
        if sc.model.discard:
            hover(app, sc.lay.discard_slot(len(sc.model.discard) - 1).center)
            shot("fr_07_hover_discard")
    # a Cursed Item that asks something (a seat, a suit, cards)
    asks = ("spyglass", "crystal_ball", "sealed_vault", "lantern", "shovel", "larcenous_gloves")
    rec = find(3, ["cursed_items"], lambda st: st.phase == "draw" and st.face_up[0] is not None
               and st.lib.items[st.face_up[0]].slug in asks and any(str(a).startswith("item use ") for a in st.legal_actions()))
    if rec is not None:
        sc = open_fr(app, rec, ["human", "ai", "ai"])
        sc.use_item()
        frames(app, 10)
        shot("fr_08_item_question")
    # a Spyglass shows a hand; a Market Wagon's offers come back to be traded
    for slug, name in (("spyglass", "fr_13_spyglass_reveal"), ("market_wagon", "fr_14_wagon_trade")):
        rec = Record.standard(3, ["cursed_items"], 5, first=0)
        st = rec.initial_state()
        _give_item(st, slug)
        sc = open_fr(app, rec, ["human", "ai", "ai"], st)
        sc.use_item()
        frames(app, 5)
        if app.top is not sc and getattr(app.top, "q", None) is not None:
            q = app.top.q
            app.top.close(q.options[-1].value if q.options else q.buttons[0].value)
        settle(app, sc)
        shot(name)
    # the end of the game: a Necromancer or the hand cap asks
    rec = find(3, ["cursed_hoard_suits", "cursed_items"], lambda st: st.phase == "end_game", range(1, 400))
    if rec is not None:
        sc = open_fr(app, rec, ["human", "ai", "ai"])
        shot("fr_09_end_of_game_draw")
    # hotseat: the curtain between two humans
    rec = find(3, [], lambda st: st.phase == "discard" and len(st.discard) >= 2)
    if rec is not None:
        sc = open_fr(app, rec, ["human", "human", "ai"])
        line = next((x for x in sc.model.legal if x.startswith("discard ")), None)
        if line:
            sc.submit(line)
        settle(app, sc)
        shot("fr_10_curtain")
    # the end screens, two and six players
    for seats, mods, name in ((2, [], "fr_11_gameover_2p"), (6, ["cursed_items", "cursed_hoard_suits"], "fr_12_gameover_6p")):
        full = _finished(seats, mods, 3)
        if full is not None:
            sc = open_fr(app, full, ["human"] + ["ai"] * (seats - 1))
            until_shown(app, FantasyGameOverScene, 60)
            shot(name)
            _hover_givers(app, shot, name + "_hover")
    from game.ui.fantasy_realms.chaos_capture import chaos_tour

    chaos_tour(app, shot)  # Chaos Realms: the variant, the offers on the table, the end screen


def _hover_givers(app: Any, shot: Shot, name: str) -> None:
    """The end screen with the pointer on a card whose bonus or penalty other cards gave."""
    from game.ui.fantasy_realms.gameover import FantasyGameOverScene

    over = app.top
    if not isinstance(over, FantasyGameOverScene):
        return
    cell = next((c for c in over.cells if c[2].get("bonus_from") or c[2].get("penalty_from")), None)
    if cell is not None:
        hover(app, cell[0].center)
        shot(name)


def _give_item(st: Any, slug: str) -> None:
    iid = next(i for i, it in st.lib.items.items() if it.slug == slug)
    if iid in st.item_deck:
        st.item_deck.remove(iid)
    for s in range(st.n):
        if st.face_up[s] == iid:
            st.face_up[s] = st.item_deck.pop()
    st.face_up[0] = iid


def _finished(seats: int, modules: list[str], seed: int) -> Record | None:
    """A game played to its end by the AI (the last action left for the table to apply)."""
    from game.ai.agent import make_agent

    rec = Record.standard(seats, modules, seed, first=0)
    st = rec.initial_state()
    bots = [make_agent("easy", seed + i, "fantasy_realms") for i in range(seats)]
    for _ in range(3000):
        if st.phase == "over":
            break
        view = st.view(st.to_move)
        line = bots[st.to_move].choose(view, view["legal"])
        st.apply(line)
        rec.add(line)
    return rec if st.phase == "over" else None


def saved_game() -> Any:
    """A new game for the Load list's picture (its players show)."""
    from game.session.session import SeatConfig
    from game.ui.fantasy_realms.setup import FantasySetup

    return FantasySetup([SeatConfig("human", "Ana"), SeatConfig("ai", "Ben", "medium"), SeatConfig("ai", "Chloé", "hard")],
                        [], 4).record()
