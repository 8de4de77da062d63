"""Every legal line of the HerosDeï engine is reachable at the table: a gesture (a card
dropped on a Character or the table, a Character dragged onto another, the end button)
or a dialog's answer sends it. And the log words every event in both languages."""

from __future__ import annotations

import random

import pytest

from game import games
from game.session.session import SeatConfig, Session
from game.ui.herosdei import gestures
from game.ui.herosdei.logtext import HdLog
from game.ui.herosdei.model import HdModel
from game.ui.herosdei.prompts import Asker
from game.ui.i18n import Tr

END_BUTTON = ("done", "pass", "skip")


def _reached(m: HdModel, tr: Tr, line: str) -> bool:
    """Whether the table sends ``line`` from a gesture or a dialog."""
    w = line.split()
    me = m.viewer
    assert me is not None
    if w[0] == "play":
        card = w[1].partition("#")[0]
        if len(w) == 4:
            at = m.find(w[3])
            return at is not None and gestures.card_onto(m, tr, card, at[0], at[1]).line == line
        return gestures.card_on_table(m, tr, card).line == line
    if w[0] == "attack":
        a, d = m.find(w[1]), m.find(w[2])
        return a is not None and d is not None and a[0] == me and gestures.attack(m, tr, a[1], d[0], d[1]).line == line
    if w[0] in END_BUTTON and m.pending is None:
        # the end button sends the first of these that is legal
        return next(x for x in END_BUTTON if x in m.legal) == line
    step = Asker(m, tr, ["A", "B"]).decision()
    return step is not None and line in [o.value for o in (*step.question.options, *step.question.buttons)]


@pytest.mark.parametrize("variant", ["standard", "initiation", "tournament"])
def test_every_legal_line_is_reachable_by_a_gesture_or_a_dialog(variant: str) -> None:
    tr = Tr("en")
    for seed in range(1, 7):
        rec = games.game("herosdei").new_record(2, seed, variant, ())
        s = Session(rec, [SeatConfig("human", "A"), SeatConfig("human", "B")])
        rng = random.Random(seed)
        for _ in range(400):
            if s.over:
                break
            seat = s.waiting_for()[0]
            view = s.view(seat)
            m = HdModel(view, seat)
            for line in view["legal"]:
                assert _reached(m, tr, line), f"{line} cannot be sent from the table ({view['phase']})"
            s.submit(seat, rng.choice(view["legal"]))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_log_words_every_event_in_both_languages(lang: str) -> None:
    tr = Tr(lang)
    rec = games.game("herosdei").new_record(2, 4, "tournament", ())
    s = Session(rec, [SeatConfig("human", "A"), SeatConfig("human", "B")])
    rng = random.Random(9)
    log = HdLog(["Ana", "Bob"])
    seen: set[str] = set()
    while not s.over:
        seat = s.waiting_for()[0]
        for e in s.submit(seat, rng.choice(s.view(seat)["legal"])):
            d = e.redacted_for(0).to_dict()
            seen.add(str(d["type"]))
            log.add(d)
    for viewer in (0, 1, None):
        for _, key, text in log.lines(tr, viewer, 400):
            assert not text.startswith("hdlog.") and "{" not in text, (key, text)
    assert {"card_placed", "combat_declared", "struck", "game_over"} <= seen
