"""A seat's view shows what that seat may know and nothing more."""

from __future__ import annotations

import json

from game.hero_realms.setup import from_position, new_game


def test_view_hides_other_hands_and_every_deck_order() -> None:
    st = new_game(3, seed=4)
    for seat in range(3):
        v = st.view(seat)
        for p in v["players"]:
            assert "deck" not in p
            if p["seat"] == seat:
                assert len(p["hand"]) == p["hand_count"]
                assert p["deck_contents"] == sorted(p["deck_contents"])
            else:
                assert "hand" not in p and "deck_contents" not in p
        assert "deck" not in v["market"] and v["market"]["deck_count"] == 75


def test_view_reveals_nothing_of_hidden_order() -> None:
    """Two states that differ only in hidden order give identical views."""
    base = {"active": 0, "players": [
        {"hand": ["spark", "gold"], "deck": ["ruby", "dagger", "gold"]},
        {"hand": ["wolf_form", "bribe"], "deck": ["fire_bomb", "gold"]}],
        "market": {"row": ["spark"], "deck": ["profit", "taxation"]}}
    other = json.loads(json.dumps(base))
    other["players"][0]["deck"] = ["gold", "ruby", "dagger"]
    other["players"][1]["hand"] = ["bribe", "fire_bomb"]
    other["players"][1]["deck"] = ["gold", "wolf_form"]
    other["market"]["deck"] = ["taxation", "profit"]
    assert from_position(base).view(0) == from_position(other).view(0)


def test_known_top_card_stays_public_until_drawn() -> None:
    st = from_position({"active": 0, "players": [
        {"hand": ["smash_and_grab"], "deck": ["gold"], "discard": ["fire_bomb"]}, {"hand": []}]})
    st.apply("play smash_and_grab")
    st.apply("select fire_bomb")
    assert st.view(1)["players"][0]["deck_known_top"] == ["fire_bomb"]


def test_pending_prompt_options_only_for_its_seat() -> None:
    st = from_position({"active": 0, "players": [{"hand": ["rampage"], "deck": ["gold", "gold"]}, {}]})
    st.apply("play rampage")
    assert st.view(0)["pending"]["options"] == ["choose 1", "choose 2", "skip"]
    assert "options" not in st.view(1)["pending"] and st.view(1)["legal"] == []


def test_reach_says_why_a_target_is_out_of_reach() -> None:
    st = from_position({"format": "hunter_first_blood", "active": 0, "players": [
        {}, {"champions": ["orc_grunt", "wolf_shaman"]}, {"champions": ["cult_priest"]}, {}]})
    reach = st.view(0)["reach"]
    assert reach["players"]["1"] == "seat 1 is protected by orc_grunt"
    assert reach["players"]["2"] == "a hunter may attack or target only seat 1, on the left"
    assert reach["champions"]["1"] == [None, "seat 1 is protected by orc_grunt"]
    assert reach["champions"]["2"] == ["a hunter reaches only the champions of seats 1 and 3, the neighbours"]


def test_roles_in_emperor() -> None:
    st = from_position({"format": "emperor", "players": [{}, {"health": 60}, {}, {}, {"health": 60}, {}]})
    assert st.view(0)["roles"] == ["commander", "emperor", "commander", "commander", "emperor", "commander"]
