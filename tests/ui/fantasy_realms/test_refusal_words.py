"""The engine's refusals at the Fantasy Realms tables: worded in the table's language from
their keys, the cards they name by their names in that language, the English sentence
kept for a key without words."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.core.refusal import Refusal
from game.fantasy_realms.cards import library
from game.fantasy_realms.record import ChaosRecord
from game.session.ai_seats import AISeats
from game.session.clients import LocalClient
from game.session.session import SeatConfig, Session
from game.ui.app import App
from game.ui.fantasy_realms.chaos_table import ChaosTableScene
from game.ui.fantasy_realms.refusals import params
from game.ui.i18n import Tr, refusal_words
from game.ui.settings import Settings
from tests.ui.fantasy_realms.helpers import open_fr, state


@pytest.fixture
def app_fr() -> Iterator[App]:
    a = App(Settings(anim_speed="instant", language="fr"), size=(1280, 720), persist=False)
    yield a
    a.close()


def words(why: Refusal, tr: Tr) -> str:
    """``why`` as both tables word it, without a table."""
    return refusal_words(tr, "fantasy_realms", why, params(why, tr.lang))

def name(slug: str, lang: str) -> str:
    return next(str(c.name[lang]) for c in library().cards.values() if c.slug == slug)


def test_a_chaos_refusal_names_its_card_in_french_at_the_french_table(app_fr: App) -> None:
    rec = ChaosRecord.chaos(4, seed=3, limit_s=60)
    configs = [SeatConfig("human" if i == 0 else "ai", f"P{i}", "easy") for i in range(4)]
    session = Session(rec, configs)
    sc = ChaosTableScene(app_fr, LocalClient(session, AISeats(session, inline=True)), [c.name for c in configs],
                         [c.kind for c in configs], rec=rec)
    st = session.state
    mine, theirs = st.slug(st.hands[0][0]), st.slug(st.hands[1][0])
    why = st.check(f"0 offer 1 {theirs} {mine}")  # a card seat 0 does not hold
    assert why is not None and why.key == "not_held"
    assert sc.refusal_words(why) == f"La place 0 n'a pas {name(theirs, 'fr')}"
    assert words(why, Tr("en")) == f"seat 0 does not hold {name(theirs, 'en')}"


def test_the_standard_table_words_a_refusal_in_french(app_fr: App) -> None:
    rec, st = state(3, seed=1)
    sc = open_fr(app_fr, rec, st)
    why = st.check("discard nothing")
    assert why is not None
    assert sc.refusal_words(why) != why.text and sc.refusal_words(why) == Tr("fr")(f"refusal.fantasy_realms.{why.key}",
                                                                                  **why.params)


def test_a_key_without_words_keeps_the_engines_sentence() -> None:
    assert words(Refusal("other", "seat 3 is not played here"), Tr("fr")) == "seat 3 is not played here"
