"""New game's HerosDeï panel offers the player's own legal decks and says which files of
their folder it did not use, and why."""

from __future__ import annotations

import shutil

from game.core.resources import data_path
from game.herosdei import decks
from game.ui.app import App
from game.ui.scenes.newgame import NewGameScene
from game.ui.widgets.basic import Cycle, Label


def test_the_panel_offers_ones_own_deck_and_names_the_file_it_refused(app: App) -> None:
    folder = decks.user_folder()
    folder.mkdir(parents=True)
    shutil.copy(data_path("herosdei", "decks", "vikings.toml"), folder / "my_vikings.toml")
    (folder / "half.toml").write_text('name = "Half"\ncivil = "greeks"\n', encoding="utf-8")
    ng = NewGameScene(app)
    app.push(ng)
    ng._set_game("herosdei")
    app.step(1 / 60, [])
    texts = [w.text for w in ng.group.widgets if isinstance(w, Label)]
    assert any(str(folder) in t for t in texts)
    assert any(t.startswith("half.toml not used: unknown field 'civil'") for t in texts)
    deck_cycles = [w for w in ng.group.widgets if isinstance(w, Cycle) and any(v == "my_vikings" for v, _ in w.options)]
    assert len(deck_cycles) == 2  # either seat may play it


def test_the_panel_names_a_card_file_it_refused(app: App) -> None:
    from game.herosdei.user_cards import user_card_folder

    user_card_folder().mkdir(parents=True)
    (user_card_folder() / "owls.toml").write_text('[[cards]]\nid = "owl_of_mine"\n', encoding="utf-8")
    ng = NewGameScene(app)
    app.push(ng)
    ng._set_game("herosdei")
    app.step(1 / 60, [])
    texts = [w.text for w in ng.group.widgets if isinstance(w, Label)]
    assert any(t.startswith("owls.toml not used: owls.toml: cards[0]") for t in texts), texts
