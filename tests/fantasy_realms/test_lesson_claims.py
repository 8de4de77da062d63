"""Every claim the Fantasy Realms lesson makes, recomputed with the scorer the table
shows (issue 55, item 11): a card's score, a blanking, a bonus, "the best card to
take", "nothing to lose by discarding it", the figures it quotes. The lesson said
"Nothing in the discard area helps you now" where Lightning lifted the hand from 159
to 166; a change to the cards, the scorer or the lesson that makes a text wrong again
fails here, naming the step. A step added to the lesson must say here what it claims."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.fantasy_realms.cards import library
from game.fantasy_realms.modules import discards_to_end
from game.fantasy_realms.state import GameState
from game.session.tutorial import Lesson, lessons, say
from game.ui.fantasy_realms.score import card_name, score, table_of, with_card, without

LESSON = "first_game"


class Moment:
    """The lesson's game as the player sees it at a step (before its lines are played)."""

    def __init__(self, st: GameState, seat: int, text: dict[str, str] | None = None) -> None:
        self.st = st
        self.text = text or {}  # the step's words, by language
        self.view: dict[str, Any] = st.view(seat)
        self.hand: list[str] = list(self.view["players"][seat]["hand"])
        self.table = table_of(self.view, seat)

    def id(self, slug: str) -> str:
        return next(c for c in self.st.cards if library().cards[c].slug == slug)

    @property
    def total(self) -> int:
        return score(self.hand, self.table).total

    def card(self, slug: str) -> Any:
        return next(c for c in score(self.hand, self.table).cards if c.id == self.id(slug))

    def takes(self) -> dict[str, int]:
        """What the hand would score with each discard-area card (the table's preview)."""
        return {library().cards[c].slug: with_card(self.hand, c, self.table, len(self.hand)) for c in self.table.discard}

    def drops(self) -> dict[str, int]:
        """What the hand would score without each of its cards (the table's preview)."""
        return {library().cards[c].slug: without(self.hand, c, self.table) for c in self.hand}

    def taking(self, slug: str) -> Moment:
        """The same moment with ``slug`` taken from the discard area into the hand."""
        cid = self.id(slug)
        other = Moment(self.st, int(self.view["seat"]), self.text)
        other.hand = [*self.hand, cid]
        other.table = replace(self.table, discard=tuple(c for c in self.table.discard if c != cid))
        return other

    def suit(self, slug: str) -> str:
        return library().cards[self.id(slug)].suit


def _draw_first(m: Moment) -> None:  # "You hold 7 cards ... On the first turn you draw from the deck"
    assert len(m.hand) == 7 and not m.table.discard and m.view["legal"] == ["draw deck"]


def _light_cavalry(m: Moment) -> None:  # "Light Cavalry: it scores 0. Great Flood blanks every Army"
    c = m.card("light_cavalry")
    assert c.blanked and c.points == 0 and "Great Flood" in c.reason and m.suit("light_cavalry") == "army"
    assert m.drops()["light_cavalry"] == m.total == max(m.drops().values())  # nothing lost by discarding it


def _opponents_played(m: Moment) -> None:  # "each draws a card and discards one, face up" (once played)
    assert len(m.table.discard) == 3 and all(p["hand_size"] == 7 for p in m.view["players"])


def _shield(m: Moment) -> None:  # "Shield of Keth gives +15 beside a Leader, and your Empress is one"
    takes = m.takes()
    assert max(takes, key=lambda k: takes[k]) == "shield_of_keth" and takes["shield_of_keth"] > m.total
    assert m.suit("empress") == "leader"
    assert m.taking("shield_of_keth").card("shield_of_keth").bonus == 15


def _cavern(m: Moment) -> None:  # "Back to 7 cards: the Cavern is a Land, and Great Flood blanks Lands too"
    c = m.card("cavern")
    assert len(m.hand) == 8 and m.suit("cavern") == "land" and c.blanked and "Great Flood" in c.reason
    assert m.drops()["cavern"] == m.total == max(m.drops().values())


def _lightning(m: Moment) -> None:  # "Lightning ... would lift your hand only from 159 to 166"
    takes = m.takes()
    best = max(takes, key=lambda k: takes[k])
    assert best == "lightning" and takes[best] > m.total  # the best card the area offers, and it helps
    for lang in ("en", "fr"):  # the words quote the table's figures and name that card
        words = say(m.text, lang)
        assert f"{m.total} " in words and f" {takes[best]} " in words, (lang, m.total, takes[best])
        assert card_name(m.id(best), lang) in words, lang


def _sword(m: Moment) -> None:  # "Sword of Keth! ... each of the two is worth 40 more. Discard the Air Elemental ..."
    assert m.card("sword_of_keth").bonus == 40 and m.card("shield_of_keth").bonus == 40
    assert m.card("air_elemental").bonus == 0 and sum(1 for c in m.hand if library().cards[c].suit == "weather") == 1
    drops = m.drops()
    assert drops["air_elemental"] == max(drops.values())


def _end_near(m: Moment) -> None:  # "The discard area holds 8 cards. The game ends the moment it holds 10"
    assert len(m.table.discard) == 8 and discards_to_end(m.table.modules, m.table.players == 2) == 10


def _dragon(m: Moment) -> None:  # "The Dragon loses 40 without a Wizard: discard it. That makes 9 cards"
    assert abs(m.card("dragon").penalty) == 40
    assert not any(library().cards[c].suit == "wizard" for c in m.hand)
    drops = m.drops()
    assert drops["dragon"] == max(drops.values()) and len(m.table.discard) + 1 == 9


def _tenth_played(m: Moment) -> None:  # "The next player draws and discards: the tenth card" (once played)
    assert len(m.table.discard) == 10 and m.st.phase == "over"


def _nothing(m: Moment) -> None:
    """A step with no claim of its own (an opponent's turn without a text)."""


#: each step's claims, checked on the table before its lines are played
BEFORE: dict[int, Callable[[Moment], None]] = {
    0: _draw_first, 1: _light_cavalry, 2: _nothing, 3: _shield, 4: _cavern, 5: _nothing,
    6: _lightning, 7: _sword, 8: _nothing, 9: _end_near, 10: _dragon, 11: _nothing,
}
#: the opponents' steps whose text tells what they do: checked once their lines are played
AFTER: dict[int, Callable[[Moment], None]] = {2: _opponents_played, 11: _tenth_played}


def _lesson() -> Lesson:
    return next(lesson for lesson in lessons("fantasy_realms") if lesson.name == LESSON)


def test_every_step_of_the_lesson_says_what_the_scorer_says() -> None:
    lesson = _lesson()
    assert set(BEFORE) == set(range(len(lesson.steps))), "a step was added or removed: say here what it claims"
    st = lesson.record().replay()
    for i, step in enumerate(lesson.steps):
        checks = [(BEFORE[i], False), *([(AFTER[i], True)] if i in AFTER else [])]
        for check, played in checks:
            if played:
                for line in step.opponent or step.lines:
                    st.apply(line)
            try:
                check(Moment(st, lesson.seat, step.text))
            except AssertionError as e:
                raise AssertionError(f"step {i} of {LESSON}: {say(step.text, 'en')!r} no longer holds: {e!r}") from e
        if i not in AFTER:
            for line in step.opponent or step.lines:
                st.apply(line)
    assert st.phase == "over"
    finish = Moment(st, lesson.seat)
    assert {"shield_of_keth", "sword_of_keth", "empress"} <= {library().cards[c].slug for c in finish.hand}
    assert st.outcome() is not None and lesson.seat in st.outcome().winners  # "yours ... wins"
