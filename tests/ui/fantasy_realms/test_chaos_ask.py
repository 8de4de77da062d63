"""Chaos Realms as a new player meets it (issue 55, item 11): the end screen's words
for a card taken as a suit ("Mirage as an Army", "Mirage devient une Armée générique"),
and the dialog of the card an offer asks for: a row per suit, one text size for every
card, and the clock, which runs on behind it (the rulebook's variant has no turns and
one time for everyone), told and shown in the dialog."""

from __future__ import annotations

from typing import Any

import pytest

from game.fantasy_realms.cards import SUIT_NAMES, library
from game.ui import theme
from game.ui.app import App
from game.ui.fantasy_realms import score as scoring
from game.ui.fantasy_realms.dialogs import PickDialog
from game.ui.i18n import Tr
from tests.ui.fantasy_realms.helpers import center
from tests.ui.fantasy_realms.test_chaos_table import frames, open_chaos, state
from tests.ui.helpers import drag

MIRAGE = next(c for c, d in library().cards.items() if d.slug == "mirage")


def test_a_card_taken_as_a_suit_is_named_with_its_article() -> None:
    assert scoring.choice_words(MIRAGE, ("generic", "army"), Tr("en")) == "Mirage as an Army"
    assert scoring.choice_words(MIRAGE, ("generic", "land"), Tr("en")) == "Mirage as a Land"
    assert scoring.choice_words(MIRAGE, ("generic", "army"), Tr("fr")) == "Mirage devient une Armée générique"
    assert scoring.choice_words(MIRAGE, ("generic", "weather"), Tr("fr")) == "Mirage devient un Climat générique"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_suit_has_its_article_in_every_language(lang: str) -> None:
    tr = Tr(lang)
    for suit in SUIT_NAMES:
        assert tr.has(f"suit_a.{suit}"), suit
        words = scoring.choice_words(MIRAGE, ("generic", suit), tr)
        if lang == "en":
            article = words.split(" as ")[1].split()[0]
            assert article == ("an" if SUIT_NAMES[suit]["en"][0] in "AEIOU" else "a"), words
        else:
            assert " un " in words or " une " in words, words


def _ask(app: App) -> tuple[Any, Any, Any, PickDialog]:
    sc, session, clock = open_chaos(app)
    drag(app, center(sc.hand_rect(0)), center(sc.lay.seats[1]))
    dlg = app.top
    assert isinstance(dlg, PickDialog)
    return sc, session, clock, dlg


def test_the_cards_to_ask_for_come_in_a_row_per_suit_headed_by_it(app: App) -> None:
    sc, _, _, dlg = _ask(app)
    suits = [o.suit for o in dlg.q.options]
    runs = [s for i, s in enumerate(suits) if i == 0 or suits[i - 1] != s]
    assert len(runs) == len(set(runs)) == len(set(suits))  # each suit together, once
    assert sorted(dlg.heads) == [i for i, s in enumerate(suits) if i == 0 or suits[i - 1] != s]
    rows: dict[int, set[str | None]] = {}
    for o, r in zip(dlg.q.options, dlg.rects):
        rows.setdefault(r.top, set()).add(o.suit)
        assert dlg.rect.contains(r)
    assert all(len(s) == 1 for s in rows.values())  # no row mixes two suits
    for first, (suit, head) in dlg.heads.items():
        assert head.top == dlg.rects[first].top and head.right <= dlg.rects[first].left and suit == suits[first]
    scores = [int(o.caption) for o in dlg.q.options]
    assert scores[0] == max(scores)  # the best trade comes first


def test_every_card_of_the_list_is_named_at_one_size(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    sc, _, _, dlg = _ask(app)
    drawn: list[tuple[str, int]] = []
    real = theme.text

    def spy(s: str, size: int, *a: Any, **kw: Any) -> Any:
        drawn.append((s, size))
        return real(s, size, *a, **kw)

    monkeypatch.setattr(theme, "text", spy)
    dlg.draw(app.screen)  # the dialog alone (the table under it names cards too)
    names = [o.label for o in dlg.q.options]
    labels = [(s, size) for s, size in drawn
              if any(s.startswith(f"{n} (") or (s.endswith("…") and n.startswith(s[:-1].rstrip()[:8])) for n in names)]
    assert len(labels) >= len(names)  # every card's name was drawn
    assert len({size for _, size in labels}) == 1, sorted(set(labels))


def test_the_clock_runs_on_behind_the_dialog_and_the_dialog_says_so(app: App) -> None:
    sc, session, clock, dlg = _ask(app)
    assert app.tr("chaos.ask_clock") in dlg.q.subtitle.split("\n")
    before = state(session).clock_ms
    shown = dlg.corner() if dlg.corner is not None else ""
    frames(app, 12, clock, 1.0)  # twelve seconds in the dialog
    assert app.top is dlg
    assert state(session).clock_ms > before  # the others trade on: the time is everyone's
    assert dlg.corner is not None and dlg.corner() != shown and dlg.corner().startswith(app.tr("chaos.ask_left", time="")[:4])
