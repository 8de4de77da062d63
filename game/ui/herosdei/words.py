"""What the HerosDeï table says in words: a drop's outcome, the middle band's hint (what
the viewer may do now, or whom the table waits for), and what a zoom adds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.ui import theme
from game.ui.herosdei.ending import headline, why
from game.ui.herosdei.gestures import keywords
from game.ui.herosdei.logtext import card_name, ref_name
from game.ui.herosdei.model import STATS, Character

if TYPE_CHECKING:
    from game.ui.herosdei.parts import HdTable


def line_words(sc: HdTable, line: str) -> str:
    """What a legal line does, in words (a drop's hint)."""
    w = line.split()
    lang = sc.tr.lang
    card = w[1].partition("#")[0] if len(w) > 1 else ""
    destiny = sc.model.kind(card).endswith("destiny")
    if w[0] == "play" and len(w) == 4:
        key = "hdtable.do_destiny_on" if destiny else "hdtable.do_give"
        return sc.tr(key, card=card_name(card, lang), target=ref_name(w[3], lang))
    if w[0] == "play":
        return sc.tr("hdtable.do_destiny" if destiny else "hdtable.do_place", card=card_name(card, lang))
    if w[0] == "attack":
        return sc.tr("hdtable.do_attack", attacker=ref_name(w[1], lang), defender=ref_name(w[2], lang))
    return line


def prompt_lines(sc: HdTable) -> list[tuple[str, theme.Color]]:
    """The middle band's words: what the viewer may do now, or whom the table waits for."""
    m, tr = sc.model, sc.tr
    if m.over:
        because = why(sc)  # a sentence of its own ("By no Hero left...")
        return [(headline(sc), theme.ACCENT), *([(because, theme.TEXT)] if because else [])]
    who = m.acting()
    if not sc.can_act or sc.viewer is None:
        if who is None or who == sc.viewer or sc.curtain_for is not None or sc.replaying:
            return []  # (a replay waits for nobody)
        name = sc.names[who] if who < len(sc.names) else "?"
        return [(tr("hdtable.waiting", name=name), theme.TEXT_DIM)]
    if m.pending is not None:
        return [(tr(f"hdtable.hint_{m.pending.get('kind', '')}"), theme.HILITE)]
    if m.phase == "placement":
        good = m.good_to_give()
        if good is not None:
            return [(tr("hdtable.hint_placement"), theme.HILITE),
                    (tr("hdtable.hint_placement_good", card=card_name(good, tr.lang)), theme.TEXT)]
        return [(tr("hdtable.hint_placement"), theme.HILITE), (tr("hdtable.hint_placement_sub"), theme.TEXT)]
    if m.window_open():
        step = (m.combat or {}).get("step")
        sub = tr(f"hdtable.window_{step}") if step else tr("hdtable.window_out")
        return [(tr("hdtable.hint_window"), theme.HILITE), (sub, theme.TEXT)]
    sub = tr("hdtable.hint_attack_sub_pass") if "pass" in m.legal else tr("hdtable.hint_attack_sub_first")
    return [(tr("hdtable.hint_attack"), theme.HILITE), (sub, theme.TEXT)]


def hover_words(sc: HdTable, h: tuple[Any, ...]) -> str:
    """What the table adds under a zoom: a museum's count; for a Character in play, its
    four figures in force named in full (the face shows the printed ones), the keywords
    its given cards lend it (a flying mount), and whether it has attacked this turn."""
    if h[0] == "museum":
        return sc.tr("hdtable.museum_tip", n=len(sc.model.sides[int(h[1])].museum))
    if h[0] != "char":
        return ""
    chars = sc.model.sides[int(h[1])].chars
    if not int(h[2]) < len(chars):
        return ""
    return character_words(sc, chars[int(h[2])])


def character_words(sc: HdTable, ch: Character) -> str:
    """A Character's figures in force (with the printed one where a bonus moves it),
    its keywords with the card each comes from, and whether it has attacked."""
    m, tr = sc.model, sc.tr
    lang = tr.lang
    figures = []
    for stat in STATS:
        value, printed = ch.stats.get(stat, 0), m.printed(ch.card, stat)
        words = tr("hdtable.figure", stat=tr(f"hdtable.stat_{stat}"), n=value)
        figures.append(words if value == printed else tr("hdtable.figure_printed", figure=words, printed=printed))
    parts = [tr("hdtable.in_force", figures=", ".join(figures))]
    for kw in sorted(keywords(m, ch.card, ch.given)):
        lenders = [card_name(g, lang) for g in ch.given if (d := m.card(g)) is not None and kw in d.keywords]
        word = tr(f"hdface.kw_{kw}") if tr.has(f"hdface.kw_{kw}") else kw
        parts.append(tr("hdtable.keyword_from", keyword=word, cards=", ".join(lenders)) if lenders else word)
    if ch.attacked:
        parts.append(tr("hdtable.has_attacked"))
    return " · ".join(parts)
