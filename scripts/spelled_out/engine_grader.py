"""The capstone's grader: a reader's whole engine held to its properties (engine_graphs.py),
in order.

Every property is a list of graphs, each written as the code a reader would type
(`a = Value(1.5)`, `out = a * b`, `out.backward()`). A graph runs twice, once with the
reader's `Value` and `zero_grad` and once with the package's, and every value the two runs
name must agree: its `data`, its `grad`, or the kind of error it raises. Grading stops at the
first property that does not hold; its first graph that disagrees is the smallest of that
property's graphs to show the mistake (each property lists its graphs from the smallest up),
and its sentence says which operation, which operand, and by how much.

    report = grade_engine({"Value": Value, "zero_grad": zero_grad})
    print(report)            # each property, held or not, and the failing one's graph
    report.message           # "Properties 1 to 6 of 13 hold; property 7, ..., does not. ..."

Pure standard library and the package's engine: the build checks the page's solution with it,
the browser's Python grades the reader with it, and so does the notebook download.
"""

from __future__ import annotations

import math
import sys
import traceback
from typing import Any

from micrograd.engine import Value as PackageValue
from spelled_out.dismantle import dismantle
from spelled_out.engine_graphs import BACKWARD, PROPERTIES, RECURSION_LIMIT, Graph
from spelled_out.engine_report import Mismatch, NotEveryProperty, Report

__all__ = ["NotEveryProperty", "Report", "grade_engine", "keep_for_training", "passed_engine"]

WHERE = "<your graph>"  # the file name a graph's code runs under
SIGNATURES = {"Value": "class Value", "zero_grad": "zero_grad(parameters)"}


def package_zero_grad(parameters: Any) -> None:
    for parameter in parameters:
        parameter.grad = 0.0


_passed: dict[str, Any] = {}  # the engine that last held every property


def grade_engine(names: dict[str, Any]) -> Report:
    """Each property in order, until the first that fails; `names` holds the reader's `Value`
    and `zero_grad` (the check passes its globals())."""
    reader = {"Value": names.get("Value"), "zero_grad": names.get("zero_grad")}
    package = {"Value": PackageValue, "zero_grad": package_zero_grad}
    report = Report()
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(RECURSION_LIMIT)  # the deep graph is deeper than this; a raised
    try:  # limit would let a recursive sort through here and crash the browser's Python
        return _graded(reader, package, report)
    finally:
        sys.setrecursionlimit(limit)


def _graded(reader: dict[str, Any], package: dict[str, Any], report: Report) -> Report:
    if _makes_package_values(reader["Value"]):
        report.refused = (
            "Your Value makes the package's own Values (micrograd.engine.Value): the engine is "
            "the exercise, so write it here."
        )
        return report
    for prop in PROPERTIES:
        for graph in prop.graphs:
            mismatch = compare(graph, reader, package)
            if mismatch is not None:
                report.failing, report.graph, report.mismatch = prop, graph, mismatch
                return report
        report.held.append(prop.name)
    return report


def keep_for_training(report: Report, names: dict[str, Any]) -> None:
    """Keep the engine in `names` for passed_engine(), if its report says every property held."""
    if report.passed:
        _passed["Value"] = names["Value"]


def passed_engine() -> Any:
    """The `Value` class that last held every property in this Python (the reader's, once
    Check passes; in the build, the page's solution), or None before any has."""
    return _passed.get("Value")


def _makes_package_values(cls: Any) -> bool:
    try:
        return isinstance(cls(1.0), PackageValue)
    except Exception:  # the properties say what is wrong with it
        return False


def compare(graph: Graph, reader: dict[str, Any], package: dict[str, Any]) -> Mismatch | None:
    """The first value that the reader's run of the graph names differently from the
    package's run, or None."""
    for needed in graph.needs:
        if not callable(reader.get(needed)):
            return Mismatch("missing", needed, SIGNATURES.get(needed, needed))
    expected, expected_error = _run(graph.code(), package)
    got, got_error = _run(graph.code(), reader)
    try:
        return _first_difference(graph, reader, (expected, expected_error), (got, got_error))
    finally:
        dismantle([*expected.values(), *got.values()])


def _first_difference(graph: Graph, reader: dict[str, Any], package_run, reader_run):
    (expected, expected_error), (got, got_error) = package_run, reader_run
    if expected_error or got_error:
        if _kind(got_error) != _kind(expected_error):
            return Mismatch("the code", got_error or "no error", expected_error or "no error")
        return None
    named = [n for n, v in expected.items() if not isinstance(v, type) and hasattr(v, "grad")]
    for name in sorted(named, key=lambda n: n != "out"):  # the output first: nearest the cause
        value, theirs = expected[name], got.get(name)
        if theirs is not None and not hasattr(theirs, "data"):  # a number, not a Value
            return Mismatch(name, f"{_number(theirs)} (a {type(theirs).__name__})", "a Value")
        for attribute in graph.compared:
            want = getattr(value, attribute)
            have, error = _read(theirs, attribute)
            if error:
                return Mismatch(f"{name}.{attribute}", error, _number(want), raised=True)
            if not _close(have, want):
                numeric = None
                if attribute == "grad" and name in graph.leaves and graph.passes == BACKWARD:
                    numeric = central_difference(graph, name, reader)
                return Mismatch(f"{name}.{attribute}", *_shown(have, want), numeric)
    return None


def central_difference(graph: Graph, leaf: str, names: dict[str, Any], h: float = 1e-6) -> float:
    """∂out/∂leaf by nudging the leaf both ways in the reader's forward pass."""
    ups, downs = dict(graph.leaves), dict(graph.leaves)
    ups[leaf] += h
    downs[leaf] -= h
    up, _ = _run(graph.with_leaves(ups).code(backward=False), names)
    down, _ = _run(graph.with_leaves(downs).code(backward=False), names)
    try:
        return (up["out"].data - down["out"].data) / (2 * h)
    except (KeyError, AttributeError, TypeError):
        return math.nan
    finally:
        dismantle([*up.values(), *down.values()])


def _run(code: str, names: dict[str, Any]) -> tuple[dict[str, Any], str]:
    scope = dict(names)
    try:
        exec(compile(code, WHERE, "exec"), scope)
    except RecursionError:
        return scope, "RecursionError (Python's recursion limit)"
    except Exception as error:  # the reader's engine may raise anything
        return scope, _one_line(error)
    return scope, ""


def _read(value: Any, attribute: str) -> tuple[Any, str]:
    try:
        return getattr(value, attribute), ""
    except Exception as error:
        return None, _one_line(error)


def _close(have: Any, want: float) -> bool:
    if not isinstance(have, (int, float)) or isinstance(have, bool):
        return False
    if math.isnan(want) or math.isinf(want):
        return have == want or (math.isnan(have) and math.isnan(want))
    return math.isclose(have, want, rel_tol=1e-9, abs_tol=1e-12)


def _shown(have: Any, want: float) -> tuple[str, str]:
    """The two numbers to six digits, or in full where six digits would look the same."""
    numbers = isinstance(have, (int, float)) and not isinstance(have, bool)
    if numbers and f"{have:.6g}" != f"{want:.6g}":
        return f"{have:.6g}", f"{want:.6g}"
    return repr(have), repr(want)


def _number(value: Any) -> str:
    return f"{value:.6g}" if isinstance(value, float) else repr(value)


def _kind(error: str) -> str:
    return error.split(":", 1)[0].split(" ", 1)[0]


def _one_line(error: BaseException) -> str:
    text = traceback.format_exception_only(error)[-1].strip()
    line = next(
        (f.lineno for f in reversed(traceback.extract_tb(error.__traceback__))
         if f.filename == WHERE), None,
    )  # fmt: skip
    return text if line is None else f"{text} (graph line {line})"
