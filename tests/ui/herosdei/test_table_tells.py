"""What the HerosDeï table tells a player who does not know the rules yet: the rule that
holds a button back (a Sovereign Good to give first, the compulsory first combat), the
rule behind a refused destiny, how many cards the hand limit wants, that a destiny's
kill is not a kill in combat, where a comparison's outcome falls, and default names
that cannot be read as the roles "player 1" and "player 2"."""

from __future__ import annotations

from typing import Any

import pygame

from game.herosdei.record import Record
from game.session.ai_seats import NO_PAUSE, AISeats
from game.session.clients import LocalClient
from game.session.session import SeatConfig, Session
from game.ui.app import App
from game.ui.herosdei import overlays
from game.ui.herosdei.director import Clash
from game.ui.herosdei.table import HdTableScene
from game.ui.herosdei.words import hover_words, prompt_lines
from tests.ui.helpers import key
from tests.ui.herosdei.helpers import center, drag, settle


def _open(app: App, position: dict[str, Any], ask_all: bool = True) -> HdTableScene:
    rec = Record.position(position)
    if ask_all:
        rec.setup["ask_all"] = True
    seats = [SeatConfig("human", "Ana"), SeatConfig("ai", "Ben", "easy")]
    session = Session(rec, seats)
    sc = HdTableScene(app, LocalClient(session, AISeats(session, inline=True, secret_pause=NO_PAUSE)),
                      ["Ana", "Ben"], ["human", "ai"], rec=rec)
    app.reset(sc)
    settle(app, sc)
    return sc


def _placement(hand: list[str]) -> dict[str, Any]:
    return {"variant": "standard", "turn": 2, "phase": "placement", "first": 0, "to_act": 0,
            "players": [{"civ": "greeks", "hand": hand, "future": ["hoplon"] * 6, "characters": [{"card": "achille"}]},
                        {"civ": "trojans", "hand": ["hoplon"], "future": ["hoplon"] * 6,
                         "characters": [{"card": "hector"}]}]}


def test_done_is_greyed_with_its_reason_while_a_sovereign_good_waits_to_be_given(app: App) -> None:
    sc = _open(app, _placement(["emeraude_troyens", "xiphos"]))  # the Trojans' Good, drawn by the Greeks
    assert sc.can_act and "done" not in sc.model.legal
    app.step(1 / 60, [])
    b = sc.end_btn
    assert b.visible and not b.enabled and b.label == app.tr("hdtable.done")
    assert "Emerald of Freedom" in str(b.tooltip)
    assert any("Emerald of Freedom" in text for text, _ in prompt_lines(sc))
    toasts = len(app.toasts)
    app.step(1 / 60, [key(pygame.K_RETURN)])  # Enter: the rule that holds it, in words
    assert len(app.toasts) > toasts and "Emerald of Freedom" in app.toasts[-1][0]
    line = next(x for x in sc.model.legal if x.startswith("play emeraude_troyens on "))
    sc.submit(line)
    settle(app, sc)
    assert "done" in sc.model.legal and sc.end_btn.enabled


def _attack(hand: list[str]) -> dict[str, Any]:
    return {"variant": "standard", "turn": 2, "phase": "attack", "first": 0, "to_act": 0,
            "players": [{"hand": hand, "future": ["hoplon"] * 6, "characters": [{"card": "achille"}]},
                        {"hand": ["hoplon"], "future": ["hoplon"] * 6, "characters": [{"card": "hector"}]}]}


def test_pass_is_greyed_while_the_first_combat_is_compulsory(app: App) -> None:
    sc = _open(app, _attack(["xiphos"]))
    for _ in range(60):  # the window before the first combat closes (both pass)
        if sc.can_act and any(x.startswith("attack ") for x in sc.model.legal):
            break
        app.step(1 / 60, [])
    assert "pass" not in sc.model.legal
    app.step(1 / 60, [])
    b = sc.end_btn
    assert b.visible and not b.enabled and b.tooltip == app.tr("hdtable.tip_pass_first")
    assert any(text == app.tr("hdtable.hint_attack_sub_first") for text, _ in prompt_lines(sc))


def test_a_second_copy_of_a_destiny_is_refused_with_the_once_a_phase_rule(app: App) -> None:
    sc = _open(app, _attack(["oracle_de_delphes", "oracle_de_delphes", "ruse_d_ulysse"]))  # the Ruse keeps the window open
    assert "play oracle_de_delphes" in sc.model.legal
    sc.submit("play oracle_de_delphes")
    for _ in range(200):  # the Oracle resolves; the window comes back to the viewer
        if sc.can_act and sc.model.window_open() and sc.model.sides[0].used:
            break
        app.step(1 / 60, [])
    assert sc.model.sides[0].used == ["oracle_de_delphes"]
    assert not any(x.startswith("play oracle_de_delphes") for x in sc.model.legal)
    hand = sc.model.sides[0].hand
    src = center(sc.hand_rects()[hand.index("oracle_de_delphes")])
    toasts = len(app.toasts)
    drag(app, src, (sc.lay.middle.left + 20, sc.lay.middle.bottom - 10))
    assert len(app.toasts) > toasts
    assert app.toasts[-1][0] == app.tr("refusal.herosdei.played_already", card="Oracle of Delphi")


def test_the_hand_limit_says_how_many_cards_go(app: App) -> None:
    position = {"variant": "standard", "turn": 2, "phase": "start", "first": 0, "to_act": 0,
                "players": [{"hand": ["hoplon"] * 8, "future": ["xiphos"] * 6, "characters": [{"card": "achille"}]},
                            {"hand": ["hoplon"], "future": ["xiphos"] * 6, "characters": [{"card": "hector"}]}]}
    sc = _open(app, position)
    q = sc.asker().decision()
    assert q is not None
    assert q.question.title == app.tr("hdprompt.limit", n=12)
    assert q.question.subtitle == app.tr("hdprompt.limit_sub", k=4) and "4" in q.question.subtitle


def test_a_destiny_s_kill_is_worded_as_a_card_sent_to_the_museum(app: App) -> None:
    sc = _open(app, _attack(["xiphos"]))
    sc.log.add({"type": "character_killed", "card": "1:hector", "by": None, "vp": 0, "with_cards": []})
    sc.log.add({"type": "character_killed", "card": "0:achille", "by": 1, "vp": 2, "with_cards": []})
    texts = [t for _, _, t in sc.log.lines(app.tr, 0, 400)]
    assert any("Hector" in t and "sent to the museum" in t and "no kill counted" in t for t in texts), texts
    assert any("Achilles is killed" in t for t in texts), texts


def test_killed_is_written_over_the_character_struck(app: App) -> None:
    sc = _open(app, {"variant": "standard", "turn": 2, "phase": "attack", "first": 0, "to_act": 0,
                     "players": [{"hand": [], "future": ["hoplon"] * 6,
                                  "characters": [{"card": "achille"}, {"card": "heracles"}, {"card": "persee"}]},
                                 {"hand": [], "future": ["hoplon"] * 6,
                                  "characters": [{"card": "hector"}, {"card": "paris"}, {"card": "enee"}]}]})
    clash = Clash("assault", ("F", 9), ("S", 6), "0:achille", "1:enee", "strike_kill", 1.0, age=0.9)
    band = overlays.outcome_band(sc, clash, (80, 24))
    struck = sc.fighter_rect("1:enee")
    assert band is not None and struck is not None and struck.collidepoint(band.center)


def test_default_names_are_not_roles(app: App) -> None:
    ng = app.new_screen("new_game")
    app.reset(ng)
    app.step(1 / 60, [])
    names = [s.name for s in ng.setup().seats]
    assert names and all("1" not in n and "2" not in n for n in names), names
    assert app.tr("newgame.default_name", seat="B") == "Guest B"


def test_a_character_s_zoom_names_its_figures_in_force_and_what_its_mount_lends(app: App) -> None:
    position = _attack(["xiphos"])
    position["players"][0]["characters"] = [{"card": "achille", "given": ["pegase"]}]
    sc = _open(app, position)
    words = hover_words(sc, ("char", 0, 0, "achille"))
    # Achilles is F 6, M 4 printed; Pegasus gives +1 F, +1 M and its wings
    assert "Force 7 (printed 6)" in words and "Health 7" in words and "Mastery 5 (printed 4)" in words, words
    assert "Flying (from Pegasus)" in words, words


def test_during_a_combat_the_cards_show_the_figures_the_log_gives(app: App) -> None:
    sc = _open(app, _attack(["xiphos"]))
    m = sc.model
    achilles = m.sides[0].chars[0]
    printed_f = achilles.stats["F"]
    m.apply({"type": "combat_declared", "seat": 0, "attacker": "0:achille", "defender": "1:hector"})
    m.apply({"type": "boosted", "card": "0:achille", "stat": "F", "amount": 2})
    assert achilles.stats["F"] == printed_f + 2
    m.apply({"type": "struck", "step": "assault", "striker": "0:achille", "struck": "1:hector", "force": 11,
             "health": 9})
    assert achilles.stats["F"] == 11 and m.sides[1].chars[0].stats["S"] == 9  # the strike's own figures
    m.apply({"type": "combat_ended", "attacker": "0:achille"})
    assert achilles.stats["F"] == 11 - 2  # the combat's boost ends with it: the next combat starts without it
