"""Every loader of a file a player may hand the game (scenario, hands file, save, the
table's Load, LAN seats file, settings, card files) answers any input with the file
loaded or one of the project's one-line errors: mutated files, type swaps, documents
nested 100,000 levels deep. Then the cases issue 33 reported, one by one, through the
loaders, the command line and the title screen's Load."""

from __future__ import annotations

import json
import random
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game import games as registry
from game.cli import main
from game.core import tomlcompat
from game.core.docs import MAX_BYTES, MAX_DEPTH, load_json
from game.core.errors import DataError
from game.core.resources import data_path
from game.fantasy_realms.cards import library as fr_library
from game.fantasy_realms.cards import load_library
from game.fantasy_realms.hands import load_hands
from game.fantasy_realms.record import Record as FRRecord
from game.hero_realms import scenario
from game.hero_realms.cards import load_directory
from game.hero_realms.record import Record as HRRecord
from game.net import room
from game.net.room import HostSeat
from game.session import local as table_games
from game.ui.settings import Settings, load_settings, save_settings
from tests.fuzz_helpers import JSON_DEEP, TOML_DEEP, TOML_DEEP_IDS, expect_one_line, mutants

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REALMS_TABLE_HOME", str(tmp_path / "home"))


# ---- the valid examples ----------------------------------------------------------------
def _played(rec: Any, actions: int, seed: int) -> str:
    """A save of ``rec`` after ``actions`` random legal actions."""
    rng = random.Random(seed)
    st = rec.initial_state()
    for _ in range(actions):
        legal = st.legal_actions()
        if not legal:
            break
        action = rng.choice(legal)
        st.apply(action)
        rec.add(action)
    return str(rec.to_json(st))


def _with_players(text: str) -> str:
    """A save as the table writes it: its seats under ``setup.players``."""
    doc = json.loads(text)
    seats = registry.loads(text, "example save")[1].n  # the game's own count (HerosDeï's setups name none)
    doc["setup"]["players"] = [{"kind": "human", "name": f"P{i}", "agent": "random"} for i in range(seats)]
    return json.dumps(doc)


@pytest.fixture(scope="module")
def saves() -> list[str]:
    shipped = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests" / "saves").glob("*.json"))]
    played = [_played(HRRecord.standard(2, seed=7), 40, 1), _played(FRRecord.standard(3, ["promo"], seed=7), 40, 2)]
    return [_with_players(t) for t in shipped + played]


def _parses(path: Path) -> bool:
    try:
        tomlcompat.load_file(path)
    except DataError:
        return False  # the runner's own test of a malformed file
    return True


def _scenarios() -> list[str]:
    files = [p for p in sorted((ROOT / "tests" / "scenarios").rglob("*.toml")) if _parses(p)]
    picked = files[:: max(1, len(files) // 12)][:12] + [data_path("scenarios", "selftest.toml")]
    return [p.read_text(encoding="utf-8") for p in picked]


def _seats_file(tmp: Path) -> str:
    save = tmp / "example.json"
    room.write_sidecar(save, "Host", [HostSeat(0, "remote", "", "Ann", "token-a"), HostSeat(1, "ai", "hard", "Bot"),
                                      HostSeat(2, "remote", "", "Bea", "token-b", taken_over=True)])
    return room.sidecar_path(save).read_text(encoding="utf-8")


def _settings_file(tmp: Path) -> str:
    assert save_settings(Settings(language="fr", volume=30), tmp / "settings.json") is None
    return (tmp / "settings.json").read_text(encoding="utf-8")


# ---- the loaders -----------------------------------------------------------------------------
def load_scenario(path: Path) -> None:
    scenario.run_file(path)


def load_hands_file(path: Path) -> None:
    load_hands(tomlcompat.load_file(path), fr_library(), str(path))


def load_save(path: Path) -> None:
    registry.load(path)


def load_at_the_table(path: Path) -> None:
    """What the title screen's Load does: the record, its seats, a game started from them."""
    rec, seats = table_games.load(path)
    table_games.start(rec, seats, autosave=None, inline_ai=True)
    table_games.save_info(path)


def load_seats_file(path: Path) -> None:
    room.read_sidecar(path.with_name(path.name.removesuffix(".lan.json")))


def load_settings_file(path: Path) -> None:
    st, _warning = load_settings(path)  # never raises: defaults and a warning instead
    assert isinstance(st, Settings) and not st.problems()


def settings_kept(path: Path, data: bytes) -> bool:
    """A settings file the loader could not use is kept aside (``.corrupt``), never lost."""
    aside = path.with_suffix(".corrupt")
    return (path.exists() and path.read_bytes() == data) or (aside.exists() and aside.read_bytes() == data)


def _card_loader(game: str, load: Callable[[Path], Any], tmp: Path) -> tuple[Callable[[Path], None], list[Path]]:
    """A loader of one damaged card file: it is written over its copy in a copy of the
    game's card folder, which is then loaded whole."""
    folder = tmp / game
    shutil.copytree(data_path(game), folder)
    files = sorted(folder.glob("*.toml"))

    def loader(path: Path) -> None:
        target = folder / path.name
        original = target.read_bytes()
        target.write_bytes(path.read_bytes())
        try:
            load(folder)
        finally:
            target.write_bytes(original)
    return loader, files


# ---- the fuzz test ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["scenario", "hands", "save", "table", "seats", "settings"])
def test_every_loader_survives_mutated_and_deep_files(name: str, tmp_path: Path, saves: list[str]) -> None:
    started = time.monotonic()
    vectors = (ROOT / "tests" / "fantasy_realms" / "vectors.toml").read_text(encoding="utf-8")
    cases: dict[str, tuple[Callable[[Path], Any], Callable[[], list[str]], str, str, int]] = {
        "scenario": (load_scenario, _scenarios, "toml", "s.toml", 120),
        "hands": (load_hands_file, lambda: [vectors], "toml", "h.toml", 20),
        "save": (load_save, lambda: saves, "json", "g.json", 100),
        "table": (load_at_the_table, lambda: saves, "json", "t.json", 40),
        "seats": (load_seats_file, lambda: [_seats_file(tmp_path)], "json", "g.json.lan.json", 120),
        "settings": (load_settings_file, lambda: [_settings_file(tmp_path)], "json", "settings.json", 120),
    }
    load, examples, fmt, filename, count = cases[name]
    kept = settings_kept if name == "settings" else None
    for i, data in enumerate(mutants(examples(), fmt, count, seed=33)):
        expect_one_line(load, tmp_path / filename, data, f"{name} mutant {i}", kept)
    assert time.monotonic() - started < 5


@pytest.mark.parametrize("game", ["hero_realms", "fantasy_realms"])
def test_the_card_files_survive_mutated_and_deep_files(game: str, tmp_path: Path) -> None:
    loader, files = _card_loader(game, load_directory if game == "hero_realms" else load_library, tmp_path)
    rng = random.Random(35)
    for i in range(24):
        original = rng.choice(files)
        text = original.read_text(encoding="utf-8")
        data = next(mutants([text], "toml", 1, seed=rng.randrange(1 << 30)))
        expect_one_line(loader, tmp_path / original.name, data, f"{game} {original.name} mutant {i}")
    for deep in TOML_DEEP:
        expect_one_line(loader, tmp_path / files[0].name, deep.encode(), f"{game} deep {deep[:8]!r}")


# ---- the helpers' bounds -------------------------------------------------------------------------
@pytest.mark.parametrize("text", JSON_DEEP, ids=["lists", "tables"])
def test_deep_json_is_a_one_line_data_error(text: str) -> None:
    with pytest.raises(DataError, match=f"nested deeper than {MAX_DEPTH} levels"):
        load_json(text, "f.json")


@pytest.mark.parametrize("text", TOML_DEEP, ids=TOML_DEEP_IDS)
def test_deep_toml_is_refused_at_once(text: str) -> None:
    started = time.monotonic()
    with pytest.raises(DataError, match=f"f.toml: malformed TOML .*deeper than {MAX_DEPTH} levels"):
        tomlcompat.loads(text, "f.toml")
    assert time.monotonic() - started < 0.5  # a 10,000-part dotted key took tomllib 2 s and 400 MB


def test_nesting_up_to_the_bound_is_accepted() -> None:
    inner = MAX_DEPTH - 1
    assert load_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, "f")
    assert tomlcompat.loads("a = " + "[" * inner + "]" * inner, "f")
    assert tomlcompat.loads("x." * inner + "y = 1", "f")
    # dots in strings, comments and floats are not keys
    assert tomlcompat.loads('s = "' + "." * 500 + '"  # ' + "." * 500 + "\nf = [" + ", ".join(["1.5"] * 500) + "]", "f")


@pytest.mark.parametrize(("text", "reason"), [
    ('{"seed": NaN}', "NaN is not a JSON number"),
    ('{"seed": -Infinity}', "Infinity is not a JSON number"),
    ('{"seed": ' + "9" * 5000 + "}", "a number is too long"),
    ('{"name": "\\ud800"}', "unpaired surrogate"),
    ("[1,", "bad JSON at line 1"),
], ids=["nan", "infinity", "long-number", "surrogate", "truncated"])
def test_json_that_cannot_round_trip_is_refused(text: str, reason: str) -> None:
    with pytest.raises(DataError, match=reason):
        load_json(text, "f.json")


def test_an_absurdly_large_file_is_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(MAX_BYTES + 1)
    with pytest.raises(DataError, match="larger than 16 MiB"):
        registry.load(big)
    with pytest.raises(DataError, match="larger than 16 MiB"):
        tomlcompat.load_file(big)


# ---- the cases of issue 33 --------------------------------------------------------------------------
def _fr_save(**setup: Any) -> str:
    doc = json.loads((ROOT / "tests" / "saves" / "fantasy_realms_v1.json").read_text(encoding="utf-8"))
    doc["setup"].update(setup)
    return json.dumps(doc)


def _hr_save(**setup: Any) -> str:
    doc = json.loads((ROOT / "tests" / "saves" / "hero_realms_v1.json").read_text(encoding="utf-8"))
    doc["setup"].update(setup)
    return json.dumps(doc)


def test_a_fantasy_realms_save_whose_modules_is_a_list_of_numbers_is_refused() -> None:
    with pytest.raises(DataError, match=r"^g.json: setup modules must be a list of texts, not \[1\]$"):
        registry.loads(_fr_save(modules=[1]), "g.json")


@pytest.mark.parametrize(("field", "value", "reason"), [
    ("seed", "5", "setup seed must be an integer"), ("seed", 1.5, "setup seed must be an integer"),
    ("seats", True, "setup seats must be an integer"), ("first", [], "setup first must be an integer"),
    ("rulings", [], "setup rulings must be a table"), ("rng", "2", "setup rng must be an integer"),
    ("rng", 3, "unknown random generator version 3"), ("players", [1], "setup players must be a list of tables"),
    ("modules", "promo", "setup modules must be a list of texts"),
])
def test_a_fantasy_realms_setup_of_the_wrong_shape_says_which_field(field: str, value: Any, reason: str) -> None:
    with pytest.raises(DataError, match=reason):
        registry.loads(_fr_save(**{field: value}), "g.json")


@pytest.mark.parametrize(("setup", "reason"), [
    ({"format": 3}, "setup format must be a text"), ({"seats": "3"}, "setup seats must be an integer"),
    ({"market_decks": "2"}, "setup market_decks must be an integer"), ({"kind": "chess"}, "setup kind must be"),
    ({"kind": "position", "position": [1]}, "setup position must be a table"),
    ({"kind": "position", "position": {"players": [{}, {}], "market": {"fire_gems": 10**12}}},
     "16 Fire Gems|only"),
])
def test_a_hero_realms_setup_of_the_wrong_shape_says_which_field(setup: dict[str, Any], reason: str) -> None:
    started = time.monotonic()
    with pytest.raises(DataError, match=reason):
        registry.loads(_hr_save(**setup), "g.json")
    assert time.monotonic() - started < 2  # a trillion Fire Gems are refused, not made


def test_a_save_keeps_loading_with_the_generator_version_and_unknown_fields() -> None:
    """``rng`` (1 or 2) is read; a field this version does not know is left alone."""
    rec, _st = registry.loads(_fr_save(rng=1, comment="made by hand"), "g.json")
    assert rec.setup["rng"] == 1 and rec.setup["comment"] == "made by hand"
    rec, _st = registry.loads(_hr_save(rng=1, comment={"any": ["thing"]}), "g.json")
    assert rec.setup["comment"] == {"any": ["thing"]}


def test_a_hands_file_whose_modules_is_not_a_list_of_names_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "h.toml"
    path.write_text('[[hand]]\ncards = ["FR01"]\nmodules = [1]\n', encoding="utf-8")
    with pytest.raises(DataError, match="'modules' must be a list of module names"):
        load_hands_file(path)


def test_a_deep_seats_file_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    room.sidecar_path(save).write_text(JSON_DEEP[1], encoding="utf-8")
    with pytest.raises(DataError, match="g.json.lan.json: not a LAN seats file"):
        room.read_sidecar(save)


@pytest.mark.parametrize("seat", [{"kind": "ai", "agent": 3}, {"kind": "remote", "taken_over": "yes"}, ["remote"],
                                  {"kind": "host"}])
def test_a_seats_file_seat_of_the_wrong_shape_is_refused(tmp_path: Path, seat: Any) -> None:
    save = tmp_path / "g.json"
    doc = {"kind": room.SIDECAR_KIND, "version": room.SIDECAR_VERSION, "host": "H", "seats": [seat]}
    room.sidecar_path(save).write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DataError, match="cannot read the LAN seats .seat 0"):
        room.read_sidecar(save)


def test_deep_settings_give_defaults_and_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(JSON_DEEP[0], encoding="utf-8")
    st, warning = load_settings(path)
    assert st == Settings() and warning == f"settings file corrupt (nested deeper than {MAX_DEPTH} levels); defaults used"


def test_the_load_list_shows_a_deep_save_as_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text(JSON_DEEP[0], encoding="utf-8")
    assert table_games.save_info(path).error == f"deep.json: not a save file (nested deeper than {MAX_DEPTH} levels)"


def test_the_title_screen_load_toasts_a_crafted_save(tmp_path: Path) -> None:
    from game.ui.app import App
    from game.ui.scenes.title import TitleScene

    app = App(Settings(anim_speed="instant"), size=(1280, 720), persist=False)
    try:
        title = TitleScene(app)
        app.reset(title)
        for name, text in (("deep.json", JSON_DEEP[1]), ("modules.json", _fr_save(modules=[1]))):
            path = tmp_path / name
            path.write_text(text, encoding="utf-8")
            title._load(path)
            assert app.top is title and any(name in t for t, _ in app.toasts)
    finally:
        app.close()


# ---- through the command line ---------------------------------------------------------------------
def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    return code, err


@pytest.mark.parametrize("deep", TOML_DEEP[:3], ids=TOML_DEEP_IDS[:3])
def test_cli_scenario_and_hands_refuse_deep_toml(tmp_path: Path, capsys: pytest.CaptureFixture[str], deep: str) -> None:
    path = tmp_path / "deep.toml"
    path.write_text(deep, encoding="utf-8")
    code, err = _cli(capsys, "scenario", str(path))
    assert code == 2 and "deep.toml: malformed TOML" in err
    code, err = _cli(capsys, "fantasy-score", "--hands", str(path))
    assert code == 2 and "deep.toml: malformed TOML" in err


@pytest.mark.parametrize("text", [JSON_DEEP[0], _fr_save(modules=[1]), _hr_save(seed={"a": 1})],
                         ids=["deep", "modules-1", "seed-table"])
def test_cli_host_resume_refuses_a_crafted_save(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> None:
    path = tmp_path / "g.json"
    path.write_text(text, encoding="utf-8")
    code, err = _cli(capsys, "host", "--resume", str(path), "--port", "0", "--no-discovery")
    assert code == 2 and err.startswith(f"host: {path}: ")


def test_cli_host_resume_refuses_a_deep_seats_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.json"
    path.write_text(_hr_save(), encoding="utf-8")
    room.sidecar_path(path).write_text(JSON_DEEP[0], encoding="utf-8")
    code, err = _cli(capsys, "host", "--resume", str(path), "--port", "0", "--no-discovery")
    assert code == 2 and "g.json.lan.json: not a LAN seats file (nested deeper" in err
