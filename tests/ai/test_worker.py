"""The worker process: answers off the caller's thread, stops when cancelled, obeys its
cap, and ends by itself when its owner is killed (and so do its helpers)."""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import time
from typing import Any

import pytest

from game.ai.agent import make_agent
from game.ai.hero_realms.levels import allowed
from game.ai.worker import AgentWorker
from game.hero_realms.setup import new_game


def _buy_position() -> tuple[dict[str, Any], list[str]]:
    st = new_game(2, seed=4, first=0)
    while True:  # play the hand so that the next decision is a real choice (buy, attack, end)
        legal = [str(a) for a in st.legal_actions()]
        plays = [x for x in legal if x.startswith("play")]
        if not plays:
            break
        st.apply(plays[0])
    view = st.view(0)
    return view, view["legal"]


def test_agent_options_configure_the_budget() -> None:
    agent = make_agent("hard:sims=64,cap_s=2", 1)
    assert agent.budget.sims == 64 and agent.budget.cap_s == 2.0  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="no option"):
        make_agent("hard:depth=3")
    with pytest.raises(ValueError, match="takes no options"):
        make_agent("medium:sims=3")
    with pytest.raises(ValueError, match="bad agent option"):
        make_agent("hard:sims")


def test_worker_answers_legally() -> None:
    view, legal = _buy_position()
    with AgentWorker("medium", 1) as w:
        rid = w.ask(view, legal)
        got = w.wait(timeout=60)
        assert got is not None and got[0] == rid and allowed(got[1], legal)
        assert w.last_error is None


def test_cancel_stops_the_search_and_keeps_the_process() -> None:
    view, legal = _buy_position()
    with AgentWorker("hard:sims=100000000,cap_s=1000", 1, hard_cap_s=60) as w:
        w.ask(view, legal)
        deadline = time.monotonic() + 30
        while w.pid is None and time.monotonic() < deadline:
            time.sleep(0.01)
        pid = w.pid
        time.sleep(1.5)  # searching now (the budget would take hours)
        w.cancel()
        assert not w.busy
        rid = w.ask(view, legal)  # the next request is answered by the same, warm process
        w.cancel()
        time.sleep(0.3)
        w.poll()
        assert w.pid == pid
        w.hard_cap_s = 3.0
        rid = w.ask(view, legal)
        got = w.wait(timeout=30)
        assert got is not None and got[0] == rid and allowed(got[1], legal)
        assert w.pid == pid


def test_a_long_search_answers_before_the_hard_cap() -> None:
    view, legal = _buy_position()
    with AgentWorker("hard:sims=100000000,cap_s=1000", 1, hard_cap_s=4.0) as w:
        w.ask(view, legal)
        got = w.wait(timeout=30)
        assert got is not None and allowed(got[1], legal)
        assert w.last_error is None  # told to answer at 80% of the cap, it did


def test_past_the_hard_cap_the_first_legal_line_is_played() -> None:
    view, legal = _buy_position()
    with AgentWorker("medium", 1, hard_cap_s=0.01) as w:  # not even started by then
        w.ask(view, legal)
        got = w.wait(timeout=10)
        assert got is not None and got[1] == legal[0]
        assert w.last_error and "cap" in w.last_error


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads a process's children from /proc")
def test_a_fantasy_hard_worker_shares_its_worlds_with_a_helper_of_its_own() -> None:
    from game.ai.parallel import usable
    from game.fantasy_realms.setup import new_game as fr_game

    if usable(2) < 2:
        pytest.skip("one core: Hard makes no helper")
    st = fr_game(2, (), seed=3)
    st.apply("draw two")  # the keep prompt: two options, so Hard plays its worlds
    view = st.view(st.to_move)
    with AgentWorker("hard:cap_s=0.3", 1, game="fantasy_realms") as w:
        w.ask(view, view["legal"])
        got = w.wait(timeout=60)
        assert got is not None and got[1] in view["legal"]
        pid = w.pid
        assert pid is not None
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            assert f.read().split(), "the AI worker made no helper process"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    try:  # a zombie (ended, not yet reaped by init) counts as gone
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True


def _assert_ends(pid: int, within: float = 5.0) -> None:
    end = time.monotonic() + within
    while _alive(pid) and time.monotonic() < end:
        time.sleep(0.02)
    alive = _alive(pid)
    if alive:
        os.kill(pid, signal.SIGKILL)
    assert not alive, f"process {pid} still ran {within} s after its owner was killed"


def _owner_of_a_worker(out: Any) -> None:
    """A table in miniature: ask a worker once, report its pid, then wait to be killed."""
    view, legal = _buy_position()
    w = AgentWorker("random", 1)
    w.ask(view, legal)
    w.wait(timeout=30)
    out.put(w.pid)
    time.sleep(60)


def _owner_of_a_busy_helper(out: Any) -> None:
    """A worker whose helper is in the middle of a long task when the worker is killed."""
    from game.ai import parallel

    parallel.allow_helpers()
    pool = parallel.helpers(2)
    if pool is None:
        out.put(None)
        return
    helper = pool.apply(os.getpid)
    pool.apply_async(time.sleep, (60,))
    out.put(helper)
    time.sleep(60)


def _kill_owner_then_assert_child_ends(target: Any) -> None:
    ctx = mp.get_context("spawn")
    out = ctx.Queue()
    owner = ctx.Process(target=target, args=(out,))  # may make children; killed below
    owner.start()
    try:
        child = out.get(timeout=30)
        if child is None:
            pytest.skip("one core: no helper is made")
        time.sleep(0.2)  # the helper is inside its task
        assert owner.pid is not None
        os.kill(owner.pid, signal.SIGKILL)  # no atexit, no close: the child must notice by itself
        owner.join(5)
        _assert_ends(child)
    finally:
        if owner.is_alive():
            owner.kill()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL") or not os.path.exists("/proc"), reason="needs SIGKILL and /proc")
def test_a_worker_ends_when_its_owner_is_killed() -> None:
    _kill_owner_then_assert_child_ends(_owner_of_a_worker)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL") or not os.path.exists("/proc"), reason="needs SIGKILL and /proc")
def test_a_helper_busy_with_a_task_ends_when_its_worker_is_killed() -> None:
    _kill_owner_then_assert_child_ends(_owner_of_a_busy_helper)
