"""The HerosDeï table's other doors: undo of a placement from the sidebar, the pause menu,
conceding, a replayed game on its own table, and a museum's cards shown on a click."""

from __future__ import annotations

import random

import pygame
import pytest

from game import games
from game.session import local as ui_games
from game.session import replay
from game.session.clients import LocalClient
from game.session.session import SeatConfig, Session
from game.ui.app import App
from game.ui.herosdei.dialogs import PickDialog
from game.ui.herosdei.ending import why
from game.ui.herosdei.gameover import HdGameOverScene
from game.ui.herosdei.table import HdTableScene
from game.ui.settings import Settings
from game.ui.tablekit.entry import table_entry
from tests.ui.herosdei.helpers import act, actions, center, click, drag, gesture_for, open_hd, settle


def _to_my_placement(app: App, sc: HdTableScene) -> None:
    rng = random.Random(1)
    for _ in range(80):
        if sc.can_act and sc.model.phase == "placement" and any(x.startswith("play ") for x in sc.model.legal):
            return
        if not act(app, sc, rng):
            app.step(1 / 60, [])
    raise AssertionError("never came to the viewer's placement phase")


def test_undo_from_the_sidebar_takes_a_placement_back(app: App) -> None:
    sc = open_hd(app, seed=7)
    _to_my_placement(app, sc)
    me = sc.viewer
    assert me is not None
    line = next(x for x in sc.model.legal if x.startswith("play "))
    card = line.split()[1].partition("#")[0]
    hand_before = list(sc.model.sides[me].hand)
    n = len(actions(sc))
    g = gesture_for(sc, line)
    assert g is not None
    drag(app, *g)
    settle(app, sc)
    assert len(actions(sc)) == n + 1 and actions(sc)[-1] == line
    assert sc.undo_btn.enabled
    click(app, center(sc.undo_btn.rect))
    settle(app, sc)
    assert len(actions(sc)) == n
    assert sorted(sc.model.sides[me].hand) == sorted(hand_before) and card in sc.model.sides[me].hand
    assert sc.hold_passes  # a forced window met after an undo waits for the player (undo would loop)
    assert any(e.key == "undone" for e in sc.log.entries)


def test_escape_opens_the_pause_menu_and_conceding_ends_the_game(app: App) -> None:
    sc = open_hd(app, seed=7)
    _to_my_placement(app, sc)
    app.step(0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert type(app.top).__name__ == "PauseScene"
    app.pop()
    sc.concede()
    over = app.top
    assert isinstance(over, HdGameOverScene) and over.conceded == sc.viewer


def test_a_museum_click_shows_its_cards(app: App) -> None:
    sc = open_hd(app, seed=7)
    _to_my_placement(app, sc)
    seat = next((s for s in (0, 1) if sc.model.sides[s].museum), None)
    assert seat is not None  # the hand limit sent cards there
    click(app, center(sc.lay.museums[seat]))
    dlg = app.top
    assert isinstance(dlg, PickDialog) and dlg.closable
    assert [o.card for o in dlg.q.options] == list(reversed(sc.model.sides[seat].museum))
    app.step(0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert app.top is sc


def test_a_finished_game_replays_on_its_table(app: App, tmp_path) -> None:  # type: ignore[no-untyped-def]
    rec = games.game("herosdei").new_record(2, 5, "standard", ())
    session = Session(rec, [SeatConfig("human", "A"), SeatConfig("human", "B")])
    client = LocalClient(session, None)
    rng = random.Random(3)
    while not session.over:
        seat = session.waiting_for()[0]
        client.submit(seat, rng.choice(session.view(seat)["legal"]))
    path = tmp_path / "done.save"
    ui_games.save(client, path, "done")
    rc = replay.ReplayClient(replay.load(path), None)
    table = table_entry("herosdei").open_replay(app, rc, ["A", "B"], ["human", "human"])
    assert isinstance(table, HdTableScene)
    app.reset(table)
    while rc.forward():
        for _ in range(3):
            app.step(1 / 60, [])
    settle(app, table)
    view = rc.view(None)
    for p in view["players"]:
        assert [c.card for c in table.model.sides[p["seat"]].chars] == [c["card"] for c in p["characters"]]
    assert table.model.over and not isinstance(app.top, HdGameOverScene)  # a replay's end shows no panel


def test_the_autosave_follows_the_table_and_resumes_it(app: App, tmp_path) -> None:  # type: ignore[no-untyped-def]
    rec = games.game("herosdei").new_record(2, 21, "tournament", ("amazons", "round_table"))
    seats = [SeatConfig("human", "Ana"), SeatConfig("ai", "Bot", "easy")]
    auto = tmp_path / "autosave.json"
    client = ui_games.start(rec, seats, autosave=auto, inline_ai=True, ai_pace=0.0)
    sc = table_entry("herosdei").open_local(app, client, rec, seats)
    assert isinstance(sc, HdTableScene)
    app.reset(sc)
    settle(app, sc)
    rng = random.Random(5)
    for _ in range(20):
        if not act(app, sc, rng):
            app.step(1 / 60, [])
    settle(app, sc)
    played = actions(sc)
    saved, saved_seats = ui_games.load(auto)
    assert list(saved.actions) == played and saved.setup["variant"] == "tournament"
    again = table_entry("herosdei").open_local(app, ui_games.start(saved, saved_seats, inline_ai=True, ai_pace=0.0),
                                                saved, saved_seats)
    assert isinstance(again, HdTableScene)
    app.reset(again)
    settle(app, again)
    assert again.model.variant == "tournament" and again.log.entries
    assert [c.card for c in again.model.sides[0].chars] == [c.card for c in sc.model.sides[0].chars]


def test_a_combat_declared_with_two_clicks_and_targets_lit_while_a_card_is_held(app: App) -> None:
    sc = open_hd(app, seed=7)
    rng = random.Random(1)
    for _ in range(300):
        if sc.can_act and any(x.startswith("attack ") for x in sc.model.legal):
            break
        if sc.can_act and sc.model.phase == "placement" and "done" in sc.model.legal:
            sc.end_button()  # place nothing more: on to the attack
            settle(app, sc)
            continue
        if not act(app, sc, rng):
            app.step(1 / 60, [])
    line = next(x for x in sc.model.legal if x.startswith("attack "))
    a, d = sc.model.find(line.split()[1]), sc.model.find(line.split()[2])
    assert a is not None and d is not None
    n = len(actions(sc))
    click(app, center(sc.char_rects(a[0])[a[1]][0]))
    assert sc.ctrl.selected == a[1] and sc.lit_char(a[0], a[1]) == "picked"
    assert sc.lit_char(d[0], d[1]) == "target"
    click(app, center(sc.char_rects(d[0])[d[1]][0]))
    assert actions(sc)[n:n + 1] == [line]


def test_the_end_screen_says_why_even_for_a_game_opened_over(app: App) -> None:
    sc = open_hd(app, seed=7, variant="tournament")
    m = sc.model
    m.winner, m.phase, m.reason = 0, "over", ""
    m.sides[0].vp = 10
    over = HdGameOverScene(app, sc)
    assert why(sc) == app.tr("hdover.because", reasons=app.tr("hdover.why_vp"))
    m.reason = "seat 0: 5 kills"
    assert why(sc) == app.tr("hdover.because", reasons=app.tr("hdover.why_kills"))
    m.reason = "futures exhausted: the most Characters killed in combat, then points"
    assert why(sc) == app.tr("hdover.because", reasons=app.tr("hdover.why_exhausted"))
    assert over.conceded is None


def test_many_gods_places_and_black_magic_stay_on_their_bar(app: App) -> None:
    sc = open_hd(app, seed=7)
    side = sc.model.sides[0]
    side.gods, side.places, side.black_magic = ["zeus", "athena", "odin"], ["olympe", "asgard"], ["ragnarok", "x"]
    chips = sc.in_play_chips(0)
    bar = sc.lay.bars[0]
    assert len(chips) == 7 and all(bar.contains(r) for r, _ in chips)
    assert min(r.left for r, _ in chips) >= bar.left + sc.lay.u(500)  # clear of the name and the trackers
    assert all(a.right <= b.left for (a, _), (b, _) in zip(chips, chips[1:]))
    sc.draw(pygame.Surface((sc.w, sc.h)))


def test_a_crowded_row_overlaps_before_the_piles_and_the_top_card_is_the_one_hit(app: App) -> None:
    sc = open_hd(app, seed=7)
    side = sc.model.sides[1]
    side.chars = [type(side.chars[0])(side.chars[0].card, [], dict(side.chars[0].stats)) for _ in range(30)]
    rects = [r for r, _ in sc.char_rects(1)]
    assert rects[-1].right <= sc.lay.futures[1].left
    spot = (rects[10].right - 2, rects[10].centery)  # the right edge of the 11th lies under the 12th
    hit = sc.ctrl.hit(spot)
    assert hit is not None and hit[0] == "char" and hit[2] == 11


def test_a_lunging_attacker_stays_clear_of_the_prompt_and_of_the_other_row(app: App) -> None:
    from game.ui.herosdei import draw

    sc = open_hd(app, seed=11)
    me = sc.viewer
    assert me is not None
    rng = random.Random(2)
    for _ in range(400):  # to a prompt of the viewer's with two Characters or more on both sides
        if (sc.can_act and sc.model.combat is None and draw.prompt_block(sc)[1]
                and len(sc.model.sides[me].chars) > 1 and len(sc.model.sides[1 - me].chars) > 1):
            break
        if not act(app, sc, rng):
            app.step(1 / 60, [])
    block, rows = draw.prompt_block(sc)
    assert rows
    m = sc.model
    for seat in (me, 1 - me):  # the viewer's attacker lunges up, the other's down
        home = sc.char_rects(seat)[0][0]
        defender = len(m.sides[1 - seat].chars) - 1  # across the table and aside: the lunge goes both ways
        sc.director.push([{"type": "combat_declared", "seat": seat, "attacker": m.ref(seat, 0),
                           "defender": m.ref(1 - seat, defender)}])
        m.combat = {"attacker": m.ref(seat, 0), "defender": m.ref(1 - seat, defender), "step": "charm"}
        sc.director.update(1.0)
        assert sc.director.lunge == 1.0
        card, given = sc.char_rects(seat)[0]
        assert card.topleft != home.topleft  # it did move toward the defender
        for r in (card, *given):
            assert not r.colliderect(block), (seat, r, block)  # the prompt and the card both readable
            assert not r.colliderect(sc.lay.rows[1 - seat]), (seat, r)  # never under the other side's cards
        sc.director.clear()
        m.combat = None


def test_the_placement_prompt_is_whole_at_the_largest_text_size_in_a_small_window(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At 1024x600 and 150 % in French the prompt's help ran to a fourth line, which was
    dropped ("Terminé quand vous avez" and no more): its words are made smaller instead."""
    from game.ui import theme
    from game.ui.herosdei import draw

    big = App(Settings(anim_speed="instant", text_size=150, language="fr"), size=(1024, 600), persist=False)
    try:
        sc = open_hd(big)
        _to_my_placement(big, sc)
        shown: list[str] = []
        real = theme.text
        monkeypatch.setattr(draw.theme, "text", lambda s, *a: (shown.append(s), real(s, *a))[1])
        _block, rows = draw.prompt_block(sc)
        help_words = str(big.tr("hdtable.hint_placement_sub"))
        assert rows and " ".join(shown).endswith(help_words.split()[-1])
        assert "".join(shown).replace(" ", "").endswith(help_words.replace(" ", ""))
    finally:
        big.close()
        theme.set_text_size(100)
