"""Every decision the Fantasy Realms engine asks for, as a question with legal answers.

The table turns draws and discards into lines by itself (drags, clicks, keys);
everything else the engine asks - the two-player draft, Cursed Item effects and
their arguments, Market Wagon offers, end-of-game draws and the hand cap - comes
here: :func:`decision` reads the phase and the legal lines and returns a
:class:`Step` (the table kit's: a question, and what each answer means: lines
to send, or the next question). Answers are only ever built from legal lines. Pure Python (no pygame):
the tests walk the steps without a window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.fantasy_realms.cards import SUITS, library
from game.ui.fantasy_realms import suits
from game.ui.fantasy_realms.model import FantasyModel
from game.ui.fantasy_realms.score import card_name
from game.ui.i18n import Tr
from game.ui.tablekit.prompts import Option, Question, Step
from game.ui.tablekit.prompts import Result as KitResult

#: what an answer leads to: lines to send, the next question, or nothing
Result = KitResult[Question]


def _words(line: str) -> list[str]:
    return line.split()


def _item_ids() -> dict[str, str]:
    return {it.slug: iid for iid, it in library().items.items()}


class Asker:
    """Builds the questions for one viewer from the model (names and language for words)."""

    def __init__(self, model: FantasyModel, tr: Tr, names: Sequence[str]) -> None:
        self.m = model
        self.tr = tr
        self.names = list(names)

    # ---- words -----------------------------------------------------------------------------
    def _card(self, word: str) -> str | None:
        return self.m.card_id(word)

    def _cn(self, cid: str | None) -> str:
        return card_name(cid, self.tr.lang)

    def _card_options(self, lines: Sequence[str], at: int = 1, caption: Callable[[str], str] | None = None) -> list[Option]:
        out: list[Option] = []
        for line in lines:
            w = _words(line)
            cid = self._card(w[at]) if len(w) > at else None
            out.append(Option(line, self._cn(cid), cid, self.m.suit(cid) if cid else None, caption(line) if caption else ""))
        return out

    # ---- the engine's decisions ---------------------------------------------------------------
    def decision(self) -> Step[Question] | None:
        """The question the current phase asks, or None when the table itself answers
        (drawing and discarding are done on the table)."""
        m, legal, tr = self.m, self.m.legal, self.tr
        if not legal:
            return None
        if m.phase == "keep":
            return self._pick(tr("fprompt.keep"), tr("fprompt.keep_sub"), legal)
        if m.phase == "end_game":
            return self._end_game(legal)
        if m.phase == "effect":
            return self._effect(legal)
        return None

    def _pick(self, title: str, subtitle: str, lines: Sequence[str], buttons: Sequence[tuple[str, str]] = (),
              chips: bool = False, caption: Callable[[str], str] | None = None) -> Step[Question]:
        q = Question(title, subtitle, self._card_options(lines, caption=caption),
                     [Option(v, label) for v, label in buttons], chips=chips or len(lines) > 16)
        return Step(q, lambda v: [v] if isinstance(v, str) else None)

    def _end_game(self, legal: Sequence[str]) -> Step[Question]:
        tr = self.tr
        verb = _words(legal[0])[0]
        if verb in ("take", "pass") and any(_words(x)[0] == "take" for x in legal):
            takes = [x for x in legal if _words(x)[0] == "take"]
            return self._pick(tr("fprompt.necromancer"), tr("fprompt.necromancer_sub"), takes,
                              [("pass", tr("fprompt.take_nothing"))] if "pass" in legal else [])
        if verb == "wish":
            return self._pick(tr("fprompt.genie"), tr("fprompt.genie_sub"), legal, chips=True)
        return self._pick(tr("fprompt.cap", n=len(self.m.hand)), tr("fprompt.cap_sub"), legal)

    def _effect(self, legal: Sequence[str]) -> Step[Question] | None:
        tr, m = self.tr, self.m
        kind = m.effect
        verbs = {_words(x)[0] for x in legal}
        if kind == "pick":
            ids = _item_ids()
            q = Question(tr("fprompt.backpack"), tr("fprompt.backpack_sub"),
                         [Option(x, self._cn(ids.get(_words(x)[1])), ids.get(_words(x)[1])) for x in legal])
            return Step(q, lambda v: [v] if isinstance(v, str) else None)
        if kind == "blindfold":
            return self._pick(tr("fprompt.blindfold"), tr("fprompt.blindfold_sub"), legal)
        if kind == "wagon":
            return self._wagon(legal)
        if kind == "now":
            item = self._stolen_item(legal)
            return self.item_use(legal, title=tr("fprompt.use_now", item=self._cn(item)), cancellable=False,
                                 subtitle=self.effect_text(item))
        if kind == "staff":
            sel = [x for x in legal if x.startswith("select ")]
            return self._pick(tr("fprompt.staff"), tr("fprompt.staff_sub"), sel,
                              [("done", tr("fprompt.done"))] if "done" in legal else [])
        if kind == "rake":
            return self._pick(tr("fprompt.rake"), tr("fprompt.rake_sub"), legal)
        if kind == "mirror":
            return self._pick(tr("fprompt.mirror"), tr("fprompt.mirror_sub"), legal)
        if kind == "cauldron":
            return self._cauldron(legal)
        if kind == "ring" or verbs == {"wish"}:
            return self._pick(tr("fprompt.ring"), tr("fprompt.ring_sub"), legal, chips=True)
        return self._fallback(legal)

    def _fallback(self, legal: Sequence[str]) -> Step[Question]:
        """A decision this table has no picture for: its legal lines as buttons."""
        q = Question(self.tr("fprompt.choose"), "", [Option(x, x) for x in legal], chips=True)
        return Step(q, lambda v: [v] if isinstance(v, str) else None)

    def effect_text(self, iid: str | None) -> str:
        it = library().items.get(iid or "")
        return it.effect.get(self.tr.lang, it.effect["en"]) if it is not None else ""

    def _stolen_item(self, legal: Sequence[str]) -> str | None:
        return self.m.now_item

    def _wagon(self, legal: Sequence[str]) -> Step[Question]:
        tr, m = self.tr, self.m
        offers = [x for x in legal if x.startswith("offer ")]
        who = self.names[m.active] if m.active < len(self.names) else "?"
        card = self._cn(m.wagon_card) if m.wagon_card else "?"
        if offers:
            singles = [x for x in offers if len(_words(x)) == 2 and _words(x)[1] != "none"]
            sizes = tuple(sorted({len(_words(x)) - 1 for x in offers if _words(x)[1] != "none"}))
            q = Question(tr("fprompt.offer", name=who, card=card), tr("fprompt.offer_sub"),
                         self._card_options(singles), [Option("offer none", tr("fprompt.offer_none"))] if "offer none" in offers else [],
                         sizes=sizes or (1,))

            def answer(v: Any) -> Result:
                if isinstance(v, str):
                    return [v]
                if isinstance(v, list):
                    chosen = sorted(_words(x)[1] for x in v)
                    for line in offers:
                        if sorted(_words(line)[1:]) == chosen:
                            return [line]
                return None
            return Step(q, answer)
        trades = [x for x in legal if x.startswith("trade ")]
        buttons = [("keep", tr("fprompt.wagon_keep", card=card))] if "keep" in legal else []
        if "redraw" in legal:
            buttons.append(("redraw", tr("fprompt.wagon_redraw", card=card)))

        def from_whom(line: str) -> str:
            seat = int(_words(line)[1])
            return tr("fprompt.from", name=self.names[seat] if seat < len(self.names) else "?")
        opts = self._card_options(trades, at=2, caption=from_whom)
        q = Question(tr("fprompt.wagon_trade", card=card), tr("fprompt.wagon_trade_sub") if trades else tr("fprompt.wagon_no_offer"),
                     opts, [Option(v, label) for v, label in buttons])
        return Step(q, lambda v: [v] if isinstance(v, str) else None)

    def _cauldron(self, legal: Sequence[str]) -> Step[Question]:
        tr = self.tr
        seen: dict[str, list[str]] = {}
        for x in legal:
            seen.setdefault(_words(x)[1], []).append(x)
        opts = [Option(word, self._cn(self._card(word)), self._card(word), self.m.suit(self._card(word) or "")) for word in seen]
        q = Question(tr("fprompt.cauldron"), tr("fprompt.cauldron_sub"), opts)

        def answer(word: Any) -> Result:
            lines = seen.get(word) if isinstance(word, str) else None
            if not lines:
                return None
            where = Question(tr("fprompt.cauldron_where", card=self._cn(self._card(word))), "",
                             [], [Option(x, tr(f"fprompt.{_words(x)[0]}")) for x in lines], cancellable=True)
            return Step(where, lambda v: [v] if isinstance(v, str) else None)
        return Step(q, answer)

    # ---- using a Cursed Item (the player's own decision) ------------------------------------
    def item_use(self, lines: Sequence[str], title: str = "", cancellable: bool = True, subtitle: str = "") -> Step[Question] | None:
        """Questions for the words after ``item use`` (seat, suit, card(s), item), one at a time."""
        uses = [x for x in lines if x.startswith("item use")]
        if not uses:
            return None
        title = title or self.tr("fprompt.item_use")
        step = self._words_step(2, uses, title, cancellable, subtitle)
        if step is None:  # no words to choose: one button says it
            q = Question(title, subtitle, [], [Option(uses[0], self.tr("fprompt.use"))], cancellable=cancellable)
            step = Step(q, lambda v: [v] if isinstance(v, str) else None)
        return step

    def _words_step(self, at: int, lines: list[str], title: str, cancellable: bool, subtitle: str = "") -> Step[Question] | None:
        tr = self.tr
        done = [x for x in lines if len(_words(x)) == at]
        more = [x for x in lines if len(_words(x)) > at]
        if not more:
            return None
        rests = [_words(x)[at:] for x in more]
        if all(all(self._card(w) for w in r) for r in rests) and any(len(r) > 1 for r in rests):
            return self._card_set(at, more, done, title, cancellable, subtitle)
        firsts = list(dict.fromkeys(r[0] for r in rests))
        ids = _item_ids()
        options: list[Option] = []
        chips = False
        for w in firsts:
            if w.isdigit():
                seat = int(w)
                options.append(Option(w, self.names[seat] if seat < len(self.names) else w))
                chips = True
            elif w in SUITS:
                options.append(Option(w, suits.name(w, tr.lang), suit=w))
                chips = True
            elif w in ids:
                options.append(Option(w, self._cn(ids[w]), ids[w]))
            else:
                cid = self._card(w)
                options.append(Option(w, self._cn(cid), cid, self.m.suit(cid) if cid else None))
        q = Question(title, subtitle or tr("fprompt.item_sub"), options,
                     [Option(done[0], tr("fprompt.no_more"))] if done else [], cancellable=cancellable, chips=chips)

        def answer(v: Any) -> Result:
            if not isinstance(v, str):
                return None
            if v in done:
                return [v]
            picked = [x for x in more if _words(x)[at] == v]
            if not picked:
                return None
            if len(picked) == 1 and len(_words(picked[0])) == at + 1:
                return [picked[0]]
            nxt = self._words_step(at + 1, picked, title, cancellable, subtitle)
            return nxt if nxt is not None else [picked[0]]
        return Step(q, answer)

    def _card_set(self, at: int, lines: list[str], done: list[str], title: str, cancellable: bool, subtitle: str = "") -> Step[Question]:
        """Cards chosen together (a Sealed Vault's one or two cards)."""
        words = list(dict.fromkeys(w for x in lines for w in _words(x)[at:]))
        sizes = tuple(sorted({len(_words(x)) - at for x in lines}))
        opts = [Option(w, self._cn(self._card(w)), self._card(w), self.m.suit(self._card(w) or "")) for w in words]
        q = Question(title, subtitle or self.tr("fprompt.choose_n", sizes=" / ".join(map(str, sizes))), opts,
                     [Option(done[0], self.tr("fprompt.no_more"))] if done else [], sizes=sizes, cancellable=cancellable)

        def answer(v: Any) -> Result:
            if isinstance(v, str):
                return [v] if v in done else None
            if isinstance(v, list):
                chosen = sorted(v)
                for line in lines:
                    if sorted(_words(line)[at:]) == chosen:
                        return [line]
            return None
        return Step(q, answer)
