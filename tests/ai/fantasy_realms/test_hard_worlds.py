"""Fantasy Realms Hard's sampled worlds: every seat plays the rest of the game in them,
so a world must end as a game would (cards conserved, hands full, the area at its
limit) and score every hand exactly as the scorer does."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from game.ai.fantasy_realms import hard
from game.ai.fantasy_realms.hard import Budget, HardAgent
from game.ai.fantasy_realms.race import Race
from game.ai.fantasy_realms.worlds import TAKE_CANDS, Deck, Worlds
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
    worlds = Worlds(agent, view, seed=11)
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


def test_an_options_value_counts_the_best_other_score_in_full_by_default() -> None:
    assert Budget().opp_weight == 1.0


def test_simulated_normal_turns_try_takes_by_the_exact_score() -> None:
    # the table's own proposals miss most of the takes Medium makes: the exact take
    # model halved the worlds' systematic error (fidelity.py) and won 0.625
    assert TAKE_CANDS == 3


def test_a_world_is_worth_its_margin() -> None:
    st = new_game(2, (), seed=8)
    _advance(st, 5)
    view = st.view(st.to_move)
    agent = HardAgent(7, Budget(sims=8, cap_s=60))
    worlds = Worlds(agent, view, seed=2)
    root, hand, area, given = _options(view)[0]
    idx = worlds.syn.index
    args = ([idx[c] for c in hand], [idx[c] for c in area], idx[given] if given else -1)
    for k in range(4):
        end = worlds.play(k, root, *args)
        margin = end.scores[view["seat"]] - end.scores[1 - view["seat"]]
        assert worlds.rollout(k, root, *args, 1.0) == margin


def _normal_turn_case() -> tuple[Worlds, list[int], list[int], list[int]]:
    """A normal turn's hand and area, and a deck order of one world (a test deals it as
    one stream shared by the seats, so it can cut the deck where it likes)."""
    st = new_game(2, (), seed=12)
    while not (st.phase == "draw" and st.limit[st.to_move]):
        _advance(st, 1, take=len(st.discard) > 3)
    view = st.view(st.to_move)
    worlds = Worlds(HardAgent(7, Budget(sims=8, cap_s=60)), view, seed=5)
    idx = worlds.syn.index
    worlds.ensure(0)
    return worlds, [idx[c] for c in view["players"][view["seat"]]["hand"]], [idx[c] for c in view["discard"]], \
        worlds.streams[0][0]


def test_a_simulated_normal_turn_swaps_only_when_the_exact_score_rises() -> None:
    worlds, hand, area, order = _normal_turn_case()
    for k in range(12):  # a dozen turns from different draws
        h, a = hand[:], area[:]
        now = worlds.exact(h)
        deck = Deck([order[k:]] * worlds.n, len(worlds.ids))
        after = worlds.full_turn(worlds.me, h, a, deck, now)
        pos = len(order) - k - deck.left
        assert after == worlds.exact(h)
        assert after > now or sorted(h) == sorted(hand)
        assert sorted(h + a) == sorted(hand + area + order[k:k + pos])  # nothing lost or doubled


@pytest.mark.parametrize("drops", [1, 3, 7])
def test_a_drawn_card_replaces_the_best_of_the_drops_tried_if_that_gains(drops: int) -> None:
    worlds, hand, area, order = _normal_turn_case()
    kept = 0
    for k in range(12):
        x = order[k]
        h, a = hand[:], area[:]
        now = worlds.exact(h)
        after = worlds.deck_turn(worlds.me, h, a, Deck([order[k:]] * worlds.n, len(worlds.ids)), now, drops)
        tried = [d for d, _x in worlds.trials(hand, [x], 1, drops)]
        assert len(tried) == min(drops, len(hand))
        best = max([now] + [worlds.exact([c for c in hand if c != d] + [x]) for d in tried])
        assert after == best == worlds.exact(h)
        assert sorted(h + a) == sorted(hand + area + [x])  # the drawn card or the drop went to the area
        kept += x in h
    if drops == len(hand):
        assert kept  # the case has draws worth keeping


def test_a_deck_options_own_draw_is_a_normal_turns_draw_checked_by_the_exact_score() -> None:
    # the drawn card is kept only for a swap the table proposes and the exact score
    # confirms: never better than the best swap, and sometimes short of it
    view = _late_view()
    worlds = Worlds(HardAgent(7, Budget(sims=8, cap_s=60)), view, seed=4)
    idx = worlds.syn.index
    hand, area = [idx[c] for c in view["players"][view["seat"]]["hand"]], [idx[c] for c in view["discard"]]
    after_root: list[list[int]] = []
    for name in ("deck_turn", "full_turn"):
        real = getattr(worlds, name)

        def spy(seat: int, h: list[int], *args: Any, _real: Any = real, **kw: Any) -> int:
            got = _real(seat, h, *args, **kw)
            if not after_root:
                after_root.append(h[:])
            return got

        setattr(worlds, name, spy)
    better = 0
    for k in range(12):
        after_root.clear()
        worlds.play(k, "deck", hand, area, -1)
        x = worlds.streams[k][worlds.me][0]  # the own stream's first card: the option's draw
        best = max([worlds.exact(hand)] + [worlds.exact([c for c in hand if c != d] + [x]) for d in hand])
        got = worlds.exact(after_root[0])
        assert got <= best
        better += got < best
    assert better  # the table's single proposal misses swaps the exact score makes


def test_a_simulated_turn_does_not_retry_area_cards_its_hand_passed_over() -> None:
    worlds, hand, area, order = _normal_turn_case()
    tried: list[int] = []
    real = worlds.exact
    worlds.exact = lambda cards: tried.append(len(cards)) or real(cards)  # type: ignore[method-assign]
    h, a = hand[:], area[:]
    worlds.full_turn(worlds.me, h, a, Deck([order] * worlds.n, len(worlds.ids)), real(h), judged=set(area))
    assert tried.count(len(hand)) <= 2  # only the drawn card's two drops: no area card tried


def test_a_simulated_draft_take_is_the_card_with_the_best_exact_score() -> None:
    st = new_game(2, (), seed=13)
    _advance(st, 6, take=False)
    view = st.view(st.to_move)
    worlds = Worlds(HardAgent(7, Budget(sims=8, cap_s=60)), view, seed=5)
    worlds.mean_worth = lambda hand: -1000.0  # type: ignore[method-assign]  # a take always beats a draw
    idx = worlds.syn.index
    hand = [idx[c] for c in view["players"][view["seat"]]["hand"]]
    area = [idx[c] for c in view["discard"]]
    assert area
    h, a = hand[:], area[:]
    worlds.ensure(0)
    worlds.draft_turn(worlds.me, h, a, Deck(worlds.streams[0], len(worlds.ids)))
    taken = next(c for c in h if c not in hand)
    assert worlds.exact([*hand, taken]) == max(worlds.exact([*hand, x]) for x in area)


def test_each_seat_draws_every_card_once_from_its_own_stream() -> None:
    deck = Deck([[0, 1, 2, 3, 4], [4, 3, 2, 1, 0]], 5)
    assert [deck.draw(0), deck.draw(1), deck.draw(1), deck.draw(0)] == [0, 4, 3, 1]
    assert deck.left == 1 and deck.rest() == [2]
    assert deck.draw(1) == 2 and deck.left == 0


def test_with_streams_this_seats_later_draws_do_not_shift_to_the_other_seat() -> None:
    # a draw of two now, or a take now and a draw of two next turn: with a stream per
    # seat this seat sees the same two cards either way, whatever the other seat drew
    a = Deck([[5, 6, 7, 8, 9], [9, 8, 7, 6, 5]], 10)
    b = Deck([[5, 6, 7, 8, 9], [9, 8, 7, 6, 5]], 10)
    mine_now = [a.draw(0), a.draw(0)]
    b.draw(1), b.draw(1)  # the other seat's turn comes first in the second line
    assert [b.draw(0), b.draw(0)] == mine_now


def test_one_shared_stream_is_the_decks_own_order() -> None:
    order = [3, 1, 4, 0, 2]
    deck = Deck([order] * 3, 5)
    assert [deck.draw(s) for s in (2, 0, 1, 0, 2)] == order


@pytest.mark.parametrize("diffs,z,expect", [
    ([3.0, 2.0, 4.0, 3.0], 1.0, True),  # leads in every world: beaten clearly
    ([30.0, -25.0, 28.0, -27.0], 1.0, False),  # leads on the mean only by luck: the default stays
    ([30.0, -25.0, 28.0, -27.0], 0.01, True),  # a bar near zero: the mean decides
])
def test_an_option_beats_another_by_z_standard_errors_of_the_per_world_difference(diffs: list[float], z: float,
                                                                                 expect: bool) -> None:
    race = Race(3)
    for j, d in enumerate(diffs):
        base = 10.0 * j  # the worlds' own luck, shared by both options, must not count
        race.add({0: base, 1: base + d, 2: -5.0})
    assert race.beats(1, 0, z) is expect
    assert not race.beats(0, 1, z)


def test_a_race_reads_the_pairs_sums_alone_after_an_option_drops_out() -> None:
    race = Race(3)
    for j in range(6):
        vals = {0: float(j), 1: float(j) + 1.0 + (j % 2)}
        if j < 2:
            vals[2] = 100.0
        race.add(vals)
    assert race.n == 6 and race.beats(1, 0, 3.0)
    assert race.s[2] == 200.0  # played two worlds only


def test_the_default_of_a_discard_is_the_card_whose_loss_costs_least(monkeypatch: pytest.MonkeyPatch) -> None:
    st = new_game(2, (), seed=12)
    while not (st.phase == "discard" and st.limit[st.to_move]):
        _advance(st, 1, take=len(st.discard) > 3)
    view = st.view(st.to_move)
    monkeypatch.setattr(hard, "PRIOR_Z", 1000.0)  # no option can beat a bar that high
    # the worlds' means favour the card of the highest index, with a spread no option clears the bar by
    monkeypatch.setattr(Worlds, "rollout", lambda self, k, root, h, a, given, weight: given * (1000 * (-1) ** k + 1.0))
    agent = HardAgent(7, Budget(sims=2, full_sims=2, min_samples=2, cap_s=60, workers=1))
    line = agent.choose(view, view["legal"])
    hand = view["players"][view["seat"]]["hand"]
    slug = {c["slug"]: cid for cid, c in view["cards"].items()}
    kept = [c for c in hand if c != slug[line.split()[1]]]
    assert agent.exact(view, kept) == max(agent.exact(view, [c for c in hand if c != d]) for d in hand)


def _late_view(seed: int = 14) -> dict[str, Any]:
    st = new_game(2, (), seed=seed)
    while not (st.phase == "draw" and all(st.limit) and st.turn > 20):
        _advance(st, 1, take=len(st.discard) > 3)
    return st.view(st.to_move)


def test_sampled_hidden_hands_hold_the_known_cards_and_share_none() -> None:
    view = _late_view()
    agent = HardAgent(7, Budget(sims=8, cap_s=60))
    worlds = Worlds(agent, view, seed=3)
    for k in range(10):
        worlds.ensure(k)
    idx = worlds.syn.index
    known = {s: {idx[c] for c in cards} for s, cards in agent.known_held(view).items()}
    unseen = {idx[c] for c in agent.unseen(view)}
    for k in range(10):
        for s, hand in enumerate(worlds.hands[k]):
            if s == view["seat"]:
                continue
            assert len(hand) == view["players"][s]["hand_size"]
            assert known.get(s, set()) <= set(hand)
            assert set(hand) - known.get(s, set()) <= unseen
        held = [c for h in worlds.hands[k] for c in h]
        assert len(held) == len(set(held))
        assert sorted(held + worlds.streams[k][0]) == sorted(unseen | {c for h in known.values() for c in h})


def test_a_hand_that_had_more_draws_and_more_tries_is_stronger_by_the_table() -> None:
    view = _late_view()

    def mean_table(**kw: int) -> float:
        worlds = Worlds(HardAgent(7, Budget(sims=8, cap_s=60, **kw)), view, seed=4)
        for k in range(60):
            worlds.ensure(k)
        other = 1 - view["seat"]
        return sum(worlds.table_total(h[other]) for h in worlds.hands.values()) / 60

    plain = mean_table(opp_best_of=1, opp_climb=0)
    assert mean_table(opp_best_of=1, opp_climb=15) > plain
    assert mean_table(opp_best_of=4, opp_climb=0) > plain


def test_a_world_is_the_same_whichever_worlds_were_sampled_before_it() -> None:
    # a helper process samples only the worlds it plays (see game.ai.parallel)
    view = _late_view()
    agent = HardAgent(7, Budget(sims=8, cap_s=60))
    alone, after = Worlds(agent, view, seed=5), Worlds(agent, view, seed=5)
    alone.ensure(7)
    for k in range(8):
        after.ensure(k)
    assert alone.hands[7] == after.hands[7] and alone.streams[7] == after.streams[7]
    assert after.hands[6] != after.hands[7]


def test_a_seats_normal_turn_draws_are_read_from_the_turn_number() -> None:
    view = _late_view()
    worlds = Worlds(HardAgent(7, Budget(sims=8, cap_s=60)), view, seed=4)
    draws = worlds.deck_draws(view)
    other = 1 - view["seat"]
    done = view["turn"] // 2  # two seats alternate: the other seat had the turn before this one
    taken = len(view["players"][other]["taken"])
    normal = done - view["hand_size"]  # its turns since its draft ended
    assert normal > 0
    assert draws[other] == max(0, normal - round(taken * normal / done))
