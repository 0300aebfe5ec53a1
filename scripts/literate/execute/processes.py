"""The processes of a build: a set that can be stopped at once, killing, reading a pipe."""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import threading
import time
from contextlib import suppress
from typing import Any


class WorkerSet:
    """The worker processes of one build, so that cancelling it stops them (and only them)."""

    def __init__(self) -> None:
        self._processes: set[subprocess.Popen[bytes]] = set()
        self._lock = threading.Lock()
        self.cancelled = False

    def add(self, process: subprocess.Popen[bytes]) -> None:
        with self._lock:
            self._processes.add(process)
            if self.cancelled:
                kill(process)

    def discard(self, process: subprocess.Popen[bytes]) -> None:
        with self._lock:
            self._processes.discard(process)

    def stop(self) -> None:
        """Kill every worker of this build still running, and any it starts from now on."""
        with self._lock:
            self.cancelled = True
            processes = list(self._processes)
        for process in processes:
            kill(process)


def kill(process: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        process.kill()


def kill_group(group: int) -> None:
    with suppress(ProcessLookupError, PermissionError):
        os.killpg(group, signal.SIGKILL)


def tail(log: Any, limit: int = 4000) -> str:
    log.flush()
    size = log.seek(0, os.SEEK_END)
    log.seek(max(0, size - limit))
    return log.read().decode("utf-8", errors="replace").strip()


TIMEOUT = object()  # what LineReader.readline returns when the time is up


class LineReader:
    """Read lines from a pipe with a timeout; None at end of file."""

    def __init__(self, fd: int):
        self.fd = fd
        self.buffer = b""
        self.selector = selectors.DefaultSelector()
        self.selector.register(fd, selectors.EVENT_READ)
        self.eof = False

    def readline(self, timeout: float) -> Any:
        end = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            if self.eof:
                return None
            remaining = end - time.monotonic()
            if remaining <= 0 or not self.selector.select(remaining):
                return TIMEOUT
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                self.eof = True
                continue
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("utf-8")
