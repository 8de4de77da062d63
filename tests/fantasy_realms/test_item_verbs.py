"""Cursed Items as data: each item's ``ability`` names a verb of the vocabulary, the
loader checks it with one-line errors, ``items.py`` runs it through its registry with
the item's fields, and the item modules sit below the rules' door (no import cycle)."""

from __future__ import annotations

import ast
import copy
import shutil
from pathlib import Path
from typing import Any

import pytest

from game.core import tomlcompat
from game.core.errors import DataError
from game.core.resources import data_path
from game.fantasy_realms import items
from game.fantasy_realms.cards import ITEM_FILE, CardLibrary, library, load_library, parse_item
from game.fantasy_realms.item_verbs import ITEM_VERBS
from game.fantasy_realms.setup import new_game
from game.fantasy_realms.state import GameState

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "game" / "fantasy_realms"


# ---- the registry and the vocabulary ---------------------------------------------------
def test_the_registry_implements_exactly_the_verbs_the_loader_knows() -> None:
    assert set(items.VERBS) == set(ITEM_VERBS)
    shipped = {it.verb for it in library().items.values()}
    assert shipped == set(ITEM_VERBS), "every verb is used by a shipped item"


def test_items_sharing_a_mechanism_share_a_verb_with_their_own_fields() -> None:
    by_slug = {it.slug: it for it in library().items.values()}
    assert by_slug["book_of_prophecy"].verb == by_slug["crystal_lens"].verb == "see_deck"
    assert by_slug["book_of_prophecy"].params == {"from": "bottom", "count": 7}
    assert by_slug["crystal_lens"].params == {"from": "top", "count": 1, "before_draw": True}
    assert by_slug["winged_boots"].verb == by_slug["sarcophagus"].verb == "deck_to_discard"
    assert by_slug["sarcophagus"].params == {"ends_turn": True} and by_slug["winged_boots"].params == {}


# ---- the import layers -------------------------------------------------------------------
def _runtime_imports(path: Path, modules: set[str]) -> set[str]:
    """The sibling modules ``path`` imports when it runs (inside functions too; typing-only
    imports under ``if TYPE_CHECKING:`` aside)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = {id(sub) for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
            for stmt in node.body for sub in ast.walk(stmt)}
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom) and node.module == "game.fantasy_realms":
            out |= {alias.name for alias in node.names if alias.name in modules}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("game.fantasy_realms."):
            out.add((node.module or "").split(".")[2])
        elif isinstance(node, ast.Import):
            out |= {a.name.split(".")[2] for a in node.names if a.name.startswith("game.fantasy_realms.")}
    return out - {path.stem}


def _graph() -> dict[str, set[str]]:
    modules = {p.stem for p in PACKAGE.glob("*.py")}
    return {p.stem: _runtime_imports(p, modules) for p in PACKAGE.glob("*.py")}


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of ``graph`` (module -> modules it imports), or []."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return []


def test_the_item_modules_never_import_the_rules_door() -> None:
    graph = _graph()
    for name in ("items", "item_effects", "item_verbs", "turn"):
        assert "rules" not in graph[name], f"{name}.py imports rules.py"
    assert "items" not in graph["turn"] and "item_effects" not in graph["items"]


def test_no_import_cycle_in_the_fantasy_realms_engine() -> None:
    assert _cycle(_graph()) == []


def test_the_cycle_finder_sees_cycles_and_imports_inside_functions(tmp_path: Path) -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []
    probe = tmp_path / "probe.py"
    probe.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.fantasy_realms import state\n"
                     "def f():\n    from game.fantasy_realms import rules\n    import game.fantasy_realms.turn\n",
                     encoding="utf-8")
    assert _runtime_imports(probe, {"state", "rules", "turn"}) == {"rules", "turn"}


# ---- the loader ------------------------------------------------------------------------------
RAW_ITEMS: list[dict[str, Any]] = tomlcompat.load_file(data_path("fantasy_realms", ITEM_FILE))["item"]
NAMES = {r["name"]["en"] for r in RAW_ITEMS}


def _with_ability(number: int, ability: Any) -> dict[str, Any]:
    raw = copy.deepcopy(next(r for r in RAW_ITEMS if r["number"] == number))
    if ability is None:
        del raw["ability"]
    else:
        raw["ability"] = ability
    return raw


@pytest.mark.parametrize(("number", "ability", "needle"), [
    (36, None, "item CH36: missing field 'ability'"),
    (36, "deck_to_discard", "item CH36.ability: an ability is"),
    (36, {"ends_turn": True}, "item CH36.ability: an ability is"),
    (36, {"verb": "fly"}, "item CH36.ability.verb: unknown item verb 'fly' (known: see_hand,"),
    (36, {"verb": "deck_to_discard", "count": 2}, "item CH36.ability: verb 'deck_to_discard' takes no field 'count'"),
    (36, {"verb": "deck_to_discard", "ends_turn": "yes"}, "item CH36.ability.ends_turn: ends_turn must be true or false"),
    (40, {"verb": "draw_then_discard"}, "item CH40.ability: verb 'draw_then_discard' needs field 'count'"),
    (40, {"verb": "draw_then_discard", "count": 0}, "item CH40.ability.count: count must be at least 1, not 0"),
    (40, {"verb": "draw_then_discard", "count": 2.5}, "item CH40.ability.count: count must be an integer"),
    (40, {"verb": "draw_then_discard", "count": True}, "item CH40.ability.count: count must be an integer"),
    (27, {"verb": "see_deck", "from": "middle", "count": 7},
     "item CH27.ability.from: must be one of bottom, top, not 'middle'"),
    (41, {"verb": "copy_used_item", "except": ["Backpack", "Bagpipe"]},
     "item CH41.ability.except: no item is named 'Bagpipe'"),
    (41, {"verb": "copy_used_item", "except": "Backpack"}, "item CH41.ability.except: must be a non-empty list of item names"),
])
def test_a_bad_ability_is_a_one_line_data_error(number: int, ability: Any, needle: str) -> None:
    with pytest.raises(DataError) as exc:
        parse_item("cursed_items.toml", _with_ability(number, ability), NAMES)
    assert needle in str(exc.value) and "\n" not in str(exc.value)


ODD_VALUES: list[Any] = [None, True, 0, -1, 7, 10**9, 2**70, 1.5, "", "x", "top", [], [1], ["x"], ["Backpack"], {},
                         {"verb": "nothing"}, [[[]]]]


def test_every_ability_field_survives_values_of_every_type() -> None:
    """Each field of every item's ability (the verb and the table itself included),
    swapped for values of other types or removed: the item loads or one line says why."""
    for raw in RAW_ITEMS:
        ability = raw["ability"]
        for key in [None, *ability, "count", "extra"]:
            for value in ODD_VALUES:
                mutated: Any = value  # None: the field (or the whole ability) removed
                if key is not None:
                    mutated = {k: v for k, v in ability.items() if k != key}
                    if value is not None:
                        mutated[key] = value
                try:
                    parse_item("cursed_items.toml", _with_ability(raw["number"], mutated), NAMES)
                except DataError as exc:
                    assert str(exc) and "\n" not in str(exc), (raw["id"], key, value)


def test_a_bad_ability_in_the_file_stops_the_whole_library(tmp_path: Path) -> None:
    folder = tmp_path / "fantasy_realms"
    shutil.copytree(data_path("fantasy_realms"), folder)
    path = folder / ITEM_FILE
    path.write_text(path.read_text(encoding="utf-8").replace('verb = "see_hand"', 'verb = "see_hands"', 1),
                    encoding="utf-8")
    with pytest.raises(DataError, match=r"cursed_items.toml: item CH24.ability.verb: unknown item verb 'see_hands'"):
        load_library(folder)


# ---- the fields decide -------------------------------------------------------------------------
def _library_with(tmp_path: Path, old: str, new: str) -> CardLibrary:
    folder = tmp_path / "fantasy_realms"
    shutil.copytree(data_path("fantasy_realms"), folder)
    path = folder / ITEM_FILE
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return load_library(folder)


def _holding(lib: CardLibrary, slug: str) -> GameState:
    st = new_game(3, ("cursed_items",), seed=3, first=0, lib=lib)
    iid = next(i for i, it in st.lib.items.items() if it.slug == slug)
    if iid in st.item_deck:
        st.item_deck.remove(iid)
    for s in range(3):
        if st.face_up[s] == iid:
            st.face_up[s] = st.item_deck.pop()
    st.face_up[0] = iid
    return st


def test_a_count_field_sets_how_many_cards_an_item_moves(tmp_path: Path) -> None:
    lib = _library_with(tmp_path, 'verb = "draw_then_discard", count = 2', 'verb = "draw_then_discard", count = 3')
    st = _holding(lib, "fishhook")
    st.apply("item use")
    assert len(st.hands[0]) == 10 and st.phase == "discard"
    st = _holding(library(), "fishhook")
    st.apply("item use")
    assert len(st.hands[0]) == 9


def test_a_flag_field_changes_the_turn_an_item_leaves(tmp_path: Path) -> None:
    lib = _library_with(tmp_path, 'ability = { verb = "deck_to_discard" }',
                        'ability = { verb = "deck_to_discard", ends_turn = true }')
    st = _holding(lib, "winged_boots")
    st.apply("item use")
    assert len(st.discard) == 1 and st.active == 1, "the boots now end the turn like a Sarcophagus"


def test_the_except_field_names_what_the_repair_kit_may_not_copy(tmp_path: Path) -> None:
    lib = _library_with(tmp_path, 'except = ["Backpack", "Sarcophagus", "Blindfold", "Treasure Chest"]',
                        'except = ["Backpack", "Sarcophagus", "Blindfold", "Winged Boots"]')
    for current, copies in ((library(), False), (lib, True)):
        st = _holding(current, "repair_kit")
        boots = next(i for i, it in st.lib.items.items() if it.slug == "winged_boots")
        chest = next(i for i, it in st.lib.items.items() if it.slug == "treasure_chest")
        st.face_down[0] = [boots, chest]
        words = {str(a) for a in st.legal_actions() if a.verb == "item"}
        assert ("item use winged_boots" in words) is not copies
        assert ("item use treasure_chest" in words) is copies
