"""The card-file documentation (``data/<game>/README.md``) covers what the loaders know.

Every verb, term kind, field, condition, selector, flag, choice, item and allowed
value the loaders accept must be named on its game's page (backticked), each verb
and term kind in a section of its own with its parameters; the examples on the pages
must be verbatim extracts of the card files; and every card file's header must point
at its page. The vocabularies are read from the code (the registries, and the names
the loader functions compare), so a verb added without documentation fails here.
"""

from __future__ import annotations

import ast
import inspect
import re
import textwrap
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from game.core import tomlcompat
from game.core.resources import data_path
from game.fantasy_realms import cards as fr_cards
from game.fantasy_realms.item_verbs import ITEM_VERBS
from game.fantasy_realms.terms import Rulings
from game.hero_realms import cards as hr_cards
from game.hero_realms.verbs import VERBS

GAMES = ("hero_realms", "fantasy_realms")
IDENT = re.compile(r"^[a-z][a-z0-9_]*$")
# Identifier-like strings in the loaders that are not card-file vocabulary: the
# loader's own type tags and words of its messages, and the data folder's name.
INTERNAL = {"ints", "subtype", "fantasy_realms"}


def _readme(game: str) -> str:
    return (data_path(game) / "README.md").read_text(encoding="utf-8")


def _backticked(text: str) -> set[str]:
    """Every name written in backticks (a `"quoted"` value counts without its quotes)."""
    return {m.strip('"') for m in re.findall(r"`([^`\n]+)`", text)}


def _sections(text: str) -> dict[str, str]:
    """``### `name` `` headings -> the text up to the next heading of any level."""
    out: dict[str, str] = {}
    parts = re.split(r"^(#{1,6} .*)$", text, flags=re.M)
    for heading, body in zip(parts[1::2], parts[2::2]):
        m = re.fullmatch(r"### `([a-z_]+)`", heading.strip())
        if m:
            out[m.group(1)] = body
    return out


def _missing(names: Iterable[str], documented: set[str]) -> list[str]:
    return sorted(n for n in set(names) if n not in documented)


def _names_in(fn: Callable[..., Any]) -> set[str]:
    """The identifier-like string constants of ``fn``'s body (field names, kinds,
    values it compares), leaving out the text of f-string messages."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    in_fstring = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
    return {
        n.value for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and IDENT.match(n.value) and id(n) not in in_fstring
    } - INTERNAL


def _compared_to(fn: Callable[..., Any], var: str) -> set[str]:
    """The string constants ``fn`` compares the variable ``var`` with (``var == "x"``,
    ``var in ("x", "y")``)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    out: set[str] = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Compare) and isinstance(n.left, ast.Name) and n.left.id == var:
            for c in n.comparators:
                out |= {m.value for m in ast.walk(c) if isinstance(m, ast.Constant) and isinstance(m.value, str)}
    return out


# ---- Hero Realms ----------------------------------------------------------------------
def hero_realms_gaps(text: str, verbs: dict[str, Any]) -> list[str]:
    """What the Hero Realms page ``text`` leaves out of ``verbs`` and the loader."""
    gaps: list[str] = []
    sections = _sections(text)
    documented = _backticked(text)
    for verb, spec in verbs.items():
        if verb not in sections:
            gaps.append(f"verb {verb}: no section")
            continue
        named = _backticked(sections[verb])
        allowed = {v for _t, _req, values in spec.values() if values is not None for v in values}
        gaps += [f"verb {verb}: {name}" for name in _missing(set(spec) | allowed, named)]
    vocabulary = (set(hr_cards.Effect.__dataclass_fields__) | set(hr_cards.FACTIONS) | set(hr_cards.KINDS)
                  | set(hr_cards.TYPES) | set(hr_cards.DECKS))
    for fn in (hr_cards.parse_card, hr_cards.parse_effect, hr_cards.load_directory):
        vocabulary |= _names_in(fn)
    return gaps + [f"name {name}" for name in _missing(vocabulary, documented)]


def test_the_hero_realms_page_documents_every_verb_parameter_and_field() -> None:
    assert hero_realms_gaps(_readme("hero_realms"), VERBS) == []


def test_a_verb_added_without_documentation_is_caught() -> None:
    text = _readme("hero_realms")
    added = {**VERBS, "steal_gold": {"amount": (int, True, None), "from": (str, True, frozenset({"market"}))}}
    assert hero_realms_gaps(text, added) == ["verb steal_gold: no section"]
    stub = text + "\n### `steal_gold`\n\nTakes gold.\n"
    assert hero_realms_gaps(stub, added) == ["verb steal_gold: amount", "verb steal_gold: from",
                                             "verb steal_gold: market"]
    assert "verb draw: no section" in hero_realms_gaps(text.replace("### `draw`", "### Draw"), VERBS)


# ---- Fantasy Realms ---------------------------------------------------------------------
def fantasy_realms_gaps(text: str, term_kinds: dict[str, Any], item_verbs: dict[str, Any] = ITEM_VERBS) -> list[str]:
    """What the Fantasy Realms page ``text`` leaves out of ``term_kinds``, ``item_verbs``,
    the loader and the Cursed Items."""
    gaps: list[str] = []
    sections = _sections(text)
    documented = _backticked(text)
    for kind, spec in term_kinds.items():
        if kind not in sections:
            gaps.append(f"term {kind}: no section")
            continue
        gaps += [f"term {kind}: {name}" for name in _missing(spec, _backticked(sections[kind]))]
    for verb, spec in item_verbs.items():
        if verb not in sections:
            gaps.append(f"item verb {verb}: no section")
            continue
        allowed = {v for _t, _req, values in spec.values() if values is not None for v in values}
        gaps += [f"item verb {verb}: {name}" for name in _missing(set(spec) | allowed, _backticked(sections[verb]))]
    vocabulary = (fr_cards.CARD_KEYS | set(fr_cards.SUITS) | set(fr_cards.FLAGS) | set(fr_cards.TIMINGS)
                  | set(fr_cards.CHOICE_KINDS) | set(fr_cards.END_GAME_KINDS) | set(Rulings.field_names()))
    for fn in (fr_cards.check_condition, fr_cards._check_tiers, fr_cards.check_term, fr_cards._check_blank,
               fr_cards._check_clear, fr_cards.parse_card, fr_cards.check_ability, fr_cards.parse_item,
               fr_cards.load_library):
        vocabulary |= _names_in(fn)
    vocabulary |= {item.slug for item in fr_cards.library().items.values()}
    vocabulary |= {item.verb for item in fr_cards.library().items.values()}
    return gaps + [f"name {name}" for name in _missing(vocabulary, documented)]


def test_the_fantasy_realms_page_documents_every_term_field_and_item() -> None:
    assert fantasy_realms_gaps(_readme("fantasy_realms"), fr_cards.TERM_KINDS) == []


def test_a_term_kind_or_item_added_without_documentation_is_caught() -> None:
    text = _readme("fantasy_realms")
    added = {**fr_cards.TERM_KINDS, "per_item": {"points": (int, True)}}
    assert fantasy_realms_gaps(text, added) == ["term per_item: no section"]
    assert "name wishing_ring" in fantasy_realms_gaps(text.replace("`wishing_ring`", "wishing ring"),
                                                      fr_cards.TERM_KINDS)


def test_an_item_verb_added_without_documentation_is_caught() -> None:
    text = _readme("fantasy_realms")
    verbs = {**ITEM_VERBS, "burn_item": {"count": (int, True, None), "pile": (str, True, frozenset({"discard"}))}}
    assert fantasy_realms_gaps(text, fr_cards.TERM_KINDS, verbs) == ["item verb burn_item: no section"]
    stub = text + "\n### `burn_item`\n\nBurns items.\n"
    assert fantasy_realms_gaps(stub, fr_cards.TERM_KINDS, verbs) == [
        "item verb burn_item: count", "item verb burn_item: discard", "item verb burn_item: pile"]
    undocumented_field = text.replace("| `ends_turn` |", "| ends turn |")
    assert fantasy_realms_gaps(undocumented_field, fr_cards.TERM_KINDS) == ["item verb deck_to_discard: ends_turn"]


# ---- both ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_examples_are_extracts_of_the_card_files(game: str) -> None:
    files = [p.read_text(encoding="utf-8") for p in sorted(data_path(game).glob("*.toml"))]
    blocks = re.findall(r"```toml\n(.*?)```", _readme(game), flags=re.S)
    assert len(blocks) >= 10
    for block in blocks:
        tomlcompat.loads(block, f"{game} README example")
        assert any(block in text for text in files), f"not in any {game} card file:\n{block}"


@pytest.mark.parametrize("game", GAMES)
def test_every_card_file_header_points_at_its_readme(game: str) -> None:
    folder = data_path(game)
    assert (folder / "README.md").is_file()
    for path in sorted(folder.glob("*.toml")):
        lines = path.read_text(encoding="utf-8").splitlines()
        header = " ".join(line for line in lines[: next(i for i, x in enumerate(lines) if not x.startswith("#"))])
        assert f"data/{game}/README.md" in header, path.name


def test_the_pages_name_only_files_that_exist() -> None:
    root = Path(__file__).resolve().parents[2]
    for game in GAMES:
        for ref in re.findall(r"`((?:game|data)/[\w/]+\.(?:py|md|toml))`", _readme(game)):
            assert (root / ref).is_file(), f"{game} README names {ref}"


# ---- HerosDeï ----------------------------------------------------------------------------
def herosdei_gaps(text: str, verbs: dict[str, Any]) -> list[str]:
    """What the HerosDeï page ``text`` leaves out of ``verbs``, the card and deck loaders."""
    from game.herosdei import cards as hd_cards
    from game.herosdei import decks as hd_decks
    from game.herosdei import verbs as hd_verbs

    gaps: list[str] = []
    sections = _sections(text)
    for verb, spec in verbs.items():
        if verb not in sections:
            gaps.append(f"verb {verb}: no section")
            continue
        allowed = {v for _t, _req, values in spec.values() if values is not None for v in values}
        gaps += [f"verb {verb}: {name}" for name in _missing(set(spec) | allowed, _backticked(sections[verb]))]
    vocabulary = (set(hd_cards.FIELDS) | set(hd_cards.CIVS) | set(hd_cards.SLOTS) | set(hd_cards.WHENS)
                  | set(hd_verbs.CARD_TYPES) | set(hd_verbs.KEYWORDS) | set(hd_verbs.CHARACTER_TARGETS)
                  | set(hd_verbs.PLAYERS) | set(hd_verbs.STATS) | set(hd_decks.FIELDS))
    for fn in (hd_cards.parse_card, hd_cards.parse_effect, hd_cards.parse_cards, hd_cards.load_directory,
               hd_decks.parse_deck):
        vocabulary |= _names_in(fn)
    return gaps + [f"name {name}" for name in _missing(vocabulary, _backticked(text))]


def test_the_herosdei_page_documents_every_verb_field_and_value() -> None:
    from game.herosdei.verbs import VERBS as HD_VERBS

    assert herosdei_gaps(_readme("herosdei"), HD_VERBS) == []


def test_a_herosdei_verb_added_without_documentation_is_caught() -> None:
    from game.herosdei.verbs import VERBS as HD_VERBS

    text = _readme("herosdei")
    added = {**HD_VERBS, "curse": {"amount": (int, True, None), "who": (str, True, frozenset({"opponent"}))}}
    assert herosdei_gaps(text, added) == ["verb curse: no section"]
    stub = text + "\n### `curse`\n\nCurses.\n"
    assert herosdei_gaps(stub, added) == ["verb curse: amount", "verb curse: opponent", "verb curse: who"]
    assert "name insensible" in herosdei_gaps(text.replace("`insensible`", "insensible"), HD_VERBS)


def test_the_herosdei_page_names_only_files_that_exist() -> None:
    root = Path(__file__).resolve().parents[2]
    for ref in re.findall(r"`((?:game|data)/[\w/]+\.(?:py|md|toml))`", _readme("herosdei")):
        assert (root / ref).is_file(), f"herosdei README names {ref}"
