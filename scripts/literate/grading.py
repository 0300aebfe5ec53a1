"""Exercises: a reader's code graded by the page's own hidden check.

An exercise fence holds five sections and an optional sixth (parse/exercise_sections.py splits
them): the starter code the reader begins from, a solution, a check, a hint, the success text,
and what it refuses. Grading runs the reader's code in a copy of the page's namespace (so a
name an attempt binds is not the page's), with the refused names switched off before it runs
(shortcuts.py), then the check in a copy of that, with the page's names back. A check is plain
Python: an `assert` (or any helper that raises AssertionError) whose message says what is
wrong and by how much; an AssertionError with a `progress` attribute, (held, total), also says
how far the attempt got, and the page keeps that. A check that fails without a message is
reported by its own source line, so the reader never gets a bare "wrong".

This module is pure standard library: the build's worker grades with it (the solution must
pass, the starter must fail), and the browser ships it to Pyodide to grade the reader.
"""

from __future__ import annotations

import ast
import contextlib
import traceback
from types import CodeType
from typing import Any, TextIO

from literate.escape_hatches import escape_hatch
from literate.shortcut_steps import SENTENCE, step_loader, step_methods
from literate.shortcuts import SwitchOff, parse_refusals

# How the build's verdict on an exercise travels in its result (a mimebundle entry).
EXERCISE_MIME = "application/vnd.literate.exercise+json"


def grade(
    attempt: str,
    check: str,
    namespace: dict[str, Any],
    path: str,
    lines: tuple[int, int],
    refuse: str = "",
    check_out: TextIO | None = None,
) -> dict[str, Any]:
    """Run `attempt` then `check`, with the `refuse` section's names switched off (shortcuts.py).

    The attempt runs in a copy of `namespace`, the check in a copy of that, with the page's
    own names back, so that nothing the check binds is the reader's to read. `lines` are the
    page lines of the first line of the attempt and of the check, so that tracebacks and
    messages point at the page; what the check prints goes to `check_out` if given (the build
    keeps it for a notebook's check cell). Returns {"passed": bool, "message": str}.
    """
    attempt_line, check_line = lines
    try:
        tree = ast.parse("\n" * (attempt_line - 1) + attempt, path)
    except SyntaxError as error:
        where = f"line {error.lineno - attempt_line + 1}" if error.lineno else "your code"
        return _failed(f"Your code does not parse ({where}): {error.msg}.")
    escape = escape_hatch(tree, attempt_line)
    if escape:
        return _failed(escape)
    where = (path, lines)
    attempt_code = compile(tree, path, "exec")
    check_code = compile("\n" * (check_line - 1) + check, path, "exec")
    switch = SwitchOff(
        step_loader() + parse_refusals(refuse), namespace, reader_codes(attempt_code),
        reader_codes(check_code), attempt_line,
    )  # fmt: skip
    for cls, name in step_methods(namespace):  # the build-along steps: finished engines
        switch.switch_off_method(cls, name, f"the build-along {cls.__name__}.{name}", SENTENCE)
    with switch:
        codes = (attempt_code, check_code)
        verdict = _attempt_then_check(switch, codes, (attempt, check), where, check_out)
    return _failed(switch.refused[0]) if switch.refused else verdict


def _attempt_then_check(switch, codes, texts, where, check_out) -> dict[str, Any]:
    (attempt_code, check_code), (attempt, check) = codes, texts
    path, (_, check_line) = where
    scope = dict(switch.namespace)  # the page's names, switched off where refused
    try:
        exec(attempt_code, scope)
    except BaseException as error:  # the reader's code may raise anything
        return _failed(f"Your code raised {_one_line(error)}{_where(error, where, attempt)}.")
    printing = contextlib.redirect_stdout(check_out) if check_out else contextlib.nullcontext()
    try:
        with printing:
            exec(check_code, switch.check_scope(scope))
    except AssertionError as error:
        failed = _failed(str(error) or _failing_line(error, path, check, check_line))
        progress = getattr(error, "progress", None)  # a check that counts how far it got
        if progress is not None:
            failed["progress"] = [int(progress[0]), int(progress[1])]
        return failed
    except BaseException as error:
        return _failed(
            f"Checking your code raised {_one_line(error)}{_where(error, where, attempt)}: "
            "does it define what the exercise asks for?"
        )
    return {"passed": True, "message": ""}


def _failed(message: str) -> dict[str, Any]:
    return {"passed": False, "message": message}


def _one_line(error: BaseException) -> str:
    return traceback.format_exception_only(error)[-1].strip()


def _where(error: BaseException, where: tuple[str, tuple[int, int]], code: str) -> str:
    """`at line 3 of your code`: the deepest frame in the reader's code, counted from its top."""
    path, (first_line, _) = where
    count = code.count("\n") + 1
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        line = (frame.lineno or 0) - first_line + 1
        if frame.filename == path and 1 <= line <= count:
            return f" at line {line} of your code"
    return ""


def _failing_line(error: AssertionError, path: str, check: str, first_line: int) -> str:
    """For an assert without a message: the check's line that failed, quoted."""
    lines = check.split("\n")
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        index = (frame.lineno or 0) - first_line
        if frame.filename == path and 0 <= index < len(lines):
            return f"This check failed: {lines[index].strip()}"
    return "A check failed."


def reader_codes(code: CodeType) -> frozenset[CodeType]:
    """The code objects of the reader's attempt: its module and every function, class body and
    lambda in it."""
    found, stack = set(), [code]
    while stack:
        current = stack.pop()
        found.add(current)
        stack.extend(c for c in current.co_consts if isinstance(c, CodeType))
    return frozenset(found)
