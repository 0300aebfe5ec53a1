"""Run one page's items in a fresh interpreter: `python -m literate.execute.worker RESULT_FD`.

What runs a block is execute/core.py (the browser runs it too); this adds the process around
it: capture at the file-descriptor level, exercises and answers verified, `expect=` checked.

The job (JSON) arrives on stdin. Results go to RESULT_FD as JSON lines, kept apart from the
captured stdout: {"event": "start", "index": i} before an item, {"event": "done", ...} after it,
{"event": "finished"} at the end. The parent is the watchdog: it enforces timeouts and turns a
worker that dies mid-item into an error for that item. The worker stops at the first failure.
"""

from __future__ import annotations

import faulthandler
import json
import os
import signal
import sys
from typing import Any

from literate.execute.capture import capture_fds
from literate.execute.core import Session, describe, register_page
from literate.execute.verify import evaluate_answer, verify_exercise
from literate.parse.page import Exercise
from literate.results import stream


def main() -> None:
    result_fd = int(sys.argv[1])
    job = json.load(sys.stdin)
    _detach_stdin()
    os.set_inheritable(result_fd, False)  # children of a block must not hold the channel open
    channel = os.fdopen(result_fd, "w", encoding="utf-8")
    crash_log = os.fdopen(os.dup(2), "w")  # the real stderr, also while a block is captured
    faulthandler.enable(file=crash_log)
    faulthandler.register(signal.SIGUSR1, file=crash_log)  # the parent asks on a timeout
    sys.argv = [job["path"]]

    def send(message: dict[str, Any]) -> None:
        channel.write(json.dumps(message) + "\n")
        channel.flush()

    register_page(job["path"], job["source"], job["first_line"])
    runner = PageRunner(job["path"], job["output_limit"])
    for index, item in enumerate(job["items"]):
        send({"event": "start", "index": index})
        result = runner.run(item)
        send({"event": "done", "index": index, "result": result})
        if result["error"] is not None:
            break
    send({"event": "finished"})
    channel.close()
    # Threads or atexit handlers a block left behind must not keep the worker alive.
    os._exit(0)


def _detach_stdin() -> None:
    """Blocks that read stdin see end of file instead of waiting forever."""
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)


class PageRunner:
    """Runs a page's items in one core Session, capturing what they print."""

    def __init__(self, path: str, output_limit: int):
        self.path = path
        self.output_limit = output_limit
        self.session = Session(path)

    def run(self, item: dict[str, Any]) -> dict[str, Any]:
        if item["kind"] == "inline":
            with capture_fds(self.output_limit):
                return self.session.run_inline(item["expr"], item["line"])
        if item["kind"] == "exercise":
            return self.run_practice(verify_exercise, Exercise.from_json(item["exercise"]))
        if item["kind"] == "answer":
            return self.run_practice(evaluate_answer, item["code"], item["line"])
        return self.run_block(item)

    def run_practice(self, run, *args: Any) -> dict[str, Any]:
        """An exercise or an answer: a SyntaxError or exception is the fence's error."""
        with capture_fds(self.output_limit):
            try:
                return run(*args, self.session.namespace, self.path)
            except BaseException as error:
                return {"outputs": [], "error": describe(error)}

    def run_block(self, item: dict[str, Any]) -> dict[str, Any]:
        with capture_fds(self.output_limit) as captured:
            result = self.session.run_block(item["code"], item["line"], item["raises"])
        streams = [
            stream(name, text)
            for name, text in (("stdout", captured.stdout), ("stderr", captured.stderr))
            if text
        ]
        result["outputs"][:0] = streams
        if result["error"] is None:
            _check_expect(item["expect"], result)
        return result


def _check_expect(expect: str | None, result: dict[str, Any]) -> None:
    printed = "".join(
        o["text"]
        for o in result["outputs"]
        if o["output_type"] == "stream" and o["name"] == "stdout"
    )
    if expect is not None and printed.rstrip("\n") != expect.rstrip("\n"):
        result["error"] = {
            "message": "printed output differs from expect",
            "traceback": f"expected:\n{expect}\ngot:\n{printed}",
        }


if __name__ == "__main__":
    main()
