"""The Fantasy Realms table: drags, clicks and keys become the right legal lines,
dialogs answer the engine's questions, hotseat passes the screen, and a whole
game against the AI is played through the table to its end screen."""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.fantasy_realms.gameover import FantasyGameOverScene
from game.ui.scenes.dialogs import Curtain
from tests.ui.fantasy_realms.helpers import actions, card, center, dialog, open_fr, settle, state, with_item
from tests.ui.helpers import click, click_button, drag, key, move, press


def test_drag_the_deck_then_a_card_to_the_discard_area(app: App) -> None:
    rec, st = state(3, seed=4)
    sc = open_fr(app, rec, st)
    assert sc.can_act and sc.model.phase == "draw"
    drag(app, center(sc.lay.deck), center(sc.lay.hand_zone))
    settle(app, sc)
    assert actions(sc) == ["draw deck"] and len(sc.model.hand) == 8
    cid = sc.hand_cards()[2]
    drag(app, center(sc.hand_rect(2)), center(sc.lay.discard_zone))
    settle(app, sc)
    assert actions(sc)[1] == f"discard {sc.model.slug(cid)}" and cid not in sc.model.hand


def test_take_from_the_discard_area_by_click_and_discard_by_two_clicks(app: App) -> None:
    rec, st = state(3, seed=5)
    st.discard = [st.deck.pop(), st.deck.pop()]
    st.turn = 2  # a later turn: on the first, the first player must draw from the deck
    sc = open_fr(app, rec, st)
    target = sc.model.discard[1]
    click(app, center(sc.lay.discard_slot(1)))
    settle(app, sc)
    assert actions(sc) == [f"draw {sc.model.slug(target)}"] and target in sc.model.hand
    r = sc.hand_rect(0)
    first = sc.hand_cards()[0]
    click(app, center(r))  # lifts it
    settle(app, sc)
    assert sc.ctrl.selected == 0 and len(actions(sc)) == 1
    click(app, center(sc.hand_rect(0)))  # discards it
    settle(app, sc)
    assert actions(sc)[1] == f"discard {sc.model.slug(first)}"


def test_keys_draw_and_discard(app: App) -> None:
    rec, st = state(3, seed=6)
    st.discard = [st.deck.pop()]
    st.turn = 2  # a later turn: on the first, the first player must draw from the deck
    sc = open_fr(app, rec, st)
    press(app, pygame.K_1)  # the first takeable discard-area card
    settle(app, sc)
    assert actions(sc)[0].startswith("draw ") and actions(sc)[0] != "draw deck"
    third = sc.hand_cards()[2]
    press(app, pygame.K_3)
    press(app, pygame.K_RETURN)
    settle(app, sc)
    assert actions(sc)[1] == f"discard {sc.model.slug(third)}"
    # seat 0's next turn: D draws from the deck
    for _ in range(200):
        app.step(1 / 60, [])
        if sc.can_act:
            break
    press(app, pygame.K_d)
    settle(app, sc)
    assert actions(sc)[-1] == "draw deck"


def test_a_forbidden_drop_sends_nothing(app: App) -> None:
    rec, st = state(3, seed=7)
    sc = open_fr(app, rec, st)
    drag(app, center(sc.hand_rect(0)), center(sc.lay.discard_zone))  # drawing first: no discard yet
    drag(app, center(sc.lay.deck), center(sc.lay.discard_zone))  # the deck dropped on the discard area
    settle(app, sc)
    assert actions(sc) == []


def test_two_player_draft_through_the_dialog(app: App) -> None:
    rec, st = state(2, seed=3)
    sc = open_fr(app, rec, st)
    click(app, center(sc.lay.deck))
    settle(app, sc)
    d = dialog(app)
    assert len(d.q.options) == 2 and all(o.caption for o in d.q.options)  # each with the hand's score
    app.step(1 / 60, [key(pygame.K_2)])
    settle(app, sc)
    assert actions(sc)[:2] == ["draw two", d.q.options[1].value]


def test_cursed_item_use_swap_and_end_turn(app: App) -> None:
    rec, st = state(3, ("cursed_items",), seed=2)
    with_item(st, "crystal_ball")
    sc = open_fr(app, rec, st)
    click(app, center(sc.use_btn.rect))
    d = dialog(app)
    assert "wild" in {o.value for o in d.q.options}
    press(app, pygame.K_ESCAPE)  # what the player started may be cancelled
    assert app.top is sc and actions(sc) == []
    press(app, pygame.K_i)
    d = dialog(app)
    click(app, center(d.rects[0]))
    settle(app, sc)
    assert actions(sc) == [f"item use {d.q.options[0].value}"]
    assert not sc.use_btn.enabled and not sc.swap_btn.enabled  # one item action a turn
    rec, st = state(3, ("cursed_items",), seed=2)
    with_item(st, "hourglass")
    sc = open_fr(app, rec, st)
    press(app, pygame.K_s)
    settle(app, sc)
    assert actions(sc) == ["item swap"]


def test_end_turn_button_after_the_discard(app: App) -> None:
    rec, st = state(3, ("cursed_items",), seed=2)
    with_item(st, "hourglass")  # an after-turn item keeps the turn open after the discard
    sc = open_fr(app, rec, st)
    press(app, pygame.K_d)
    settle(app, sc)
    press(app, pygame.K_1)
    press(app, pygame.K_RETURN)
    settle(app, sc)
    assert sc.model.phase == "end_turn" and sc.end_btn.visible
    press(app, pygame.K_SPACE)
    settle(app, sc)
    assert actions(sc)[-1] == "end"


def test_necromancer_dialog_at_the_end(app: App) -> None:
    rec, st = state(3, seed=8)
    necro = card(st, "necromancer")
    army = next(c for c in st.deck if st.lib.cards[c].suit == "army" and c != necro)
    for c in (necro, army):
        if c in st.deck:
            st.deck.remove(c)
        for h in st.hands:
            if c in h:
                h.remove(c)
                h.append(st.deck.pop())
    st.hands[0][0] = necro
    st.discard = [army] + [st.deck.pop() for _ in range(8)]
    st.first = st.active = st.to_move = 2
    sc = open_fr(app, rec, st, ["human", "ai", "ai"])
    for _ in range(300):
        app.step(1 / 60, [])
        if sc.asking:
            break
    d = dialog(app)
    assert any(o.card == army for o in d.q.options) and "pass" in {o.value for o in d.q.buttons}
    click(app, center(next(r for r, o in zip(d.rects, d.q.options) if o.card == army)))
    for _ in range(300):
        app.step(1 / 60, [])
        if isinstance(app.top, FantasyGameOverScene):
            break
    assert f"take {sc.model.slug(army)}" in actions(sc)
    assert isinstance(app.top, FantasyGameOverScene)


def test_hotseat_curtain_between_two_humans(app: App) -> None:
    rec, st = state(3, seed=9)
    sc = open_fr(app, rec, st, ["human", "human", "ai"])
    press(app, pygame.K_d)
    settle(app, sc)
    press(app, pygame.K_1)
    press(app, pygame.K_RETURN)
    settle(app, sc)
    assert isinstance(app.top, Curtain) and sc.curtain_for == 1
    app.step(1 / 60, [])
    app.top.age = 1.0
    app.step(1 / 60, [key(pygame.K_SPACE)])
    settle(app, sc)
    assert sc.viewer == 1 and sc.can_act and sc.model.hand == st.hands[1]


def test_undo_a_card_taken_from_the_discard_area(app: App) -> None:
    rec, st = state(3, seed=10)
    st.discard = [st.deck.pop()]
    st.turn = 2  # a later turn: on the first, the first player must draw from the deck
    sc = open_fr(app, rec, st)
    taken = sc.model.discard[0]
    click(app, center(sc.lay.discard_slot(0)))
    settle(app, sc)
    assert taken in sc.model.hand and sc.undo_btn.enabled
    press(app, pygame.K_u)
    settle(app, sc)
    assert taken in sc.model.discard and actions(sc) == []


def test_hover_zooms_and_previews(app: App) -> None:
    rec, st = state(3, seed=11)
    st.discard = [st.deck.pop()]
    st.turn = 2  # a later turn: on the first, the first player must draw from the deck
    sc = open_fr(app, rec, st)
    app.step(1 / 60, [move(center(sc.lay.discard_slot(0)))])
    for _ in range(30):
        app.step(1 / 60, [])
    assert sc.ctrl.hover is not None and sc.ctrl.hover[0] == "discard"
    from game.ui.fantasy_realms.draw_hand import preview_text

    assert "Taking" in preview_text(sc, sc.ctrl.hover)


def test_a_whole_game_against_the_ai_through_the_table(app: App) -> None:
    rec, st = state(3, ("promo",), seed=12)
    sc = open_fr(app, rec, st)
    for _ in range(6000):
        app.step(1 / 60, [])
        if isinstance(app.top, FantasyGameOverScene):
            break
        if app.top is not sc:
            dialog(app)
            app.step(1 / 60, [key(pygame.K_1)])
            continue
        if not sc.can_act:
            continue
        if sc.ctrl.drawing():
            drag(app, center(sc.lay.deck), center(sc.lay.hand_zone))
        elif sc.ctrl.discarding():
            drag(app, center(sc.hand_rect(0)), center(sc.lay.discard_zone))
    over = app.top
    assert isinstance(over, FantasyGameOverScene) and sc.client.session.over
    assert over.rows and over.rows[0]["seat"] in sc.model.winners
    click_button(app, over, "gameover.title_screen")
    from game.ui.scenes.title import TitleScene

    assert isinstance(app.top, TitleScene)


def test_watching_the_ai_play_to_the_end(app: App) -> None:
    rec, st = state(4, ("cursed_items", "cursed_hoard_suits"), seed=13)
    sc = open_fr(app, rec, st, ["ai"] * 4)
    assert sc.viewer is None and len(sc.lay.opps) == 4
    for _ in range(4000):
        app.step(1 / 60, [])
        if isinstance(app.top, FantasyGameOverScene):
            break
    over = app.top
    assert isinstance(over, FantasyGameOverScene) and len(over.rows) == 4
    assert {r["total"] for r in over.rows} == set(sc.model.scores)


def test_hotseat_opens_on_the_curtain_when_another_human_starts(app: App) -> None:
    rec, st = state(3, seed=16, first=1)
    sc = open_fr(app, rec, st, ["human", "human", "ai"])
    assert isinstance(app.top, Curtain) and sc.curtain_for == 1
    app.top.age = 1.0
    app.step(1 / 60, [key(pygame.K_SPACE)])
    settle(app, sc)
    assert sc.viewer == 1 and sc.can_act
