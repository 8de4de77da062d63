"""Replays of finished games: a replay stepped to its end has the saved game's state hash,
stepping back and forth lands on the same hashes, a LAN client's seen record shows the
views it received, and ``python -m game replay`` prints a position or refuses in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.core.errors import DataError, IllegalActionError
from game.session import replay

FIXTURE = Path(__file__).resolve().parents[1] / "history"
HERO = FIXTURE / "20261102-100000-hero_realms.json"
FANTASY = FIXTURE / "20261104-100000-fantasy_realms.json"
SEEN = FIXTURE / "20261106-100000-fantasy_realms-cafe.json"


@pytest.mark.parametrize("path", [HERO, FANTASY], ids=["hero_realms", "fantasy_realms"])
def test_a_replay_stepped_to_its_end_has_the_saved_state_hash(path: Path) -> None:
    saved = json.loads(path.read_text())["state_hash"]
    client = replay.ReplayClient(replay.load(path), None)
    while client.forward():
        pass
    assert client.at == len(json.loads(path.read_text())["actions"])
    assert client.state_hash() == saved
    assert client.view()["phase"] == "over"


def test_stepping_back_and_forth_lands_on_the_same_hashes() -> None:
    rp = replay.load(HERO)
    client = replay.ReplayClient(rp, 0)
    forward = [client.state_hash()]
    for _ in range(40):
        client.forward()
        forward.append(client.state_hash())
    for k in (39, 12, 0, 25, 40):  # back = rebuilt from the start to the step
        client.seek(k)
        assert client.state_hash() == forward[k]
        assert client.poll() == []  # a jump shows no events
    client.seek(10)
    client.forward()
    assert client.state_hash() == forward[11]
    assert client.poll() and client.poll() == []  # the step's events, once


def test_a_turn_jump_lands_on_the_first_step_of_the_turn() -> None:
    rp = replay.load(HERO)
    k = rp.step_of_turn(5)
    assert rp.turns[k] == 5 and rp.turns[k - 1] == 4
    with pytest.raises(DataError, match="no turn 999"):
        rp.step_of_turn(999)


def test_a_replay_takes_no_moves_and_its_views_list_none() -> None:
    client = replay.ReplayClient(replay.load(HERO), 0, at=3)
    assert client.view(0)["legal"] == []
    with pytest.raises(IllegalActionError):
        client.submit(0, "end")


def test_a_seen_record_shows_only_the_seat_that_saw_it() -> None:
    rp = replay.load(SEEN)
    assert rp.seen and rp.seat == 1
    client = replay.ReplayClient(rp, 1)
    while client.forward():
        pass
    final = client.view()
    assert final["phase"] == "over" and final["seat"] == 1
    with pytest.raises(DataError, match="only what seat 1 saw"):
        replay.ReplayClient(rp, 0)
    client.seek(3)
    assert client.view()["seat"] == 1


@pytest.mark.parametrize("path", [HERO, FANTASY], ids=["hero_realms", "fantasy_realms"])
def test_everyone_s_view_of_a_finished_game_shows_every_hand_and_every_card_drawn(path: Path) -> None:
    rp = replay.load(path)
    assert rp.ended
    client = replay.ReplayClient(rp, None, at=6)
    assert client.revealed
    view, st = client.view(), client.state
    for seat, entry in enumerate(view["players"]):
        assert "hand" in entry and entry == st.view(seat)["players"][seat]
    seen = 0
    while client.forward():
        for _, events in client.poll():
            for e in events:
                if e["type"] == "card_drawn":
                    assert e.get("card") or e.get("cards"), e  # nobody's draw is hidden any more
                    seen += 1
    assert seen
    one = replay.ReplayClient(rp, 0, at=6)  # a seat's view stays that seat's
    assert not one.revealed and all("hand" not in p for p in one.view()["players"][1:])


def test_an_unfinished_save_and_a_lan_client_s_record_reveal_nothing(tmp_path: Path) -> None:
    rp = replay.load(HERO)
    rec = rp.record
    rec.actions = rec.actions[:30]  # a game saved on its way
    save = tmp_path / "unfinished.json"
    rec.save(save)
    partial = replay.load(save)
    assert not partial.ended
    client = replay.ReplayClient(partial, None, at=10)
    assert not client.revealed and all("hand" not in p for p in client.view()["players"])
    seen = replay.ReplayClient(replay.load(SEEN), None)
    assert not seen.revealed and seen.viewer == 1


def test_replay_json_at_a_turn_and_for_a_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(HERO), "--to-turn", "3", "--json"]) == 0
    full = json.loads(capsys.readouterr().out)
    assert full["turn"] == 3 and "deck" in full["players"][0]  # the scenario runner's shape: everything
    assert main(["replay", str(HERO), "--to-turn", "3", "--seat", "1", "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["seat"] == 1 and "deck" not in view["players"][0]  # a seat's view hides the decks
    assert main(["replay", str(SEEN), "--to-action", "20", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seat"] == 1


@pytest.mark.parametrize("args, reason", [
    (["replay", "missing.json"], "not found"),
    (["replay", str(HERO), "--seat", "7"], "no seat 7"),
    (["replay", str(HERO), "--to-turn", "500"], "no turn 500"),
    (["replay", str(HERO), "--to-action", "-1"], "no action -1"),
    (["replay", str(SEEN), "--seat", "0"], "only what seat 1 saw"),
    (["replay", str(HERO), "--to-turn", "2", "--to-action", "3"], "not both"),
])
def test_replay_bad_input_is_one_line_and_exit_2(args: list[str], reason: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and reason in err


def test_replay_refuses_a_file_that_is_not_a_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "x.json"
    bad.write_text('{"kind": "something else"}')
    assert main(["replay", str(bad)]) == 2
    seen = json.loads(SEEN.read_text())
    seen["steps"][2]["patch"] = [["bogus"]]
    bad.write_text(json.dumps(seen))
    assert main(["replay", str(bad)]) == 2
    assert capsys.readouterr().err.count("\n") == 2
