"""Fantasy Realms' end screen: hovering a card names the cards that gave its bonus
and its penalty."""

from __future__ import annotations

from game.fantasy_realms.scoring import evaluate
from game.ui.app import App
from game.ui.fantasy_realms.draw_hand import BONUS_GREEN, PENALTY_RED
from game.ui.fantasy_realms.gameover import FantasyGameOverScene
from tests.ui.fantasy_realms.helpers import card, open_fr, state
from tests.ui.helpers import move


def test_hovering_a_card_names_the_cards_behind_its_bonus_and_penalty(app: App) -> None:
    rec, st = state(2, seed=17)
    sc = open_fr(app, rec, st)
    m = sc.model
    lib = sc.art.lib
    hands = [[card(st, s) for s in ("king", "queen", "knights", "light_cavalry", "swamp", "candle", "forest")],
             [card(st, s) for s in ("dragon", "unicorn", "mountain", "cavern", "island", "rangers", "bell_tower")]]
    scores = [evaluate([lib.cards[c] for c in h]) for h in hands]
    m.phase, m.scores, m.winners = "over", [s.total for s in scores], [0]
    m.breakdown = [[c.to_dict() for c in s.cards] for s in scores]  # as the engine sends it
    over = FantasyGameOverScene(app, sc)
    app.push(over)
    app.step(1 / 60, [])
    king = next(cell for cell in over.cells if cell[1] == card(st, "king"))
    app.step(0.3, [move(king[0].center)])
    app.step(1 / 60, [])  # drawn with the explanation
    lines = over._explain(king[2])
    assert lines[1] == ("Bonus +40 from Queen, Knights, Light Cavalry", BONUS_GREEN)
    swamp = next(cell for cell in over.cells if cell[1] == card(st, "swamp"))
    text, color = over._explain(swamp[2])[-1]
    assert text == "Penalty −9 from Knights, Light Cavalry, Candle" and color == PENALTY_RED
    assert [s.total for s in scores] == [s.total for s in (evaluate([lib.cards[c] for c in h], why=True) for h in hands)]


def test_a_card_from_the_discard_area_is_said_to_lie_there(app: App) -> None:
    from game.ui.fantasy_realms import score as scoring
    from game.ui.i18n import Tr

    assert scoring.names_of(["FR21", "FR39", "FR38"], ["FR39"], Tr("en")) == "Dragon; the discard area's Knights, Warhorse"
    assert scoring.names_of(["FR21"], [], Tr("fr")) == "Chevaliers de la défausse"
