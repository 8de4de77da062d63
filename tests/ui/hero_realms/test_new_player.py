"""The Hero Realms table as a new player meets it: a choose-one's
options in words, a hint that never suggests what the table calls useless, the
"must discard" tag gone with the discard, tooltips and zooms over every panel and
gone after a click or a drop, the damage mark on the same spot of a turning card."""

from __future__ import annotations

from typing import Any

import pygame

from game.hero_realms.cards import library
from game.hero_realms.mechanics import idle_ability
from game.ui import theme
from game.ui.app import App
from game.ui.hero_realms.draw import damage_radius, damage_spot
from game.ui.hero_realms.prompts import choice_labels
from game.ui.hero_realms.table import TableScene
from game.ui.hero_realms.wasted import wasted_reason
from game.ui.i18n import Tr
from game.ui.scenes.dialogs import ChoiceDialog
from game.ui.tablekit.hint import suggest
from tests.ui.helpers import actions, click, drag, move, open_table, position, press, settle

DECK = ["gold"] * 5


def me(hand: list[str], **kw: object) -> dict[str, Any]:
    return {"hand": hand, "deck": list(DECK), **kw}


def foe(**kw: object) -> dict[str, Any]:
    return {"hand": ["gold", "gold", "gold"], "deck": list(DECK), **kw}


def hand_pos(t: TableScene, card: str) -> tuple[int, int]:
    sp = next(s for s in t.model.seats[t.viewer].hand if s.card == card)
    return int(sp.x), int(sp.y)


# ---- a choose-one's options ------------------------------------------------------------------------
def test_the_tithe_priest_dialog_says_each_option_once_in_its_own_words(app: App) -> None:
    t = open_table(app, position([me([], champions=["tithe_priest"]), foe()]))
    sp = t.model.seats[0].champions[0]
    click(app, (int(sp.x), int(sp.y)))
    dlg = app.top
    assert isinstance(dlg, ChoiceDialog)
    labels = [w.label for w in dlg.group.widgets]
    assert labels == ["1. Gain 1 gold", "2. Gain 1 health for each champion you have in play"]


def test_every_choose_one_of_the_cards_has_distinct_words_for_each_option() -> None:
    for lang in ("en", "fr"):
        tr = Tr(lang)
        for card in library().cards.values():
            for ab in card.abilities.values():
                for e in ab.effects:
                    if e.verb != "choose_one":
                        continue
                    labels = choice_labels(card.id, len(e.options), tr)
                    assert len(set(labels)) == len(e.options), (card.id, lang, labels)
                    assert not any(label[:1].isdigit() for label in labels), (card.id, lang, labels)  # the dialog numbers them


# ---- the hint and useless abilities -------------------------------------------------------------------
def test_the_hint_does_not_suggest_an_ally_stun_with_nothing_to_stun(app: App) -> None:
    t = open_table(app, position([me(["hit_job", "profit"]), foe()]))
    for card in ("hit_job", "profit"):
        click(app, hand_pos(t, card))
        settle(app, t)
    view = t.client.view(0)
    assert "ally hit_job" in view["legal"] and wasted_reason("ally hit_job", t.model, 0) is not None
    line = suggest("hero_realms", view, list(view["legal"]))
    assert wasted_reason(line, t.model, 0) is None, line


def test_the_engine_and_the_table_agree_on_what_would_be_wasted(app: App) -> None:
    cases = [
        (position([me(["hit_job", "profit"]), foe()]), ["hit_job", "profit"], "ally", "hit_job"),
        (position([me(["hit_job", "profit"]), foe(champions=["orc_grunt"])]), ["hit_job", "profit"], "ally", "hit_job"),
        (position([me(["rally_the_troops"], champions=["arkus_imperial_dragon"]), foe()]), [], "ally", "rally_the_troops"),
    ]
    for rec, plays, verb, card in cases:
        t = open_table(app, rec)
        for c in plays:
            click(app, hand_pos(t, c))
            settle(app, t)
        st = t.client.session.state
        assert idle_ability(st, 0, card, verb) == (wasted_reason(f"{verb} {card}", t.model, 0) is not None), (card, plays)


# ---- the owed discard ------------------------------------------------------------------------------------
def test_the_must_discard_tag_goes_as_the_card_is_discarded(app: App) -> None:
    app.settings.anim_speed = "normal"
    t = open_table(app, position([me(["spark", "gold"]), foe()]))
    click(app, hand_pos(t, "spark"))
    settle(app, t)
    assert t.model.seats[1].owed == 1
    t.submit("end")
    for _ in range(600):
        app.step(1 / 60, [])
        if t.model.seats[1].discard:
            break
    assert len(t.model.seats[1].discard) == 1 and not t.synced  # the discard is shown, the AI's turn still playing
    assert t.model.seats[1].owed == 0


# ---- tooltips and zooms -------------------------------------------------------------------------------------
def _spy_zoom(t: TableScene) -> list[pygame.Rect]:
    shown: list[pygame.Rect] = []
    real = t.renderer.zoom

    def zoom(*a: Any, **kw: Any) -> pygame.Rect:
        r = real(*a, **kw)
        shown.append(r)
        return r

    t.renderer.zoom = zoom  # type: ignore[method-assign]
    return shown


def _rest(app: App, t: TableScene, frames: int = 40) -> None:
    for _ in range(frames):
        app.step(1 / 60, [])
    t.draw(app.screen)


def test_the_open_tracker_takes_the_pointer_and_what_is_zoomed_shows_over_it(app: App) -> None:
    t = open_table(app, position([me(["gold", "dagger"], gold=5), foe(champions=["orc_grunt", "street_thug"])]))
    press(app, pygame.K_t)
    assert t.tracker.open
    box = t.tracker.rect(t)
    market = next(sp for sp in t.model.row if sp is not None and sp.card == "profit")
    assert box.collidepoint(int(market.x), int(market.y))
    click(app, (int(market.x), int(market.y)))  # under the panel: neither hovered nor bought
    settle(app, t)
    assert t.ctrl.hover is None and actions(t) == []
    shown = _spy_zoom(t)
    pos = hand_pos(t, "dagger")
    app.step(1 / 60, [move((pos[0] + 1, pos[1]))])
    _rest(app, t)
    assert shown, "no zoom of the hovered hand card"
    zoom = shown[-1]
    over = zoom.clip(box)
    assert over.width > 10 and over.height > 10, "the zoom does not reach under the tracker: nothing to check"
    face = app.art.surface("dagger", zoom.width, "en")
    x, y = over.centerx, over.centery
    assert app.screen.get_at((x, y))[:3] == face.get_at((x - zoom.left, y - zoom.top))[:3]  # the zoom, not the panel


def test_a_click_or_a_drop_ends_the_zoom_until_the_pointer_moves(app: App) -> None:
    t = open_table(app, position([me(["gold", "dagger", "ruby"]), foe()]))
    shown = _spy_zoom(t)
    pos = hand_pos(t, "dagger")
    app.step(1 / 60, [move(pos)])
    _rest(app, t)
    assert shown  # resting on a card zooms it
    click(app, pos)  # plays it; the next card of the hand slides under the pointer
    settle(app, t)
    shown.clear()
    _rest(app, t)
    assert actions(t) == ["play dagger"] and not shown
    a = hand_pos(t, "gold")
    b = (a[0], t.lay.market.bottom + 40)
    drag(app, a, b)
    settle(app, t)
    shown.clear()
    _rest(app, t)
    assert actions(t)[-1] == "play gold" and not shown
    app.step(1 / 60, [move(hand_pos(t, "ruby"))])
    _rest(app, t)
    assert shown  # the pointer moved: the zoom is back


# ---- the damage mark on a turned champion -----------------------------------------------------------------------
def test_the_damage_mark_stays_on_the_same_corner_of_the_card_when_it_is_expended(app: App) -> None:
    t = open_table(app, position([me([], combat=9), foe(champions=[{"card": "arkus_imperial_dragon", "damage": 3, "expended": True},
                                                                   {"card": "street_thug", "damage": 2}])]))
    t.draw(app.screen)
    turned, upright = t.model.seats[1].champions
    assert turned.angle == 90 and upright.angle == 0
    for sp in (turned, upright):
        x, y = damage_spot(sp, t.lay.scale)
        beside = (x - int(damage_radius(sp) * 0.65), y)  # in the mark's red, beside its figure
        assert tuple(app.screen.get_at(beside))[:3] == theme.DANGER
    r = t.ctrl.sprite_rect(turned)
    spot = damage_spot(turned, t.lay.scale)
    # the face's bottom-left corner lies top left once the card is turned a quarter clockwise (its type line, not its cost)
    assert spot[0] < r.centerx and spot[1] < r.centery
    spot = damage_spot(upright, t.lay.scale)
    r = t.ctrl.sprite_rect(upright)
    assert spot[0] < r.centerx and spot[1] > r.centery
