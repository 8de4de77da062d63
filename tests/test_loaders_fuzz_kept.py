"""The loader fuzz of tests/test_loaders_fuzz.py, extended to every other file a player can
be handed or that the program keeps (issue 49, "Also"): history entries of the three games
(the lists, the replay and the statistics read them), LAN clients' seen records (replayed
step by step), saves of HerosDeï (the table's Load too), replays of each game's full
record walked to the end, deck files, HerosDeï's card data, the client's LAN seats file
and the statistics cache. Each damaged file loads or is refused in one line, within a
bounded time, and is left as it was."""

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
from game.core.resources import data_path
from game.fantasy_realms.record import Record as FRRecord
from game.hero_realms.record import Record as HRRecord
from game.herosdei import decks as deckfiles
from game.herosdei.cards import library as hd_library
from game.herosdei.cards import load_directory as hd_load_directory
from game.herosdei.game import HerosDei
from game.net import seat_tokens
from game.net.protocol import diff
from game.session import history, replay, stats
from game.session import local as table_games
from tests.fuzz_helpers import TOML_DEEP, expect_one_line, mutants

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "history"


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REALMS_TABLE_HOME", str(tmp_path / "home"))


# ---- the valid examples: a record of each game, kept as the host and as a client keeps it --------
def _records() -> list[Any]:
    return [HRRecord.standard(2, seed=3), FRRecord.standard(3, ["promo"], seed=4),
            HerosDei().new_record(2, 5, "initiation", ("greeks", "vikings"))]


def _play(rec: Any, actions: int, seed: int) -> Any:
    rng = random.Random(seed)
    st = rec.initial_state()
    for _ in range(actions):
        legal = st.legal_actions()
        if not legal:
            break
        action = rng.choice(legal)
        st.apply(action)
        rec.add(action)
    return st


def _meta(game: str, seat: int | None = 0) -> dict[str, Any]:
    players = history.Players(["Ana", "Bot"], ["human", "ai"], ["", "easy"], [0])
    return history.game_meta(game, players, 0, 4, "ai", seat=seat)


def full_entry(rec: Any, seed: int) -> str:
    """A history entry as a host keeps it: the save with its ``history`` meta."""
    from game.core.record import save_meta

    st = _play(rec, 30, seed)
    meta = save_meta(st)
    meta["history"] = _meta(registry.game_of(rec).name)
    return str(rec.to_json(st, meta))


def seen_entry(rec: Any, seed: int, seat: int = 0) -> str:
    """A LAN client's seen record of ``rec``'s game: what ``seat`` received, the host's way
    (its first view, then each action's redacted events and the patch of its view)."""
    game = registry.game_of(rec).name
    kind = registry.game(game)
    rng = random.Random(seed)
    st = rec.initial_state()
    log = history.SeenLog()
    view = st.view(seat)
    log.view(view, [], 0)
    for n in range(1, 31):
        legal = st.legal_actions()
        if not legal:
            break
        events = [e.redacted_for(seat).to_dict() for e in st.apply(kind.parse(str(rng.choice(legal))))]
        new = st.view(seat)
        log.patch(diff(view, new), events, n)
        view = new
    doc = log.document(game, {"format": "", "modules": [], "rulings": {}, "names": ["Ana", "Bot"], "seat": seat},
                       _meta(game, seat))
    return json.dumps(doc)


@pytest.fixture(scope="module")
def examples() -> dict[str, list[str]]:
    fixture = [p.read_text(encoding="utf-8") for p in sorted(FIXTURE.glob("*.json"))]
    return {
        "full": [full_entry(rec, i) for i, rec in enumerate(_records())] + [t for t in fixture if '"realms-table-save"' in t],
        "seen": [seen_entry(rec, i) for i, rec in enumerate(_records())] + [t for t in fixture if '"realms-table-seen"' in t],
        "hd-save": [hd_save(seed) for seed in (1, 2)],
        "deck": [deckfiles.find(name).read_text(encoding="utf-8") for name in deckfiles.installed()],
    }


def hd_save(seed: int) -> str:
    rec = HerosDei().new_record(2, seed, "standard", ("round_table", "amazons"))
    st = _play(rec, 40, seed)
    doc = json.loads(rec.to_json(st))
    doc["setup"]["players"] = [{"kind": "human", "name": "Ana", "agent": "random"},
                               {"kind": "ai", "name": "Bot", "agent": "easy"}]
    return json.dumps(doc)


# ---- the loaders ------------------------------------------------------------------------------------
def load_history_entry(path: Path) -> None:
    """What the Replay list, ``python -m game replay`` and the statistics do with an entry."""
    entry = history.read_entry(path)  # never raises: a bad file is a line of the list
    assert entry.error is None or "\n" not in entry.error
    rp = replay.load(path)
    walk(rp)
    stats.summarize(path)


def walk(rp: replay.Replay) -> None:
    """Step a replay as the Replay screen does: every step forward, a jump, the views."""
    viewer = rp.seat if rp.seen else None
    client = replay.ReplayClient(rp, viewer)
    client.view()
    while client.forward():
        client.view()
        client.poll()
    client.seek(rp.length // 2)
    client.history()
    for k in {0, rp.length // 2, rp.length}:
        rp.position(k, viewer)
    if not rp.seen and rp.n_seats:
        rp.position(rp.length, 0)


def load_hd_save(path: Path) -> None:
    registry.load(path)
    rec, seats = table_games.load(path)  # the title screen's Load
    table_games.start(rec, seats, autosave=None, inline_ai=True)
    table_games.save_info(path)


def load_deck(path: Path) -> None:
    deckfiles.problem(deckfiles.load(path), hd_library())


def load_seat_tokens(path: Path) -> None:
    got = seat_tokens.load(path)  # never raises: a bad file is an empty list (and a warning)
    assert isinstance(got, list)


CASES: dict[str, tuple[Callable[[Path], Any], str, str, str, int]] = {
    # name: (loader, examples, format, file name, mutants)
    "history entry": (load_history_entry, "full", "json", "20261201-000000-g.json", 90),
    "seen record": (load_history_entry, "seen", "json", "20261201-000000-g.json", 90),
    "herosdei save": (load_hd_save, "hd-save", "json", "g.json", 60),
    "deck file": (load_deck, "deck", "toml", "d.toml", 90),
}


@pytest.mark.parametrize("name", list(CASES))
def test_every_kept_file_survives_mutated_and_deep_files(name: str, tmp_path: Path,
                                                         examples: dict[str, list[str]]) -> None:
    load, which, fmt, filename, count = CASES[name]
    tried = 0
    for i, data in enumerate(mutants(examples[which], fmt, count, seed=49)):
        expect_one_line(load, tmp_path / filename, data, f"{name} mutant {i}")
        tried += 1
    assert tried == count + len(TOML_DEEP if fmt == "toml" else [0, 0]) + 1
    print(f"{name}: {tried} files")


def test_the_lan_seats_file_survives_mutated_files(tmp_path: Path) -> None:
    path = tmp_path / "lan-seats.json"
    for i, game in enumerate(("herosdei", "hero_realms")):
        assert seat_tokens.remember(seat_tokens.SeatToken(f"g{i}", game, f"10.0.0.{i}", 47380, i, "Ana", "a" * 32,
                                                          time.time() - i), path=path)
    example = path.read_text(encoding="utf-8")
    tried = 0
    for i, data in enumerate(mutants([example], "json", 90, seed=50)):
        expect_one_line(load_seat_tokens, path, data, f"lan seats mutant {i}")
        tried += 1
    print(f"lan seats file: {tried} files")


def test_herosdei_card_data_survives_mutated_and_deep_files(tmp_path: Path) -> None:
    folder = tmp_path / "herosdei"
    shutil.copytree(data_path("herosdei"), folder, ignore=shutil.ignore_patterns("decks", "*.md"))
    files = sorted(folder.glob("*.toml"))

    def loader(path: Path) -> None:
        target = folder / path.name
        original = target.read_bytes()
        target.write_bytes(path.read_bytes())
        try:
            hd_load_directory(folder)
        finally:
            target.write_bytes(original)

    rng = random.Random(49)
    tried = 0
    for i in range(40):
        original = rng.choice(files)
        data = next(mutants([original.read_text(encoding="utf-8")], "toml", 1, seed=rng.randrange(1 << 30)))
        expect_one_line(loader, tmp_path / original.name, data, f"herosdei {original.name} mutant {i}")
        tried += 1
    for deep in TOML_DEEP:
        expect_one_line(loader, tmp_path / files[0].name, deep.encode(), f"herosdei deep {deep[:8]!r}")
        tried += 1
    print(f"herosdei card data: {tried} files")


def test_the_statistics_cache_survives_mutated_files(tmp_path: Path) -> None:
    folder = tmp_path / "history"
    folder.mkdir()
    # one game of each of the two games the fixture holds: each damaged cache makes the
    # statistics read the games again, and more games of the same kind check nothing more
    for game in ("hero_realms", "fantasy_realms"):
        first = min(FIXTURE.glob(f"*-{game}*.json"))
        shutil.copy(first, folder / first.name)
    good, _ = stats.summaries(folder)
    assert len(good) == 2
    cache = folder / stats.CACHE
    example = cache.read_text(encoding="utf-8")
    tried = 0
    for i, data in enumerate(mutants([example], "json", 40, seed=51)):
        cache.write_bytes(data)
        try:
            rows, problems = stats.summaries(folder)
        except Exception as exc:  # the statistics must never stop on their own cache
            pytest.fail(f"cache mutant {i}: {type(exc).__name__}: {exc} on {data[:200]!r}")
        assert problems == [] and rows == good, f"cache mutant {i}"
        stats.aggregate(rows)
        tried += 1
    print(f"statistics cache: {tried} files")
