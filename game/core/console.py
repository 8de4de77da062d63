"""Printing for a reader that may go away: ``python -m game replay FILE --json | head``.

A Unix tool whose reader closes the pipe ends at once and says nothing (SIGPIPE ends it).
Python ignores SIGPIPE and raises BrokenPipeError at the next write instead, and again
when it flushes its output at exit; a command would end in a traceback and an "Exception
ignored" message. The command line ends such a command quietly with
:data:`PIPE_STATUS` (what a shell reports for a tool SIGPIPE ended): :func:`silence`
points the dead stream at the null device, so that nothing written later (a buffered
line, the interpreter's last flush) fails again. A command that prints as it runs and
must close things on its way out (the LAN host: its clients, its save, its AI workers)
prints through :class:`Lines`, which never raises and tells its owner the reader is gone.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
from collections.abc import Callable
from typing import TextIO

#: the exit status of a command whose reader went away (128 + SIGPIPE, as a shell reports it)
PIPE_STATUS = 128 + int(getattr(signal, "SIGPIPE", 13))


def reader_gone(exc: BaseException) -> bool:
    """``exc`` says the stream's reader has gone (a closed pipe; Windows says EINVAL)."""
    if isinstance(exc, BrokenPipeError):
        return True
    return sys.platform == "win32" and isinstance(exc, OSError) and exc.errno == errno.EINVAL


def _fd(stream: TextIO | None) -> int | None:
    try:
        return stream.fileno() if stream is not None else None
    except (AttributeError, OSError, ValueError):
        return None


def _same_file(a: int, b: int) -> bool:
    try:
        sa, sb = os.fstat(a), os.fstat(b)
    except OSError:
        return False
    return (sa.st_dev, sa.st_ino) == (sb.st_dev, sb.st_ino)


def silence(stream: TextIO | None = None) -> None:
    """Send what is still written to ``stream`` (standard output by default) to the null
    device, and standard error too when it is the same pipe (``2>&1 | head``). Whatever
    the stream still buffers is dropped with it."""
    stream = stream if stream is not None else sys.stdout
    fd = _fd(stream)
    if fd is None:
        return
    targets = [fd]
    err = _fd(sys.stderr)
    if err is not None and err != fd and _same_file(fd, err):
        targets.append(err)
    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    try:
        for target in targets:
            os.dup2(null, target)
    finally:
        os.close(null)


def flush() -> None:
    """Flush standard output and error now, so that a closed pipe is met here (and
    handled) rather than in the interpreter's last flush at exit."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()


class Lines:
    """Print one line at a time, flushed, for a command that runs on: once the reader
    has gone, the lines are dropped, :attr:`gone` is set and ``on_gone`` (if set) runs
    once, so the command ends the way it ends when stopped. Never raises for that."""

    def __init__(self, stream: TextIO | None = None, on_gone: Callable[[], None] | None = None) -> None:
        self.stream = stream
        self.on_gone = on_gone
        self.gone = False

    def __call__(self, line: str) -> None:
        if self.gone:
            return
        stream = self.stream if self.stream is not None else sys.stdout
        try:
            print(line, file=stream, flush=True)
        except OSError as exc:
            if not reader_gone(exc):
                raise
            self.gone = True
            silence(stream)
            if self.on_gone is not None:
                self.on_gone()
