"""The HerosDeï table played through: whole games against each AI level and in hotseat,
driven by the table's own gestures and dialog answers; refused drops with their reason;
a combat's events shown beat by beat; save and resume."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ai.herosdei.search import Budget, HardAgent
from game.session import local as ui_games
from game.session.ai_seats import AISeats
from game.session.clients import LocalClient
from game.session.session import Session
from game.ui.app import App
from game.ui.herosdei import gestures
from game.ui.herosdei.ending import headline, why
from game.ui.herosdei.gameover import HdGameOverScene
from game.ui.herosdei.prompts import onto_lines, target_of
from game.ui.herosdei.table import HdTableScene
from game.ui.herosdei.words import prompt_lines
from game.ui.scenes.dialogs import Curtain
from game.ui.tablekit.controller import Press
from tests.ui.herosdei.helpers import act, actions, center, click, drag, open_hd, settle


def _play_out(app: App, sc: HdTableScene, seed: int, limit: int = 3000) -> int:
    """Play the seat(s) at the screen until the end screen; the curtains lifted on the way."""
    rng = random.Random(seed)
    curtains = 0
    for _ in range(limit):
        top = app.top
        if isinstance(top, HdGameOverScene):
            return curtains
        if isinstance(top, Curtain):
            curtains += 1
            top.close(None)
            app.step(1 / 60, [])
            continue
        if not act(app, sc, rng):
            app.step(1 / 60, [])
    raise AssertionError(f"the game did not finish through the table ({len(actions(sc))} actions)")


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_game_against_each_ai_level_finishes_through_the_table(app: App, level: str) -> None:
    sc = open_hd(app, agent=level, seed=11)
    if level == "hard":  # a small budget: the test is about the table, not the search
        client = sc.client
        assert isinstance(client, LocalClient)
        agent = client.ai.agents[1]
        assert isinstance(agent, HardAgent)
        agent.budget = Budget(sims=2, candidates=2, horizon=1, cap_s=0.05)
    _play_out(app, sc, seed=5)
    assert sc.model.over and sc.model.winner is not None
    assert sc.model.winner == sc.client.view(0)["winner"]
    texts = [t for _, _, t in sc.log.lines(app.tr, 0, 400)]
    assert any("wins the game" in t or "You win" in t or "draw" in t for t in texts)


def test_a_hotseat_game_finishes_through_the_table_behind_the_curtain(app: App) -> None:
    sc = open_hd(app, kinds=("human", "human"), seed=3)
    client = sc.client
    assert isinstance(client, LocalClient)
    hand_overs = 0
    last = sc.viewer
    rng = random.Random(2)
    for _ in range(4000):
        top = app.top
        if isinstance(top, HdGameOverScene):
            break
        if isinstance(top, Curtain):
            nxt = sc.curtain_for
            assert nxt is not None and nxt != last  # the screen goes to the other player, who must answer
            hand_overs += 1
            top.close(None)
            app.step(1 / 60, [])
            assert sc.viewer == nxt and not sc.hand_hidden
            last = nxt
            continue
        if not act(app, sc, rng):
            app.step(1 / 60, [])
        # whoever the game waits for at this screen, it is the one it was passed to (or a curtain comes)
        waiting = client.session.waiting_for()
        if sc.director.idle and sc.synced and app.top is sc and waiting and not sc.model.over:
            assert waiting[0] == sc.viewer
    assert isinstance(app.top, HdGameOverScene)
    assert hand_overs >= 2


def test_an_illegal_drop_is_refused_with_its_reason(app: App) -> None:
    sc = open_hd(app, seed=7)
    rng = random.Random(1)
    for _ in range(60):  # to the viewer's placement phase
        if sc.can_act and sc.model.phase == "placement":
            break
        if not act(app, sc, rng):
            app.step(1 / 60, [])
    assert sc.can_act and sc.model.phase == "placement"
    m = sc.model
    me = sc.viewer
    assert me is not None
    hand = m.sides[me].hand
    # a card dropped on one of the other side's Characters: not for them
    card = next(c for c in hand if onto_lines(m.legal, c))
    verdict = gestures.card_onto(m, app.tr, card, 1 - me, 0)
    assert verdict.line is None and verdict.reason == app.tr("refusal.herosdei.not_your_character")
    before = len(actions(sc))
    drag(app, center(sc.hand_rects()[hand.index(card)]), center(sc.char_rects(1 - me)[0][0]))
    assert len(actions(sc)) == before
    assert any(words == verdict.reason for words, _ in app.toasts)
    # while the card is held over the spot, the table says why
    held = Press("hand", hand.index(card), (0, 0), center(sc.char_rects(1 - me)[0][0]), True)
    shown = sc.ctrl.verdict(held, sc.ctrl.hit(held.pos))
    assert shown is not None and shown.reason == verdict.reason
    # and the Characters it may go onto are lit
    sc.ctrl.drag = held
    at = m.find(target_of(onto_lines(m.legal, card)[0]))
    assert at is not None and sc.lit_char(*at) == "target" and sc.lit_char(1 - me, 0) is None
    sc.ctrl.drag = None
    # a destiny in the placement phase, anywhere on the table
    destiny = next((c for c in hand if m.kind(c).endswith("destiny")), None)
    if destiny is not None:
        assert gestures.card_on_table(m, app.tr, destiny).reason == app.tr("refusal.herosdei.destiny_in_placement")


def test_a_combat_is_shown_beat_by_beat_and_the_model_matches_the_view(app: App) -> None:
    app.settings.anim_speed = "normal"
    sc = open_hd(app, kinds=("human", "ai"), seed=11)
    rng = random.Random(4)
    for _ in range(3000):
        if "struck" in sc.director.beats_shown or isinstance(app.top, HdGameOverScene):
            break
        if not act(app, sc, rng):
            app.step(1 / 30, [])
    shown = sc.director.beats_shown
    assert "combat_declared" in shown and "charm_compared" in shown
    i = shown.index("combat_declared")
    assert shown.index("charm_compared", i) > i
    for _ in range(600):
        app.step(1 / 30, [])
        if sc.director.idle and sc.synced and not sc._pending():
            break
    view = sc.client.view(sc.viewer)
    for p in view["players"]:
        side = sc.model.sides[p["seat"]]
        assert [c.card for c in side.chars] == [c["card"] for c in p["characters"]]
        assert [c.given for c in side.chars] == [c["given"] for c in p["characters"]]
        assert [c.stats["F"] for c in side.chars] == [c["F"] for c in p["characters"]]
        assert side.museum == p["museum"] and side.kills == p["kills"] and side.vp == p["vp"]


def test_the_director_flies_a_kill_to_the_museum_and_clashes_the_numbers(app: App) -> None:
    app.settings.anim_speed = "normal"
    sc = open_hd(app, seed=11)
    d = sc.director
    m = sc.model
    me = sc.viewer
    assert me is not None and m.sides[1 - me].chars and m.sides[me].chars
    a, b = m.ref(me, 0), m.ref(1 - me, 0)
    d.push([{"type": "combat_declared", "seat": me, "attacker": a, "defender": b},
            {"type": "struck", "step": "assault", "striker": a, "struck": b, "force": 9, "health": 3},
            {"type": "character_killed", "card": b, "by": me, "vp": 2, "with_cards": []}])
    d.update(0.01)
    assert m.combat is not None and d.lunging
    d.update(1.0)
    assert d.clash is not None and d.clash.left == ("F", 9) and d.clash.outcome == "strike_kill"
    n = len(m.sides[1 - me].chars)
    d.update(1.2)
    assert d.flyer is not None and d.flyer.dst == sc.lay.museums[1 - me]
    assert len(m.sides[1 - me].chars) == n - 1 and m.sides[me].kills == 1


def test_save_and_resume_from_the_table(app: App, tmp_path) -> None:  # type: ignore[no-untyped-def]
    sc = open_hd(app, seed=9)
    rng = random.Random(6)
    for _ in range(25):
        if not act(app, sc, rng):
            app.step(1 / 60, [])
    settle(app, sc)
    played = actions(sc)
    assert played
    path = tmp_path / "hd.save"
    ui_games.save(sc.client, path, "mid-game")
    rec, seats = ui_games.load(path)
    assert list(rec.actions) == played
    session = Session(rec, seats)
    client = LocalClient(session, AISeats(session, inline=True))
    again = HdTableScene(app, client, [s.name for s in seats], [s.kind for s in seats], rec=rec,
                         history=session.history(0, 120))
    app.reset(again)
    settle(app, again)
    view = client.view(0)
    assert [c.card for c in again.model.sides[1].chars] == [c["card"] for c in view["players"][1]["characters"]]
    assert again.log.entries  # the resumed game's log shows its past
    _play_out(app, again, seed=8)
    assert again.model.over



def test_the_end_screen_offers_a_rematch_with_the_same_decks(app: App) -> None:
    sc = open_hd(app, seed=13, decks=("vikings", "trojans"), variant="initiation")
    _play_out(app, sc, seed=3)
    over = app.top
    assert isinstance(over, HdGameOverScene)
    # the middle band says who won, then why, each a sentence of its own
    assert [text for text, _ in prompt_lines(sc)] == [headline(sc), why(sc)] and why(sc)[0].isupper()
    rematch = next(b for b in over.group.widgets if getattr(b, "label", "") == app.tr("gameover.rematch"))
    assert rematch.enabled
    click(app, center(rematch.rect))
    for _ in range(5):
        app.step(1 / 60, [])
    table = next((s for s, _ in app.stack if isinstance(s, HdTableScene)), None)
    assert isinstance(table, HdTableScene) and table is not sc
    assert table.rec is not None and table.rec.setup["variant"] == "initiation"
    assert [d["civ"] for d in table.rec.setup["decks"]] == ["vikings", "trojans"]


def test_a_pointer_resting_where_a_character_was_killed_draws_no_stale_card(app: App) -> None:
    app.settings.anim_speed = "normal"
    sc = open_hd(app, seed=11)
    me = sc.viewer
    assert me is not None
    sc.ctrl.mouse = center(sc.char_rects(1 - me)[-1][0])
    sc.ctrl.track_hover(sc.ctrl.mouse)
    assert sc.ctrl.hover is not None and sc.ctrl.hover[0] == "char"
    sc.ctrl.hover_time = 1.0
    last = sc.model.ref(1 - me, len(sc.model.sides[1 - me].chars) - 1)
    sc.director.push([{"type": "character_killed", "card": last, "by": me, "vp": 2, "with_cards": []}])
    surf = pygame.Surface((sc.w, sc.h))
    for _ in range(10):  # the row shrinks under the still pointer while the kill is shown
        sc.update(1 / 30)
        sc.draw(surf)
    h = sc.ctrl.hover
    assert h is None or h[0] != "char" or int(h[2]) < len(sc.model.sides[int(h[1])].chars)


def test_a_change_of_control_slides_the_character_across_with_its_given_cards(app: App) -> None:
    app.settings.anim_speed = "normal"
    sc = open_hd(app, seed=11)
    d = sc.director
    m = sc.model
    me = sc.viewer
    assert me is not None
    m.sides[1 - me].chars[0].given = ["xiphos"]
    ref = m.ref(1 - me, 0)
    src = sc.char_rects(1 - me)[0][0]
    card = m.sides[1 - me].chars[0].card
    k = 1 + sum(1 for c in m.sides[me].chars if c.card == card)
    now = f"{me}:{card}" + (f"#{k}" if k > 1 else "")
    d.push([{"type": "control_taken", "seat": me, "card": ref, "now": now}])
    d.update(0.01)
    f = d.flyer
    assert f is not None and f.src == src and f.given == ("xiphos",)
    assert f.dst == sc.char_rects(me)[-1][0] and d.hidden == now  # drawn in flight, not in its new row yet
    assert m.sides[me].chars[-1].given == ["xiphos"]
    surf = pygame.Surface((sc.w, sc.h))
    sc.draw(surf)
