"""A real (virtual) X server for the tests that must see what a desktop sees: Xvfb on
a display number it picks itself, and ``xprop``/``xwininfo`` to ask it about windows.
Tests skip, saying why, where Xvfb or the X utilities are missing (.ci/run installs
them where apt-get is available)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

TOOLS = ("Xvfb", "xprop", "xwininfo")


def missing_tools() -> list[str]:
    return [t for t in TOOLS if shutil.which(t) is None]


def need_x_tools() -> None:
    missing = missing_tools()
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (Debian: apt-get install xvfb x11-utils)")


@contextmanager
def xvfb(size: str = "1280x800x24") -> Iterator[str]:
    """Start Xvfb and yield its ``DISPLAY`` (":N"); the server is stopped after. Each test
    process takes display numbers of its own (from its pid): a number another process's
    server just gave back could still lose its socket to that server's exit (the lowest
    free number, which ``-displayfd`` alone picks, is the one most often just freed)."""
    need_x_tools()
    first = 100 + (os.getpid() % 400) * 8
    for number in range(first, first + 8):
        read, write = os.pipe()
        proc = subprocess.Popen(["Xvfb", f":{number}", "-displayfd", str(write), "-screen", "0", size, "-nolisten", "tcp"],
                                pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as f:
            said = f.readline().strip()  # written once the server accepts clients; nothing if it stopped (taken)
        if said:
            break
        proc.wait(10)
    else:
        pytest.fail(f"Xvfb did not start on any display from :{first} to :{first + 7}")
    try:
        yield f":{said}"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def top_windows(display: str) -> list[tuple[str, str]]:
    """(window id, name) of the root window's children that have a name."""
    out = subprocess.run(["xwininfo", "-root", "-children"], capture_output=True, text=True,
                         env=dict(os.environ, DISPLAY=display), timeout=10).stdout
    return re.findall(r"^\s+(0x[0-9a-f]+) \"([^\"]*)\"", out, flags=re.M)


def wait_for_window(display: str, name: str, timeout: float, alive: subprocess.Popen[str] | None = None) -> str:
    """The id of the first top-level window called ``name`` (fails after ``timeout`` s,
    or as soon as the process ``alive`` ends)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for wid, title in top_windows(display):
            if title == name:
                return wid
        if alive is not None and alive.poll() is not None:
            out, err = alive.communicate()
            pytest.fail(f"the program ended with {alive.returncode} before its window showed: {err[-2000:]}")
        time.sleep(0.1)
    pytest.fail(f"no window called {name!r} on {display} after {timeout} s")


def window_property(display: str, wid: str, prop: str) -> str:
    """``xprop``'s line for the property ``prop`` of the window ``wid``."""
    return subprocess.run(["xprop", "-id", wid, prop], capture_output=True, text=True,
                          env=dict(os.environ, DISPLAY=display), timeout=10).stdout.strip()
