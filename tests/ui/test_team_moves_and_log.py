"""Team moves from the table (Hydra's gold, Emperor's cards) and the log's words for
whose champion was hit or stunned."""

from __future__ import annotations

import pygame

from game.hero_realms.record import Record
from game.ui.app import App
from game.ui.hero_realms.capture import busy_position
from game.ui.hero_realms.dialogs import AttackDialog
from game.ui.hero_realms.logtext import HeroLog
from game.ui.i18n import Tr
from game.ui.scenes.dialogs import ChoiceDialog

from .helpers import actions, open_table, press, settle


def test_log_names_whose_champion_from_each_side() -> None:
    log = HeroLog(["Ana", "Ben"])
    log.add({"type": "champion_stunned", "seat": 1, "by": 0, "card": "orc_grunt"})
    log.add({"type": "damage_dealt", "seat": 1, "target": 0, "card": "street_thug", "amount": 2, "health": None, "damage": 2})
    log.add({"type": "champion_stunned", "seat": 0, "by": 0, "card": "tithe_priest"})
    log.add({"type": "gold_given", "seat": 0, "to": 1, "amount": 2})
    log.add({"type": "card_sent", "seat": 1, "to": 0, "card": "command", "origin": "discard"})
    ana = [t for _, _, t in log.lines(Tr("en"), 0)]
    ben = [t for _, _, t in log.lines(Tr("en"), 1)]
    assert ana == ["You stun Ben's Orc Grunt", "Ben hits your Street Thug for 2", "You stun your own Tithe Priest",
                   "You give Ben 2 gold", "Ben sends you Command"]
    assert ben[:2] == ["Ana stuns your Orc Grunt", "You hit Ana's Street Thug for 2"]
    assert ben[2] == "Ana stuns their own Tithe Priest"
    fr = [t for _, _, t in log.lines(Tr("fr"), 1)]
    assert fr[0] == "Ana assomme votre Grognard Orque" and fr[3] == "Ana vous donne 2 or"


def test_hydra_gold_goes_to_the_teammate_in_the_amount_asked(app: App) -> None:
    table = open_table(app, Record.standard(4, "hydra", 5, first=0), ["human", "human", "ai", "ai"])
    press(app, pygame.K_a)  # play all: gold in the pool
    settle(app, table)
    gold = table.model.seats[0].gold
    assert gold >= 2 and table.ctrl.other_moves()
    table.ctrl.show_other_moves()
    assert isinstance(app.top, ChoiceDialog)
    press(app, pygame.K_1)
    assert isinstance(app.top, AttackDialog)  # how much?
    press(app, pygame.K_MINUS)
    press(app, pygame.K_RETURN)
    settle(app, table)
    assert actions(table)[-1] == f"@0 give 1 {gold - 1}"
    assert table.model.seats[0].gold == 1 and table.model.seats[1].gold == gold - 1
    assert any(t.startswith("You give P1") for _, _, t in table.log.lines(Tr("en"), 0))


def test_emperor_card_sent_moves_to_the_teammates_discard_pile(app: App) -> None:
    table = open_table(app, busy_position(6, seed=5, fmt="emperor"), ["human"] + ["ai"] * 5)
    sends = [m for m in table.ctrl.other_moves() if m.split()[0] == "send" or " send " in m]
    assert sends
    before = [len(s.discard) for s in table.model.seats]
    table.ctrl._other_move(sends[0])
    settle(app, table)
    after = [len(s.discard) for s in table.model.seats]
    assert after[0] == before[0] - 1 and sum(after) == sum(before)
    assert any(" send " in f" {t} " or t.startswith("You send") for _, _, t in table.log.lines(Tr("en"), 0))


def test_targets_show_the_number_key_that_picks_them(app: App) -> None:
    from game.ui.hero_realms.table_draw import _targets

    from .helpers import position

    rec = position([{"hand": ["spark", "gold"], "deck": ["gold"] * 5},
                    {"hand": ["gold"] * 5, "deck": ["gold"] * 5},
                    {"hand": ["gold"] * 5, "deck": ["gold"] * 5}])
    table = open_table(app, rec, ["human", "ai", "ai"])
    press(app, pygame.K_1)  # Spark: which opponent discards?
    settle(app, table)
    pend = table.ctrl.my_pending()
    assert pend is not None and pend["kind"] == "target_opponent"
    keys = _targets(table, pend, table.ctrl.legal)
    assert keys == {("portrait", 1): 1, ("portrait", 2): 2}
    press(app, pygame.K_2)
    settle(app, table)
    assert actions(table)[-1] == "target 2"


def test_one_is_singular() -> None:
    assert Tr("en")("endturn.cards_left", n=1) == "You have 1 unplayed card in hand."
    assert Tr("en")("endturn.cards_left", n=2) == "You have 2 unplayed cards in hand."
    assert Tr("fr")("table.cards", n=1) == "1 carte"


def test_french_elides_de_before_a_vowel() -> None:
    assert Tr("fr")("table.their_turn", name="Ana") == "Tour d'Ana"
    assert Tr("fr")("table.their_turn", name="Ben") == "Tour de Ben"
    log = HeroLog(["Ana", "Ben"])
    log.add({"type": "champion_stunned", "seat": 0, "by": 1, "card": "orc_grunt"})
    assert [t for _, _, t in log.lines(Tr("fr"), 1)] == ["Vous assommez Grognard Orque d'Ana"]


def test_french_elides_only_the_word_de() -> None:
    from game.ui.i18n import _elide

    assert _elide("Il demande {card} à {name}", {"card": "Arc long", "name": "Ana"}) == "Il demande {card} à {name}"
    assert _elide("De {name} ou de {card}", {"card": "Épée", "name": "Ana"}) == "D'{name} ou d'{card}"


def test_new_game_seats_ai_at_medium_once_the_levels_exist(app: App, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from game.ai import agent
    from game.ai.hero_realms import registry
    from game.ui.scenes.newgame import NewGameScene

    for level in ("easy", "medium", "hard"):
        monkeypatch.setitem(registry.AGENTS, level, agent.RandomAgent)
    scene = NewGameScene(app)
    app.push(scene)
    assert [s.agent for s in scene.seats if s.kind == "ai"] == ["medium"]
    scene.options.set_format("hydra")  # four seats: the new ones are Medium too
    assert len(scene.seats) == 4 and {s.agent for s in scene.seats if s.kind == "ai"} == {"medium"}
    assert scene.agents[:3] == ["easy", "medium", "hard"]
