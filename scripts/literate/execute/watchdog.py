"""Run a page in a fresh worker process, enforcing per-item timeouts.

The worker's processes are registered with the build's WorkerSet, so that cancelling one build
stops its own workers and no others.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from literate.execute.processes import TIMEOUT, LineReader, WorkerSet, kill, kill_group, tail
from literate.parse.page import Block, Page
from literate.results import BuildError, ItemResult, PageRun
from literate.settings import Settings


def run_page(page: Page, settings: Settings, workers: WorkerSet | None = None) -> PageRun:
    """Run one page's items in order in a new worker process."""
    job = {
        "path": page.path,
        "source": page.source,
        "first_line": page.first_line,
        "output_limit": settings.output_limit,
        "items": [_item_job(item) for item in page.items],
    }
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="literate-") as workdir:
        watchdog = _Watchdog(page, settings, workers or WorkerSet(), Path(workdir))
        run = watchdog.run(job)
    run.seconds = time.monotonic() - start
    return run


def _item_job(item: Any) -> dict[str, Any]:
    """What the worker needs of an item: its kind (a block's, or "inline") and its parts."""
    if not isinstance(item, Block):
        return {"kind": "inline", "expr": item.expr, "line": item.line}
    job = {"kind": item.kind, "code": item.code, "line": item.code_line}
    job.update(raises=item.raises, expect=item.expect)
    if item.exercise is not None:
        job["exercise"] = item.exercise.to_json()
    return job


def worker_environment(project_root: Path) -> dict[str, str]:
    """The project first on the path (its packages win over installed ones); no GUI backends."""
    env = dict(os.environ)
    paths = [str(project_root)]
    if env.get("PYTHONPATH"):
        paths.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    env["MPLBACKEND"] = "Agg"
    env["PYTHONHASHSEED"] = "0"  # the same set order, hence the same output, on every build
    return env


class _Watchdog:
    """Feeds a worker its job, reads its events and kills it when an item takes too long."""

    def __init__(self, page: Page, settings: Settings, workers: WorkerSet, workdir: Path):
        self.page = page
        self.settings = settings
        self.workers = workers
        self.workdir = workdir
        self.results: list[ItemResult] = []
        self.errors: list[BuildError] = []

    def run(self, job: dict[str, Any]) -> PageRun:
        read_fd, write_fd = os.pipe()
        with tempfile.TemporaryFile() as crash_log:
            try:
                process = subprocess.Popen(
                    [sys.executable, "-m", "literate.execute.worker", str(write_fd)],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.DEVNULL,
                    stderr=crash_log,
                    cwd=self.workdir,
                    env=worker_environment(self.settings.project_root),
                    pass_fds=(write_fd,),
                    start_new_session=True,  # so a timeout can kill the block's children too
                )
            finally:
                os.close(write_fd)
            self.workers.add(process)
            try:
                self._send_job(process, job)
                self._follow(process, read_fd, crash_log)
            finally:
                os.close(read_fd)
                if process.poll() is None:
                    kill(process)
                process.wait()
                kill_group(process.pid)  # processes a block started and left behind
                self.workers.discard(process)
        return PageRun(self.page.path, self.results, self.errors)

    def _send_job(self, process: subprocess.Popen[bytes], job: dict[str, Any]) -> None:
        assert process.stdin is not None
        try:
            process.stdin.write(json.dumps(job).encode())
            process.stdin.close()
        except BrokenPipeError:
            pass  # the worker died at once; reported as a crash below

    def _follow(self, process: subprocess.Popen[bytes], read_fd: int, crash_log: Any) -> None:
        current: int | None = None
        finished = False
        lines = LineReader(read_fd)
        deadline = time.monotonic() + self.settings.startup_timeout
        while True:
            line = lines.readline(deadline - time.monotonic())
            if line is TIMEOUT:
                self._timed_out(process, current, crash_log)
                return
            if line is None:
                break
            try:
                event = json.loads(line)
                if event["event"] == "start":
                    current = event["index"]
                    deadline = time.monotonic() + self._timeout_of(current)
                elif event["event"] == "done":
                    self._record(event["index"], ItemResult.from_json(event["result"]))
                    current = None
                    deadline = time.monotonic() + self.settings.startup_timeout
                elif event["event"] == "finished":
                    finished = True
            except (ValueError, KeyError, TypeError, IndexError):
                self._page_error("the worker sent an unreadable message", line[:200])
                kill(process)
                return
        try:
            code = process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            kill(process)
            code = process.wait()
        if not finished:
            self._crashed(code, current, crash_log)

    def _timeout_of(self, index: int) -> float:
        item = self.page.items[index]
        if isinstance(item, Block):
            return item.timeout or self.settings.timeout
        return self.settings.startup_timeout

    def _record(self, index: int, result: ItemResult) -> None:
        self.results.append(result)
        if result.error is not None:
            error = result.error
            item = self.page.items[index]
            self.errors.append(
                BuildError(
                    self.page.path, item.line, error["message"], error.get("traceback", ""), index
                )
            )

    def _timed_out(self, process: subprocess.Popen[bytes], current: int | None, log: Any) -> None:
        if current is None:
            self._page_error(
                f"the worker did not respond within {self.settings.startup_timeout:g} s"
            )
            kill(process)
            return
        # Ask faulthandler where the block is stuck before killing it.
        try:
            os.kill(process.pid, signal.SIGUSR1)
            time.sleep(0.2)
        except ProcessLookupError:
            pass
        kill(process)
        seconds = self._timeout_of(current)
        where = self._stuck_at(log)
        self._item_error(current, f"timed out after {seconds:g} s", where)

    def _crashed(self, code: int, current: int | None, log: Any) -> None:
        if code < 0:
            try:
                how = f"was killed by {signal.Signals(-code).name}"
            except ValueError:
                how = f"was killed by signal {-code}"
        else:
            how = f"exited with code {code} (os._exit?)"
        if current is None:
            self._page_error(f"the worker {how} outside any block", tail(log))
        else:
            self._item_error(
                current,
                f"the worker process {how} while running this block",
                self._stuck_at(log) or tail(log),
            )

    def _stuck_at(self, log: Any) -> str:
        """The page's frames from a faulthandler dump, most recent call first."""
        text = tail(log)
        pattern = re.compile(rf'File "{re.escape(self.page.path)}", line (\d+)')
        lines = [f"  at {self.page.path}:{number}" for number in pattern.findall(text)]
        return "\n".join(lines)

    def _item_error(self, index: int, message: str, detail: str = "") -> None:
        line = self.page.items[index].line
        self.errors.append(BuildError(self.page.path, line, message, detail, index))

    def _page_error(self, message: str, detail: str = "") -> None:
        line = self.page.items[0].line if self.page.items else 1
        self.errors.append(BuildError(self.page.path, line, message, detail))
