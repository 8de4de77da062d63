"""The words of the deck tracker, the hint key and the replay's revealed view: every
language file parses strictly (a duplicated key once made one fall back to English
silently) and both languages carry these words."""

from __future__ import annotations

import pytest

from game.core import tomlcompat
from game.core.resources import data_path
from game.ui.i18n import strings

KEYS = ["hint.shown", "hint.thinking", "hint.not_now", "hint.failed", "tracker.title", "tracker.button", "tracker.tip",
        "tracker.deck", "tracker.deck_reshuffle", "tracker.next_draw", "tracker.any_faction", "tracker.discard",
        "tracker.opponent", "tracker.unseen", "tracker.unseen_list", "tracker.owned_list", "replay.everyone_revealed"]


def test_every_language_file_parses_strictly() -> None:
    files = sorted(data_path("i18n").glob("*.toml"))
    assert files
    for path in files:
        tomlcompat.load_file(path)  # a duplicated key raises here; the table would only fall back to English


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_tracker_hint_and_replay_words_are_in_both_languages(lang: str) -> None:
    got = strings(lang)
    missing = [k for k in KEYS if k not in got]
    assert not missing
    assert got["tracker.title"] != strings("en")["tracker.title"] or lang == "en"
