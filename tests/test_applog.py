"""The program keeps a log and crash reports in the user's log folder: what it says on
standard error (lost with no console), the tracebacks of its bugs, and the hard
crashes Python cannot catch (faulthandler). Each case runs the real program or a
real process that sets the log up as the program does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from game.core.userdirs import log_dir

ROOT = Path(__file__).resolve().parent.parent


def _env(home: Path) -> dict[str, str]:
    return dict(os.environ, REALMS_TABLE_HOME=str(home), PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
                SDL_AUDIODRIVER="dummy")


def _python(code: str, home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=_env(home))


def test_the_program_logs_what_it_says_on_standard_error(tmp_path: Path) -> None:
    res = subprocess.run([sys.executable, "-m", "game", "scenario", str(tmp_path / "missing.toml")],
                         capture_output=True, text=True, timeout=60, env=_env(tmp_path), cwd=ROOT)
    assert res.returncode == 2
    said = res.stderr.strip()
    assert len(said.splitlines()) == 1  # the console still gets its one line, once
    log = (tmp_path / "logs" / "realms-table.log").read_text()
    assert "Realms Table" in log and "started: " in log and "scenario" in log
    assert said in log


def test_an_uncaught_bug_is_one_line_and_a_report(tmp_path: Path) -> None:
    res = _python("from game import applog; applog.setup(); raise RuntimeError('boom')", tmp_path)
    assert res.returncode == 1
    assert "Traceback" not in res.stderr and len(res.stderr.strip().splitlines()) == 1, res.stderr
    reports = list((tmp_path / "logs").glob("crash-*.txt"))
    assert len(reports) == 1 and f"the report is in {reports[0]}" in res.stderr
    text = reports[0].read_text()
    assert "Traceback" in text and "RuntimeError: boom" in text and "Realms Table" in text


def test_a_hard_crash_is_caught_by_faulthandler_and_reported_at_the_next_start(tmp_path: Path) -> None:
    res = _python("from game import applog; applog.setup(); import faulthandler; faulthandler._sigsegv()", tmp_path)
    assert res.returncode != 0
    faults = list((tmp_path / "logs").glob("faults-*.log"))
    assert len(faults) == 1 and "Fatal Python error" in faults[0].read_text()
    again = _python("from game import applog; applog.setup()", tmp_path)
    assert again.returncode == 0
    reports = list((tmp_path / "logs").glob("crash-*.txt"))
    assert len(reports) == 1 and "Fatal Python error" in reports[0].read_text()
    assert not list((tmp_path / "logs").glob("faults-*.log"))  # the new run's own went at its clean exit


def test_a_clean_run_leaves_no_faults_file(tmp_path: Path) -> None:
    assert _python("from game import applog; applog.setup()", tmp_path).returncode == 0
    assert not list((tmp_path / "logs").glob("faults-*.log"))


def test_the_log_folder_follows_the_home_override(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("REALMS_TABLE_HOME", str(tmp_path))
    assert log_dir() == tmp_path / "logs"
