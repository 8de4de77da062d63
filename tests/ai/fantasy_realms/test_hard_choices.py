"""Fantasy Realms Hard's choices at fixed positions: 40 positions of seeded random games
(2 to 6 seats, with and without the modules), each decided by the shipped Hard level's
configuration on a fixed number of worlds and no time cap, so the choice and the value
its worlds give it are the same on every machine. Recorded before the budget switches
no shipped level used were pruned (see docs/ai/fantasy_realms-notes.md): a change in
how the worlds are played changes the values even where the choice stays."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai.fantasy_realms.hard import Budget, HardAgent, Option
from game.core.rng import Rng
from game.fantasy_realms.setup import new_game
from game.fantasy_realms.state import GameState

# (seats, modules, seed, random moves played, Hard's line, each (line, value) its worlds chose)
CASES: list[tuple[int, tuple[str, ...], int, int, str, list[tuple[str, float]]]] = [
    (2, (), 100, 1, 'keep bell_tower', [('keep bell_tower', 5.0)]),
    (2, (), 100, 53, 'draw deck', [('draw deck', -6.333333)]),
    (2, (), 100, 101, 'draw dwarvish_infantry', [('draw dwarvish_infantry', -31.0)]),
    (2, (), 100, 150, 'discard shield_of_keth', [('discard shield_of_keth', 16.0)]),
    (2, ('promo',), 101, 1, 'keep knights', [('keep knights', 25.0)]),
    (2, ('promo',), 101, 85, 'discard earth_elemental', [('discard earth_elemental', -70.333333)]),
    (2, ('promo',), 101, 164, 'draw beastmaster', [('draw beastmaster', -118.333333)]),
    (2, ('promo',), 101, 243, 'discard beastmaster', [('discard beastmaster', 114.0)]),
    (3, (), 102, 1, 'discard queen', [('discard queen', -87.333333)]),
    (3, (), 102, 31, 'discard warship', [('discard warship', -23.333333)]),
    (3, (), 102, 62, 'draw elven_longbow', [('draw elven_longbow', -47.333333)]),
    (3, (), 102, 93, 'discard basilisk', [('discard basilisk', -92.0)]),
    (4, ('cursed_items',), 103, 0, 'draw deck', [('draw deck', 0.0)]),
    (4, ('cursed_items',), 103, 43, 'draw princess', [('draw princess', -95.333333)]),
    (4, ('cursed_items',), 103, 103, 'draw deck', [('draw deck', -52.0)]),
    (4, ('cursed_items',), 103, 157, 'discard warhorse', []),
    (2, ('cursed_hoard_suits',), 104, 1, 'keep sword_of_keth', [('keep sword_of_keth', 66.0)]),
    (2, ('cursed_hoard_suits',), 104, 59, 'discard demon', [('discard demon', 21.0)]),
    (2, ('cursed_hoard_suits',), 104, 115, 'discard water_elemental', [('discard water_elemental', 17.0)]),
    (2, ('cursed_hoard_suits',), 104, 171, 'discard fire_elemental', [('discard fire_elemental', -28.333333)]),
    (3, ('promo', 'cursed_items'), 105, 0, 'draw deck', [('draw deck', 0.0)]),
    (3, ('promo', 'cursed_items'), 105, 30, 'discard wildfire', []),
    (3, ('promo', 'cursed_items'), 105, 61, 'discard wildfire', []),
    (3, ('promo', 'cursed_items'), 105, 91, 'discard necromancer', [('discard necromancer', -63.666667)]),
    (5, (), 106, 1, 'discard blizzard', [('discard blizzard', -91.0)]),
    (5, (), 106, 43, 'discard air_elemental', [('discard air_elemental', -119.666667)]),
    (5, (), 106, 85, 'discard blizzard', [('discard blizzard', -86.0)]),
    (5, (), 106, 127, 'discard warlord', [('discard warlord', -125.333333)]),
    (2, ('cursed_items', 'cursed_hoard_suits'), 107, 1, 'keep basilisk', [('keep basilisk', 33.666667)]),
    (2, ('cursed_items', 'cursed_hoard_suits'), 107, 66, 'discard genie', []),
    (2, ('cursed_items', 'cursed_hoard_suits'), 107, 139, 'draw angel', [('draw angel', -43.333333)]),
    (2, ('cursed_items', 'cursed_hoard_suits'), 107, 214, 'draw angel', [('draw angel', 0.666667)]),
    (6, ('promo',), 108, 1, 'discard earth_elemental', [('discard earth_elemental', -100.0)]),
    (6, ('promo',), 108, 28, 'draw warship', [('draw warship', -125.666667)]),
    (6, ('promo',), 108, 55, 'discard war_dirigible', [('discard war_dirigible', -69.0)]),
    (6, ('promo',), 108, 83, 'discard sword_of_keth', [('discard sword_of_keth', -97.0)]),
    (3, ('cursed_hoard_suits',), 109, 1, 'discard cavern', [('discard cavern', 0.0)]),
    (3, ('cursed_hoard_suits',), 109, 50, 'draw light_cavalry', [('draw light_cavalry', -70.666667)]),
    (3, ('cursed_hoard_suits',), 109, 99, 'discard war_dirigible', [('discard war_dirigible', -33.0)]),
    (3, ('cursed_hoard_suits',), 109, 149, 'discard demon', [('discard demon', -46.333333)]),
]


def position(seats: int, modules: tuple[str, ...], seed: int, moves: int) -> GameState:
    st = new_game(seats, modules, seed=seed)
    rng = Rng(seed)
    for _ in range(moves):
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
    return st


def test_the_positions_cover_every_decision_the_worlds_make() -> None:
    phases = {position(*case[:4]).phase for case in CASES}
    assert phases == {"draw", "keep", "discard"}
    assert {case[0] for case in CASES} == {2, 3, 4, 5, 6} and any(case[1] for case in CASES)


@pytest.mark.parametrize("i", range(len(CASES)))
def test_hard_chooses_as_recorded(i: int) -> None:
    seats, modules, seed, moves, line, values = CASES[i]
    st = position(seats, modules, seed, moves)
    view = st.view(st.to_move)
    # the shipped configuration but for the worlds' number (3 per option) and the cap
    agent = HardAgent(i, Budget(sims=0, full_sims=0, min_samples=3, cap_s=1000.0, workers=1))
    seen: list[tuple[str, float]] = []
    decide = agent.best

    def best(view: dict[str, Any], options: list[Option]) -> tuple[str, float]:
        got = decide(view, options)
        seen.append((got[0], round(got[1], 6)))
        return got

    agent.best = best  # type: ignore[method-assign]
    assert agent.choose(view, view["legal"]) == line
    assert seen == values
