"""A capstone graph as data: its leaves, the lines that build it and the passes run after, as
the code a reader would type; a property, a named list of them; and a graph's size, the
number of operations the package's engine makes to build it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from micrograd.engine import Value, topological_order
from spelled_out.dismantle import dismantle

LEAVES = {"a": 1.5, "b": -2.0}
BACKWARD = ("out.backward()",)


@dataclass(frozen=True)
class Graph:
    what: str  # what the graph tries, for the sentence: "__mul__", "a diamond"
    body: tuple[str, ...]  # the lines that build it, ending with `out = ...`
    leaves: dict[str, float]
    passes: tuple[str, ...] = BACKWARD  # what runs after it is built
    compared: tuple[str, ...] = ("data", "grad")
    needs: tuple[str, ...] = ("Value",)

    def code(self, backward: bool = True) -> str:
        lines = [f"{name} = Value({value!r})" for name, value in self.leaves.items()]
        return "\n".join([*lines, *self.body, *(self.passes if backward else ())])

    def with_leaves(self, leaves: dict[str, float]) -> Graph:
        return replace(self, leaves=leaves)


@dataclass(frozen=True)
class Property:
    name: str
    advice: str  # what to look at when it fails
    graphs: tuple[Graph, ...]


def operations(graph: Graph) -> int:
    """How many operations the package's engine makes to build the graph, whether or not they
    lead to `out` (0 if it raises)."""
    names: dict = {"Value": Value}
    try:
        exec(graph.code(backward=False), names)
    except Exception:
        return 0
    made = {
        id(node)
        for value in names.values()
        if isinstance(value, Value)
        for node in topological_order(value)
        if node._prev
    }
    dismantle(names.values())
    return len(made)
