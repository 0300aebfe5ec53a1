"""Run one page's items in a fresh interpreter: `python -m literate.execute.worker RESULT_FD`.

The job (JSON) arrives on stdin. Results go to RESULT_FD as JSON lines, kept apart from the
captured stdout: {"event": "start", "index": i} before an item, {"event": "done", ...} after it,
{"event": "finished"} at the end. The parent is the watchdog: it enforces timeouts and turns a
worker that dies mid-item into an error for that item. The worker stops at the first failure.
"""

from __future__ import annotations

import ast
import faulthandler
import json
import linecache
import os
import signal
import sys
import traceback
from typing import Any

from literate.execute.capture import capture_fds
from literate.execute.formatters import mimebundle, open_figures
from literate.execute.practice import evaluate_answer, verify_exercise
from literate.parse.page import split_lines
from literate.results import mime_output, stream

_THIS_FILE = os.path.abspath(__file__)


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

    _register_source(job["path"], job["source"], job["first_line"])
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


def _register_source(path: str, source: str, first_line: int) -> None:
    """Let tracebacks quote the Markdown file's lines (the file is not in the cwd)."""
    lines = ["\n"] * (first_line - 1) + [line + "\n" for line in split_lines(source)]
    linecache.cache[path] = (len(source), None, lines, path)


class PageRunner:
    """Runs a page's blocks and inline expressions in one namespace."""

    def __init__(self, path: str, output_limit: int):
        self.path = path
        self.output_limit = output_limit
        self.namespace: dict[str, Any] = {"__name__": "__main__", "__builtins__": __builtins__}

    def run(self, item: dict[str, Any]) -> dict[str, Any]:
        if item["kind"] == "inline":
            return self.run_inline(item["expr"], item["line"])
        options = item["options"]
        if options.get("exercise"):
            return self.run_practice(verify_exercise, item, options["exercise"])
        if options.get("answer"):
            return self.run_practice(evaluate_answer, item)
        return self.run_block(item["code"], item["line"], options)

    def run_practice(self, run, item: dict[str, Any], *args: Any) -> dict[str, Any]:
        """An exercise or an answer: a SyntaxError or exception is the fence's error."""
        with capture_fds(self.output_limit):
            try:
                return run(item["code"], item["line"], *args, self.namespace, self.path)
            except BaseException as error:
                return {"outputs": [], "error": _describe(error)}

    def run_inline(self, expr: str, line: int) -> dict[str, Any]:
        result = _empty_result()
        with capture_fds(self.output_limit):
            try:
                code = compile("\n" * (line - 1) + expr.strip(), self.path, "eval")
                value = str(eval(code, self.namespace))
                if "\n" in value or "\r" in value:
                    # It would end the sentence's paragraph or table row.
                    result["error"] = {
                        "message": f"the inline value {value[:60]!r} spans several lines; "
                        "give a one-line value (e.g. .replace('\\n', ' '))"
                    }
                else:
                    data = {"text/plain": value}
                    result["outputs"].append(mime_output(data, {}, result=True))
            except BaseException as error:
                result["error"] = _describe(error)
        return result

    def run_block(self, code: str, line: int, options: dict[str, Any]) -> dict[str, Any]:
        result = _empty_result()
        source = "\n" * (line - 1) + code
        try:
            tree = ast.parse(source, self.path, "exec")
        except SyntaxError as error:
            result["error"] = _describe(error)
            return result
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        value = None
        raised: BaseException | None = None
        with capture_fds(self.output_limit) as captured:
            try:
                exec(compile(tree, self.path, "exec"), self.namespace)
                if last is not None:
                    expression = ast.Expression(last.value)
                    value = eval(compile(expression, self.path, "eval"), self.namespace)
            except BaseException as error:
                raised = error
        for name, text in (("stdout", captured.stdout), ("stderr", captured.stderr)):
            if text:
                result["outputs"].append(stream(name, text))
        expected = options.get("raises")
        if expected is None and raised is not None:
            result["error"] = _describe(raised)
        elif expected is not None and raised is None:
            result["error"] = {"message": f"expected {expected} to be raised, but nothing was"}
        elif expected is not None and not _is_instance_of(raised, expected):
            described = _describe(raised)
            described["message"] = f"expected {expected}, but {described['message']}"
            result["error"] = described
        elif raised is not None:
            result["outputs"].append(_error_output(raised))
        if result["error"] is None:
            self._display(value, result)
            _check_expect(options.get("expect"), result)
        return result

    def _display(self, value: Any, result: dict[str, Any]) -> None:
        try:
            figures = open_figures()
            if value is not None and not any(value is figure for figure in figures):
                result["outputs"].append(mime_output(*mimebundle(value), result=True))
            for figure in figures:
                result["outputs"].append(mime_output(*mimebundle(figure), result=figure is value))
        except Exception as error:
            described = _describe(error)
            described["message"] = f"could not display the block's value: {described['message']}"
            result["error"] = described


def _empty_result() -> dict[str, Any]:
    return {"outputs": [], "error": None}


def _error_output(error: BaseException) -> dict[str, Any]:
    """An exception the block was meant to raise, as an nbformat error output."""
    return {
        "output_type": "error",
        "ename": type(error).__name__,
        "evalue": str(error),
        "traceback": traceback.format_exception_only(error),
    }


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


def _is_instance_of(error: BaseException, name: str) -> bool:
    return any(
        name in (cls.__name__, f"{cls.__module__}.{cls.__qualname__}")
        for cls in type(error).__mro__
    )


def _describe(error: BaseException) -> dict[str, Any]:
    """The error's last line and its traceback without the worker's own frames."""
    tb = error.__traceback__
    while tb is not None and os.path.abspath(tb.tb_frame.f_code.co_filename) == _THIS_FILE:
        tb = tb.tb_next
    lines = traceback.format_exception(type(error), error, tb)
    summary = traceback.format_exception_only(error)[-1].strip()
    if isinstance(error, SystemExit):
        summary = f"the block called sys.exit({error.code!r}), which would end the page"
    return {"message": summary, "traceback": "".join(lines).rstrip("\n")}


if __name__ == "__main__":
    main()
