"""Fantasy Realms scenes enter, draw and leave; the New game screen offers both
games; the title's Continue and Load open saves of either game; the log and the
score speak both languages."""

from __future__ import annotations

import pygame

from game.fantasy_realms.terms import Rulings
from game.session import local as games
from game.session.session import SeatConfig
from game.ui.app import App
from game.ui.fantasy_realms.gameover import FantasyGameOverScene
from game.ui.fantasy_realms.logtext import FantasyLog
from game.ui.fantasy_realms.setup import FantasySetup
from game.ui.fantasy_realms.table import FantasyTableScene
from game.ui.hero_realms.setup import GameSetup
from game.ui.i18n import Tr
from game.ui.scenes.newgame import NewGameScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.saves import SaveRow
from game.ui.scenes.title import TitleScene
from game.ui.widgets.basic import Toggle
from tests.ui.fantasy_realms.helpers import card, center, open_fr, settle, state
from tests.ui.helpers import click, click_button, key, press


def test_new_game_offers_both_games_and_starts_fantasy_realms(app: App) -> None:
    app.reset(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    app.step(1 / 60, [])
    assert ng.game == "hero_realms" and type(ng.setup()).__name__ == "GameSetup"
    ng._set_game("fantasy_realms")
    app.step(1 / 60, [])
    toggles = [w for w in ng.group.widgets if isinstance(w, Toggle)]
    assert [t.label for t in toggles] == ["Promo cards", "Cursed Items", "New suits"]
    click(app, center(toggles[1].rect))
    click(app, center(next(w for w in ng.group.widgets if isinstance(w, Toggle) and w.label == "New suits").rect))
    assert ng.options.modules == ["cursed_items", "cursed_hoard_suits"]
    ng._set_count(5)
    ng._set_kind(2, "ai:hard")
    ng._set_seed("77")
    app.step(1 / 60, [])
    assert {s.agent for s in ng.seats if s.kind == "ai"} <= {"medium", "hard"}
    press(app, pygame.K_RETURN)
    sc = app.top
    assert isinstance(sc, FantasyTableScene)
    setup = sc.client.session.record.setup
    assert setup["seats"] == 5 and setup["modules"] == ["cursed_items", "cursed_hoard_suits"] and setup["seed"] == 77
    assert [p["agent"] for p in setup["players"]][2] == "hard"
    assert sc.model.hand_size == 8 and sc.model.end_at == 12 and sc.model.items_on


def test_rulings_chosen_in_new_game_reach_the_game(app: App) -> None:
    from game.ui.fantasy_realms.rulings import RulingsDialog
    from game.ui.widgets.basic import Button

    app.reset(TitleScene(app))
    ng = NewGameScene(app)
    app.push(ng)
    ng._set_game("fantasy_realms")
    app.step(1 / 60, [])

    def rulings_button() -> Button:
        return next(w for w in ng.group.widgets if isinstance(w, Button) and w.label.startswith("Rulings"))

    assert rulings_button().label == "Rulings: standard"
    click(app, center(rulings_button().rect))
    dialog = app.top
    assert isinstance(dialog, RulingsDialog)
    toggles = [w for w in dialog.group.widgets if isinstance(w, Toggle)]
    assert [t.value for t in toggles] == list(Rulings().to_dict().values())  # the defaults
    collector = next(t for t in toggles if t.label.startswith("Collector"))
    click(app, center(collector.rect))
    press(app, pygame.K_ESCAPE)  # cancelled: nothing changes
    assert app.top is ng and ng.options.rulings == {} and rulings_button().label == "Rulings: standard"
    click(app, center(rulings_button().rect))
    dialog = app.top
    collector = next(w for w in dialog.group.widgets if isinstance(w, Toggle) and w.label.startswith("Collector"))
    click(app, center(collector.rect))
    click_button(app, dialog, "frnew.rulings_done")
    assert app.top is ng and ng.options.rulings["collector_all_suits"] is False
    assert rulings_button().label == "Rulings: 1 changed"
    press(app, pygame.K_RETURN)
    sc = app.top
    assert isinstance(sc, FantasyTableScene)
    want = Rulings(collector_all_suits=False)
    assert sc.client.session.state.rulings == want
    assert sc.client.session.record.setup["rulings"] == want.to_dict()
    assert sc.rulings == want and sc.model.view["rulings"] == want.to_dict()


def test_new_game_opened_on_a_setup_keeps_its_rulings_and_standard_resets_them(app: App) -> None:
    from game.ui.fantasy_realms.rulings import RulingsDialog

    setup = FantasySetup([SeatConfig("human", "Ana"), SeatConfig("ai", "Bot", "easy")], ["promo"], None,
                         {"gem_multiple_runs": False, "wildfire_spares_wild": True})
    ng = NewGameScene(app, setup)
    app.reset(ng)
    app.step(1 / 60, [])
    assert any(getattr(w, "label", "") == "Rulings: 2 changed" for w in ng.group.widgets)
    ng.options.open_rulings()
    dialog = app.top
    assert isinstance(dialog, RulingsDialog)
    click_button(app, dialog, "frnew.rulings_reset")
    press(app, pygame.K_RETURN)  # Done
    assert app.top is ng and ng.setup().rulings == Rulings().to_dict()
    assert any(getattr(w, "label", "") == "Rulings: standard" for w in ng.group.widgets)


def test_two_players_note_and_hero_realms_untouched(app: App) -> None:
    ng = NewGameScene(app)
    app.push(ng)
    ng._set_game("fantasy_realms")
    ng._set_count(2)
    labels = [getattr(w, "text", "") for w in ng.group.widgets]
    assert any("Two players" in t for t in labels)
    ng._set_game("hero_realms")
    assert ng.options.fmt == "ffa" and [c for c in ng._counts()][0] == 2
    app.step(1 / 60, [])


def test_rules_of_every_game(app: App) -> None:
    from game import games

    rules = RulesScene(app, "fantasy_realms")
    app.reset(rules)
    app.step(1 / 60, [])
    assert rules.game == "fantasy_realms" and rules.max_scroll > 0
    seen = [rules.game]
    for _ in games.playable()[1:]:
        press(app, pygame.K_g)  # the next game's rules, in the registry's order, round to the first
        app.step(1 / 60, [])
        assert rules.max_scroll > 0
        seen.append(rules.game)
    assert sorted(seen) == sorted(games.playable())
    app.settings.language = "fr"
    app.apply_settings()
    rules.switch()
    app.step(1 / 60, [])
    from game.ui.scenes.rules import rules_text

    assert "Ordre de résolution" in rules_text("fr", "fantasy_realms") and "Order of resolution" in rules_text("en", "fantasy_realms")


def test_table_draws_at_every_size_with_every_module(app: App) -> None:
    for seats, mods in ((2, ()), (6, ("promo", "cursed_items", "cursed_hoard_suits"))):
        rec, st = state(seats, mods, seed=3)
        sc = open_fr(app, rec, st)
        for size in ((1920, 1080), (960, 540), (1280, 720)):
            app.step(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)])
            app.step(1 / 60, [])
            assert sc.lay.w == size[0]
            assert all(r.right <= sc.lay.play.right and r.bottom <= size[1] for r in sc.lay.discard_slots[: sc.model.end_at])
            assert all(sc.hand_rect(i).bottom <= size[1] for i in range(len(sc.model.hand)))
        sc.pause()
        app.step(1 / 60, [])
        from game.ui.scenes.pause import PauseScene

        assert isinstance(app.top, PauseScene) and app.top.game == "fantasy_realms"
        app.top._rules()
        assert isinstance(app.top, RulesScene) and app.top.game == "fantasy_realms"
        app.pop()
        app.pop()
        settle(app, sc)


def test_continue_and_load_open_saves_of_either_game(app: App) -> None:
    app.persist = True
    rec = FantasySetup([SeatConfig("human", "Ana"), SeatConfig("ai", "Bot", "easy"), SeatConfig("ai", "Cy", "easy")],
                       ["promo"], 21).record()
    client = games.start(rec, games.seats_of(rec), autosave=games.autosave_path(), inline_ai=True)
    while client.session.waiting_for() != [0]:
        client.poll()
    client.submit(0, "draw deck")
    client.close()
    hr = GameSetup("ffa", [SeatConfig("human", "Ana"), SeatConfig("ai", "Bot", "random")], 5).record()
    hr_client = games.start(hr, games.seats_of(hr), inline_ai=True)
    hr_path = games.new_save_path().with_name("hero.json")
    games.save(hr_client, hr_path)
    hr_client.close()
    title = TitleScene(app)
    app.reset(title)
    app.step(1 / 60, [])
    click_button(app, title, "title.continue")
    sc = app.top
    assert isinstance(sc, FantasyTableScene) and sc.names[:2] == ["Ana", "Bot"]
    assert sc.client.session.record.actions[: len(rec.actions)] == rec.actions and sc.log.entries
    settle(app, sc)
    sc._pause_result("save")  # a save of the running Fantasy Realms game, beside the Hero Realms one
    app.step(1 / 60, [key(pygame.K_RETURN)])  # under its default name
    title = TitleScene(app)
    app.reset(title)
    app.step(1 / 60, [])
    click_button(app, title, "title.load")
    rows = [w for w in app.top.group.widgets if isinstance(w, SaveRow)]
    assert any(r.title.startswith("Fantasy Realms, Promo cards, turn ") and r.details.startswith("Fantasy Realms · Ana, Bot, Cy")
               for r in rows)
    assert any(r.title == "hero" and r.details.startswith("Hero Realms · Ana, Bot") for r in rows)
    click(app, next(r for r in rows if r.title == "hero").rect.center)
    from game.ui.hero_realms.table import TableScene

    assert isinstance(app.top, TableScene)
    app.reset(TitleScene(app))
    app.step(1 / 60, [])
    title = app.top
    click_button(app, title, "title.load")
    rows = [w for w in app.top.group.widgets if isinstance(w, SaveRow)]
    click(app, next(r for r in rows if r.title.startswith("Fantasy")).rect.center)
    assert isinstance(app.top, FantasyTableScene)
    app.persist = False


def test_concede_shows_the_end_screen_and_back_to_title(app: App) -> None:
    rec, st = state(3, seed=14)
    sc = open_fr(app, rec, st)
    sc._pause_result("concede")
    over = app.top
    assert isinstance(over, FantasyGameOverScene) and "left the game" in over.headline()
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def test_log_in_both_languages_and_for_each_viewer() -> None:
    log = FantasyLog(["Ana", "Ben", "Chloé"])
    log.add({"type": "turn_started", "seat": 1, "turn": 3})
    log.add({"type": "card_taken", "seat": 1, "card": "FR39", "why": "draw"})
    log.add({"type": "card_drawn", "seat": 0, "card": None, "why": "draft"})
    log.add({"type": "card_drawn", "seat": 0, "card": None, "why": "draft"})
    log.add({"type": "revealed", "seat": 0, "to": 1, "cards": [], "why": "spyglass"})
    log.add({"type": "item_stolen", "seat": 2, "victim": 0, "item": "CH24"})
    en = [t for _, _, t in log.lines(Tr("en"), 0)]
    assert en[:3] == ["Ben's turn", "Ben takes Dragon from the discard area", "You draw two cards"]
    assert en[3] == "Ben looks at your hand (Spyglass)" and en[4] == "Chloé steals Spyglass from you"
    fr = [t for _, _, t in log.lines(Tr("fr"), 1)]
    assert fr[:3] == ["Votre tour", "Vous prenez Dragon dans la défausse", "Ana pioche deux cartes"]


def test_score_words() -> None:
    from game.ui.fantasy_realms import score as scoring

    assert scoring.reason("blanked by Rainstorm", Tr("fr")) == "par Orage"
    assert scoring.reason("blanked by Demon (alone in its suit)", Tr("en")) == "by Demon: alone in its suit"
    assert scoring.choice_words("CH23", ("copy", "FR11"), Tr("en")) == "Mirage as Rainstorm"
    assert scoring.choice_words("FR49", ("book", "FR47", "wizard"), Tr("fr")).endswith("devient un Sorcier")
    assert scoring.engine_choices(["CH23:generic/beast"]) == {"CH23": ("generic", "beast")}


def test_blanked_cards_and_choices_show_on_the_hand(app: App) -> None:
    rec, st = state(3, seed=15)
    wanted = [card(st, s) for s in ("wildfire", "knights", "mirage", "rainstorm", "king", "queen", "dragon")]
    for zone in [st.deck, *st.hands]:
        for c in wanted:
            if c in zone:
                zone.remove(c)
    for h in st.hands[1:]:
        while len(h) < 7:
            h.append(st.deck.pop())
    st.deck += st.hands[0]
    st.hands[0] = list(wanted)
    sc = open_fr(app, rec, st)
    from game.ui.fantasy_realms.draw_hand import live

    got = live(sc)
    assert got is not None and any(c.blanked and c.reason for c in got.cards)
    app.step(1 / 60, [])  # drawn with the overlay and the strips


def test_end_screen_explains_a_tie_broken_by_base_strength(app: App) -> None:
    rec, st = state(2, seed=17)
    sc = open_fr(app, rec, st)
    m = sc.model
    a = [card(st, s) for s in ("king", "queen")]
    b = [card(st, s) for s in ("dragon", "unicorn")]
    m.phase, m.scores, m.winners = "over", [50, 50], [0]
    lib = sc.art.lib
    m.breakdown = [[{"id": c, "points": 25, "base": lib.cards[c].strength, "bonus": 0, "penalty": 0} for c in hand] for hand in (a, b)]
    over = FantasyGameOverScene(app, sc)
    app.push(over)
    app.step(1 / 60, [])
    assert over.rows[0]["seat"] == 0 and over.headline() == "You win with 50 points!"
    assert over.subline() == "Tie on points: P0 wins with the lower total base strength (14)"
