"""Hero Realms' part of the screenshot tour (``python -m game play --screenshot-dir``):
a live and a busy two-player table (a card zoomed, the pause menu, the save's name, the
deck tracker, a hint),
the decisions (a choose-one dialog, a target, a hover with its reason), busy 4-seat and
6-seat tables, the hotseat curtain and hidden hand, and the game over screen. Positions
are built by playing the engine's scripted policy for a while, so the tables look like
real games.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.rng import Rng
from game.hero_realms.actions import parse
from game.hero_realms.record import Record
from game.session.session import SeatConfig
from game.ui.capture import Shot, settle_table
from game.ui.tablekit.tour import frames


def busy_record(seats: int, seed: int, actions: int, fmt: str = "ffa") -> Record:
    """A game advanced by the scripted policy, stopped early in seat 0's turn."""
    from game.hero_realms.scripted import choose

    rec = Record.standard(seats, fmt, seed, first=0)
    st = rec.initial_state()
    rng = Rng(seed)
    played_in_turn = 0
    while st.phase != "over":
        a = choose(st, rng)
        if len(rec.actions) >= actions and st.active == 0 and st.pending is None:
            if played_in_turn >= 3 or a.verb == "end":
                break
        if st.active == 0 and a.verb == "play":
            played_in_turn += 1
        elif st.active != 0:
            played_in_turn = 0
        st.apply(a)
        rec.add(a)
    return rec


def busy_position(seats: int, seed: int = 0, fmt: str = "ffa") -> Record:
    """A crowded mid-game position: champions everywhere (some expended or hurt),
    cards in play for the player to move, a full hand, piles and a market."""
    from game.hero_realms.cards import library

    lib = library()
    rng = Rng(seed)
    market = [c.id for c in lib.market_cards() for _ in range(c.copies)]
    rng.shuffle(market)
    champions = [c for c in market if lib[c].is_champion]
    others = [c for c in market if not lib[c].is_champion]
    used: list[str] = []

    def take(pool: list[str], n: int) -> list[str]:
        out: list[str] = []
        for c in list(pool):
            if len(out) == n:
                break
            pool.remove(c)
            out.append(c)
        used.extend(out)
        return out

    players = []
    for s in range(seats):
        champs = [{"card": c, "expended": (i + s) % 3 == 1, "damage": 1 if (i + s) % 4 == 2 and lib[c].defense > 1 else 0}
                  for i, c in enumerate(take(champions, 2 + s % 2))]
        hand = (["gold", "gold", "shortsword"] + take(others, 2)) if s == 0 else (["gold"] * 3 + ["dagger", "ruby"])
        in_play = (["gold", "ruby"] + take(others, 2)) if s == 0 else []
        discard = take(others, 2) + ["gold", "gold"]
        deck = ["gold"] * (7 - hand.count("gold") - discard.count("gold") - in_play.count("gold"))
        if "shortsword" not in hand:
            deck.append("shortsword")
        if s != 0:
            deck += []
        players.append({"health": 50 - (s * 13 + 7) % 38, "hand": hand, "deck": deck, "discard": discard,
                        "champions": champs, "in_play": in_play, "gold": 5 if s == 0 else 0, "combat": 9 if s == 0 else 0})
    row = take(others, 3) + take(champions, 2)
    sacrificed = take(others, 2)
    doc = {"format": fmt, "seed": seed, "active": 0, "turn": 14, "players": players,
           "market": {"row": row, "deck": (others + champions)[:20], "fire_gems": 12, "sacrificed": sacrificed}}
    return Record.position(doc)


def _hidden_hand(app: Any, sc: Any, shot: Any) -> None:
    """Hotseat: the screen passed to the first player (a loaded game opens on the curtain),
    who ends the turn; the new hand stays face down while the AI plays, until the next curtain."""
    from game.ui.scenes.dialogs import Curtain

    top = app.top
    if isinstance(top, Curtain):
        top.age = 1.0
        app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)])
        settle_table(app, sc)
    line = next((ln for ln in sc.model.legal if parse(ln).verb == "end"), None)
    if line is None or not sc.submit(line):
        return
    frames(app, 90)  # the AI is playing by now
    shot("10b_hand_hidden")


def _tracker_and_hint(app: Any, sc: Any, shot: Any) -> None:
    """The deck tracker open over a live game, then a hint (H) framed on the table."""
    sc.tracker.toggle()
    frames(app, 3)
    shot("05c_deck_tracker")
    sc.tracker.toggle()
    sc.hints.press()
    if sc.hints.wait(60):
        frames(app, 20)
        shot("05d_hint")
    sc.hints.close()


def saved_game() -> Any:
    """A game in progress for the Load list's picture (its turn and players show)."""
    rec = busy_record(2, 7, 60)
    rec.setup["players"] = [{"kind": "human", "name": "Ana"}, {"kind": "ai", "name": "Easy bot 2", "agent": "easy"}]
    return rec


def tour(app: Any, shot: Shot) -> None:
    from game.hero_realms.formats import FORMATS
    from game.session import local as games
    from game.ui.hero_realms.figures import seat_figures
    from game.ui.hero_realms.gameover import GameOverScene
    from game.ui.hero_realms.table import TableScene
    from game.ui.tablekit.frame import play_area

    def table(seats: int, seed: int, actions: int, kinds: list[str], busy: bool = True, fmt: str = "ffa") -> Any:
        rec = busy_position(seats, seed, fmt) if busy else busy_record(seats, seed, actions)
        cfg = [SeatConfig(k, n, "random") for k, n in zip(kinds, ["Ana", "Ben", "Chloé", "Dario", "Elif", "Farid"])]
        client = games.start(rec, cfg, inline_ai=True, ai_pace=0)
        past = client.session.history(0)
        stats, history = seat_figures(rec, past), past[-120:]
        sc = TableScene(app, client, [c.name for c in cfg], kinds, rec=rec, stats=stats, history=history)
        app.reset(sc)
        settle_table(app, sc)
        return sc

    sc = table(2, 7, 60, ["human", "ai"], busy=False)
    shot("05_table_2p_live")
    sc = table(2, 7, 60, ["human", "ai"])
    shot("05_table_2p")
    _tracker_and_hint(app, table(2, 7, 60, ["human", "ai"], busy=False), shot)
    hand = sc.model.seats[0].hand
    if hand:
        sp = hand[len(hand) // 2]
        app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=(int(sp.x), int(sp.y)), rel=(0, 0), buttons=(0, 0, 0))])
        frames(app, 40)
        shot("06_table_zoom")
    sc.pause()
    frames(app, 5)
    shot("07_pause")
    app.pop()
    sc._pause_result("save")  # the name the save gets, before it is written
    frames(app, 5)
    shot("07b_save_name")
    app.pop()
    # decisions: a choose-one dialog, a target on the table, an attack amount
    for move, name in (("expend", "12_prompt_choose_one"), ("play fire_bomb", "13_prompt_target_champion"), ("", "14_hover_reason")):
        doc = {"format": "ffa", "seed": 2, "active": 0, "turn": 6, "players": [
            {"hand": ["fire_bomb", "gold", "gold"], "deck": ["gold"] * 5, "champions": ["street_thug", "tithe_priest"], "combat": 6},
            {"hand": ["gold"] * 5, "deck": ["gold"] * 2, "champions": ["orc_grunt", {"card": "cron_the_berserker", "damage": 2}]}],
            "market": {"row": ["spark", "dire_wolf", "profit", "bribe", "rampage"], "deck": ["recruit"], "fire_gems": 16}}
        rec = Record.position(doc)
        cfg = [SeatConfig("human", "Ana"), SeatConfig("ai", "Ben", "random")]
        client = games.start(rec, cfg, inline_ai=True, ai_pace=0)
        sc = TableScene(app, client, ["Ana", "Ben"], ["human", "ai"], rec=rec)
        app.reset(sc)
        settle_table(app, sc)
        if move:
            sc.submit("expend street_thug" if move == "expend" else move)
            settle_table(app, sc)
        else:  # combat in hand, the pointer on a champion a guard protects: the zoom and the reason
            sp = sc.model.seats[1].champions[1]
            app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=(int(sp.x), int(sp.y)), rel=(0, 0), buttons=(0, 0, 0))])
            frames(app, 30)
        shot(name)
    sc = table(4, 11, 90, ["human", "ai", "ai", "ai"])
    shot("08_table_4p")
    if "emperor" in FORMATS:
        sc = table(6, 5, 120, ["human", "ai", "ai", "ai", "ai", "ai"], fmt="emperor")
        shot("09_table_6p_emperor")
    sc = table(3, 3, 40, ["human", "human", "ai"], busy=False)
    app.step(1 / 60, [])
    if sc.curtain_for is None:
        line = next((ln for ln in sc.model.legal if parse(ln).verb == "end"), None)
        if line:
            sc.submit(line)
        settle_table(app, sc)
    shot("10_curtain")
    _hidden_hand(app, table(3, 4, 40, ["human", "ai", "human"], busy=False), shot)
    table(3, 3, 40, ["human", "ai", "ai"])  # the end screen over the table it ends, clear of the log
    app.push(GameOverScene(app, ["Ana", "Ben", "Chloé"], 0, [{"damage": 61, "bought": 14, "turns": 12},
                                                              {"damage": 38, "bought": 11, "turns": 12},
                                                              {"damage": 22, "bought": 9, "turns": 11}], [17, 0, 0], 0,
                           area=play_area))
    frames(app, 20)
    shot("11_gameover")
