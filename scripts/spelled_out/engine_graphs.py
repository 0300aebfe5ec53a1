"""The capstone's properties, each a list of graphs written as code, smallest first.

engine_grader.py runs each graph with the reader's engine and with the package's and compares
what the two runs name. A graph (graph_code.py) is data: leaves, lines of code, and which pass
runs; its size is the number of operations the package's engine makes to build it.
"""

from __future__ import annotations

import random
from dataclasses import replace

from spelled_out.graph_code import BACKWARD, LEAVES, Graph, Property, operations

__all__ = ["BACKWARD", "PROPERTIES", "RECURSION_LIMIT", "Graph", "Property", "operations"]

# One operation each: (its method, the expression, the leaves it needs). The derived ones may
# be built from the others (a - b as a + (-b)), so their gradients need the order right too.
OPERATIONS = [
    ("__add__", "a + b", LEAVES),
    ("__mul__", "a * b", LEAVES),
    ("__mul__ with the operands the other way round", "b * a", LEAVES),
    ("__add__ with a number", "a + 2.0", {"a": 1.5}),
    ("__mul__ with a number", "a * 3", {"a": 1.5}),
    ("__pow__", "a ** 3", {"a": 1.5}),
    ("__pow__ with a negative power", "a ** -0.5", {"a": 1.5}),
    ("tanh", "a.tanh()", {"a": 0.5}),
    ("exp", "a.exp()", {"a": 0.5}),
    ("relu of a positive value", "a.relu()", {"a": 1.5}),
    ("relu of a negative value", "a.relu()", {"a": -1.5}),
    ("relu at 0, where its slope is taken as 0", "a.relu()", {"a": 0.0}),
    ("__pow__ with a fractional power", "a ** 0.5", {"a": 1.5}),
    ("tanh of a large value", "a.tanh()", {"a": 400.0}),
    ("exp of a negative value", "a.exp()", {"a": -3.0}),
]
DERIVED = [
    ("__neg__", "-a", {"a": 1.5}),
    ("__sub__", "a - b", LEAVES),
    ("__truediv__", "a / b", LEAVES),
    ("__sub__ with a number", "a - 2.0", {"a": 1.5}),
    ("__truediv__ with a number", "a / 4.0", {"a": 1.5}),
    ("__radd__ (Python calls it for 2.0 + a)", "2.0 + a", {"a": 1.5}),
    ("__rmul__ (Python calls it for 2.0 * a)", "2.0 * a", {"a": 1.5}),
    ("__rsub__ (Python calls it for 2.0 - a)", "2.0 - a", {"a": 1.5}),
    ("__rtruediv__ (Python calls it for 2.0 / a)", "2.0 / a", {"a": 1.5}),
    ("__sub__ with both operands the same node", "a - a", {"a": 1.5}),
    ("__truediv__ with both operands the same node", "a / a", {"a": 1.5}),
]
REUSED = [
    ("__add__ with both operands the same node", ("out = a + a",)),
    ("__mul__ with both operands the same node", ("out = a * a",)),
    ("exp with its operand used again", ("out = a.exp() * a",)),
    ("tanh with its operand used again", ("out = a.tanh() + a",)),
    ("relu with its operand used again", ("out = a.relu() * a",)),
    ("__pow__ with its operand used again", ("out = a ** 2 + a",)),
    ("a node used by two operations", ("b = a * a", "out = b * a")),
]
BELOW = ["a + 2.0", "a * 2.0", "a ** 3", "a.tanh()", "a.exp()", "a.relu()"]
CHAINS = [  # each operation below another, which sends it a gradient other than 1
    *[(f"{below} below b * 3.0", (f"b = {below}", "out = b * 3.0")) for below in BELOW],
    ("a chain of two operations", ("b = a * 2.0", "out = b.tanh()")),
    ("a chain of three operations", ("b = a.exp()", "c = b * 3.0", "out = c.tanh()")),
]
DIAMONDS = [
    ("a diamond", ("b = a * 2.0", "c = a + 1.0", "out = b * c")),
    ("two diamonds", ("b = a.tanh()", "c = b * a", "d = b + c", "out = d * b")),
]
# A random node: a template over one or two earlier nodes. Values stay moderate (no exp of
# a product), so every graph is defined wherever its leaves are.
TEMPLATES = [
    "{x} + {y}", "{x} * {y}", "{x} - {y}", "{x} / ({y}.tanh().exp())", "{x}.tanh()",
    "{x} ** 2", "{x}.relu()", "-{x}", "0.5 * {x}", "1.0 - {x}",
]  # fmt: skip


def random_graph(size: int, seed: int) -> Graph:
    """`size` lines over three leaves, each making a node from earlier nodes (recent ones more
    often, so that nodes are reused and paths meet)."""
    rng = random.Random(size * 1000 + seed)
    leaves = {name: round(rng.uniform(-2.0, 2.0), 2) for name in "abc"}
    names, body = list(leaves), []
    for index in range(size):
        template = rng.choice(TEMPLATES)
        x, y = (names[-1 - min(int(rng.expovariate(0.7)), len(names) - 1)] for _ in range(2))
        name = "out" if index == size - 1 else f"n{index + 1}"
        body.append(f"{name} = {template.format(x=x, y=y)}")
        names.append(name)
    return Graph("a random graph", tuple(body), leaves)


def _operation(what: str, expression: str, leaves: dict[str, float], **kw) -> Graph:
    return Graph(what, (f"out = {expression}",), dict(leaves), **kw)


# Deeper than the recursion limit the grader holds (Python's default). Freeing a chain this deep
# would recurse in C past the browser's small stack, so the grader takes it apart first
# (dismantle.py).
RECURSION_LIMIT = 1000
DEEP_STEPS = 600
DEEP = (
    "out = a",
    f"for step in range({DEEP_STEPS}):  # {2 * DEEP_STEPS:,} operations, one after the other",
    "    out = out * 1.001 + 0.001",
)

PROPERTIES = [
    Property(
        "a Value holds its number",
        "Value(x) keeps the number x as data and starts with grad 0.",
        (
            Graph("Value(1.5)", (), {"a": 1.5}, passes=()),
            Graph("Value(-3)", (), {"a": -3}, passes=()),
        ),
    ),
    Property(
        "each operation's forward value",
        "Each operation returns a new Value whose data is the operation applied to the "
        "operands' data (a plain number operand counts as a Value of that number).",
        tuple(_operation(*op, passes=(), compared=("data",)) for op in OPERATIONS + DERIVED),
    ),
    Property(
        "operands that are not numbers",
        "An operation given something that is neither a number nor a Value raises TypeError "
        "(return NotImplemented, and Python raises it); so does Value() of such a thing, or of "
        "a bool such as True (isinstance(True, int) is True, so test for bool first). ** with "
        "a Value as the power raises TypeError too: the power must be an int or a float.",
        (
            _operation("adding a string", 'a + "two"', {"a": 1.5}, passes=()),
            _operation("multiplying by None", "a * None", {"a": 1.5}, passes=()),
            _operation("subtracting a string", 'a - "two"', {"a": 1.5}, passes=()),
            _operation("dividing by None", "a / None", {"a": 1.5}, passes=()),
            _operation("a Value as the power", "a ** b", LEAVES, passes=()),
            Graph("Value(True)", ("out = Value(True)",), {}, passes=()),
            Graph('Value("2")', ('out = Value("2")',), {}, passes=()),
            Graph('Value("two")', ('out = Value("two")',), {}, passes=()),
        ),
    ),
    Property(
        "backward() seeds the output",
        "backward() starts at the output: its own gradient, ∂out/∂out, is 1.",
        (Graph("out.backward() on a leaf", (), {"out": 2.0}),),
    ),
    Property(
        "each operation's gradients",
        "Each operation's backward rule sends each operand its own local derivative times the "
        "output's gradient (the chain rule), each operand paired with its own derivative (if "
        "you keep operands and derivatives apart, keep them in the same order: a set has none, "
        "and its order can change from run to run).",
        tuple(_operation(*op) for op in OPERATIONS),
    ),
    Property(
        "a chain of operations",
        "Along a chain, a node's gradient is its local derivative times the gradient of the "
        "node it feeds (the chain rule): backward() must handle a node after the node it feeds, "
        "in reverse topological order.",
        tuple(Graph(what, body, {"a": 0.5}) for what, body in CHAINS),
    ),
    Property(
        "a node used twice",
        "Each use of a node sends it a share of the gradient: add the shares (+=) instead of "
        "overwriting, and keep both operands even when they are one node.",
        tuple(Graph(what, body, {"a": 1.5}) for what, body in REUSED),
    ),
    Property(
        "paths that meet",
        "A node reached along two paths gets a share along each, and must have both before it "
        "passes its gradient on: reverse topological order, each node once.",
        tuple(Graph(what, body, {"a": 0.5}) for what, body in DIAMONDS),
    ),
    Property(
        "the derived operations' gradients",
        "Negation, subtraction, division and the reflected operators (2.0 - a) must send the "
        "same gradients as the operations they stand for.",
        tuple(_operation(*op) for op in DERIVED),
    ),
    Property(
        "random graphs",
        "The rules, the accumulation and the order must hold together on bigger graphs: the "
        "graph below mixes them.",
        tuple(random_graph(size, seed) for size in range(2, 11) for seed in range(4)),
    ),
    Property(
        "two calls of backward()",
        "A second call adds its gradient to each leaf's (+=); an interior "
        "node holds the latest pass's gradient: set interior gradients to 0 when a pass starts.",
        (
            Graph("two calls of out.backward() on a leaf", (), {"out": 2.0}, passes=BACKWARD * 2),
            Graph(
                "two calls of out.backward()",
                ("n = a * b", "out = n + a"),
                dict(LEAVES),
                passes=BACKWARD * 2,
            ),
        ),
    ),
    Property(
        "zero_grad(parameters)",
        "zero_grad(parameters) sets the grad of each Value it is given to 0, so that the next "
        "pass starts from nothing.",
        (
            Graph(
                "zero_grad([a, b]) between two passes",
                ("n = a * b", "out = n + a"),
                dict(LEAVES),
                passes=("out.backward()", "zero_grad([a, b])", "out.backward()"),
                needs=("Value", "zero_grad"),
            ),
        ),
    ),
    Property(
        "a deep graph",
        f"backward() must work on a chain {2 * DEEP_STEPS:,} operations long: build the "
        "topological order with a loop and a list of your own, since the grader holds Python's "
        f"recursion limit at {RECURSION_LIMIT:,} calls.",
        (Graph(f"a chain of {2 * DEEP_STEPS:,} operations", DEEP, {"a": 0.5}),),
    ),
]


PROPERTIES = [  # each property's graphs, smallest first (sorted keeps the order of equals)
    replace(prop, graphs=tuple(sorted(prop.graphs, key=operations))) for prop in PROPERTIES
]
