"""The HerosDeï hand limit's grid keeps its order from one pick to the next (issue 55,
item 10): each pick sends the first copy of a card, and the grid lists the cards in
the order of their last copies, so no other card moves."""

from __future__ import annotations

from game.ui.app import App
from game.ui.herosdei.dialogs import PickDialog
from tests.ui.herosdei.helpers import open_hd, settle

SEED = 1  # the viewer must send cards to the museum at the first start of turn, with copies in hand


def test_the_hand_limit_grid_keeps_its_order_after_each_pick(app: App) -> None:
    sc = open_hd(app, seed=SEED)
    pend = sc.model.pending
    assert pend is not None and pend.get("kind") == "hand_limit" and pend.get("seat") == sc.model.viewer
    hand = sc.model.sides[sc.model.viewer].hand
    assert len(set(hand)) < len(hand), "no copies in hand: the case is not tested"
    picks = 0
    while isinstance(app.top, PickDialog) and picks < 4:
        before = [o.card for o in app.top.q.options]
        copies = sc.model.sides[sc.model.viewer].hand.count(before[0])
        app.top.pick(0)
        settle(app, sc)
        picks += 1
        if not isinstance(app.top, PickDialog):
            break
        after = [o.card for o in app.top.q.options]
        assert after == (before if copies > 1 else before[1:]), (before, after)
    assert picks >= 2
