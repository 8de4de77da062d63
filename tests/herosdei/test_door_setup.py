"""HerosDeï's door answers the setup questions of the LAN host and the New game screen:
the modules are the two decks in seat order, the format is the variant."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game import games
from game.core.errors import DataError
from game.herosdei import decks as deckfiles

DOOR = games.game("herosdei")


def test_modules_are_two_decks_in_seat_order_not_sorted() -> None:
    assert DOOR.normal_modules(["vikings,greeks"]) == ("vikings", "greeks")
    assert DOOR.normal_modules(["vikings", " greeks "]) == ("vikings", "greeks")
    assert DOOR.normal_modules(["trojans,trojans"]) == ("trojans", "trojans")  # a mirror match
    assert DOOR.normal_modules([]) == tuple(deckfiles.installed()[:2])


@pytest.mark.parametrize(("modules", "reason"), [
    (["greeks"], "two decks, one a seat .* not 1"),
    (["greeks,vikings,trojans"], "not 3"),
    (["greeks,atlanteans"], "unknown HerosDeï deck 'atlanteans'"),
    (["../decks/greeks,vikings"], "unknown HerosDeï deck"),
])
def test_bad_modules_give_one_line(modules: list[str], reason: str) -> None:
    with pytest.raises(ValueError, match=reason) as exc:
        DOOR.normal_modules(modules)
    assert "\n" not in str(exc.value)


def test_an_installed_deck_edited_into_an_illegal_one_is_refused(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "greeks.toml"
    bad.write_text('name = "Greeks"\nciv = "greeks"\ncards = [{ card = "achille", count = 3 }]\n', encoding="utf-8")
    monkeypatch.setattr(deckfiles, "find", lambda name, beside=None: bad)
    with pytest.raises(DataError, match="3 copies of legendary card achille"):
        DOOR.normal_modules(["greeks,vikings"])


def test_the_format_is_the_variant_and_the_seats_are_two() -> None:
    pair = ("greeks", "vikings")
    assert DOOR.setup_problem(2, None, pair) is None
    for variant in ("initiation", "standard", "tournament"):
        assert DOOR.setup_problem(2, variant, pair) is None
    assert DOOR.setup_problem(3, "standard", pair) == "HerosDeï is played by 2 players, not 3"
    assert "unknown HerosDeï variant 'ffa'" in str(DOOR.setup_problem(2, "ffa", pair))
    with pytest.raises(DataError, match="unknown HerosDeï variant 'blitz'"):
        DOOR.new_record(2, 1, "blitz", pair)


def test_no_rulings_and_no_clock() -> None:
    assert DOOR.rule_names() == [] and DOOR.normal_rulings({}) == {} and DOOR.parse_rule_options([]) == {}
    with pytest.raises(ValueError, match="no optional rulings"):
        DOOR.parse_rule_options(["collector_all_suits=no"])
    with pytest.raises(ValueError, match="not played against time"):
        DOOR.timed_format("standard", 300)


def test_new_record_deals_the_decks_named_and_says_so() -> None:
    rec = DOOR.new_record(2, 5, "initiation", ("vikings", "greeks"))
    assert rec.setup["variant"] == "initiation"
    assert [d["civ"] for d in rec.setup["decks"]] == ["vikings", "greeks"]
    st = rec.initial_state()
    assert DOOR.state_setup(st) == ("initiation: vikings vs greeks", ("vikings", "greeks"), {})
    assert DOOR.setup_label("initiation", ("vikings", "greeks")) == "initiation: vikings vs greeks"
    assert DOOR.setup_label(None, ("amazons", "amazons")) == "standard: amazons vs amazons"
    default = DOOR.new_record(2, 5)
    assert default.setup["variant"] == "standard"
    assert [d["civ"] for d in default.setup["decks"]] == deckfiles.installed()[:2]
    tournament = games.game("herosdei").new_record(2, 5, "tournament", decks=["trojans", "amazons"])
    assert [d["civ"] for d in tournament.setup["decks"]] == ["trojans", "amazons"]
    with pytest.raises(DataError, match="once"):
        games.game("herosdei").new_record(2, 5, None, ("greeks", "vikings"), decks=["trojans", "amazons"])


def test_card_names_in_both_languages() -> None:
    assert DOOR.card_name("achille", "fr") == "Achille"
    assert DOOR.card_name("achille", "en") == "Achilles"
    assert DOOR.card_name("no_such_card", "en") == "no_such_card"


EVENTS: list[dict[str, Any]] = [
    {"type": "turn_started", "turn": 1},
    {"type": "card_placed", "seat": 0, "card": "achille", "onto": None},
    {"type": "card_placed", "seat": 0, "card": "no_such_card", "onto": None},
    {"type": "card_placed", "seat": 1, "card": "siegfried", "onto": None},
    {"type": "turn_started", "turn": 2},
    {"type": "character_killed", "card": "1:siegfried", "by": 0, "vp": 2, "with_cards": []},
    {"type": "character_killed", "card": "0:achille", "by": None, "vp": 0, "with_cards": []},
    {"type": "victory_points", "seat": 1, "amount": 3},
    {"type": "turn_started", "turn": 3},
    {"type": "game_over", "winner": 0, "reason": "seat 0: 5 kills"},
]


def test_a_games_figures_come_from_its_events() -> None:
    figures = DOOR.game_figures({}, EVENTS, [0])
    assert figures == {"winner": 0, "turns": 3, "ended": "kills", "kills": [1, 0], "vp": [2, 3],
                       "heroes": [["achille"], ["siegfried"]], "sides": [0]}
    assert DOOR.game_figures({}, EVENTS, [])["sides"] == [0, 1]  # a watched game counts both sides
    draw = DOOR.game_figures({}, [{"type": "game_over", "winner": "draw",
                                   "reason": "seat 0: 5 kills; seat 1: 5 kills, no Hero left"}], [])
    assert (draw["winner"], draw["ended"]) == ("draw", "draw")
    # the key the event carries is read as it is; the reason is read only for older records
    keyed = DOOR.game_figures({}, [{"type": "game_over", "winner": 1, "reason": "seat 1: the Sovereign Good quest",
                                    "termination": "quest"}], [])
    assert keyed["ended"] == "quest"
    dry = DOOR.game_figures({}, [{"type": "game_over", "winner": "draw",
                                  "reason": "futures exhausted: level on the most points"}], [])
    assert dry["ended"] == "exhaustion"


def test_the_summary_averages_the_counted_sides_and_names_cards() -> None:
    mine = DOOR.game_figures({}, EVENTS, [0])
    watched = DOOR.game_figures({}, EVENTS, [])
    summary = DOOR.summary_figures([(mine, True, [0]), (watched, None, [0])])
    assert summary["kills_per_game"] == round((1 + 1 + 0) / 3, 2)
    assert summary["vp_per_game"] == round((2 + 2 + 3) / 3, 2)
    assert summary["top_placed"][0] == {"card": "achille", "games": 2, "win_rate": 1.0}
    assert {"card": "siegfried", "games": 1, "win_rate": None} in summary["top_placed"]
    assert set(summary) == {"kills_per_game", "vp_per_game", "top_placed"}
    assert DOOR.summary_figures([])["kills_per_game"] is None


def test_a_position_is_the_runners_shape_and_a_seats_is_its_view() -> None:
    st = DOOR.new_record(2, 3, None, ("greeks", "vikings")).initial_state()
    full = DOOR.position_json(st, None)
    assert {"game", "variant", "turn", "phase", "first", "to_act", "winner", "players", "stack", "combat",
            "pending", "legal"} <= set(full)
    assert all(isinstance(p["hand"], list) for p in full["players"])
    mine = DOOR.position_json(st, 1)
    assert isinstance(mine["players"][0]["hand"], int) and isinstance(mine["players"][1]["hand"], list)
    assert all(isinstance(p["future"], int) for p in mine["players"])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_summary_figure_has_its_label_in_both_languages(lang: str) -> None:
    import tomllib

    from game.core.resources import data_path

    labels = tomllib.loads(data_path("i18n", f"{lang}.toml").read_text(encoding="utf-8"))["stats"]
    summary = DOOR.summary_figures([(DOOR.game_figures({}, EVENTS, [0]), True, [0])])
    assert not [k for k in summary if f"fig_{k}" not in labels]
