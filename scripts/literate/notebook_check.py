"""An exercise's check in a downloaded notebook: it reports, it never stops "Run all".

The notebook of a page puts an exercise's check under this context manager:

    from literate.notebook_check import exercise_check

    with exercise_check(success="Your nudge estimate agrees with the calculus."):
        got = slope(lambda x: x**2, 3.0)
        assert abs(got - 6) < 1e-3, f"slope of x**2 at 3 should be about 6, got {got}"

A check that passes prints the success text; one that fails prints `Not yet.` and what is
wrong, in the words the page's own grader uses (literate/grading.py), so that the starter's
notebook output is the one the build recorded. Nothing is raised, so the cells after it run.
An exercise that refuses shortcuts passes its `refuse` section too: while the check runs, its
names are switched off (literate/shortcuts.py) for the notebook's other cells, where the
reader's code is, so that a refused use fails as it does on the page. (The page also refuses
escape hatches before the reader's code runs; a notebook runs the reader's cell by itself.)

Pure standard library: a notebook needs only this module and shortcuts.py of the build engine.
"""

from __future__ import annotations

import os
import sys
import traceback
from types import CodeType, TracebackType

from literate.shortcuts import SwitchOff, parse_refusals


class exercise_check:  # lower case: it reads as a statement, `with exercise_check(...):`
    """Print the success text, or `Not yet.` and the reason the check failed."""

    def __init__(self, success: str, refuse: str = ""):
        self.success = success
        self.refuse = refuse
        self.switch: SwitchOff | None = None

    def __enter__(self) -> exercise_check:
        if self.refuse:
            cell = sys._getframe(1)  # the check's cell: its names are the notebook's
            reader = _OtherCells(cell.f_code.co_filename)
            entries = parse_refusals(self.refuse)
            self.switch = SwitchOff(entries, cell.f_globals, reader, frozenset(), 1)
            self.switch.__enter__()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> bool:
        if self.switch is not None:
            self.switch.__exit__(kind, error, trace)
            if self.switch.refused and (error is None or isinstance(error, Exception)):
                print(f"Not yet. {self.switch.refused[0]}")
                return True
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


class _OtherCells:
    """The code of the notebook's cells other than the check's: a cell's code has a file name
    that is no file on disk (IPython keeps cells in memory)."""

    def __init__(self, check_cell: str):
        self.check_cell = check_cell

    def __contains__(self, code: CodeType) -> bool:
        name = code.co_filename
        return name != self.check_cell and not name.startswith("<") and not os.path.isfile(name)
