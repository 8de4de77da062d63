"""HerosDeï's agents: whole games from the view only, legal answers, the same answer for
the same view whatever the hidden cards, the rebuilt state of Hard's search, and the
tournament command with its --decks."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from game.ai.agent import Agent, make_agent
from game.ai.herosdei.levels import EasyAgent, MediumAgent
from game.ai.herosdei.search import WIN, Budget, HardAgent, evaluate
from game.ai.herosdei.worlds import sample
from game.cli import main
from game.core.rng import Rng
from game.herosdei import decks as deckfiles
from game.herosdei.cards import library
from game.herosdei.rebuild import matches, rebuild
from game.herosdei.setup import new_game
from game.herosdei.state import State
from game.herosdei.view import in_window, view

GAME = "herosdei"
DECKS = ("vikings", "trojans")
MAX_ACTIONS = 3000
SMALL = Budget(sims=2, candidates=3, cap_s=60.0)  # small and never cut by the clock: deterministic


def deal(seed: int, variant: str = "standard") -> State:
    return new_game([deckfiles.load(deckfiles.find(n)) for n in DECKS], library(), variant, seed)


def agent(name: str, seed: int) -> Agent:
    if name == "hard":
        return HardAgent(seed, budget=SMALL)
    return make_agent(name, seed, GAME)


def play(st: State, agents: list[Agent], watch: Any = None) -> int:
    n = 0
    while st.winner is None:
        assert n < MAX_ACTIONS, "the game did not end"
        seat = st.waiting_for()[0]
        v = view(st, seat)
        line = agents[seat].choose(v, v["legal"])
        assert line in v["legal"], f"{agents[seat].name} answered {line!r}"
        if watch is not None:
            watch(st, seat, v)
        st.apply(line)
        n += 1
    return n


@pytest.mark.parametrize("name", ["random", "easy", "medium", "hard"])
def test_each_level_plays_a_whole_game_with_legal_answers(name: str) -> None:
    st = deal(3, "tournament" if name == "medium" else "standard")
    play(st, [agent(name, 1), agent("medium" if name != "medium" else "easy", 2)])
    assert st.phase == "over"


def hide_differently(st: State, seat: int, rng: Rng) -> State:
    """The same position for ``seat``: the other hand and both futures dealt anew from
    the cards ``seat`` cannot see."""
    other = copy.deepcopy(st)
    p = other.players[1 - seat]
    unseen = p.hand + p.future
    rng.shuffle(unseen)
    p.hand, p.future = unseen[:len(p.hand)], unseen[len(p.hand):]
    rng.shuffle(other.players[seat].future)
    return other


@pytest.mark.parametrize("name", ["easy", "medium", "hard"])
def test_the_same_view_gets_the_same_answer_whatever_the_hidden_cards(name: str) -> None:
    st = deal(11)
    rng = Rng(5)
    checked = 0

    def watch(st: State, seat: int, v: dict[str, Any]) -> None:
        nonlocal checked
        if len(v["legal"]) < 2 or checked >= 12:
            return
        changed = hide_differently(st, seat, rng)
        assert view(changed, seat) == v
        assert agent(name, 7).choose(view(changed, seat), v["legal"]) == agent(name, 7).choose(v, v["legal"])
        checked += 1

    play(st, [agent("medium", 1), agent("medium", 2)], watch)
    assert checked == 12


def test_the_rebuilt_state_offers_the_views_legal_lines() -> None:
    defs = library()
    rng = Rng(9)
    seen = {"rebuilt": 0, "target": 0}

    def watch(st: State, seat: int, v: dict[str, Any]) -> None:
        if len(v["legal"]) < 2:
            return
        if v["pending"] is not None and v["pending"]["kind"] == "target":
            seen["target"] += 1
            return
        hand, futures = sample(v, defs, [], rng)
        assert len(hand) == len(st.players[1 - seat].hand)
        assert [len(f) for f in futures] == [len(p.future) for p in st.players]
        rebuilt = rebuild(v, defs, hand, futures, 1)
        assert matches(rebuilt, v), (v["phase"], v["legal"])
        seen["rebuilt"] += 1

    for seed in (1, 2):
        play(deal(seed), [agent("medium", seed), agent("easy", seed)], watch)
    assert seen["rebuilt"] > 20


class CountingHard(HardAgent):
    """Hard counting its rollouts: each is one candidate played in one guessed world."""

    rollouts = 0

    def rollout(self, st: State, stop: int) -> None:
        self.rollouts += 1
        super().rollout(st, stop)


# (candidates, worlds) -> rollouts of a search by successive halving: two candidates play
# every world; three play half the worlds (at least one), then the better two play the rest
HALVING = {(2, 2): 4, (2, 3): 6, (3, 2): 3 * 1 + 2 * 1, (3, 3): 3 * 1 + 2 * 2}


def test_hard_answers_destiny_windows_as_medium_and_guesses_more_worlds_at_placements() -> None:
    budget = Budget(sims=2, placement_sims=3, candidates=3, cap_s=60.0)
    seen = {"window": 0, "placement": 0, "declaration": 0}

    def watch(st: State, seat: int, v: dict[str, Any]) -> None:
        legal = v["legal"]
        if len(legal) < 2 or v["pending"] is not None:
            return
        kind = "window" if in_window(v["phase"], v["pending"], legal) else "placement" if v["phase"] == "placement" else "declaration"
        if seen[kind] >= 3:
            return
        hard = CountingHard(3, budget=budget)
        line = hard.choose(v, legal)
        if kind == "window":
            assert line == MediumAgent(3).choose(v, legal)
            assert hard.rollouts == 0 and hard.searched == 0
            seen[kind] += 1
        elif hard.searched:  # a guess the view cannot settle is played as Medium
            worlds = budget.placement_sims if kind == "placement" else budget.sims
            assert hard.rollouts == HALVING[(min(budget.candidates, len(legal)), worlds)]
            seen[kind] += 1

    for seed in (4, 5):
        play(deal(seed), [agent("medium", 1), agent("medium", 2)], watch)
    assert seen == {"window": 3, "placement": 3, "declaration": 3}


def test_evaluate_scores_a_won_game_above_everything() -> None:
    st = deal(4)
    play(st, [agent("medium", 1), agent("random", 2)])
    assert isinstance(st.winner, int)
    assert evaluate(st, st.winner) == WIN and evaluate(st, 1 - st.winner) == -WIN


def test_easy_never_plays_a_destiny_and_answers_alike_every_time() -> None:
    st = deal(11)
    agents = [make_agent("easy", 0, GAME), make_agent("medium", 1, GAME)]
    windows = 0

    def watch(st: State, seat: int, v: dict[str, Any]) -> None:
        nonlocal windows
        if seat == 0 and v["phase"] == "attack" and any(line.startswith("play ") for line in v["legal"]):
            windows += 1
            answer = agents[0].choose(v, v["legal"])
            assert not answer.startswith("play "), answer
            assert make_agent("easy", 99, GAME).choose(v, v["legal"]) == answer

    play(st, agents, watch)
    assert windows > 0


def test_agents_take_a_card_their_library_lacks() -> None:
    st = deal(6)
    v = view(st, st.waiting_for()[0])
    for cls in (EasyAgent, MediumAgent):
        assert cls(0, {}).choose(v, v["legal"]) in v["legal"]
    assert HardAgent(0, {}, [], SMALL).choose(v, v["legal"]) in v["legal"]


def test_the_tournament_command_plays_a_tiny_match(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--game", GAME, "--games", "2", "--jobs", "1", "--decks", ",".join(DECKS)]
    assert main([*args, "--agents", "random,easy", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["games"] == 2 and rep["decks"] and rep["illegal"] == 0
    assert {p["a"] for p in rep["pairs"]} == {"easy"} and rep["format"] == "standard"
    assert main([*args, "--agents", "random,medium", "--format", "initiation"]) == 0
    out = capsys.readouterr().out
    assert "format initiation" in out and "medium vs random" in out


@pytest.mark.parametrize("extra,reason", [
    (["--decks", "atlantis,vikings"], "unknown deck 'atlantis'"),
    (["--decks", "vikings"], "names 2 decks"),
    (["--decks", "vikings,"], "names two decks"),
    (["--format", "chaos"], "unknown HerosDeï variant"),
    (["--seats", "3"], "played by 2 players"),
    (["--modules", "promo"], "no modules"),
])
def test_bad_arguments_give_one_line_and_exit_2(extra: list[str], reason: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--game", GAME, "--agents", "random,easy", "--games", "2", "--jobs", "1",
                 *extra]) == 2
    err = capsys.readouterr().err
    assert reason in err and err.count("\n") == 1


def test_an_illegal_deck_file_is_refused_in_one_line(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    short = tmp_path / "short.toml"
    short.write_text('name = "Short"\nciv = "vikings"\ncards = [{ card = "berserk", count = 5 }]\n', encoding="utf-8")
    assert main(["tournament", "--game", GAME, "--agents", "random,easy", "--games", "2", "--jobs", "1",
                 "--decks", f"vikings,{short}"]) == 2
    err = capsys.readouterr().err
    assert "5 cards (a deck has 80)" in err and err.count("\n") == 1


def test_a_kill_that_ends_the_game_weighs_as_much_as_the_game() -> None:
    from game.ai.herosdei.knowledge import GAME_OVER, Fighter, combat_value, ends_the_game

    big = Fighter(0, 0, "a", "hero", 6, 6, 0, 3)
    small = Fighter(1, 0, "b", "character", 1, 2, 0, 0)
    last = Fighter(1, 1, "c", "hero", 1, 5, 0, 0, last=True)
    assert combat_value(big, last) >= combat_value(big, small) + GAME_OVER
    assert ends_the_game("standard", small.type, 2, {"kills": 4, "vp": 0})
    assert not ends_the_game("tournament", small.type, 2, {"kills": 4, "vp": 8})
    assert ends_the_game("tournament", last.type, 2, {"kills": 0, "vp": 8})
    assert ends_the_game("standard", last.type, 1, {"kills": 0, "vp": 0})


def test_medium_declares_the_combat_a_force_destiny_in_hand_turns_into_a_kill() -> None:
    from game.ai.herosdei.levels import MediumScorer
    from game.herosdei.scenario import build

    def attack_score(hand: list[str]) -> float:
        doc = {"game": "herosdei", "variant": "standard", "seed": 1, "turn": 2, "phase": "attack",
               "first": 0, "to_act": 0,
               "cards": [{"id": "t_hero", "type": "hero", "F": 5, "S": 9, "C": 0, "M": 3},
                         {"id": "t_foe", "type": "hero", "F": 1, "S": 6, "C": 0, "M": 1}],
               "players": [{"hand": hand, "characters": [{"card": "t_hero"}]},
                           {"characters": [{"card": "t_foe"}, {"card": "t_foe"}]}]}
        st, _actions, _expect = build(doc, "test")
        v = view(st, 0)
        line = "attack 0:t_hero 1:t_foe"
        assert line in v["legal"]
        return MediumScorer(v, st.defs).score(line)

    # Force 5 against Health 6 kills nobody; Prowess (+2 Force in combat) in hand makes it a kill
    assert attack_score(["prouesse"]) > 0 > attack_score([])


def test_medium_against_medium_ends_when_an_owner_holds_its_sovereign_good() -> None:
    # this deal looped: at the hand limit Medium sent its own Sovereign Good (won back) to
    # the museum, which returned it to its hand, and asked again for ever
    decks = [deckfiles.load(deckfiles.find(n)) for n in ("amazons", "vikings")]
    st = new_game(decks, library(), "standard", 5103)
    play(st, [agent("medium", 103), agent("medium", 103)])
    assert st.winner is not None


def test_hards_search_halves_its_candidates_and_compares_them_on_the_same_worlds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Eight candidates, 4 worlds for the last two: all eight play world 0 (4 >> 2), the best
    four by that world play world 1, the best two worlds 2-3; the best mean of those two wins,
    even when it was not the best on the first world."""
    from game.ai.herosdei import search

    worth = {f"line{i}": [i, i, i, i] for i in range(8)}  # line7 leads everywhere...
    worth["line6"] = [6, 6, 20, 20]  # ...until line6 overtakes it on the last worlds
    played: list[tuple[int, str]] = []

    class World:
        def __init__(self, w: int) -> None:
            self.w, self.line = w, ""

        def clone(self) -> World:
            return World(self.w)

        def apply(self, line: str) -> None:
            self.line = line
            played.append((self.w, line))

    made: list[int] = []

    def rebuilt(*_args: Any) -> World:
        made.append(len(made))
        return World(made[-1])

    class NoGuess:
        def __init__(self, *_args: Any) -> None:
            pass

        def draw(self, _rng: Any) -> tuple[list[str], list[list[str]]]:
            return [], [[], []]

    monkeypatch.setattr(search, "rebuild", rebuilt)
    monkeypatch.setattr(search, "matches", lambda *_args: True)
    monkeypatch.setattr(search, "Guesses", NoGuess)
    monkeypatch.setattr(search, "evaluate", lambda st, _seat: worth[st.line][st.w])
    hard = HardAgent(0, budget=Budget(sims=4, candidates=8, cap_s=60.0))
    monkeypatch.setattr(hard, "rollout", lambda *_args: None)
    view = {"seat": 0, "phase": "attack", "pending": None, "turn": 1}
    best = hard.search(view, [f"line{i}" for i in range(8)])
    assert [line for w, line in played if w == 0] == [f"line{i}" for i in range(8)]
    assert sorted(line for w, line in played if w == 1) == ["line4", "line5", "line6", "line7"]
    assert sorted(line for w, line in played if w >= 2) == ["line6", "line6", "line7", "line7"]
    assert best == "line6" and made == [0, 1, 2, 3]
