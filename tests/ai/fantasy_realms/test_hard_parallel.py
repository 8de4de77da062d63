"""Hard shares a decision's worlds with a helper process: at a fixed budget the shared
decision is the one made alone (the same worlds, merged by index), and a helper that
is late or fails costs its worlds, never the decision."""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import time
from typing import Any

import pytest

from game.ai import parallel
from game.ai.fantasy_realms import hard
from game.ai.fantasy_realms.hard import Budget, HardAgent, play_share
from game.ai.fantasy_realms.worlds import Worlds
from game.fantasy_realms.setup import new_game


def _view(seed: int = 14) -> dict[str, Any]:
    st = new_game(2, (), seed=seed)
    while not (st.phase == "draw" and all(st.limit) and st.turn > 20):
        legal = [str(a) for a in st.legal_actions()]
        takes = [a for a in legal if a.startswith("draw ") and a not in ("draw two", "draw deck")]
        blind = [a for a in legal if a in ("draw two", "draw deck")]
        st.apply((takes if len(st.discard) > 3 else []) and takes[0] or (blind or legal)[0])
    return st.view(st.to_move)


def _decide(workers: int, monkeypatch: pytest.MonkeyPatch) -> tuple[str, float, int]:
    """A fixed-budget decision (no cap reached): its line, value and worlds played."""
    view = _view()
    agent = HardAgent(7, Budget(sims=12, full_sims=12, min_samples=4, cap_s=120, workers=workers))
    played: list[int] = []
    orig = hard.Race.add
    monkeypatch.setattr(hard.Race, "add", lambda race, vals: (played.append(1), orig(race, vals))[1])
    line, value = agent.best(view, _options(agent, view))
    return line, value, len(played)


def _options(agent: HardAgent, view: dict[str, Any]) -> list[hard.Option]:
    hand = list(view["players"][view["seat"]]["hand"])
    area = list(view["discard"])
    return [hard.Option("draw deck", "deck", hand, area),
            *(hard.Option(f"drop {c}", "", [x for x in hand if x != c], area, c, agent.exact(view, hand))
              for c in hand[:3])]


@pytest.mark.skipif((mp.cpu_count() or 1) < 2, reason="one core: no helper is made")
def test_a_shared_decision_at_a_fixed_budget_is_the_one_made_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    alone = _decide(1, monkeypatch)
    assert parallel.helpers(1) is None
    shared = _decide(2, monkeypatch)
    assert parallel.helpers(2) is not None  # the shared decision had its helper
    assert shared == alone
    assert alone[2] == 4  # every world played once: min_samples, split between the processes


def test_a_helper_plays_the_same_worlds_as_the_decision_itself() -> None:
    view = _view()
    agent = HardAgent(7, Budget(cap_s=60, workers=1))
    opts = _options(agent, view)
    w = Worlds(agent, view, 99)
    idx = w.syn.index
    prepared = [(o.root, [idx[c] for c in o.hand], [idx[c] for c in o.area], idx[o.given] if o.given else -1)
                for o in opts]
    mine = hard.play_worlds(w, prepared, range(0, 6), deadline=float("inf"), weight=1.0)
    theirs = play_share(agent.budget, view, 99, prepared, range(1, 6, 2), float("inf"))
    assert theirs == [mine[j] for j in (1, 3, 5)]


def test_worlds_stop_at_the_deadline_but_the_decision_plays_one_at_least() -> None:
    view = _view()
    agent = HardAgent(7, Budget(workers=1))
    w = Worlds(agent, view, 1)
    prepared = [("deck", [w.syn.index[c] for c in view["players"][view["seat"]]["hand"]], [], -1)]
    assert hard.play_worlds(w, prepared, range(0, 50, 2), deadline=0.0, weight=1.0) == []
    got = hard.play_worlds(w, prepared, range(0, 50, 2), deadline=0.0, weight=1.0, at_least_one=True)
    assert [j for j, _v in got] == [0]


class _Answer:
    def __init__(self, error: BaseException) -> None:
        self.error = error

    def get(self, timeout: float) -> Any:
        raise self.error


class _FakePool:
    """A pool whose helper never answers in time (or fails)."""

    def __init__(self, error: BaseException) -> None:
        self.error = error
        self.terminated = False

    def apply_async(self, fn: Any, args: tuple[Any, ...]) -> _Answer:
        return _Answer(self.error)

    def terminate(self) -> None:
        self.terminated = True


@pytest.mark.parametrize("error, dropped", [(mp.TimeoutError(), False), (RuntimeError("helper died"), True)])
def test_a_late_or_failed_helper_costs_its_worlds_not_the_decision(
        monkeypatch: pytest.MonkeyPatch, error: BaseException, dropped: bool) -> None:
    view = _view()
    agent = HardAgent(7, Budget(sims=12, full_sims=12, min_samples=4, cap_s=120, workers=2))
    fake = _FakePool(error)
    monkeypatch.setattr(hard, "helpers", lambda workers: fake)
    monkeypatch.setattr(hard, "usable", lambda workers: 2)
    monkeypatch.setitem(parallel._pools, 99, fake)  # type: ignore[arg-type]
    played: list[int] = []
    orig = hard.Race.add
    monkeypatch.setattr(hard.Race, "add", lambda race, vals: (played.append(1), orig(race, vals))[1])
    line, _value = agent.best(view, _options(agent, view))
    assert line in {o.line for o in _options(agent, view)}
    assert len(played) == 2  # this process's worlds, 0 and 2
    assert fake.terminated is dropped
    assert (parallel._pools[99] is None) is dropped  # a failed pool is not asked again


def test_no_helpers_inside_a_daemonic_process_or_for_one_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    assert parallel.usable(1) == 1
    monkeypatch.setattr(mp.current_process(), "_config", {**mp.current_process()._config, "daemon": True})
    assert parallel.usable(2) == 1 and parallel.helpers(2) is None


def _helper_pid(workers: int, out: Any) -> None:
    """In a daemonic child (as the table's AI worker): opt in, make the pool, report a
    helper's pid, then wait to be killed."""
    parallel.allow_helpers()
    pool = parallel.helpers(workers)
    out.put(None if pool is None else pool.apply(os.getpid))
    time.sleep(60)


@pytest.mark.skipif((mp.cpu_count() or 1) < 2, reason="one core: no helper is made")
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_daemonic_worker_that_opts_in_gets_helpers_that_die_with_it() -> None:
    ctx = mp.get_context("spawn")
    out = ctx.Queue()
    owner = ctx.Process(target=_helper_pid, args=(2, out), daemon=True)
    owner.start()
    pid = out.get(timeout=60)
    assert pid is not None and pid != owner.pid
    os.kill(owner.pid, signal.SIGKILL)  # no atexit, no pool shutdown: the helper must notice
    owner.join(5)
    end = time.monotonic() + 10
    while time.monotonic() < end and _alive(pid):
        time.sleep(0.05)
    assert not _alive(pid)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    try:  # a zombie (exited, not yet reaped by init) counts as gone
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return True
