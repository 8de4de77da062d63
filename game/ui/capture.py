"""Scripted screenshots of every scene, for looking at the table without a person.

``python -m game play --screenshot-dir DIR [--size WxH] [--lang fr] [--tour-game G]`` visits the
title, new game, rules, settings, the Load list, a busy two-player table (with a
card zoomed, a prompt, the pause menu, the save's name), busy 4-seat and 6-seat tables, the hotseat curtain and
the game over screen, saving one PNG each. Positions are built by playing the
engine's scripted policy for a while, so the tables look like real games.
Fantasy Realms scenes (``fr_*``) come from ``game.ui.fantasy_realms.capture``.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame

from game.core.record import save_meta
from game.core.rng import Rng
from game.hero_realms.actions import parse
from game.hero_realms.record import Record
from game.session import SeatConfig


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


def _frames(app: Any, n: int, dt: float = 1 / 60, events: list[pygame.event.Event] | None = None) -> None:
    for i in range(n):
        app.step(dt, events if (events and i == 0) else [])


def _lan_lobby(app: Any, shot: Any) -> None:
    """The host's lobby, with the addresses the other computers reach it at (a host on
    loopback only, for the picture; skipped in builds without the network layer)."""
    import tempfile
    import time

    from game.ui.scenes.lan import LobbyScene, lan_api
    from game.ui.scenes.title import TitleScene

    api = lan_api()
    if api is None:
        return
    with tempfile.TemporaryDirectory() as tmp:
        handle = api.host_in_background(api.HostConfig(
            seats=["remote", "remote", "medium"], port=0, bind="127.0.0.1", discovery_port=None,
            save=Path(tmp) / "lan.json", autostart=False, name=app.tr("lan.table_name", name="Ana")))
        try:
            app.reset(TitleScene(app))
            lobby = LobbyScene(app, api.join("127.0.0.1", handle.port, "Ana", seat=0), handle)
            app.push(lobby)
            end = time.monotonic() + 5.0
            while lobby.client.status != "lobby" and time.monotonic() < end:
                _frames(app, 1)
                time.sleep(0.01)
            _frames(app, 5)
            shot("15_lan_lobby")
        finally:
            app.reset(TitleScene(app))  # leaving the lobby closes its client and stops the host
            handle.stop()


def _load_list(app: Any, shot: Any) -> None:
    """The Load list over saves written for it in a scratch folder (the player's own
    saves are neither shown nor touched): names, games, players, turns, dates, an
    autosave and an unreadable file."""
    import os
    import tempfile

    from game.core.userdirs import saves_dir
    from game.ui import games
    from game.ui.fantasy_realms.setup import FantasySetup
    from game.ui.scenes.saves import LoadScene

    before = os.environ.get("REALMS_TABLE_HOME")
    with tempfile.TemporaryDirectory() as home:
        os.environ["REALMS_TABLE_HOME"] = home
        try:
            folder = saves_dir()
            folder.mkdir(parents=True, exist_ok=True)
            hr = busy_record(2, 7, 60)
            hr.setup["players"] = [{"kind": "human", "name": "Ana"}, {"kind": "ai", "name": "Easy bot 2", "agent": "easy"}]
            fr = FantasySetup([SeatConfig("human", "Ana"), SeatConfig("ai", "Ben", "medium"), SeatConfig("ai", "Chloé", "hard")],
                              [], 4).record()
            saves: tuple[tuple[Any, str, str | None, int], ...] = ((hr, "game-1.json", "Ana vs Easy, the long one", 1_795_000_000),
                     (fr, "game-2.json", None, 1_795_100_000), (hr, "autosave.json", "", 1_795_200_000))
            for rec, file, name, when in saves:
                st = rec.replay()
                label = name if name is not None else games.default_save_name(rec, getattr(st, "turn", None), app.tr,
                                                                              time.strftime("%Y-%m-%dT%H:%M", time.localtime(when)))
                rec.save(folder / file, st, save_meta(st, label or None, time.strftime("%Y-%m-%dT%H:%M", time.localtime(when))))
                os.utime(folder / file, (when, when))
            (folder / "game-0.json").write_text("{ half a file", encoding="utf-8")
            os.utime(folder / "game-0.json", (1_790_000_000, 1_790_000_000))
            app.push(LoadScene(app))
            _frames(app, 5)
            shot("04b_load_list")
            app.pop()
        finally:
            if before is None:
                os.environ.pop("REALMS_TABLE_HOME", None)
            else:
                os.environ["REALMS_TABLE_HOME"] = before


def _settle_table(app: Any, table: Any, limit: int = 2000) -> None:
    for _ in range(limit):
        app.step(1 / 60, [])
        if table.director.idle and table.synced and not table._pending():
            break
    _frames(app, 40)


def _hidden_hand(app: Any, sc: Any, shot: Any) -> None:
    """Hotseat: the screen passed to the first player (a loaded game opens on the curtain),
    who ends the turn; the new hand stays face down while the AI plays, until the next curtain."""
    from game.ui.scenes.dialogs import Curtain

    top = app.top
    if isinstance(top, Curtain):
        top.age = 1.0
        app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)])
        _settle_table(app, sc)
    line = next((ln for ln in sc.model.legal if parse(ln).verb == "end"), None)
    if line is None or not sc.submit(line):
        return
    _frames(app, 90)  # the AI is playing by now
    shot("10b_hand_hidden")


def tour(app: Any, out: Path, lang: str | None = None, game: str = "all") -> int:
    from game.hero_realms.formats import FORMATS
    from game.ui import games
    from game.ui.hero_realms.entry import seat_figures
    from game.ui.hero_realms.table import TableScene
    from game.ui.scenes.gameover import GameOverScene
    from game.ui.scenes.newgame import NewGameScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.title import TitleScene
    from game.ui.tablekit.frame import play_area

    app.persist = False
    if lang:
        app.settings.language = lang
        app.apply_settings()
    out.mkdir(parents=True, exist_ok=True)
    tag = f"{app.size[0]}x{app.size[1]}_{app.tr.lang}"

    def shot(name: str) -> None:
        app.screenshot(out / f"{name}_{tag}.png")

    if game != "hero_realms":
        from game.ui.fantasy_realms.capture import tour as fantasy_tour

        fantasy_tour(app, shot)
        if game == "fantasy_realms":
            print(f"screenshots in {out}")
            pygame.quit()
            return 0

    app.push(TitleScene(app))
    _frames(app, 10)
    shot("01_title")
    app.push(NewGameScene(app))
    _frames(app, 5)
    shot("02_newgame")
    app.pop()
    app.push(RulesScene(app))
    _frames(app, 3)
    shot("03_rules")
    app.pop()
    app.push(SettingsScene(app))
    _frames(app, 3)
    shot("04_settings")
    app.pop()
    _load_list(app, shot)

    def table(seats: int, seed: int, actions: int, kinds: list[str], busy: bool = True, fmt: str = "ffa") -> Any:
        rec = busy_position(seats, seed, fmt) if busy else busy_record(seats, seed, actions)
        cfg = [SeatConfig(k, n, "random") for k, n in zip(kinds, ["Ana", "Ben", "Chloé", "Dario", "Elif", "Farid"])]
        client = games.start(rec, cfg, inline_ai=True, ai_pace=0)
        past = client.session.history(0)
        stats, history = seat_figures(rec, past), past[-120:]
        sc = TableScene(app, client, [c.name for c in cfg], kinds, rec=rec, stats=stats, history=history)
        app.reset(sc)
        _settle_table(app, sc)
        return sc

    sc = table(2, 7, 60, ["human", "ai"], busy=False)
    shot("05_table_2p_live")
    sc = table(2, 7, 60, ["human", "ai"])
    shot("05_table_2p")
    hand = sc.model.seats[0].hand
    if hand:
        sp = hand[len(hand) // 2]
        app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=(int(sp.x), int(sp.y)), rel=(0, 0), buttons=(0, 0, 0))])
        _frames(app, 40)
        shot("06_table_zoom")
    sc.pause()
    _frames(app, 5)
    shot("07_pause")
    app.pop()
    sc._pause_result("save")  # the name the save gets, before it is written
    _frames(app, 5)
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
        _settle_table(app, sc)
        if move:
            sc.submit("expend street_thug" if move == "expend" else move)
            _settle_table(app, sc)
        else:  # combat in hand, the pointer on a champion a guard protects: the zoom and the reason
            sp = sc.model.seats[1].champions[1]
            app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=(int(sp.x), int(sp.y)), rel=(0, 0), buttons=(0, 0, 0))])
            _frames(app, 30)
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
        _settle_table(app, sc)
    shot("10_curtain")
    _hidden_hand(app, table(3, 4, 40, ["human", "ai", "human"], busy=False), shot)
    table(3, 3, 40, ["human", "ai", "ai"])  # the end screen over the table it ends, clear of the log
    app.push(GameOverScene(app, ["Ana", "Ben", "Chloé"], 0, [{"damage": 61, "bought": 14, "turns": 12},
                                                              {"damage": 38, "bought": 11, "turns": 12},
                                                              {"damage": 22, "bought": 9, "turns": 11}], [17, 0, 0], 0,
                           area=play_area))
    _frames(app, 20)
    shot("11_gameover")
    _lan_lobby(app, shot)
    print(f"screenshots in {out}")
    pygame.quit()
    return 0
