"""A puzzle played through its table's client: the session starts at the puzzle's position,
every solution reaches "solved" and every wrong line "failed" as the puzzle's rules judge
them, nothing is played once decided; Fantasy Realms' position record saves and loads."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import games
from game.core.docs import Doc
from game.core.errors import IllegalActionError
from game.core.game import GameState
from game.core.puzzle import Attempt, Goal, PuzzleRules, Verdict, failed, still_open
from game.fantasy_realms.position import from_position
from game.fantasy_realms.record import Record, load
from game.session.ai_seats import AISeats
from game.session.puzzle_client import PuzzleClient, puzzle_record, puzzle_seats, start_puzzle
from game.session.puzzles import Puzzle, puzzles
from game.session.session import Session


def _inline(session: Session) -> AISeats:
    return AISeats(session, inline=True, min_delay=0.0001)


def _play(puzzle: Puzzle, line: tuple[str, ...]) -> tuple[PuzzleClient, list[tuple[Verdict, int]]]:
    heard: list[tuple[Verdict, int]] = []
    client, _, _ = start_puzzle(puzzle, ["Me"], _inline, lambda v, m: heard.append((v, m)))
    for action in line:
        if client.decided:
            break
        for _ in range(50):  # the AI's choices, if the other seat has any before the player's next line
            waiting = client.session.waiting_for()
            if client.decided or (waiting and waiting[0] == client.solver):
                break
            client.poll()
        client.submit(client.solver, action)
    for _ in range(5):
        client.poll()
    return client, heard


ALL = puzzles()


def test_every_game_with_puzzles_has_ten() -> None:
    for game in games.names():
        if games.game(game).puzzle_rules() is not None:
            assert len([p for p in ALL if p.game == game]) == 10, game


@pytest.mark.parametrize("puzzle", ALL, ids=[p.id for p in ALL])
def test_the_solution_solves_it_on_the_table_and_is_heard_once(puzzle: Puzzle) -> None:
    client, heard = _play(puzzle, puzzle.solution)
    assert client.verdict().solved, client.verdict().text
    assert [v.status for v, _ in heard] == ["solved"]
    assert heard[0][1] == len(puzzle.solution) - sum(1 for a in puzzle.solution if a.startswith("@"))
    assert client.session.record.initial_state().state_hash() == puzzle.attempt().start.state_hash()
    assert client.view(client.solver)["legal"] == []  # nothing more is offered
    before = client.session.state.state_hash()
    with pytest.raises(IllegalActionError):
        client.submit(client.solver, puzzle.solution[0])
    for _ in range(5):
        client.poll()  # and nobody plays on
    assert client.session.state.state_hash() == before
    assert not client.can_undo(client.solver)


WRONG = [(p, w) for p in ALL for w in p.wrong[:1]]


@pytest.mark.parametrize(("puzzle", "line"), WRONG, ids=[p.id for p, _ in WRONG])
def test_a_wrong_line_fails(puzzle: Puzzle, line: tuple[str, ...]) -> None:
    client, heard = _play(puzzle, line)
    assert client.verdict().status == "failed", client.verdict().text
    assert [v.status for v, _ in heard] == ["failed"]


def test_a_puzzle_table_is_not_savable_and_may_take_a_move_back() -> None:
    puzzle = next(p for p in ALL if p.game == "hero_realms")
    client, _, _ = start_puzzle(puzzle, ["Me"], _inline)
    assert client.savable is False
    client.submit(client.solver, puzzle.solution[0])
    assert client.moves == 1 and client.can_undo(client.solver)
    client.undo(client.solver)
    assert client.moves == 0
    assert client.session.state.state_hash() == puzzle.attempt().start.state_hash()


def test_the_fantasy_realms_position_record_saves_and_loads_to_the_same_state(tmp_path: Path) -> None:
    puzzle = next(p for p in ALL if p.game == "fantasy_realms")
    client, heard = _play(puzzle, puzzle.solution)
    rec = client.session.record
    assert isinstance(rec, Record) and rec.setup["kind"] == "position"
    path = tmp_path / "fr.json"
    rec.save(path, client.session.state)
    loaded, state = load(path)
    assert loaded.setup == rec.setup and loaded.actions == rec.actions
    assert state.state_hash() == client.session.state.state_hash()


def test_a_fantasy_realms_position_record_checks_its_fields() -> None:
    from game.core.errors import DataError

    with pytest.raises(DataError, match="position"):
        Record.check_setup({"kind": "position", "position": [1]}, "save")
    with pytest.raises(DataError, match="'standard' or 'position'"):
        Record.check_setup({"kind": "draft"}, "save")
    with pytest.raises(DataError, match="hand"):
        Record.position({"players": [{"hand": ["king"]}, {}, {}]}).initial_state()


class _TwoTurns(PuzzleRules):
    """A goal that stays open through the next seat's turn, decided when it ends: the
    other seat's real choices in between are the AI's."""

    goals = {"two_turns": "open until the next seat's turn is over"}

    def start(self, position: Doc, where: str) -> GameState:
        return from_position(position, where)

    def goal(self, raw: Doc, where: str, state: GameState, solver: int) -> Goal:
        return Goal("two_turns", {}, "wait")

    def verdict(self, goal: Goal, start: GameState, now: GameState, solver: int) -> Verdict:
        assert now.turn is not None and start.turn is not None
        return failed("two turns", "done") if now.turn >= start.turn + 2 else still_open("open")


def test_the_other_seats_choices_are_the_ais_while_open_and_nothing_is_played_once_decided() -> None:
    puzzle = next(p for p in ALL if p.game == "fantasy_realms")
    rules = _TwoTurns()
    start = rules.start(puzzle.position, "test")
    attempt = Attempt(games.game("fantasy_realms"), rules, rules.goal({}, "", start, 0), start, 0)
    record = puzzle_record(puzzle, attempt)
    session = Session(record, puzzle_seats(start.n, 0, ["Me"]))
    client = PuzzleClient(session, puzzle, attempt, _inline(session))
    for line in puzzle.solution:
        client.submit(0, line)
    assert not client.decided and session.waiting_for() == [1]
    for _ in range(200):
        client.poll()
        if client.decided:
            break
    assert client.decided
    mine = len(puzzle.solution)
    assert len(session.record.actions) > mine  # seat 1 drew and discarded: the AI's choices
    after = session.state.state_hash()
    assert session.waiting_for() == [2]
    for _ in range(20):
        client.poll()
    assert session.state.state_hash() == after  # seat 2 never plays: the goal is decided
