"""What runs one block of a page, wherever the page runs: the build's worker (CPython) imports
it, and the site ships it to the reader's browser (Pyodide) as a file.

A Session holds a page's namespace. Running a block compiles it with the page's path as its
filename and its real line offset, runs its statements, evaluates its last expression (if it
ends with one), and answers with a result: {"outputs": [...], "error": None or {"message",
"traceback"}}, outputs being nbformat output dicts. An expected exception (`raises=`) becomes
an error output; any other exception, or none when one was expected, is the block's error.
Tracebacks start at the page's own frames, never this module's.

Printed text is not captured here: the build redirects file descriptors, the browser sets
Pyodide's stdout. What differs between the two places is injected: `render_dot`, the program
that draws a graph's DOT source as SVG (Graphviz's `dot` at build, Viz.js in the browser).
Standard library only at import time.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import linecache
import os
import sys
import traceback
from typing import TYPE_CHECKING, Any

from literate.execute.formatters import (
    RenderDot,
    drawn_by,
    graph_svg,
    mimebundle,
    qualified_name,
)
from literate.execute.formatters import open_figures as _open_figures

if TYPE_CHECKING:  # the shapes of its answers; the browser's Python runs without the module
    from literate.contracts import CallResult, ErrorInfo, Grade, RunResult

Result = dict[str, Any]

_THIS_FILE = os.path.abspath(__file__)


class Session:
    """One page's namespace, and the blocks run in it in page order."""

    def __init__(self, path: str, render_dot: RenderDot | None = None):
        self.path = path
        self.namespace: dict[str, Any] = {"__name__": "__main__", "__builtins__": builtins}
        self.render_dot = render_dot  # see formatters.drawn_by

    def run_block(
        self, code: str, line: int, raises: str | None = None, path: str = ""
    ) -> RunResult:
        """Run a block whose first line is page line `line`; see the module docstring."""
        path = path or self.path
        remember_lines(path, line, code)
        result = empty_result()
        try:
            tree = ast.parse("\n" * (line - 1) + code, path, "exec")
        except SyntaxError as error:
            result["error"] = describe(error)
            return result
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        value = None
        raised: BaseException | None = None
        try:
            exec(compile(tree, path, "exec"), self.namespace)
            if last is not None:
                expression = ast.Expression(last.value)
                value = eval(compile(expression, path, "eval"), self.namespace)
        except BaseException as error:  # the block may raise anything, SystemExit included
            raised = error
        result["error"] = _verdict(raised, raises)
        if raised is not None and result["error"] is None:
            result["outputs"].append(error_output(raised))
        if result["error"] is None:
            self._display(value, result)
        return result

    def run_inline(self, expr: str, line: int) -> RunResult:
        """An inline value: the str() of the expression, on one line."""
        result = empty_result()
        try:
            code = compile("\n" * (line - 1) + expr.strip(), self.path, "eval")
            value = str(eval(code, self.namespace))
        except BaseException as error:
            result["error"] = describe(error)
            return result
        if "\n" in value or "\r" in value:  # it would end the sentence's paragraph or row
            result["error"] = {
                "message": f"the inline value {value[:60]!r} spans several lines; "
                "give a one-line value (e.g. .replace('\\n', ' '))"
            }
        else:
            result["outputs"].append(mime_output({"text/plain": value}, {}, result=True))
        return result

    def grade(
        self, attempt: str, check: str, line: int, check_line: int, path: str = "", refuse: str = ""
    ) -> Grade:
        """The reader's attempt at an exercise (its first line at page line `line`), then its
        check, in a copy of the namespace, with what it refuses switched off:
        {"passed": bool, "message": str}."""
        from literate.grading import grade

        path = path or self.path
        remember_lines(path, line, attempt)
        return grade(attempt, check, self.namespace, path, (line, check_line), refuse)

    def call(self, module: str, name: str, *args: Any) -> CallResult:
        """A page helper's answer for the browser's scripts (the stepper, say): {"value": its
        dict, with any graph in it drawn as SVG, "error": None} or {"value": None, "error"}."""
        try:
            with drawn_by(self.render_dot):
                answer = getattr(importlib.import_module(module), name)(*args)
                value = {key: self._plain(item) for key, item in answer.items()}
        except Exception as error:
            return {"value": None, "error": describe(error)}
        return {"value": value, "error": None}

    def _plain(self, value: Any) -> Any:
        """A graph as its SVG (drawn as the page's graphs are); anything else as it is."""
        if any(qualified_name(cls) == "graphviz.graphs.BaseGraph" for cls in type(value).__mro__):
            return graph_svg(value)
        return value

    def _display(self, value: Any, result: Result) -> None:
        """The value, then the figures the block left open, as mimebundles."""
        try:
            with drawn_by(self.render_dot):
                bundles = self._bundles(value)
        except Exception as error:
            described = describe(error)
            described["message"] = f"could not display the block's value: {described['message']}"
            result["error"] = described
            return
        result["outputs"].extend(bundles)

    def _bundles(self, value: Any) -> list[dict[str, Any]]:
        figures = _open_figures()
        outputs = []
        if value is not None and not any(value is figure for figure in figures):
            outputs.append(mime_output(*mimebundle(value), result=True))
        for figure in figures:
            outputs.append(mime_output(*mimebundle(figure), result=figure is value))
        return outputs


def _verdict(raised: BaseException | None, expected: str | None) -> ErrorInfo | None:
    """The block's error, given what it raised and what it was expected to raise."""
    if expected is None:
        return describe(raised) if raised is not None else None
    if raised is None:
        return {"message": f"expected {expected} to be raised, but nothing was"}
    if is_instance_of(raised, expected):
        return None
    described = describe(raised)
    described["message"] = f"expected {expected}, but {described['message']}"
    return described


def empty_result() -> RunResult:
    return {"outputs": [], "error": None}


def mime_output(data: dict[str, Any], metadata: dict[str, Any], result: bool) -> dict[str, Any]:
    """An execute_result (the block's value) or a display_data (a figure it left open)."""
    if result:
        return {
            "output_type": "execute_result",
            "execution_count": None,
            "data": data,
            "metadata": metadata,
        }
    return {"output_type": "display_data", "data": data, "metadata": metadata}


def error_output(error: BaseException) -> dict[str, Any]:
    """An exception the block was meant to raise, as an nbformat error output."""
    return {
        "output_type": "error",
        "ename": type(error).__name__,
        "evalue": str(error),
        "traceback": traceback.format_exception_only(type(error), error),
    }


def is_instance_of(error: BaseException, name: str) -> bool:
    """Whether the error's class, or a base of it, is called `name` (plain, or qualified where it
    is defined), or is what `name` names in a loaded module (`json.JSONDecodeError`, defined in
    json.decoder): whether `except name` would catch it."""
    classes = type(error).__mro__
    if any(name in (cls.__name__, f"{cls.__module__}.{cls.__qualname__}") for cls in classes):
        return True
    module, _, attribute = name.rpartition(".")
    named = getattr(sys.modules.get(module), attribute, None) if module else None
    return isinstance(named, type) and isinstance(error, named)


def describe(error: BaseException) -> ErrorInfo:
    """The error's last line and its traceback, without this module's own frames (a syntax
    error has none worth showing: its own lines say where in the page it is, and its frames
    are the parser's)."""
    tb = None if isinstance(error, SyntaxError) else error.__traceback__
    while tb is not None and os.path.abspath(tb.tb_frame.f_code.co_filename) == _THIS_FILE:
        tb = tb.tb_next
    lines = traceback.format_exception(type(error), error, tb)
    summary = traceback.format_exception_only(type(error), error)[-1].strip()
    if isinstance(error, SystemExit):
        summary = f"the block called sys.exit({error.code!r}), which would end the page"
    return {"message": summary, "traceback": "".join(lines).rstrip("\n")}


def register_page(path: str, source: str, first_line: int) -> None:
    """Let tracebacks quote the page's lines (the file is not where Python would look)."""
    lines = ["\n"] * (first_line - 1) + [line + "\n" for line in source.split("\n")]
    linecache.cache[path] = (len(source), None, lines, path)


def remember_lines(path: str, line: int, code: str) -> None:
    """Put one block's (edited) lines at their place in the page's cached lines."""
    entry = linecache.cache.get(path)
    lines = list(entry[2]) if entry and len(entry) == 4 else []
    new = [text + "\n" for text in code.split("\n")]
    end = line - 1 + len(new)
    lines += ["\n"] * max(0, end - len(lines))
    lines[line - 1 : end] = new
    linecache.cache[path] = (sum(map(len, lines)), None, lines, path)
