"""Fantasy Realms agents: looked up per game, they answer every prompt with a legal line."""

from __future__ import annotations

import pytest

from game.ai.agent import RandomAgent, agent_names, make_agent
from game.ai.fantasy_realms.tournament import match, play
from game.fantasy_realms.setup import new_game

GAME = "fantasy_realms"


def test_registry_per_game_is_backward_compatible() -> None:
    assert isinstance(make_agent("random", 3), RandomAgent)  # Hero Realms, as before
    assert agent_names(GAME) == ["random", "easy", "medium", "hard"]
    assert make_agent("hard", 1, GAME).name == "hard"
    with pytest.raises(ValueError, match="unknown game"):
        make_agent("hard", 0, "chess")
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("grandmaster", 0, GAME)


HARD_SMALL = "hard:sims=2,full_sims=2,min_samples=1,workers=1"  # legality: a small budget, one process


@pytest.mark.parametrize("agents,mods", [
    (("easy",) * 3, ("promo", "cursed_items", "cursed_hoard_suits")),
    (("medium",) * 4, ("cursed_items",)),
    (("medium",) * 2, ("cursed_hoard_suits",)),
    (("hard:sims=8,full_sims=8,min_samples=4,workers=1",) * 3, ("promo", "cursed_items")),
    ((HARD_SMALL,) * 2, ()),
    # each Hard decision here plays its worlds out with the larger deck's scoring: one Hard seat is enough
    ((HARD_SMALL, "medium"), ("cursed_hoard_suits",)),
])
def test_agents_play_legal_lines_to_the_end(agents: tuple[str, ...], mods: tuple[str, ...]) -> None:
    seats = len(agents)
    st = new_game(seats, mods, seed=seats * 7)
    bots = [make_agent(a, s, GAME) for s, a in enumerate(agents)]
    steps = 0
    while not st.over and steps < 1500:
        seat = st.to_move
        view = st.view(seat)
        line = bots[seat].choose(view, view["legal"])
        assert line in view["legal"]
        st.apply(line)
        steps += 1
    assert st.over


def test_match_report() -> None:
    r = match("medium", "easy", games=2, seed=3)
    assert r["games"] == 2 and 0.0 <= r["win_rate"] <= 1.0 and r["unfinished"] == 0
    assert play(["easy", "random", "easy"], seed=1)["finished"]


def test_match_command(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from game.cli import main

    assert main(["fantasy-match", "easy", "random", "--games", "2", "--seats", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and out["seats"] == 3
    assert main(["fantasy-match", "easy", "chess"]) == 2
    assert main(["fantasy-match", "easy", "random", "--modules", "bogus"]) == 2
    assert "unknown module" in capsys.readouterr().err


def _last_discard(seed: int) -> tuple[dict[str, object], list[str]]:
    """A three-player view where the seat to move has drawn its eighth card and the
    discard it makes ends the game (the area then holds its ten cards)."""
    st = new_game(3, (), seed=seed)
    st.discard = [st.deck.pop() for _ in range(st.end_at - 1)]
    seat = st.to_move
    st.apply("draw deck")
    assert st.phase == "discard" and st.to_move == seat
    return st.view(seat), list(st.hands[seat])


def test_hard_keeps_the_best_hand_when_its_discard_ends_the_game() -> None:
    from game.ai.fantasy_realms.agents import MediumAgent
    from game.fantasy_realms.optimal import best_total

    for seed in range(3):
        view, hand = _last_discard(seed)
        hard = make_agent("hard:sims=40", 1, GAME)
        line = hard.choose(view, view["legal"])  # type: ignore[arg-type]
        table = MediumAgent(0).table(view, hand)
        best = max(best_total([c for c in hand if c != d], table) for d in hand)
        dropped = next(c for c in hand if view["cards"][c]["slug"] == line.split()[1])  # type: ignore[index]
        assert best_total([c for c in hand if c != dropped], table) == best


def test_hard_is_deterministic_for_a_seed_and_takes_budget_options() -> None:
    view, _hand = _last_discard(5)
    a, b = make_agent("hard:sims=30,cap_s=60", 4, GAME), make_agent("hard:sims=30,cap_s=60", 4, GAME)
    assert a.choose(view, view["legal"]) == b.choose(view, view["legal"])  # type: ignore[arg-type]
    assert a.budget.sims == 30  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="no option"):
        make_agent("hard:depth=2", 0, GAME)


def test_agents_score_with_the_rulings_the_view_gives() -> None:
    from game.ai.fantasy_realms.agents import rulings_of
    from game.fantasy_realms.terms import Rulings

    rulings = Rulings(collector_all_suits=False, wildfire_spares_wild=True)
    st = new_game(3, ("promo",), seed=4, rulings=rulings)
    view = st.view(0)
    assert view["rulings"] == rulings.to_dict()
    agent = make_agent("medium", 0, GAME)
    hand = view["players"][0]["hand"]
    assert agent.table(view, hand).rulings == rulings
    for raw in (None, {}, {"bogus": True}, {"gem_multiple_runs": "no"}, [1]):  # old or broken views: the defaults
        v = dict(view)
        v.pop("rulings")
        if raw is not None:
            v["rulings"] = raw
        assert agent.table(v, hand).rulings == Rulings()
    assert rulings_of({"rulings": {"gem_multiple_runs": False}}) == Rulings(gem_multiple_runs=False)


@pytest.mark.parametrize("agent", ["random", "easy", "medium", "hard:sims=24,full_sims=24,min_samples=4"])
def test_agents_discard_down_to_nine_after_a_portal_at_nine(agent: str) -> None:
    # seat 0 used a Portal (limit 9 with the new suits) and copies it with a Repair Kit: the limit
    # stays 9, so the 10-card hand must still discard
    st = new_game(3, ("cursed_items", "cursed_hoard_suits"), seed=5, first=0)
    portal, kit = (next(i for i, it in st.lib.items.items() if it.slug == slug) for slug in ("portal", "repair_kit"))
    for iid in (portal, kit):
        if iid in st.item_deck:
            st.item_deck.remove(iid)
        for s in range(3):
            if st.face_up[s] == iid:
                st.face_up[s] = st.item_deck.pop()
    st.item_deck.insert(0, st.face_up[0] or "")
    st.face_down[0], st.face_up[0], st.limit[0] = [portal], kit, 9
    st.hands[0].append(st.deck.pop())
    st.turn = 2
    st.apply("draw deck")
    st.apply("item use portal")
    assert st.phase == "discard" and st.to_move == 0 and len(st.hands[0]) == 10
    bot = make_agent(agent, 0, GAME)
    view = st.view(0)
    line = bot.choose(view, view["legal"])
    assert line in view["legal"] and line.startswith("discard ")
    st.apply(line)
    assert len(st.hands[0]) == 9 and st.active == 1
