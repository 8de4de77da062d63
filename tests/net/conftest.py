"""LAN tests: keep the autosaves on a RAM disk when there is one.

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
