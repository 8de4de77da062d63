"""The program's log and its crash reports, in the user's log folder
(:func:`game.core.userdirs.log_dir`).

A windowed build has no console: what the program says on standard error (its
warnings, a LAN host's notices) would be lost, and so would the traceback of a bug.
When the program starts (:func:`setup`, from the command line's ``main``), it keeps:

- a rotating log, ``realms-table.log`` (1 MB, three older ones kept), of what the
  ``logging`` loggers report and of every line written to standard error, which
  still reaches the console when there is one;
- ``faulthandler`` armed on a file of its own, for the crashes Python cannot catch
  (a fault in SDL or a driver): a non-empty one found at the next start becomes a
  crash report;
- a crash report per unexpected error (:func:`crash_report`), the ten latest kept,
  with the version, the system and the traceback, named in the one line the player
  is shown.
"""

from __future__ import annotations

import faulthandler
import io
import logging
import logging.handlers
import os
import platform
import sys
import threading
import time
import traceback
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from game.core.userdirs import log_dir

LOG_NAME = "realms-table.log"
LOG_BYTES = 1_000_000
LOG_BACKUPS = 3
CRASH_KEEP = 10  # crash reports kept (the oldest go first)
FAULTS_PREFIX = "faults-"  # faulthandler's file of one running process: faults-<pid>.log
STALE_S = 86_400  # an empty faults file this old belongs to a process that was killed outright

log = logging.getLogger("realms")
# the file only: the console has its one line already (with no log set up, nowhere)
file_only = {name: logging.getLogger(name) for name in ("realms.stderr", "realms.crash")}
for _logger in file_only.values():
    _logger.propagate = False
    _logger.addHandler(logging.NullHandler())


class _State:
    handler: logging.Handler | None = None
    faults: IO[str] | None = None
    faults_path: Path | None = None


_state = _State()


def log_file() -> Path:
    return log_dir() / LOG_NAME


class _StderrToLog(io.TextIOBase):
    """Standard error that also writes each complete line to the log (the console, when
    there is one, still gets everything at once)."""

    def __init__(self, console: IO[str] | None, logger: logging.Logger) -> None:
        self.console = console
        self.logger = logger
        self.pending = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if self.console is not None:
            try:
                self.console.write(text)
            except (OSError, ValueError):
                self.console = None  # a console that went away (a closed terminal)
        self.pending += text
        *lines, self.pending = self.pending.split("\n")
        for line in lines:
            if line.strip():
                self.logger.warning(line)
        return len(text)

    def flush(self) -> None:
        if self.console is not None:
            try:
                self.console.flush()
            except (OSError, ValueError):
                self.console = None

    def fileno(self) -> int:  # subprocess and faulthandler ask for the real descriptor
        if self.console is None:
            raise io.UnsupportedOperation("no console")
        return self.console.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.console, "encoding", None) or "utf-8"

    def isatty(self) -> bool:
        return bool(self.console is not None and self.console.isatty())


def setup(argv: list[str] | None = None) -> Path | None:
    """Start the log for this run of the program; the log file, or None when the log
    folder cannot be written (the program runs on, as before, on the console only).
    A second call does nothing."""
    if _state.handler is not None:
        return log_file()
    folder = log_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            log_file(), maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8", delay=True)
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(process)d %(levelname)s %(name)s: %(message)s"))
    handler.setLevel(logging.INFO)
    _state.handler = handler
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(min(root.level or logging.WARNING, logging.INFO))
    if sys.stderr is not None:  # the loggers' warnings on the console as well (not via the copy below: once)
        console = logging.StreamHandler(sys.stderr)
        console.setLevel(logging.WARNING)
        console.setFormatter(logging.Formatter("%(message)s"))
        root.addHandler(console)
    logging.captureWarnings(True)
    for logger in file_only.values():
        logger.addHandler(handler)
    sys.stderr = _StderrToLog(sys.stderr, file_only["realms.stderr"])
    _arm_faulthandler(folder)
    sys.excepthook = _excepthook
    threading.excepthook = _thread_excepthook
    from game import __version__

    log.info("Realms Table %s started: %s (Python %s, %s %s)", __version__, " ".join(argv or sys.argv),
             platform.python_version(), platform.system(), platform.machine())
    return log_file()


def _arm_faulthandler(folder: Path) -> None:
    """A file per running process for faulthandler (written only by a hard crash), and
    the non-empty ones of earlier runs turned into crash reports."""
    now = time.time()
    for old in folder.glob(f"{FAULTS_PREFIX}*.log"):
        try:
            st = old.stat()
            if st.st_size:
                text = old.read_text(encoding="utf-8", errors="replace")
                report = _write_report(folder, "a hard crash (faulthandler, in an earlier run)", text)
                file_only["realms.crash"].error("an earlier run crashed hard; its report is in %s", report)
                old.unlink()
            elif now - st.st_mtime > STALE_S:
                old.unlink()
        except OSError:
            continue
    path = folder / f"{FAULTS_PREFIX}{os.getpid()}.log"
    try:
        faults = open(path, "w", encoding="utf-8")  # noqa: SIM115 (open for the whole run, faulthandler writes to it)
    except OSError:
        return
    faulthandler.enable(faults, all_threads=True)
    _state.faults, _state.faults_path = faults, path
    import atexit

    atexit.register(_disarm_faulthandler)


def _disarm_faulthandler() -> None:
    """At a normal exit: the empty faults file goes."""
    if _state.faults is None or _state.faults_path is None:
        return
    faulthandler.disable()
    _state.faults.close()
    try:
        if _state.faults_path.stat().st_size == 0:
            _state.faults_path.unlink()
    except OSError:
        pass
    _state.faults = None


def _write_report(folder: Path, what: str, details: str) -> Path:
    from game import __version__

    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"crash-{stamp}-{os.getpid()}.txt"
    head = (f"Realms Table {__version__}, {what}\n"
            f"when: {time.strftime('%Y-%m-%d %H:%M:%S')}\n"
            f"system: {platform.platform()} {platform.machine()}, Python {platform.python_version()}"
            f"{' (standalone build)' if getattr(sys, 'frozen', False) else ''}\n"
            f"command: {' '.join(sys.argv)}\n\n")
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(head + details, encoding="utf-8")
    reports = sorted(folder.glob("crash-*.txt"), key=lambda p: p.stat().st_mtime)
    for stale in reports[:-CRASH_KEEP]:
        try:
            stale.unlink()
        except OSError:
            pass
    return path


def crash_report(exc: BaseException, what: str = "an unexpected error") -> Path | None:
    """Keep the details of ``exc`` for a bug report: a crash report file (its path; None
    when the log folder cannot be written) and the log."""
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    file_only["realms.crash"].error("%s: %s: %s", what, type(exc).__name__, exc, exc_info=(type(exc), exc, exc.__traceback__))
    try:
        return _write_report(log_dir(), what, text)
    except OSError:
        return None


def one_line(exc: BaseException, report: Path | None, who: str = "Realms Table") -> str:
    """What the player is told of a crash: the error and where its report is."""
    where = f"the report is in {report}" if report is not None else "no report could be written (no writable log folder)"
    return f"{who} stopped on an unexpected error ({type(exc).__name__}: {exc}); {where}"


def _excepthook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
    if issubclass(kind, KeyboardInterrupt):
        print("interrupted", file=sys.stderr)
        return
    exc.__traceback__ = tb
    print(one_line(exc, crash_report(exc)), file=sys.stderr)


def _thread_excepthook(args: Any) -> None:
    if args.exc_value is None or isinstance(args.exc_value, SystemExit):
        return
    name = getattr(args.thread, "name", "a thread")
    print(one_line(args.exc_value, crash_report(args.exc_value, f"an unexpected error in {name}"),
                   who=f"Realms Table's {name}"), file=sys.stderr)
