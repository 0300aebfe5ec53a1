"""The capstone's grader: a reader's whole engine held to its properties (engine_graphs.py),
in order.

Every property is a list of graphs, each written as the code a reader would type
(`a = Value(1.5)`, `out = a * b`, `out.backward()`). A graph runs twice, once with the
reader's `Value` and `zero_grad` and once with the package's, and every value the two runs
name must agree: its `data`, its `grad`, or the kind of error it raises. The first graph that
disagrees is the smallest one that shows the mistake (each property lists its graphs from
the smallest up), and its sentence says which operation, which operand, and by how much.

    report = grade_engine({"Value": Value, "zero_grad": zero_grad})
    print(report)            # each property, held or not, and the failing one's graph
    report.message           # "7 of 13 properties hold. ..."

Pure standard library and the package's engine: the build checks the page's solution with it,
the browser's Python grades the reader with it, and so does the notebook download.
"""

from __future__ import annotations

import math
import traceback
from dataclasses import dataclass, field
from typing import Any

from micrograd.engine import Value as PackageValue
from spelled_out.dismantle import dismantle
from spelled_out.engine_graphs import BACKWARD, PROPERTIES, ROLES, Graph, Property

WHERE = "<your graph>"  # the file name a graph's code runs under
SIGNATURES = {"Value": "class Value", "zero_grad": "zero_grad(parameters)"}


def package_zero_grad(parameters: Any) -> None:
    for parameter in parameters:
        parameter.grad = 0.0


@dataclass
class Mismatch:
    """Where the reader's run of a graph left the package's."""

    name: str  # `a.grad`, `out.data`, `the code` when one run raised, `missing`: not defined
    got: str
    expected: str
    numeric: float | None = None  # central differences, for a leaf's gradient


class NotEveryProperty(AssertionError):
    """A failed grade that says how far it got: `progress` is (held, total), which the page
    keeps with the reader's progress (literate's grading reads it)."""

    def __init__(self, message: str, progress: tuple[int, int]) -> None:
        super().__init__(message)
        self.progress = progress


@dataclass
class Report:
    held: list[str] = field(default_factory=list)
    failing: Property | None = None
    graph: Graph | None = None
    mismatch: Mismatch | None = None
    refused: str = ""  # an engine that is not the reader's own: why it is not graded

    @property
    def passed(self) -> bool:
        return self.failing is None and not self.refused

    @property
    def message(self) -> str:
        if self.refused:
            return self.refused
        count = f"{len(self.held)} of {len(PROPERTIES)} properties hold."
        if self.failing is None or self.graph is None or self.mismatch is None:
            return count
        return f"{count} The first that does not: {self.failing.name}. {self.sentence()}"

    def assert_passed(self) -> None:
        """Raise NotEveryProperty (an AssertionError) with the message, unless every one held."""
        if not self.passed:
            raise NotEveryProperty(self.message, (len(self.held), len(PROPERTIES)))

    def sentence(self) -> str:
        assert self.failing is not None and self.graph is not None and self.mismatch is not None
        miss, graph = self.mismatch, self.graph
        if miss.name == "missing":
            said = f"Your code defines no {miss.got}: define {miss.expected}."
        elif miss.name == "the code":
            said = (
                f"{graph.what} raised {miss.got}, where the package's engine gives {miss.expected}."
            )
        else:
            leaf, _, attribute = miss.name.partition(".")
            role = ROLES.get(leaf) if attribute == "grad" and len(graph.body) == 1 else None
            role = "the operand" if role and len(graph.leaves) == 1 else role
            name = f"the gradient of {role}, {miss.name}," if role else miss.name
            said = f"{graph.what}: {name} is {miss.got}, where it should be {miss.expected}"
            if miss.numeric is not None:
                said += f" (central differences give {miss.numeric:.6g})"
            said += "."
        return f"{said} {self.failing.advice}"

    def __str__(self) -> str:
        lines = [f"holds: {name}" for name in self.held]
        if self.failing is not None:
            lines.append(f"FAILS: {self.failing.name}")
            lines += [f"not tried: {p.name}" for p in PROPERTIES[len(self.held) + 1 :]]
        if self.graph is not None:
            lines += ["", "The smallest graph that shows it:", self.graph.code()]
        return "\n".join(lines)


_passed: dict[str, Any] = {}  # the engine that last held every property


def grade_engine(names: dict[str, Any]) -> Report:
    """Each property in order, until the first that fails; `names` holds the reader's `Value`
    and `zero_grad` (the check passes its globals())."""
    reader = {"Value": names.get("Value"), "zero_grad": names.get("zero_grad")}
    package = {"Value": PackageValue, "zero_grad": package_zero_grad}
    report = Report()
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
    for name, value in expected.items():
        if isinstance(value, type) or not hasattr(value, "grad"):  # not a Value the graph made
            continue
        for attribute in graph.compared:
            want = getattr(value, attribute)
            have, error = _read(got.get(name), attribute)
            if error or not _close(have, want):
                numeric = None
                if attribute == "grad" and name in graph.leaves and graph.passes == BACKWARD:
                    numeric = central_difference(graph, name, reader)
                shown = _shown(have, want) if not error else (error, repr(want))
                return Mismatch(f"{name}.{attribute}", *shown, numeric)
    return None


def central_difference(graph: Graph, leaf: str, names: dict[str, Any], h: float = 1e-6) -> float:
    """d(out)/d(leaf) by nudging the leaf both ways in the reader's forward pass."""
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


def _kind(error: str) -> str:
    return error.split(":", 1)[0].split(" ", 1)[0]


def _one_line(error: BaseException) -> str:
    text = traceback.format_exception_only(error)[-1].strip()
    line = next(
        (f.lineno for f in reversed(traceback.extract_tb(error.__traceback__))
         if f.filename == WHERE), None,
    )  # fmt: skip
    return text if line is None else f"{text} (graph line {line})"
