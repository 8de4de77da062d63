"""Reasons as values: every refusal HerosDeï's engine can give is a key with parameters,
its English sentence kept for the command line, and words in English and French
(``refusal.herosdei.<key>`` in data/i18n/herosdei_<lang>.toml) that format with its
parameters. The keys are found in the engine's source, so a new refusal without words
fails here."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.core import tomlcompat
from game.core.errors import IllegalActionError
from game.herosdei import scenario
from game.ui.i18n import LANGS, strings

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "game" / "herosdei"
SCENARIOS = Path(__file__).resolve().parent / "scenarios"


def _calls(name: str) -> list[tuple[Path, ast.Call]]:
    out = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name:
                out.append((path, node))
    return out


def engine_refusals() -> dict[str, set[str]]:
    """Each key the engine's ``refusal(...)`` calls give -> the names of its parameters."""
    found: dict[str, set[str]] = {}
    for path, call in _calls("refusal"):
        key = call.args[0] if call.args else None
        assert isinstance(key, ast.Constant) and isinstance(key.value, str), f"{path.name}:{call.lineno}"
        assert key.value.isidentifier() and key.value == key.value.lower(), key.value
        names = {k.arg for k in call.keywords}
        assert None not in names, f"{path.name}:{call.lineno}: parameters are named, not unpacked"
        assert found.setdefault(key.value, names) == names, f"{key.value}: one key, one set of parameters"
    return found


KEYS = engine_refusals()


def test_the_engine_gives_every_refusal_as_a_key() -> None:
    assert len(KEYS) >= 30
    for path, call in _calls("IllegalActionError"):
        arg = call.args[0]
        assert not isinstance(arg, (ast.Constant, ast.JoinedStr)), f"{path.name}:{call.lineno} raises a bare sentence"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", sorted(KEYS))
def test_each_refusal_has_words_that_format_with_its_parameters(key: str, lang: str) -> None:
    own = tomlcompat.load_file(ROOT / "data" / "i18n" / f"herosdei_{lang}.toml")
    assert key in own["refusal"]["herosdei"], f"no {lang} words for refusal {key!r}"
    params = {name: 2 if name in ("n", "seat", "actor") else "x" for name in KEYS[key]}
    for found in (f"refusal.herosdei.{key}", f"refusal.herosdei.{key}_one"):
        words = strings(lang).get(found)
        if words is not None:
            assert words.format(**params) and "{" not in words.format(**params), (found, words)


def test_the_words_name_no_key_the_engine_lacks() -> None:
    for lang in LANGS:
        own = tomlcompat.load_file(ROOT / "data" / "i18n" / f"herosdei_{lang}.toml")
        extra = {k.removesuffix("_one") for k in own["refusal"]["herosdei"]} - set(KEYS)
        assert not extra, (lang, extra)


@pytest.mark.parametrize("file, key, params, text", [
    ("flying_needs_flyer_or_thrown_weapon", "flies", {"ref": "1:griffin"},
     "1:griffin flies: only a flyer or a thrown weapon reaches it"),
    ("first_combat_compulsory", "first_combat", {}, "your first combat of the phase is compulsory"),
    ("destiny_not_in_placement", "destiny_in_placement", None, "destinies are played in the attack phase"),
])
def test_a_real_illegal_action_gives_its_key_and_its_sentence(file: str, key: str, params: dict[str, object] | None,
                                                               text: str) -> None:
    where = str(SCENARIOS / f"{file}.toml")
    st, actions, _expect = scenario.build(tomlcompat.load_file(where), where)
    refused = None
    for a in actions:
        refused = st.check(a)
        if refused is not None:
            break
        st.apply(a)
    assert refused is not None and refused.key == key and refused.text == text
    if params is not None:
        assert dict(refused.params) == params
    with pytest.raises(IllegalActionError) as raised:
        st.apply(a)
    assert raised.value.refusal == refused and str(raised.value) == text
