"""LAN tests: keep the autosaves on a RAM disk when there is one, and check what
every client receives against the published schemas.

The host autosaves (with fsync) after every action; on a busy shared disk that
costs milliseconds per action and dominates full-game tests. What is under test
is the network, so the saves go to /dev/shm where available.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net.net_helpers import check_what_clients_receive


@pytest.fixture
def tmp_path(request: pytest.FixtureRequest) -> Iterator[Path]:
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield request.getfixturevalue("tmp_path_factory").mktemp("net")
        return
    path = Path(tempfile.mkdtemp(prefix="realms-net-", dir=shm))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(autouse=True)
def clients_check_what_they_receive(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every LAN client of every test checks the setups, views, prompts and events it
    receives against the published schemas (net_helpers.check_what_clients_receive);
    the failures, raised where they happen, fail the test at its end too."""
    failures = check_what_clients_receive(monkeypatch)
    yield failures
    assert not failures, failures[:3]
