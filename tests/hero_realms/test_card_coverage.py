"""Every ability of every card has a scenario, and every card scenario names a real ability.

The card scenarios live in tests/scenarios/cards/<card_id>/<kind>.toml, with variants
as <kind>_<variant>.toml (kind = primary, expend, ally or sacrifice). This test keeps
that tree and the card data in step: a new card or ability without a scenario fails,
and so does a scenario left behind for a card or ability that does not exist.
"""

from __future__ import annotations

from pathlib import Path

from game.hero_realms.cards import library

CARDS = Path(__file__).resolve().parents[1] / "scenarios" / "cards"
KINDS = ("primary", "expend", "ally", "sacrifice")


def _kind_of(stem: str) -> str | None:
    for kind in KINDS:
        if stem == kind or stem.startswith(kind + "_"):
            return kind
    return None


def _scenarios() -> dict[tuple[str, str], list[Path]]:
    found: dict[tuple[str, str], list[Path]] = {}
    for path in sorted(CARDS.rglob("*.toml")):
        kind = _kind_of(path.stem)
        if kind is not None:
            found.setdefault((path.parent.name, kind), []).append(path)
    return found


def test_every_ability_has_a_scenario() -> None:
    found = _scenarios()
    missing = [
        f"{card.id}/{kind}"
        for card in library().cards.values()
        for kind in card.abilities
        if (card.id, kind) not in found
    ]
    assert not missing, "abilities without a scenario file: " + ", ".join(missing)


def test_every_card_scenario_names_an_existing_card_and_ability() -> None:
    lib = library()
    problems = []
    for path in sorted(CARDS.rglob("*")):
        rel = path.relative_to(CARDS)
        if path.is_dir():
            if len(rel.parts) != 1 or lib.get(path.name) is None:
                problems.append(f"{rel}: not a card id")
            continue
        if path.suffix != ".toml" or len(rel.parts) != 2:
            problems.append(f"{rel}: expected cards/<card_id>/<kind>[_<variant>].toml")
            continue
        card = lib.get(path.parent.name)
        kind = _kind_of(path.stem)
        if card is None:
            problems.append(f"{rel}: unknown card id {path.parent.name!r}")
        elif kind is None:
            problems.append(f"{rel}: the file name must start with one of {', '.join(KINDS)}")
        elif kind not in card.abilities:
            problems.append(f"{rel}: {card.id} has no {kind} ability")
    assert not problems, "\n".join(problems)


def test_the_scenario_tree_covers_the_whole_base_set() -> None:
    found = _scenarios()
    assert {card for card, _ in found} == set(library().cards)
