"""HerosDeï's New game panel: a deck per seat and the variant make a legal record for
every pair of decks and every variant; the panel shows the original-cards line; a deck
edited into an illegal one is refused in one line before the game starts; the LAN words."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from game.session.session import SeatConfig
from game.ui.app import App
from game.ui.herosdei import options
from game.ui.herosdei.options import HdOptions, HdSetup, setup_words
from game.ui.i18n import Tr
from game.ui.tablekit.entry import table_entry
from game.ui.tablekit.options import Geometry
from game.ui.widgets.basic import Cycle, Group, Label

SEATS = [SeatConfig("human", "Ana"), SeatConfig("ai", "Bot", "medium")]
GEO = Geometry(x=40, label_w=160, field_x=220, field_w=600, row_h=40, width=800)


@dataclass
class FakeScreen:
    """The New game screen as a panel sees it."""

    app: App
    tr: Tr = field(default_factory=Tr)
    relayouts: int = 0

    def u(self, n: float) -> int:
        return int(n)

    def refit(self) -> None:
        self.relayouts += 1

    def relayout(self) -> None:
        self.relayouts += 1


def _panel(app: App, lang: str = "en", previous: object | None = None) -> tuple[HdOptions, Group, FakeScreen]:
    screen = FakeScreen(app, Tr(lang))
    opts = HdOptions(screen, previous)
    group = Group()
    y = opts.rows(group, 100, GEO)
    opts.note(group, y + GEO.row_h, GEO, SEATS)
    return opts, group, screen


@pytest.mark.parametrize("variant", options.VARIANTS)
def test_every_deck_pair_and_variant_makes_a_legal_record(variant: str) -> None:
    decks = options.installed_decks()
    assert len(decks) == 5
    for a in decks:
        for b in decks:
            rec = HdSetup(variant, (a, b), list(SEATS), seed=7).record()
            assert [p["name"] for p in rec.setup["players"]] == ["Ana", "Bot"]
            state = rec.initial_state()
            assert state.variant == variant and [p.civ for p in state.players] == [a, b]
            assert state.legal_actions()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_panel_offers_the_decks_and_variants_and_says_the_cards_are_original(app: App, lang: str) -> None:
    opts, group, screen = _panel(app, lang)
    cycles = [w for w in group.widgets if isinstance(w, Cycle)]
    assert len(cycles) == 3  # a deck a seat, the variant
    assert [v for v, _ in cycles[0].options] == options.installed_decks()
    assert [v for v, _ in cycles[2].options] == list(options.VARIANTS)
    labels = [w.text for w in group.widgets if isinstance(w, Label)]
    assert screen.tr("hdnew.original") in labels
    assert ("Original cards for Realms Table" if lang == "en" else "Cartes originales") in screen.tr("hdnew.original")
    assert dict(cycles[0].options)["round_table"] == ("Knights of the Round Table" if lang == "en"
                                                      else "Chevaliers de la Table Ronde")
    assert opts.seat_counts() == [2]


def test_choices_make_the_setup_and_come_back_for_a_new_game(app: App) -> None:
    opts, group, screen = _panel(app)
    cycles = [w for w in group.widgets if isinstance(w, Cycle)]
    cycles[1].step(1)
    cycles[2].step(1)  # standard -> learning mode (initiation)
    setup = opts.setup(SEATS, 3)
    assert setup.variant == "initiation" and setup.decks[0] == "round_table" and setup.decks[1] != "greeks"
    assert screen.relayouts == 2 and opts.start_problem(SEATS) is None
    assert setup.lan_config() == {"game": "herosdei", "format": "initiation", "modules": list(setup.decks)}
    again, _, _ = _panel(app, previous=setup)
    assert again.decks == list(setup.decks) and again.variant == "initiation"


def test_an_illegal_deck_is_refused_in_one_line_before_the_start(app: App, monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path) -> None:
    from game.herosdei import decks

    bad = tmp_path / "greeks.toml"
    bad.write_text('name = "Greeks"\nciv = "greeks"\ncards = [{ card = "achille", count = 80 }]\n', encoding="utf-8")
    real = decks.find
    monkeypatch.setattr(decks, "find", lambda name: bad if name == "greeks" else real(name))
    opts, _, _ = _panel(app)
    why = opts.start_problem(SEATS)
    assert why and "\n" not in why


@pytest.mark.parametrize(("lang", "words"), [("en", "Greeks vs Vikings, learning mode"),
                                             ("fr", "Grecs contre Vikings, initiation")])
def test_lan_words(lang: str, words: str) -> None:
    tr = Tr(lang)
    assert setup_words(tr, "initiation", ["greeks", "vikings"]) == words
    assert setup_words(tr, "tournament", []) == tr("hdnew.words_tournament")
    assert table_entry("herosdei").rulings_line(tr, {}) is None
