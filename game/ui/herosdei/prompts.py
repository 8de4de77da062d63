"""Every HerosDeï decision the table asks in a dialog, as a question with legal answers.

The table answers placements, declarations and destinies with gestures (drags and
clicks); what the engine asks besides - the hand limit's discards, the Monster step,
the Character a Stable card acts on, a numbered choice - and the Character a card or
a destiny goes onto when several may take it, comes here as a :class:`Step` (the
table kit's: a question and what each answer means). Answers are only ever legal
lines. Pure Python (no pygame): the tests walk the steps without a window.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.herosdei.state import HAND_LIMIT
from game.ui.herosdei.logtext import card_name, ref_name
from game.ui.herosdei.model import HdModel, split_ref
from game.ui.i18n import Tr
from game.ui.tablekit.prompts import Option, Question, Step
from game.ui.tablekit.prompts import Result as KitResult

Result = KitResult[Question]


def _answer(v: Any) -> Result:
    return [v] if isinstance(v, str) else None


def onto_lines(legal: Sequence[str], card: str) -> list[str]:
    """The legal lines that play ``card`` (any copy) onto a Character."""
    return [x for x in legal if x.startswith("play ") and " on " in x and _card_of(x) == card]


def alone_line(legal: Sequence[str], card: str) -> str | None:
    """The legal line that plays ``card`` with no Character, if any."""
    return next((x for x in legal if x.startswith("play ") and " on " not in x and _card_of(x) == card), None)


def _last_copy(hand: Sequence[str], card: str) -> int:
    """Where the last copy of ``card`` lies in ``hand``: the hand limit's cards go in that
    order, so a pick (it sends the first copy) leaves every other card where it was."""
    return max((i for i, c in enumerate(hand) if c == card), default=len(hand))


def _card_of(line: str) -> str:
    words = line.split()
    return words[1].partition("#")[0] if len(words) > 1 else ""


def _prompt_card(prompt: str) -> str:
    """The card a target prompt is about ("choose the Character <card> acts on")."""
    words = prompt.split()
    return words[3] if len(words) > 3 and words[:3] == ["choose", "the", "Character"] else ""


def target_of(line: str) -> str:
    """The Character a ``play ... on <ref>`` or ``target <ref>`` line names."""
    return line.split()[-1]


class Asker:
    """Builds the questions for the viewer from the model (names and language for words)."""

    def __init__(self, model: HdModel, tr: Tr, names: Sequence[str]) -> None:
        self.m = model
        self.tr = tr
        self.names = list(names)

    def _char_option(self, line: str, ref: str) -> Option:
        got = split_ref(ref)
        seat = got[0] if got is not None else None
        whose = self.names[seat] if seat is not None and seat < len(self.names) else ""
        return Option(line, ref_name(ref, self.tr.lang), got[1] if got is not None else ref, whose)

    def decision(self) -> Step[Question] | None:
        """The question the engine's prompt asks the viewer, or None (the table's gestures answer)."""
        m, legal, tr = self.m, self.m.legal, self.tr
        pending = m.pending
        if not legal or pending is None or pending.get("seat") != m.viewer:
            return None
        kind = pending.get("kind")
        if kind == "hand_limit":
            hand = m.sides[m.viewer].hand if m.viewer is not None else []
            lines = sorted((x for x in legal if x.startswith("discard ")), key=lambda x: _last_copy(hand, _card_of(x)))
            opts = [Option(x, card_name(_card_of(x), tr.lang), _card_of(x)) for x in lines]
            held = m.sides[m.viewer].hand_count if m.viewer is not None else 0
            over = max(1, held - HAND_LIMIT)
            sub = tr("hdprompt.limit_sub_one") if over == 1 else tr("hdprompt.limit_sub", k=over)
            return Step(Question(tr("hdprompt.limit", n=held), sub, opts), _answer)
        if kind == "monster":
            opts = [Option(x, card_name(_card_of(x), tr.lang), _card_of(x)) for x in legal if x.startswith("monster ")]
            attacker = str((m.combat or {}).get("attacker", ""))
            buttons = [Option("skip", tr("hdprompt.no_monster"))] if "skip" in legal else []
            return Step(Question(tr("hdprompt.monster", attacker=ref_name(attacker, tr.lang)), tr("hdprompt.monster_sub"),
                                 opts, buttons), _answer)
        if kind == "target":
            opts = [self._char_option(x, target_of(x)) for x in legal if x.startswith("target ")]
            card = _prompt_card(str(pending.get("prompt", "")))
            title = tr("hdprompt.target", card=card_name(card, tr.lang)) if card else tr("hdprompt.target_any")
            return Step(Question(title, tr("hdprompt.target_sub"), opts), _answer)
        if kind == "choose" or all(x.startswith("choose ") for x in legal):
            opts = [Option(x, x.split()[-1]) for x in legal]
            return Step(Question(tr("hdprompt.choose"), str(pending.get("prompt", "")), opts), _answer)
        return None

    def onto(self, card: str, lines: Sequence[str], alone: str | None = None) -> Step[Question] | None:
        """Which Character ``card`` goes onto (a placement or a destiny), among ``lines``;
        ``alone``: the line that plays it with no Character, offered as a button."""
        if not lines and alone is None:
            return None
        tr = self.tr
        opts = [self._char_option(x, target_of(x)) for x in lines]
        buttons = [Option(alone, tr("hdprompt.no_target"))] if alone else []
        q = Question(tr("hdprompt.onto", card=card_name(card, tr.lang)), tr("hdprompt.onto_sub"), opts, buttons,
                     cancellable=True)
        return Step(q, _answer)

    def museum(self, seat: int) -> Question:
        """A museum's cards, top last, to look at (nothing to answer)."""
        tr = self.tr
        cards = list(self.m.sides[seat].museum)
        whose = tr("hdlog.you") if seat == self.m.viewer else (self.names[seat] if seat < len(self.names) else "")
        return Question(tr("hdprompt.museum", name=whose, n=len(cards)), "",
                        [Option(None, card_name(c, tr.lang), c) for c in reversed(cards)])
