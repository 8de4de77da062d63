"""A seated player cannot find the seed of a LAN game nobody chose a seed for.

Before, the headless host dealt from seed 0 and the table's host from the clock
(``int(time.time()) % 1_000_000``), with SplitMix64: a client that searched those
seeds for the market row (Hero Realms) or its opening hand (Fantasy Realms) it sees
found the seed and predicted every hidden card. Now a default game's seed is 128
secret bits, dealt with the keyed generator, and never sent to a client.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.fantasy_realms.setup import new_game as fr_new_game
from game.hero_realms.setup import new_game as hr_new_game
from game.net.client import RemoteClient
from tests.net.net_helpers import Player, Proxy, drive, start_host


def _hr_row(view: dict[str, Any]) -> tuple[str, ...]:
    return tuple(view["market"]["row"])


def _fr_hand(view: dict[str, Any]) -> tuple[str, ...]:
    return tuple(sorted(view["players"][view["seat"]]["hand"]))


def _old_seed_spaces() -> list[int]:
    """The start of the headless host's space (it defaulted to 0) and the clock
    window the table's host drew from, around now."""
    now = int(time.time()) % 1_000_000
    return [*range(0, 2000), *((now + d) % 1_000_000 for d in range(-2000, 2000))]


def _searched(deal: Callable[[int, int], tuple[str, ...]], spaces: list[int]) -> dict[tuple[str, ...], tuple[int, int]]:
    """What a seat would see for each seed of ``spaces``, under both generators."""
    found: dict[tuple[str, ...], tuple[int, int]] = {}
    for version in (1, 2):
        for seed in spaces:
            found.setdefault(deal(seed, version), (seed, version))
    return found


def _hr_deal(seed: int, version: int) -> dict[str, Any]:
    return hr_new_game(2, "ffa", seed, rng_version=version).view(0)


def _fr_deal(seed: int, version: int) -> dict[str, Any]:
    return fr_new_game(3, (), seed, rng_version=version).view(1)


# game: (seats, the watched seat, the view a seed deals that seat, what the seat sees of the deal)
CASES: dict[str, tuple[int, int, Callable[[int, int], dict[str, Any]], Callable[[dict[str, Any]], tuple[str, ...]]]] = {
    "hero_realms": (2, 0, _hr_deal, _hr_row),
    "fantasy_realms": (3, 1, _fr_deal, _fr_hand),
}


@pytest.mark.parametrize("game", list(CASES))
def test_a_default_game_cannot_be_found_by_searching_the_old_seed_spaces(tmp_path: Path, game: str) -> None:
    seats, watched, deal, seen = CASES[game]
    handle = start_host(tmp_path, ["remote"] * seats, seed=None, game=game)
    proxy = Proxy(handle.port)
    clients = [RemoteClient("127.0.0.1", proxy.port if i == watched else handle.port, f"P{i}", seat=i)
               for i in range(seats)]
    players = [Player(c, play=False) for c in clients]
    try:
        drive(players, lambda: all(c.status == "ok" for c in clients), timeout=30)
        session = handle.host.session
        assert session is not None
        setup = session.record.setup
        seed = setup["seed"]
        assert setup["rng"] == 2 and seed.bit_length() > 64  # 2**-64 odds of a false alarm
        view = clients[watched].view()
        index = _searched(lambda s, v: seen(deal(s, v)), _old_seed_spaces())
        assert seen(view) not in index
        # the same search finds a game dealt the old way (clock seed, SplitMix64)
        old_seed = int(time.time()) % 1_000_000
        assert index[seen(deal(old_seed, 1))] == (old_seed, 1)
        # the seed never reaches a client, in any form the host writes numbers in
        wire = bytes(proxy.to_client)
        assert wire and str(seed).encode() not in wire and format(seed, "x").encode() not in wire
    finally:
        for c in clients:
            c.close()
        proxy.close()
        handle.stop()


def test_local_games_nobody_chose_a_seed_for_draw_a_secret_one() -> None:
    from game.ui.fantasy_realms.setup import FantasySetup
    from game.ui.hero_realms.setup import GameSetup

    for setup in (GameSetup(), FantasySetup()):
        a, b = setup.record().setup, setup.record().setup
        assert a["rng"] == b["rng"] == 2
        assert a["seed"] != b["seed"] and max(a["seed"], b["seed"]).bit_length() > 64
    chosen = GameSetup(seed=12).record().setup
    assert chosen["seed"] == 12 and chosen["rng"] == 2
