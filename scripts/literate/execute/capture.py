"""Capture what a block writes to stdout and stderr at the file-descriptor level.

Redirecting fds 1 and 2 (not just sys.stdout) also catches output of C extensions, library
code writing to the raw descriptors, and child processes.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass


@dataclass
class Captured:
    stdout: str = ""
    stderr: str = ""


def read_limited(file, limit: int) -> str:
    """The file's text, cut at `limit` bytes with a visible note when it is longer."""
    size = os.fstat(file.fileno()).st_size
    file.seek(0)
    data = file.read(limit)
    text = data.decode("utf-8", errors="replace")
    if size > limit:
        text += f"\n[output truncated: {size:,} bytes, showing the first {limit:,}]\n"
    return text


@contextmanager
def capture_fds(limit: int) -> Iterator[Captured]:
    """Send fds 1 and 2 to temporary files for the duration; fill in the Captured on exit."""
    captured = Captured()
    sys.stdout.flush()
    sys.stderr.flush()
    saved = {fd: os.dup(fd) for fd in (1, 2)}
    with tempfile.TemporaryFile() as out_file, tempfile.TemporaryFile() as err_file:
        files = {1: out_file, 2: err_file}
        try:
            for fd, file in files.items():
                os.dup2(file.fileno(), fd)
            yield captured
        finally:
            for stream in (sys.stdout, sys.stderr):
                with suppress(OSError, ValueError):  # a block may have closed the stream
                    stream.flush()
            for fd, saved_fd in saved.items():
                os.dup2(saved_fd, fd)
                os.close(saved_fd)
            captured.stdout = read_limited(out_file, limit)
            captured.stderr = read_limited(err_file, limit)
