"""UI tests run headless (dummy SDL drivers, set in tests/conftest.py), at instant
animation speed, with the user's folders redirected to a temporary directory."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.ui.app import App
from game.ui.settings import Settings


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("REALMS_TABLE_HOME", str(tmp_path / "home"))


@pytest.fixture
def app() -> Iterator[App]:
    a = App(Settings(anim_speed="instant", confirm_end_turn=True), size=(1280, 720), persist=False)
    yield a
    a.close()
