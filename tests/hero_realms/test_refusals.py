"""Hero Realms' refusals are values: every key the engine gives has words in English and
French that take its parameters, and an illegal move is refused with its key."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from game.core.errors import IllegalActionError
from game.core.refusal import Refusal
from game.hero_realms.record import Record
from game.ui.i18n import Tr
from tests import source_trees

ENGINE = Path(__file__).resolve().parents[2] / "game" / "hero_realms"


def refusal_calls(folder: Path) -> dict[str, set[str]]:
    """Every ``refusal("key", ..., **params)`` in the engine's source: key -> the names of
    its parameters (``**_card(a)`` stands for the card's)."""
    found: dict[str, set[str]] = {}
    for path in source_trees.modules(folder):
        for node in ast.walk(source_trees.tree(path)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "refusal":
                first = node.args[0]
                assert isinstance(first, ast.Constant) and isinstance(first.value, str), f"{path}: a key not written out"
                names = found.setdefault(first.value, set())
                for kw in node.keywords:
                    if kw.arg is not None:
                        names.add(kw.arg)
                    elif isinstance(kw.value, ast.Call) and getattr(kw.value.func, "id", None) == "_card":
                        names |= {"card", "k", "ref"}
    return found


KEYS = refusal_calls(ENGINE)


def test_the_engine_gives_its_refusals_as_keys() -> None:
    assert len(KEYS) >= 30 and "guarded" in KEYS and "too_costly" in KEYS


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("key", sorted(KEYS))
def test_every_refusal_has_words_that_take_its_parameters(lang: str, key: str) -> None:
    tr = Tr(lang)
    full = f"refusal.hero_realms.{key}"
    assert full in __import__("game.ui.i18n", fromlist=["strings"]).strings(lang), f"no {lang} words for {key}"
    used = {f for _, f, _, _ in string.Formatter().parse(tr(full)) if f}
    assert used <= KEYS[key], f"{key}'s {lang} words name {sorted(used - KEYS[key])}, which it does not give"
    words = tr(full, **{p: "X" for p in KEYS[key]})
    assert "{" not in words and words[:1].isupper()


def _bought(line: str, gold: int) -> Refusal | None:
    rec = Record.position({"format": "ffa", "seed": 1, "active": 0, "players": [{"gold": gold}, {}],
                           "market": {"row": ["spark", "dire_wolf", "orc_grunt", "profit", "bribe"],
                                      "deck": ["taxation"], "fire_gems": 16}})
    return rec.initial_state().check(line)


def test_an_illegal_move_is_refused_with_its_key_its_parameters_and_the_same_sentence() -> None:
    why = _bought("buy dire_wolf", 1)
    assert why is not None and why.key == "too_costly"
    assert dict(why.params) == {"card": "dire_wolf", "k": 1, "ref": "dire_wolf", "cost": 5, "gold": 1}
    assert why.text == "dire_wolf costs 5 gold; you have 1"
    assert _bought("buy dire_wolf", 5) is None


def test_applying_an_illegal_move_raises_with_the_refusal() -> None:
    st = Record.standard(2, "ffa", seed=3, first=0).initial_state()
    with pytest.raises(IllegalActionError) as caught:
        st.apply("attack 1 3")
    assert caught.value.refusal.key == "not_enough_combat" and str(caught.value) == "you have 0 combat, not 3"
