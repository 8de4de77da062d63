"""Fitting the synergy table to the hands Fantasy Realms is played with
(``python -m game fantasy-tune``), written to ``pair_weights.py``.

Hard's rollouts read a card's worth to a hand from single and pair scores
(``synergy.py``) and check only the swaps those propose with the exact scorer. Taken
from two-card hands, the pair scores misread many cards in a hand of seven, and the
rollouts' seats then play their normal turns unlike Medium (the table's two best
swaps, checked exactly, predicted 42% of Medium's normal-turn takes).

So Medium plays itself (two players, with the card set's modules), and every hand a
seat holds at one of its decisions is a sample, as is each such hand with a random
card of the game swapped in for one of its cards (or added, below the hand's size):
the hands a rollout asks the table about. Their exact scores (the AI's budgeted
search) are the targets of a least-squares fit of one score per card and one per
pair, started from the two-card table and pulled back towards it a little after
every pass (rare pairs keep their two-card reading), by stochastic gradient descent
(the runtime has no numpy). The last fifth of the games is held out: the report gives
the mean squared error of the table's scores there, before and after the fit, and how
often the table's two best swaps, checked by the exact score as the rollouts check
them, predict Medium's own normal-turn choice (take that card, or draw).
"""

from __future__ import annotations

import multiprocessing as mp
import random
import runpy
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.ai.fantasy_realms.agents import MediumAgent
from game.ai.fantasy_realms.synergy import Synergy, card_set
from game.core.atomic import write_text_atomic
from game.fantasy_realms import modules as mod
from game.fantasy_realms.cards import library
from game.fantasy_realms.optimal import best_total
from game.fantasy_realms.scoring import Table
from game.fantasy_realms.setup import new_game

WEIGHTS = Path(__file__).with_name("pair_weights.py")
Decision = tuple[list[str], list[str], str]  # a full hand, the discard area, the card taken ("" for a draw)
Fit = tuple[dict[str, float], dict[str, float]]  # corrections: single by card id, pair by "id id"


def play(args: tuple[int, tuple[str, ...]]) -> tuple[list[list[str]], list[Decision]]:
    """One Medium-against-Medium game: every hand held at a decision, and every
    normal-turn draw decision with what was chosen."""
    deal, modules = args
    st = new_game(2, modules, seed=deal, first=deal % 2)
    bots = [MediumAgent(deal * 16 + s) for s in range(2)]
    hands: list[list[str]] = []
    decisions: list[Decision] = []
    while not st.over:
        view = st.view(st.to_move)
        hand = sorted(view["players"][view["seat"]].get("hand", ()))
        line = bots[st.to_move].choose(view, view["legal"])
        if hand:
            hands.append(hand)
        size = int(view["hand_size"])
        if (view["phase"] == "draw" and len(hand) == size
                and all(int(p["hand_size"]) >= size for p in view["players"])):
            slug = {c["slug"]: cid for cid, c in view["cards"].items()}
            decisions.append((hand, list(view["discard"]), slug.get(line.split()[1], "")))
        st.apply(line)
    return hands, decisions


def collect(deals: Sequence[int], modules: tuple[str, ...], jobs: int) -> list[tuple[list[list[str]], list[Decision]]]:
    """:func:`play` for every deal, in the deals' order (over ``jobs`` processes)."""
    tasks = [(d, modules) for d in deals]
    if jobs <= 1:
        return [play(t) for t in tasks]
    with mp.get_context("spawn").Pool(jobs) as pool:
        return pool.map(play, tasks, chunksize=4)


def samples(hands: list[list[str]], syn: Synergy, size: int, neighbours: int, rng: random.Random) -> list[list[int]]:
    """The hands (as table indices) and, per hand, ``neighbours`` one-card changes."""
    idx, n = syn.index, len(syn.ids)
    out = []
    for h in hands:
        hand = [idx[c] for c in h]
        out.append(hand)
        held = set(hand)
        rest = [i for i in range(n) if i not in held]
        for _ in range(neighbours):
            y = rng.choice(rest)
            if len(hand) >= size:
                d = rng.randrange(len(hand))
                out.append(hand[:d] + hand[d + 1:] + [y])
            else:
                out.append([*hand, y])
    return out


def scored(hands: list[list[int]], syn: Synergy, table: Table) -> list[tuple[list[int], int]]:
    return [(h, best_total([syn.ids[i] for i in h], table)) for h in hands]


def squared_error(data: list[tuple[list[int], int]], syn: Synergy) -> float:
    return sum((syn.total(h) - y) ** 2 for h, y in data) / max(1, len(data))


def fit(data: list[tuple[list[int], int]], syn: Synergy, epochs: int, pull: float, rate: float,
        rng: random.Random) -> None:
    """Fit ``syn``'s single and pair scores to ``data`` (in place)."""
    single, pair = syn.single, syn.pair
    single0, pair0 = single[:], [row[:] for row in pair]
    data = data[:]
    for _ in range(epochs):
        rng.shuffle(data)
        for hand, y in data:
            step = rate * (syn.total(hand) - y)
            for k, c in enumerate(hand):
                single[c] -= step
                row = pair[c]
                for x in hand[k + 1:]:
                    row[x] -= step
                    pair[x][c] -= step
        for i, row in enumerate(pair):
            single[i] -= pull * (single[i] - single0[i])
            row0 = pair0[i]
            for j in range(len(row)):
                row[j] -= pull * (row[j] - row0[j])


def take_rate(decisions: list[Decision], syn: Synergy, table: Table) -> float:
    """How often the rollouts' normal turn (the table's two best swaps, the first that
    raises the exact score) makes Medium's own choice."""
    idx, ids = syn.index, syn.ids
    right = 0
    for hand_ids, area_ids, taken in decisions:
        hand = [idx[c] for c in hand_ids]
        now = best_total(hand_ids, table)
        guess = ""
        for _g, d, y in syn.swaps(hand, [idx[c] for c in area_ids])[:2]:
            if best_total([ids[c] for c in hand if c != d] + [ids[y]], table) > now:
                guess = ids[y]
                break
        right += guess == taken
    return right / max(1, len(decisions))


def corrections(syn: Synergy, base: Synergy) -> Fit:
    """What the fit adds to the two-card table, rounded, the negligible left out."""
    single = {c: round(syn.single[i] - base.single[i], 2) for i, c in enumerate(syn.ids)}
    pair = {}
    for i, a in enumerate(syn.ids):
        for j in range(i + 1, len(syn.ids)):
            v = round(syn.pair[i][j] - base.pair[i][j], 2)
            if abs(v) >= 0.05:
                pair[f"{a} {syn.ids[j]}"] = v
    return {c: v for c, v in single.items() if abs(v) >= 0.05}, pair


def tune(games: int, seed: int, modules: Sequence[str], out: Path | None, jobs: int = 1, neighbours: int = 6,
         epochs: int = 30, pull: float = 0.01, rate: float = 0.003) -> dict[str, Any]:
    """Fit the table for ``modules``' card set; write it into ``out`` (the other card
    sets' fits there are kept) and report the figures."""
    t0 = time.perf_counter()
    stored = load_fits(out) if out is not None else ({}, {})  # a bad file fails before the work
    mods = mod.normalize(modules)
    table = Table(players=2, modules=mods)
    ids = tuple(c.id for c in mod.game_cards(library(), mods))
    games = max(2, games)
    played = collect(range(seed, seed + games), tuple(sorted(mods - {mod.BASE})), jobs)
    held = max(1, games // 5)
    rng = random.Random(seed)
    size = mod.hand_size(mods)
    base = Synergy(ids, table)
    syn = Synergy(ids, table)
    train = scored(samples([h for hands, _d in played[held:] for h in hands], syn, size, neighbours, rng), syn, table)
    test = scored(samples([h for hands, _d in played[:held] for h in hands], syn, size, neighbours, rng), syn, table)
    decisions = [d for _h, ds in played[:held] for d in ds]
    before = (squared_error(test, base), take_rate(decisions, base, table))
    fit(train, syn, epochs, pull, rate, rng)
    after = (squared_error(test, syn), take_rate(decisions, syn, table))
    key = card_set(mods)
    report = {
        "card_set": key, "games": games, "samples": len(train), "held_out_samples": len(test),
        "held_out_squared_error": [round(before[0], 1), round(after[0], 1)],
        "normal_turn_choices_predicted": [round(before[1], 4), round(after[1], 4)],
        "held_out_decisions": len(decisions), "seconds": round(time.perf_counter() - t0, 1),
    }
    if out is not None:
        note = (f"{key}: {len(train)} samples of {games - held} games (seed {seed}); on {held} held-out games, "
                f"squared error {before[0]:.1f} -> {after[0]:.1f}, "
                f"Medium's normal-turn choices predicted {before[1]:.3f} -> {after[1]:.3f} "
                f"({len(decisions)} decisions).")
        fits, notes = stored
        fits[key], notes[key] = corrections(syn, base), note
        write_fits(out, fits, notes)
    return report


def load_fits(path: Path) -> tuple[dict[str, Fit], dict[str, str]]:
    """The fits and notes a weights module holds (none if it does not exist yet);
    ValueError with a one-line reason if it is not such a module."""
    if not path.exists():
        return {}, {}
    try:
        got = runpy.run_path(str(path))
    except Exception as exc:  # noqa: BLE001 - any failure to run it is a bad file
        raise ValueError(f"{path} is not a weights module ({type(exc).__name__}: {exc})") from exc
    fits, notes = got.get("FITS"), got.get("NOTES", {})
    if not isinstance(fits, dict) or not isinstance(notes, dict) or not all(
            isinstance(f, tuple) and len(f) == 2 and all(isinstance(d, dict) for d in f) for f in fits.values()):
        raise ValueError(f"{path} is not a weights module (FITS: card set -> (single, pair) tables)")
    return dict(fits), {str(k): str(v) for k, v in notes.items()}


def write_fits(path: Path, fits: dict[str, Fit], notes: dict[str, str]) -> None:
    """The weights module at ``path``, holding ``fits`` and their ``notes``."""
    lines = [
        '"""Corrections to the synergy table (``synergy.py``), per card set: single scores by',
        "card id and pair scores by two card ids, added to the two-card table's.",
        "",
        "Generated by ``python -m game fantasy-tune`` (``pairfit.py``); edit by re-running it,",
        "not by hand.",
        '"""',
        "",
        "NOTES: dict[str, str] = {",
        *[f"    {k!r}: {v!r}," for k, v in sorted(notes.items())],
        "}",
        "",
        "FITS: dict[str, tuple[dict[str, float], dict[str, float]]] = {",
    ]
    for k in sorted(fits):
        single, pair = fits[k]
        lines += [f"    {k!r}: (", "        {"]
        lines += _rows(single)
        lines += ["        },", "        {"]
        lines += _rows(pair)
        lines += ["        },", "    ),"]
    lines.append("}")
    write_text_atomic(path, "\n".join(lines) + "\n")


def _rows(values: dict[str, float], per_line: int = 5) -> list[str]:
    items = [f"{k!r}: {v}," for k, v in sorted(values.items())]
    return ["            " + " ".join(items[i:i + per_line]) for i in range(0, len(items), per_line)]
