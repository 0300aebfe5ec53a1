"""Exercises: a reader's code graded by the page's own hidden check.

An exercise fence holds four sections (parse/exercise.py splits them): the starter code the
reader begins from, a solution, a check and a hint. Grading runs the reader's code in a copy
of the page's namespace (so an attempt cannot break the page), then the check in that same
copy. A check is plain Python: an `assert` (or any helper that raises AssertionError) whose
message says what is wrong and by how much. A check that fails without a message is reported
by its own source line, so the reader never gets a bare "wrong".

This module is pure standard library: the build's worker grades with it (the solution must
pass, the starter must fail), and the browser ships it to Pyodide to grade the reader.
"""

from __future__ import annotations

import traceback
from typing import Any

# How the build's verdict on an exercise travels in its result (a mimebundle entry).
EXERCISE_MIME = "application/vnd.literate.exercise+json"


def grade(
    attempt: str, check: str, namespace: dict[str, Any], path: str, lines: tuple[int, int]
) -> dict[str, Any]:
    """Run `attempt` then `check` in a copy of `namespace`.

    `lines` are the page lines of the first line of the attempt and of the check, so that
    tracebacks and messages point at the page. Returns {"passed": bool, "message": str}.
    """
    scope = dict(namespace)
    attempt_line, check_line = lines
    try:
        _run(attempt, path, attempt_line, scope)
    except SyntaxError as error:
        where = f"line {error.lineno - attempt_line + 1}" if error.lineno else "your code"
        return _failed(f"Your code does not parse ({where}): {error.msg}.")
    except BaseException as error:  # the reader's code may raise anything
        where = _where(error, path, attempt_line, attempt)
        return _failed(f"Your code raised {_one_line(error)}{where}.")
    try:
        _run(check, path, check_line, scope)
    except AssertionError as error:
        return _failed(str(error) or _failing_line(error, path, check, check_line))
    except BaseException as error:
        return _failed(
            f"Checking your code raised {_one_line(error)}"
            f"{_where(error, path, attempt_line, attempt)}: does it define what the exercise "
            "asks for?"
        )
    return {"passed": True, "message": ""}


def _run(code: str, path: str, first_line: int, scope: dict[str, Any]) -> None:
    exec(compile("\n" * (first_line - 1) + code, path, "exec"), scope)


def _failed(message: str) -> dict[str, Any]:
    return {"passed": False, "message": message}


def _one_line(error: BaseException) -> str:
    return traceback.format_exception_only(error)[-1].strip()


def _where(error: BaseException, path: str, first_line: int, code: str) -> str:
    """`at line 3 of your code`: the deepest frame in the reader's code, counted from its top."""
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
