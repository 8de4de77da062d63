"""Reasons as values: every refusal the Fantasy Realms engine (Chaos Realms included) can
give is a key with plain parameters, worded in English and French under
``refusal.fantasy_realms`` of the game's i18n files; the English sentence stays the one the
command line and old LAN clients show, and the English words say the same."""

from __future__ import annotations

import ast
import string
from pathlib import Path
from typing import Any

import pytest

from game.core import tomlcompat
from game.core.errors import IllegalActionError
from game.core.refusal import Refusal
from game.core.rng import Rng
from game.fantasy_realms.chaos import new_chaos
from game.fantasy_realms.game import FantasyRealms
from game.fantasy_realms.setup import new_game
from game.fantasy_realms.state import GameState

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "game" / "fantasy_realms"


def given_keys() -> dict[str, list[set[str]]]:
    """Each refusal key the engine's source gives -> the parameter names of each call."""
    found: dict[str, list[set[str]]] = {}
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "refusal":
                key = node.args[0]
                assert isinstance(key, ast.Constant) and isinstance(key.value, str), \
                    f"{path.name}:{node.lineno}: a refusal's key is a literal"
                assert all(k.arg for k in node.keywords), f"{path.name}:{node.lineno}: parameters by name"
                found.setdefault(key.value, []).append({str(k.arg) for k in node.keywords})
    return found


def words(lang: str) -> dict[str, str]:
    doc = tomlcompat.load_file(ROOT / "data" / "i18n" / f"fantasy_realms_{lang}.toml")
    table: dict[str, Any] = doc["refusal"]["fantasy_realms"]
    return {k: v for k, v in table.items() if isinstance(v, str)}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_source_scan_finds_the_engines_refusals() -> None:
    keys = given_keys()
    assert {"game_over", "not_in_hand", "trade_with_self", "other_seat"} <= set(keys) and len(keys) >= 25


def test_no_refusal_is_given_as_a_bare_sentence() -> None:
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "IllegalActionError":
                assert not isinstance(node.args[0], (ast.Constant, ast.JoinedStr)), \
                    f"{path.name}:{node.lineno}: IllegalActionError takes a refusal, not a sentence"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_refusal_key_has_words_that_format_with_its_parameters(lang: str) -> None:
    table = words(lang)
    for key, calls in given_keys().items():
        assert key in table, f"refusal.fantasy_realms.{key} has no {lang} words"
        for params in calls:
            # every placeholder is a parameter of every call giving the key
            assert placeholders(table[key]) <= params, (key, params)
            table[key].format(**dict.fromkeys(params, "x"))
    assert set(table) <= set(given_keys()), "words for a refusal the engine no longer gives"


def illegal_refusals() -> list[Refusal]:
    """Refusals the engine really gives: bad lines tried at positions of random games."""
    out: list[Refusal] = []
    for seed in range(6):
        st = new_game(2 + seed % 4, ("cursed_items",) if seed % 2 else (), seed=seed)
        rng = Rng(seed)
        while not st.over:
            for line in ("discard nothing", "draw unicorn", "draw dragon", "keep x", "end", "fly", "discard"):
                why = st.check(line)
                if why is not None:
                    out.append(why)
            legal = st.legal_actions()
            st.apply(legal[rng.below(len(legal))])
        out.append(st.check("end") or Refusal("missing", ""))
    fr = FantasyRealms()
    for seed in range(3):
        ch = new_chaos(4, seed=seed, limit_s=10)
        necro = next(c for c in ch.cards if ch.slug(c) == "necromancer")
        if necro not in ch.hands[0]:  # seat 0 holds the Necromancer: it decides after the time
            holder = next((h for h in ch.hands if necro in h), ch.aside)
            holder[holder.index(necro)], ch.hands[0][-1] = ch.hands[0][-1], necro
        g, g2, w = (ch.slug(c) for c in (ch.hands[0][0], ch.hands[0][1], ch.hands[1][0]))
        o = next(ch.slug(c) for c in ch.cards if c not in ch.hands[0] and c not in ch.hands[1])
        ch.apply(f"0 offer 1 {g} {w}")
        ch.apply(f"0 offer any {g} {o}")
        ch.apply("clock 6000")
        for line in ("0 offer 0 {g} {w}", "0 offer 9 {g} {w}", "0 offer 1 {w} {g}", "0 offer 1 {g} {g2}",
                     "0 offer 1 {g} dragonfly", "0 offer x {g} {w}", "0 offer 1 {g} {w}", "1 withdraw #1",
                     "0 accept #1", "2 accept #1", "1 accept #2", "2 decline #2", "1 accept #9", "0 keep {g}",
                     "7 withdraw #1", "0 fly", "clock x", "clock 5000"):
            why = ch.check(line.format(g=g, g2=g2, w=w))
            assert why is not None, line
            out.append(why)
        wanted = [ch.slug(c) for c in ch.cards if c not in ch.hands[2]]
        for want in wanted[:8]:
            ch.apply(f"2 offer any {ch.slug(ch.hands[2][0])} {want}")
        out.append(ch.check(f"2 offer any {ch.slug(ch.hands[2][0])} {wanted[8]}") or Refusal("missing", ""))
        for seat, line in ((0, "draw deck"), (0, "clock 1"), (0, "1 pass")):
            try:
                fr.bind(ch, fr.parse(line), seat)
            except IllegalActionError as exc:
                out.append(exc.refusal)
        out.append(_bound_refusal(new_game(3, seed=seed), "0 pass"))
        ch.apply("clock 10000")
        assert ch.phase == "end_game" and ch.to_move == 0
        for line in ("clock 20000", "0 offer 1 {g} {w}", "1 draw", "0 keep {g}"):
            why = ch.check(line.format(g=g, w=w))
            assert why is not None, line
            out.append(why)
    return out


def _bound_refusal(st: GameState, line: str) -> Refusal:
    fr = FantasyRealms()
    try:
        fr.bind(st, fr.parse(line), 0)
    except IllegalActionError as exc:
        return exc.refusal
    return Refusal("missing", "")


def test_the_english_words_say_what_the_engines_sentence_says() -> None:
    table = words("en")
    seen = illegal_refusals()
    assert {w.key for w in seen} == set(given_keys())  # each key the engine can give, met in play
    for why in seen:
        assert all(isinstance(v, (str, int, bool)) for v in why.params.values()), why
        assert table[why.key].format(**why.params) == why.text, why


def test_an_illegal_action_carries_its_key() -> None:
    st = new_game(3, seed=2)
    with pytest.raises(IllegalActionError, match="the first player must draw from the deck") as err:
        st.discard.append(st.deck.pop())
        st.apply(f"draw {st.lib.cards[st.discard[-1]].slug}")
    assert err.value.refusal.key == "first_turn_deck" and str(err.value) == err.value.refusal.text

    ch = new_chaos(4, seed=2)
    give, want = ch.slug(ch.hands[0][0]), ch.slug(ch.hands[1][0])
    with pytest.raises(IllegalActionError) as err:
        ch.apply(f"0 offer 0 {give} {want}")
    assert err.value.refusal.key == "trade_with_self" and err.value.refusal.params == {}
    fr = FantasyRealms()
    with pytest.raises(IllegalActionError) as err:
        fr.bind(ch, fr.parse(f"1 offer any {want} {give}"), 0)  # seat 0's client sends seat 1's line
    assert err.value.refusal.key == "other_seat" and err.value.refusal.params == {"seat": 0, "other": 1}
