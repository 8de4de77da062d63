"""Simulated mouse drags, clicks and key presses become the right engine actions."""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.hero_realms.dialogs import AttackDialog, CardPickerDialog
from game.ui.hero_realms.table import TableScene
from game.ui.scenes.dialogs import ChoiceDialog, ConfirmDialog
from tests.ui.helpers import actions, click, down, drag, move, open_table, position, press, settle, up

DECK = ["gold"] * 5


def me(hand: list[str], **kw: object) -> dict:
    return {"hand": hand, "deck": list(DECK), **kw}


def foe(**kw: object) -> dict:
    return {"hand": ["gold", "gold", "gold"], "deck": list(DECK), **kw}


def hand_pos(table: TableScene, card: str) -> tuple[int, int]:
    sp = next(s for s in table.model.seats[table.viewer].hand if s.card == card)
    return int(sp.x), int(sp.y)


def champ_pos(table: TableScene, seat: int, card: str) -> tuple[int, int]:
    sp = next(s for s in table.model.seats[seat].champions if s.card == card)
    return int(sp.x), int(sp.y)


def test_drag_a_hand_card_onto_the_table_plays_it(app: App) -> None:
    t = open_table(app, position([me(["gold", "dagger"]), foe()]))
    a = hand_pos(t, "dagger")
    drag(app, a, (a[0], t.lay.market.bottom + 40))
    settle(app, t)
    assert actions(t) == ["play dagger"]
    assert [s.card for s in t.model.seats[0].in_play] == ["dagger"]
    assert t.model.seats[0].combat == 1


def test_click_and_number_keys_play_cards_and_a_plays_all(app: App) -> None:
    t = open_table(app, position([me(["gold", "dagger", "ruby", "spark"]), foe()]))
    click(app, hand_pos(t, "gold"))
    settle(app, t)
    press(app, pygame.K_1)  # the first card of the hand now: dagger
    settle(app, t)
    assert actions(t) == ["play gold", "play dagger"]
    press(app, pygame.K_a)  # ruby needs no decision; spark (a target discards) is left to the player
    settle(app, t)
    assert actions(t)[2:] == ["play ruby"]
    assert [s.card for s in t.model.seats[0].hand] == ["spark"]


def test_buy_by_click_and_by_dragging_to_the_discard_pile(app: App) -> None:
    t = open_table(app, position([me([], gold=5), foe()]))
    slot = next(i for i, c in enumerate(t.model.row) if c is not None and c.card == "profit")
    sp = t.model.row[slot]
    click(app, (int(sp.x), int(sp.y)))
    settle(app, t)
    assert actions(t) == ["buy profit"]
    slot2 = next(i for i, c in enumerate(t.model.row) if c is not None and c.card == "spark")
    sp2 = t.model.row[slot2]
    drag(app, (int(sp2.x), int(sp2.y)), t.lay.seats[0].discard.center)
    settle(app, t)
    assert actions(t)[1] == "buy spark"
    assert {s.card for s in t.model.seats[0].discard} >= {"profit", "spark"}
    click(app, t.lay.gems.center)
    settle(app, t)
    assert actions(t)[2] == "buy fire_gem"
    assert t.model.seats[0].gold == 1


def test_a_fire_gem_drags_like_a_market_card_and_shows_the_large_preview(app: App) -> None:
    t = open_table(app, position([me([], gold=5), foe()]))
    a, b = t.lay.gems.center, t.lay.seats[0].discard.center
    app.step(1 / 60, [move(a), down(a)])
    app.step(1 / 60, [move(((a[0] + b[0]) // 2, (a[1] + b[1]) // 2))])
    app.step(1 / 60, [move(b)])
    lifted = t.ctrl.drag.sprite if t.ctrl.drag is not None else None
    assert lifted is not None and lifted.card == "fire_gem" and (int(lifted.x), int(lifted.y)) == b  # it follows the pointer
    app.step(1 / 60, [up(b)])
    settle(app, t)
    assert actions(t) == ["buy fire_gem"]
    assert "fire_gem" in [s.card for s in t.model.seats[0].discard]
    zoomed: list[str] = []
    real_zoom = t.renderer.zoom
    t.renderer.zoom = lambda surf, card, *rest: zoomed.append(card) or real_zoom(surf, card, *rest)  # type: ignore[method-assign]
    app.step(1 / 60, [move(a)])
    for _ in range(3):
        app.step(0.2, [])
    assert zoomed and set(zoomed) == {"fire_gem"}


def test_unaffordable_market_card_is_not_bought(app: App) -> None:
    t = open_table(app, position([me([], gold=1), foe()]))
    sp = next(c for c in t.model.row if c is not None and c.card == "dire_wolf")
    click(app, (int(sp.x), int(sp.y)))
    settle(app, t)
    assert actions(t) == []


def test_drag_combat_onto_the_opponent_attacks_with_everything(app: App) -> None:
    t = open_table(app, position([me([], combat=7), foe(health=30)]))
    drag(app, t.lay.seats[0].combat.center, t.lay.seats[1].panel.center)
    settle(app, t)
    assert actions(t) == ["attack 1 7"]
    assert t.model.seats[1].health == 23


def test_drag_combat_onto_a_champion_spends_what_stuns_it(app: App) -> None:
    t = open_table(app, position([me([], combat=9), foe(champions=["orc_grunt"])]))
    drag(app, t.lay.seats[0].combat.center, champ_pos(t, 1, "orc_grunt"))
    settle(app, t)
    assert actions(t) == ["attack 1:orc_grunt 3"]
    assert t.model.seats[1].champions == [] and t.model.seats[0].combat == 6


def test_click_a_champion_then_choose_the_amount(app: App) -> None:
    t = open_table(app, position([me([], combat=9), foe(champions=["cron_the_berserker"])]))
    click(app, champ_pos(t, 1, "cron_the_berserker"))
    dlg = app.top
    assert isinstance(dlg, AttackDialog) and dlg.amount == 6
    press(app, pygame.K_MINUS)
    press(app, pygame.K_RETURN)
    settle(app, t)
    assert actions(t) == ["attack 1:cron_the_berserker 5"]
    assert t.model.seats[1].champions[0].damage == 5


def test_guard_blocks_attacks_on_the_player(app: App) -> None:
    t = open_table(app, position([me([], combat=5), foe(champions=["orc_grunt"])]))
    assert t.ctrl.attack_reason(1, None) is not None
    drag(app, t.lay.seats[0].combat.center, t.lay.seats[1].portrait.midbottom)
    settle(app, t)
    assert actions(t) == []


def test_expend_ally_and_sacrifice(app: App) -> None:
    t = open_table(app, position([me(["profit", "fire_gem"], champions=["myros_guild_mage"]), foe()],
                                 {"row": ["spark", "orc_grunt", "profit", "bribe"], "deck": [], "fire_gems": 15}))
    click(app, champ_pos(t, 0, "myros_guild_mage"))
    settle(app, t)
    assert actions(t) == ["expend myros_guild_mage"]
    assert t.model.seats[0].champions[0].expended
    click(app, hand_pos(t, "profit"))
    settle(app, t)
    buttons = t.ctrl.ability_buttons()
    ally = next(b for b in buttons if b[1] == "ally" and b[2].endswith("profit"))
    click(app, ally[0].center)
    settle(app, t)
    assert actions(t)[-1] == "ally profit"
    click(app, hand_pos(t, "fire_gem"))
    settle(app, t)
    sac = next(b for b in t.ctrl.ability_buttons() if b[1] == "sacrifice")
    click(app, sac[0].center)
    settle(app, t)
    assert actions(t)[-1] == "sacrifice fire_gem"
    assert t.model.gems == 16


def _hit_job_ally(app: App, t: TableScene) -> tuple[int, int]:
    for card in ("hit_job", "profit"):
        click(app, hand_pos(t, card))
        settle(app, t)
    ally = next(b for b in t.ctrl.ability_buttons() if b[1] == "ally" and b[2].endswith("hit_job"))
    return ally[0].center


def test_an_ability_with_no_target_asks_before_it_is_wasted(app: App) -> None:
    t = open_table(app, position([me(["hit_job", "profit"]), foe()]))
    at = _hit_job_ally(app, t)
    click(app, at)  # "Stun target champion" with no champion anywhere
    dlg = app.top
    assert isinstance(dlg, ConfirmDialog) and dlg.title == app.tr("prompt.wasted_title", card="Hit Job")
    assert app.tr("prompt.wasted_stun") in dlg.lines
    press(app, pygame.K_ESCAPE)  # keep it
    settle(app, t)
    assert app.top is t and "ally hit_job" not in actions(t)
    click(app, at)
    press(app, pygame.K_RETURN)  # use it anyway: the engine allows it
    settle(app, t)
    assert actions(t)[-1] == "ally hit_job"


def test_an_ability_with_a_target_is_used_at_once(app: App) -> None:
    t = open_table(app, position([me(["hit_job", "profit"]), foe(champions=["orc_grunt"])]))
    click(app, _hit_job_ally(app, t))
    settle(app, t)
    assert actions(t)[-1] == "ally hit_job" and not isinstance(app.top, ConfirmDialog)
    assert t.model.pending is not None and t.model.pending["kind"] == "target_champion"


def test_prepare_a_champion_has_a_target_only_when_one_is_expended(app: App) -> None:
    from game.ui.hero_realms.wasted import wasted_reason

    t = open_table(app, position([me(["rally_the_troops"], champions=["arkus_imperial_dragon"]), foe()]))
    assert wasted_reason("ally rally_the_troops", t.model, 0) == "prompt.wasted_prepare"
    assert wasted_reason("expend arkus_imperial_dragon", t.model, 0) is None  # gains health: never wasted
    t.model.seats[0].champions[0].expended = True
    assert wasted_reason("ally rally_the_troops", t.model, 0) is None


def test_end_turn_warns_then_ends_and_the_ai_plays(app: App) -> None:
    t = open_table(app, position([me(["gold"]), foe()]))
    press(app, pygame.K_SPACE)
    assert isinstance(app.top, ConfirmDialog)
    press(app, pygame.K_SPACE)
    settle(app, t, 2000)
    acts = actions(t)
    assert acts[0] == "end" and len(acts) >= 2  # the AI seat played its turn
    assert t.model.active == 0 or t.model.phase == "over"


def test_choose_one_dialog(app: App) -> None:
    t = open_table(app, position([me([], champions=["street_thug"]), foe()]))
    click(app, champ_pos(t, 0, "street_thug"))
    settle(app, t)
    dlg = app.top
    assert isinstance(dlg, ChoiceDialog) and len(dlg.options) == 2
    press(app, pygame.K_2)
    settle(app, t)
    assert actions(t) == ["expend street_thug", "choose 2"]
    assert t.model.seats[0].combat == 2


def test_yes_no_then_discard_from_hand(app: App) -> None:
    t = open_table(app, position([me(["elven_gift", "dagger"]), foe()]))
    click(app, hand_pos(t, "elven_gift"))
    settle(app, t)
    assert isinstance(app.top, ChoiceDialog)
    press(app, pygame.K_y)
    settle(app, t)
    assert t.model.pending is not None and t.model.pending["kind"] == "discard"
    click(app, hand_pos(t, "dagger"))
    settle(app, t)
    assert actions(t) == ["play elven_gift", "choose 1", "discard dagger"]


def test_up_to_dialog_and_no(app: App) -> None:
    t = open_table(app, position([me(["rampage"]), foe()]))
    press(app, pygame.K_1)
    settle(app, t)
    assert isinstance(app.top, ChoiceDialog)
    press(app, pygame.K_ESCAPE)  # "none"
    settle(app, t)
    assert actions(t) == ["play rampage", "skip"]


def test_target_champion_by_clicking_it(app: App) -> None:
    t = open_table(app, position([me(["fire_bomb"]), foe(champions=["orc_grunt"])]))
    press(app, pygame.K_1)
    settle(app, t)
    assert t.model.pending["kind"] == "target_champion"
    click(app, champ_pos(t, 1, "orc_grunt"))
    settle(app, t)
    assert actions(t)[:2] == ["play fire_bomb", "target 1:orc_grunt"]
    assert t.model.seats[1].champions == []


def test_target_opponent_by_clicking_a_portrait(app: App) -> None:
    t = open_table(app, position([me(["spark"]), foe(), foe()]), ["human", "ai", "ai"])
    press(app, pygame.K_1)
    settle(app, t)
    assert t.model.pending["kind"] == "target_opponent"
    click(app, t.lay.seats[2].panel.center)
    settle(app, t)
    assert actions(t) == ["play spark", "target 2"]
    assert t.model.seats[2].owed == 1


def test_select_a_champion_to_prepare(app: App) -> None:
    t = open_table(app, position([me(["rally_the_troops", "recruit"], champions=[{"card": "man_at_arms", "expended": True}]), foe()]))
    press(app, pygame.K_1)
    settle(app, t)
    press(app, pygame.K_1)
    settle(app, t)
    ally = next(b for b in t.ctrl.ability_buttons() if b[1] == "ally" and b[2].endswith("rally_the_troops"))
    click(app, ally[0].center)
    settle(app, t)
    assert t.model.pending["kind"] == "select"
    click(app, champ_pos(t, 0, "man_at_arms"))
    settle(app, t)
    assert actions(t)[-1] == "select man_at_arms"
    assert not t.model.seats[0].champions[0].expended


def test_select_from_the_discard_pile_in_a_picker(app: App) -> None:
    t = open_table(app, position([me(["smash_and_grab"], discard=["spark", "gold"]), foe()]))
    press(app, pygame.K_1)
    settle(app, t)
    dlg = app.top
    assert isinstance(dlg, CardPickerDialog)
    i = next(i for i, c in enumerate(dlg.choices) if c[1] == "spark")
    click(app, dlg.rects[i].center)
    settle(app, t)
    assert actions(t) == ["play smash_and_grab", "select spark"]
    assert t.model.seats[0].deck_count == 6


def test_sacrifice_from_hand_or_discard_can_be_skipped(app: App) -> None:
    t = open_table(app, position([me(["death_touch", "gold"], discard=["dagger"]), foe()]))
    press(app, pygame.K_1)
    settle(app, t)
    dlg = app.top
    assert isinstance(dlg, CardPickerDialog) and dlg.extra
    captions = {c[1]: c[2] for c in dlg.choices}
    assert captions["gold"] == app.tr("table.hand") and captions["dagger"] == app.tr("table.discard")
    press(app, pygame.K_ESCAPE)
    settle(app, t)
    assert actions(t) == ["play death_touch", "skip"]


def test_forced_discard_at_the_start_of_the_turn(app: App) -> None:
    t = open_table(app, position([me(["gold", "dagger"], owed=1), foe()]))
    assert t.model.pending["kind"] == "forced_discard"
    press(app, pygame.K_2)
    settle(app, t)
    assert actions(t) == ["discard dagger"]


def test_acquire_destination_dialog(app: App) -> None:
    t = open_table(app, position([me(["bribe", "deception", "profit"]), foe()],
                                 {"row": ["spark", "hit_job", "orc_grunt", "profit", "bribe"], "deck": ["rampage"], "fire_gems": 16}))
    press(app, pygame.K_a)
    settle(app, t)
    for card in ("bribe", "deception"):
        b = next(b for b in t.ctrl.ability_buttons() if b[1] == "ally" and b[2].endswith(card))
        click(app, b[0].center)
        settle(app, t)
    sp = next(c for c in t.model.row if c is not None and c.card == "hit_job")
    click(app, (int(sp.x), int(sp.y)))
    settle(app, t)
    assert isinstance(app.top, ChoiceDialog)
    press(app, pygame.K_2)
    settle(app, t)
    assert actions(t)[-2:] == ["buy hit_job", "choose 2"]
    assert "hit_job" in [s.card for s in t.model.seats[0].hand]


def test_undo_takes_back_moves_until_a_draw(app: App) -> None:
    t = open_table(app, position([me(["gold", "dagger", "death_threat"]), foe()]))
    press(app, pygame.K_1)
    settle(app, t)
    press(app, pygame.K_1)
    settle(app, t)
    assert t.undo_btn.enabled
    press(app, pygame.K_u)
    settle(app, t)
    assert actions(t) == ["play gold"] and [s.card for s in t.model.seats[0].hand] == ["dagger", "death_threat"]
    click(app, hand_pos(t, "death_threat"))  # draws a card: no undo past it
    settle(app, t)
    assert not t.undo_btn.enabled
    press(app, pygame.K_u)
    settle(app, t)
    assert actions(t) == ["play gold", "play death_threat"]


def test_undo_is_greyed_after_a_purchase_that_revealed_a_market_card_and_says_why(app: App) -> None:
    t = open_table(app, position([me(["gold", "gold"]), foe()]))
    settle(app, t)
    assert not t.undo_btn.enabled and t.undo_btn.tooltip == app.tr("table.tip_undo_none")
    press(app, pygame.K_1)
    settle(app, t)
    assert t.undo_btn.enabled and t.undo_btn.tooltip == app.tr("table.tip_undo")
    sp = next(c for c in t.model.row if c is not None and c.card == "spark")
    click(app, (int(sp.x), int(sp.y)))  # the market deck's top card takes its slot
    settle(app, t)
    assert actions(t) == ["play gold", "buy spark"]
    assert not t.undo_btn.enabled and t.undo_btn.tooltip == app.tr("table.tip_undo_revealed")
    app.step(1 / 60, [move(t.undo_btn.rect.center)])
    assert t.group.hovered_tooltip() == (app.tr("table.tip_undo_revealed"), t.undo_btn.rect)
    press(app, pygame.K_1)  # a move after the reveal may be taken back again
    settle(app, t)
    assert t.undo_btn.enabled
    press(app, pygame.K_u)
    settle(app, t)
    assert actions(t) == ["play gold", "buy spark"] and t.undo_btn.tooltip == app.tr("table.tip_undo_revealed")


def test_escape_opens_the_pause_menu_and_saving_writes_a_record(app: App, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from game.hero_realms import record
    from game.session import local as games
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.saves import SaveNameDialog

    t = open_table(app, position([me(["gold"]), foe()]))
    press(app, pygame.K_1)
    settle(app, t)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    app.pop(app.top, "save")
    assert isinstance(app.top, SaveNameDialog) and app.top.name.startswith("Hero Realms, Free for all, turn 1, ")
    press(app, pygame.K_RETURN)
    saves = games.list_saves()
    assert len(saves) == 1
    rec, st = record.load(saves[0])
    assert rec.actions == ["play gold"] and st.players[0].gold == 1
    assert games.save_info(saves[0]).name.startswith("Hero Realms, Free for all, turn 1, ")


def test_keyboard_menus_buy_attack_and_abilities(app: App) -> None:
    t = open_table(app, position([me([], gold=3, combat=4, champions=["myros_guild_mage"]), foe(champions=["wolf_shaman"])]))
    press(app, pygame.K_b)
    dlg = app.top
    assert isinstance(dlg, ChoiceDialog) and any("Profit" in label for _, label in dlg.options)
    n = next(i for i, (line, _) in enumerate(dlg.options) if line.endswith("profit")) + 1
    press(app, getattr(pygame, f"K_{n}"))
    settle(app, t)
    assert actions(t) == ["buy profit"]
    press(app, pygame.K_e)
    press(app, pygame.K_1)
    settle(app, t)
    assert actions(t)[-1] == "expend myros_guild_mage"
    press(app, pygame.K_c)
    dlg = app.top
    assert isinstance(dlg, ChoiceDialog)
    n = next(i for i, (line, _) in enumerate(dlg.options) if "wolf_shaman" in line) + 1
    press(app, getattr(pygame, f"K_{n}"))
    assert isinstance(app.top, AttackDialog) and app.top.amount == 4
    press(app, pygame.K_RETURN)
    settle(app, t)
    assert actions(t)[-1] == "attack 1:wolf_shaman 4"
    assert t.model.seats[1].champions == []


def test_an_elimination_clears_that_seat_and_the_game_goes_on(app: App) -> None:
    t = open_table(app, position([me([], combat=5), foe(), foe(health=4, champions=["wolf_shaman"])]), ["human", "ai", "ai"])
    drag(app, t.lay.seats[0].combat.center, t.lay.seats[2].panel.center)
    settle(app, t)
    assert actions(t) == ["attack 2 5"]
    s2 = t.model.seats[2]
    assert not s2.alive and s2.champions == [] and s2.hand == []
    assert t.model.phase == "main"
    for _ in range(120):
        app.step(1 / 60, [])
    assert t.model.transients == []
