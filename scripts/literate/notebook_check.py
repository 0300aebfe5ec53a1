"""An exercise's check in a downloaded notebook: it reports, it never stops "Run all".

The notebook of a page puts an exercise's check under this context manager:

    from literate.notebook_check import exercise_check

    with exercise_check(success="Your nudge estimate agrees with the calculus."):
        got = slope(lambda x: x**2, 3.0)
        assert abs(got - 6) < 1e-3, f"slope of x**2 at 3 should be about 6, got {got}"

A check that passes prints the success text; one that fails prints `Not yet.` and what is
wrong, in the words the page's own grader uses (literate/exercise.py), so that the starter's
notebook output is the one the build recorded. Nothing is raised, so the cells after it run.
Pure standard library: a notebook needs only this module of the build engine.
"""

from __future__ import annotations

import traceback
from types import TracebackType


class exercise_check:  # lower case: it reads as a statement, `with exercise_check(...):`
    """Print the success text, or `Not yet.` and the reason the check failed."""

    def __init__(self, success: str):
        self.success = success

    def __enter__(self) -> exercise_check:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> bool:
        if error is None:
            print(f"Solved. {self.success}")
            return False
        if not isinstance(error, Exception):  # KeyboardInterrupt, SystemExit: not a verdict
            return False
        print(f"Not yet. {failure_message(error, trace)}")
        return True  # reported: the notebook goes on


def failure_message(error: Exception, trace: TracebackType | None) -> str:
    """What is wrong: an assert's own message, else the check's line that failed, else what
    checking raised."""
    if isinstance(error, AssertionError):
        return str(error) or _failed_line(trace)
    one_line = traceback.format_exception_only(error)[-1].strip()
    return f"Checking your code raised {one_line}: does it define what the exercise asks for?"


def _failed_line(trace: TracebackType | None) -> str:
    """`This check failed: <line>`, the deepest line of the check's own cell in the trace."""
    if trace is None:
        return "A check failed."
    cell = trace.tb_frame.f_code.co_filename  # the `with` block runs in the check's cell
    for frame in reversed(traceback.extract_tb(trace)):
        if frame.filename == cell and frame.line:
            return f"This check failed: {frame.line.strip()}"
    return "A check failed."
