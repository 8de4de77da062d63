"""The seed's set-up from two decks: 3 Heroes each on the table, the other revealed
cards shuffled back, 8 drawn, then the first turn's draw; each Sovereign Good lies in
the other player's cards but stays its owner's."""

from __future__ import annotations

import pytest

from game.core.errors import DataError
from game.herosdei.decks import Deck
from game.herosdei.events import HeroesRevealed
from game.herosdei.setup import new_game
from tests.herosdei.helpers import decks, new, pool


@pytest.mark.parametrize("seed", range(5))
def test_the_deal(seed: int) -> None:
    st = new(seed)
    for seat, p in enumerate(st.players):
        assert [st.card(u).type for u in p.chars] == ["hero"] * 3
        assert len(p.hand) == 12 and not p.museum  # 8 at set-up, 4 at the first turn
        revealed = next(e for e in st.log if isinstance(e, HeroesRevealed) and e.seat == seat)
        assert list(revealed.heroes) == [st.cid[u] for u in p.chars]
    goods = [u for u in range(len(st.cid)) if st.card(u).type == "sovereign_good"]
    assert sorted(st.cid[u] for u in goods) == ["grail", "stone"]
    for u in goods:
        owner = st.owner[u]
        assert st.players[owner].civ == st.card(u).civ
        holder = next(p.seat for p in st.players if u in p.hand + p.future)
        assert holder == 1 - owner
    assert st.turn == 1 and st.phase == "start" and st.pending is not None


def test_a_deck_without_three_heroes_is_refused() -> None:
    few = Deck("Few", "greeks", (("knight", 2), ("page", 20)))
    with pytest.raises(DataError, match="at least 3 Heroes"):
        new_game([decks()[0], few], pool(), "standard", 1)
    with pytest.raises(DataError, match="unknown variant"):
        new_game(decks(), pool(), "casual", 1)
    with pytest.raises(DataError, match="2 decks"):
        new_game(decks()[:1], pool(), "standard", 1)
