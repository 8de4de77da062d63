"""Fantasy Realms Hard's sampled worlds: every seat plays the rest of the game in them,
so a world must end as a game would (cards conserved, hands full, the area at its
limit) and score every hand exactly as the scorer does."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest

from game.ai.fantasy.hard import Budget, HardAgent, Worlds
from game.fantasy_realms.optimal import best_total
from game.fantasy_realms.setup import new_game
from game.fantasy_realms.state import GameState


def _advance(st: GameState, lines: int, take: bool = False) -> None:
    """Play ``lines`` first-legal moves that draw from the deck, or (``take``) from the
    discard area when it has a card: a quick, plain game."""
    for _ in range(lines):
        legal = [str(a) for a in st.legal_actions()]
        blind = [a for a in legal if a in ("draw two", "draw deck")]
        takes = [a for a in legal if a.startswith("draw ") and a not in blind]
        st.apply((takes or blind or legal)[0] if take else (blind or legal)[0])


def _world_cases() -> list[tuple[str, GameState]]:
    draft = new_game(2, (), seed=3)
    keep = new_game(2, (), seed=4)
    _advance(keep, 5)  # two picks, then a draw of two: the keep prompt
    normal = new_game(3, (), seed=5)
    _advance(normal, 9)  # four turns, then a deck draw: the discard prompt
    late = new_game(2, ("cursed_hoard_suits",), seed=6)
    while not (late.phase == "draw" and late.limit[late.to_move]):
        _advance(late, 1, take=len(late.discard) > 3)  # takes keep the area short of its limit
    return [("draft", draft), ("keep", keep), ("discard", normal), ("late", late)]


def _options(view: dict[str, Any]) -> list[tuple[str, list[str], list[str], str]]:
    """(root, hand, area, given) of every option kind the decision in ``view`` has."""
    me = view["players"][view["seat"]]
    hand, area = list(me["hand"]), list(view["discard"])
    slug = {c["slug"]: cid for cid, c in view["cards"].items()}
    if view["phase"] == "keep":
        a, b = view["drawn"]
        return [("", [*hand, a], area, b), ("", [*hand, b], area, a)]
    if view["phase"] == "discard":
        return [("", [c for c in hand if c != d], area, d) for d in hand]
    out = [("pair" if "draw two" in view["legal"] else "deck", hand, area, "")]
    for line in view["legal"]:
        word = line.split()[1] if line.startswith("draw ") else ""
        if word in slug:
            cid = slug[word]
            out.append(("", [*hand, cid][1:] if len(hand) >= view["hand_size"] else [*hand, cid],
                        [c for c in area if c != cid], hand[0] if len(hand) >= view["hand_size"] else ""))
    return out


@pytest.mark.parametrize("name,st", _world_cases())
def test_every_world_ends_as_a_game_would(name: str, st: GameState) -> None:
    view = st.view(st.to_move)
    agent = HardAgent(7, Budget(sims=8, cap_s=60))
    worlds = Worlds(agent, view, 6, seed=11)
    everything = Counter(worlds.syn.index[c] for c in view["cards"])
    for root, hand, area, given in _options(view):
        idx = worlds.syn.index
        for k in range(6):
            end = worlds.play(k, root, [idx[c] for c in hand], [idx[c] for c in area], idx[given] if given else -1)
            held = Counter(c for h in end.hands for c in h) + Counter(end.area) + Counter(end.deck)
            assert held == everything, f"{name}: a world lost or doubled a card"
            if end.deck:
                assert len(end.area) >= view["discards_to_end"], f"{name}: a world stopped early"
                assert all(len(h) == view["hand_size"] for h in end.hands)
            for s, h in enumerate(end.hands):
                ids = [worlds.ids[c] for c in h]
                assert end.scores[s] == best_total(ids, agent.table(view, ids)), f"{name}: seat {s} scored wrongly"


def test_other_seats_play_as_carefully_as_this_one_by_default() -> None:
    # a world where only this seat's swaps were exact-checked made long games look
    # good for it (the others spoiled their hands) and lost to Medium
    assert Budget().opp_exact
    assert Budget().opp_weight == 1.0


@pytest.mark.parametrize("scale", [0.0, 12.0])
def test_a_world_is_worth_its_margin_or_a_win_like_squash_of_it(scale: float) -> None:
    st = new_game(2, (), seed=8)
    _advance(st, 5)
    view = st.view(st.to_move)
    agent = HardAgent(7, Budget(sims=8, cap_s=60, value_scale=scale))
    worlds = Worlds(agent, view, 4, seed=2)
    root, hand, area, given = _options(view)[0]
    idx = worlds.syn.index
    args = ([idx[c] for c in hand], [idx[c] for c in area], idx[given] if given else -1)
    for k in range(4):
        end = worlds.play(k, root, *args)
        margin = end.scores[view["seat"]] - end.scores[1 - view["seat"]]
        got = worlds.rollout(k, root, *args, 1.0)
        if scale:
            assert -1.0 <= got <= 1.0
            assert got == pytest.approx(math.tanh(margin / scale))
        else:
            assert got == margin
