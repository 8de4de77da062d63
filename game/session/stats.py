"""Statistics over the history of finished games (``python -m game stats``, the Statistics screen).

Each history file is summed up once (its meta, the player's result, and the game's own
figures from its game's class, computed by replaying the record through the engine) and the
summary is cached in the history folder by file name, size and modification time, so
the screen opens fast. The figures: games played, won and lost by game, by format or
variant and by opponent AI level; the win rate against each AI level with a 95% Wilson
interval; the average length; the win rate over time; and each game's own figures.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections import defaultdict
from contextlib import suppress
from pathlib import Path

from game import games
from game.core.atomic import write_text_atomic
from game.core.docs import Doc, load_json, read_text
from game.core.errors import DataError
from game.session import history

CACHE = ".stats-cache.json"
CACHE_VERSION = 1
CSV_FIELDS = ("date", "game", "variant", "mode", "players", "levels", "you", "winner", "result", "turns",
              "minutes", "file")


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate (the tournament's)."""
    from game.core.wilson import wilson as interval

    return interval(wins, n)


def result_of(you: list[int], winners: list[int], n_seats: int) -> str:
    """"won", "lost", or "none" (no seat was the player's, or every seat was: hotseat)."""
    if not you or len(set(you)) >= n_seats:
        return "none"
    return "won" if any(w in you for w in winners) else "lost"


def summarize(path: Path) -> Doc:
    """One history file's summary (plain JSON); DataError for a bad file."""
    from game.session import replay

    rp = replay.load(path)  # its ``history`` meta checked (history.check_meta)
    meta = rp.meta
    you: list[int] = meta.get("you", [])
    players: list[Doc] = meta.get("players", [])
    winners: list[int] = meta.get("winner", [])
    rules = games.game(rp.game)
    if rp.record is not None:
        first_view = rp.record.initial_state().view(None)
        events = rp.events(rp.length, None)
        variant = rules.state_setup(rp.state_at(rp.length))[0]
        n_seats = rp.n_seats
    else:
        first_view = rp.steps[0]["view"]
        events = rp.events(rp.length, rp.seat)
        setup_doc = _seen_setup(path)
        variant = str(setup_doc.get("format") or "")
        n_seats = len(players) or rp.n_seats
    levels = sorted({str(p.get("agent")) for i, p in enumerate(players)
                     if p.get("kind") == "ai" and p.get("agent") and i not in you})
    return {
        "file": path.name, "game": rp.game, "variant": variant, "mode": str(meta.get("mode", "")),
        "date": str(meta.get("date", "")), "players": [str(p.get("name", "")) for p in players],
        "levels": levels, "you": you, "winner": winners, "result": result_of(you, winners, n_seats),
        "turns": meta.get("turns"),
        "minutes": meta.get("minutes"),
        "figures": rules.game_figures(first_view, events, you),
    }


def _seen_setup(path: Path) -> Doc:
    doc = load_json(read_text(path), path.name, "a history file")
    setup = doc.get("setup") if isinstance(doc, dict) else None
    return setup if isinstance(setup, dict) else {}


def summaries(folder: Path | None = None) -> tuple[list[Doc], list[str]]:
    """Every history file's summary, oldest first, from the cache where it is fresh, and
    the one-line reasons of the files that could not be read."""
    folder = folder or history.history_dir()
    cache = _read_cache(folder)
    fresh: Doc = {}
    out: list[Doc] = []
    problems: list[str] = []
    for path in history.history_files(folder):
        try:
            st = path.stat()
        except OSError:
            continue
        key = [st.st_size, st.st_mtime_ns]
        hit = cache.get(path.name)
        if (isinstance(hit, dict) and hit.get("key") == key and fits(hit.get("summary"), path.name)
                and hit.get("sum") == _digest(hit["summary"])):
            summary = hit["summary"]
        else:
            try:
                summary = summarize(path)
            except (DataError, OSError, ValueError) as exc:
                problems.append(str(exc))
                continue
            except (TypeError, AttributeError, KeyError, IndexError) as exc:
                # a file's values reach each game's class (its figures): one the class did not
                # expect costs that file, never the others
                problems.append(f"{path.name}: cannot be summed up ({type(exc).__name__}: {exc})"[:300])
                continue
        fresh[path.name] = {"key": key, "summary": summary, "sum": _digest(summary)}
        out.append(summary)
    if fresh != cache:
        with suppress(OSError):  # a cache that cannot be written costs only time
            write_text_atomic(folder / CACHE, json.dumps({"version": CACHE_VERSION, "files": fresh}) + "\n")
    return out, problems


_TEXTS = ("file", "game", "variant", "mode", "date")


def _digest(summary: object) -> str:
    """A cached summary's check: one damaged in the cache file is made again, not shown."""
    text = json.dumps(summary, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def fits(summary: object, name: str) -> bool:
    """A cached summary has the shape :func:`summarize` gives (the cache is a file like any
    other: a damaged one is made again from the history files)."""
    if not isinstance(summary, dict) or summary.get("file") != name:
        return False
    if not all(isinstance(summary.get(k), str) for k in _TEXTS) or summary["game"] not in games.names():
        return False
    if summary.get("result") not in ("won", "lost", "none") or not isinstance(summary.get("figures"), dict):
        return False
    lists = {"players": str, "levels": str, "you": int, "winner": int}
    if not all(isinstance(summary.get(k), list) and all(isinstance(x, t) and not isinstance(x, bool)
                                                        for x in summary[k]) for k, t in lists.items()):
        return False
    turns, minutes = summary.get("turns"), summary.get("minutes")
    return ((turns is None or isinstance(turns, int) and not isinstance(turns, bool))
            and (minutes is None or isinstance(minutes, (int, float)) and not isinstance(minutes, bool)))


def _read_cache(folder: Path) -> Doc:
    try:
        doc = load_json(read_text(folder / CACHE), CACHE, "the statistics cache")
    except (OSError, DataError, ValueError):
        return {}
    if not isinstance(doc, dict) or doc.get("version") != CACHE_VERSION or not isinstance(doc.get("files"), dict):
        return {}
    files: Doc = doc["files"]
    return files


def _tally(rows: list[Doc]) -> Doc:
    """Played, won, lost and the win rate with its interval over ``rows``."""
    won = sum(r["result"] == "won" for r in rows)
    lost = sum(r["result"] == "lost" for r in rows)
    decided = won + lost
    lo, hi = wilson(won, decided)
    return {"played": len(rows), "won": won, "lost": lost,
            "win_rate": round(won / decided, 4) if decided else None,
            "interval": [round(lo, 4), round(hi, 4)] if decided else None}


def _mean(xs: list[float]) -> float | None:
    return round(sum(xs) / len(xs), 2) if xs else None


def aggregate(rows: list[Doc]) -> Doc:
    """The statistics of the summaries ``rows`` (oldest first)."""
    by_game: dict[str, list[Doc]] = defaultdict(list)
    for r in rows:
        by_game[r["game"]].append(r)
    out: Doc = {"games": len(rows), **_tally(rows), "by_game": {}}
    for game, grows in by_game.items():
        variants: dict[str, list[Doc]] = defaultdict(list)
        levels: dict[str, list[Doc]] = defaultdict(list)
        for r in grows:
            variants[r["variant"] or "-"].append(r)
            for level in r["levels"] or ["(no AI)"]:
                levels[level].append(r)
        figures = [(r["figures"], None if r["result"] == "none" else r["result"] == "won", r["winner"]) for r in grows]
        out["by_game"][game] = {
            "title": games.title(game) if game in games.names() else game,
            **_tally(grows),
            "by_variant": {v: _tally(vr) for v, vr in sorted(variants.items())},
            "by_level": {lv: _tally(lr) for lv, lr in sorted(levels.items())},
            "turns": _mean([float(r["turns"]) for r in grows if r["turns"] is not None]),
            "minutes": _mean([float(r["minutes"]) for r in grows if r["minutes"] is not None]),
            "figures": games.game(game).summary_figures(figures),
        }
    out["over_time"] = over_time(rows)
    return out


def over_time(rows: list[Doc]) -> list[Doc]:
    """The running win rate after each decided game (oldest first), for the line chart."""
    points: list[Doc] = []
    won = decided = 0
    for r in rows:
        if r["result"] == "none":
            continue
        decided += 1
        won += r["result"] == "won"
        points.append({"game": decided, "date": r["date"], "win_rate": round(won / decided, 4)})
    return points


def to_csv(rows: list[Doc]) -> str:
    """One line per game (oldest first)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for r in rows:
        writer.writerow([r["date"], r["game"], r["variant"], r["mode"], "; ".join(r["players"]),
                         "; ".join(r["levels"]), " ".join(map(str, r["you"])), " ".join(map(str, r["winner"])),
                         r["result"], "" if r["turns"] is None else r["turns"],
                         "" if r["minutes"] is None else r["minutes"], r["file"]])
    return buf.getvalue()


def export_csv(rows: list[Doc], path: Path) -> Path:
    """Write the CSV atomically; OSError when it cannot be written."""
    write_text_atomic(path, to_csv(rows))
    return path
