"""What the capstone's grader says: how far an engine got through the properties, and for the
first that failed, one sentence (which operation, which operand, by how much) and its advice.

    print(report)        # each property, held, failed or not tried, and the failing graph
    report.message       # "Properties 1 to 6 of 13 hold; property 7, a node used twice, ..."
    report.assert_passed()   # NotEveryProperty, an AssertionError that says how far it got
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from spelled_out.engine_graphs import PROPERTIES, Graph, Property


@dataclass
class Mismatch:
    """Where the reader's run of a graph left the package's."""

    name: str  # `a.grad`, `out.data`, `out` (not a Value), `the code` when a run raised,
    # `missing` when the reader's code does not define what the graph needs
    got: str
    expected: str
    numeric: float | None = None  # a leaf gradient's central difference, after one pass
    raised: bool = False  # reading the value raised `got`


class NotEveryProperty(AssertionError):
    """A failed grade that says how far it got: `progress` is (held, total), the properties
    that held before the first that failed, which the page keeps with the reader's progress
    (literate's grading reads it)."""

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
        total, held = len(PROPERTIES), len(self.held)
        if self.failing is None:
            return f"All {total} properties hold."
        name = self.failing.name
        if held:
            told = f"Properties 1 to {held} of {total} hold; property {held + 1}, {name}, does not."
        else:
            told = f"Property 1 of {total}, {name}, does not hold."
        return f"{told} {self.sentence()}"

    def assert_passed(self) -> None:
        """Raise NotEveryProperty (an AssertionError) with the message, unless every one held."""
        if not self.passed:
            raise NotEveryProperty(self.message, (len(self.held), len(PROPERTIES)))

    def sentence(self) -> str:
        assert self.failing is not None and self.graph is not None and self.mismatch is not None
        miss, graph = self.mismatch, self.graph
        if miss.name == "missing":
            said = f"Your code defines no {miss.got}: define {miss.expected}."
        elif miss.name == "the code" and miss.expected == "no error":
            said = (
                f"{graph.what} raised {miss.got}, where the package's engine runs without an "
                "error: fix that error first."
            )
        elif miss.name == "the code":
            said = f"{graph.what} raised {miss.got}, where the package's raises {miss.expected}."
        elif miss.raised:
            said = f"{graph.what}: reading {miss.name} raised {miss.got}, where it should be "
            said += f"{miss.expected}."
        elif "." not in miss.name:
            said = f"{graph.what}: {miss.name} is {miss.got}, where it should be {miss.expected}."
        else:
            said = f"{graph.what}: {_named(miss.name, graph)} is {miss.got}, where it should be "
            said += f"{miss.expected}"
            if miss.numeric is not None:  # what the gradient is, if your forward pass is right
                said += f" (central differences of your forward pass give {miss.numeric:.6g})"
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


def _named(name: str, graph: Graph) -> str:
    """`a.grad` as "the gradient of the second operand, a.grad," in a graph of one operation."""
    leaf, _, attribute = name.partition(".")
    if attribute != "grad" or len(graph.body) != 1:
        return name
    operands = [
        t for t in re.findall(r"\b[a-z]\b", graph.body[0].split("=", 1)[1]) if t in graph.leaves
    ]
    if leaf not in operands:
        return name
    if len(set(operands)) == 1:
        role = "the operand"
    else:
        role = ("the first operand", "the second operand")[operands.index(leaf)]
    return f"the gradient of {role}, {name},"
