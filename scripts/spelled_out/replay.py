"""Rebuild a graph with new leaf values: its recipe, then the same operations on fresh Values.

    recipe = graph_recipe(L)                    # JSON-able: every node, inputs first
    L2 = replay(recipe, {"a": 3.0})             # the same graph, a = 3, built by the engine

The stepper's editable leaves use this in the browser: the page carries the recipe, Pyodide
replays it with the reader's values, and the frames come from the engine as at build.
"""

from __future__ import annotations

from micrograd.engine import Value, topological_order

# the operations a recipe may name, each applied through the Value method that records it
UNARY = {"tanh": Value.tanh, "exp": Value.exp, "log": Value.log, "ReLU": Value.relu}
BINARY = {"+": Value.__add__, "*": Value.__mul__}
SWAPS = (("+", "*"), ("tanh", "exp", "ReLU"))  # operations a reader may swap for one another


def graph_recipe(root) -> list[dict]:
    """Every node below root in topological order: its label, its operation, the positions of
    its inputs in this list, and (for a leaf) its value."""
    nodes = topological_order(root)
    index = {node: i for i, node in enumerate(nodes)}
    recipe = []
    for node in nodes:
        step = {"label": node.label, "op": node._op, "inputs": [index[c] for c in node._prev]}
        if not node._prev:
            step["data"] = node.data
        recipe.append(step)
    return recipe


def editable_leaves(recipe: list[dict]) -> list[dict]:
    """The labelled leaves a reader may change (an unlabelled constant, the 2 of 2 * c, stays)."""
    return [
        {"index": i, "label": s["label"], "value": s["data"]}
        for i, s in enumerate(recipe)
        if not s["inputs"] and s["label"]
    ]


def swappable(op: str) -> tuple[str, ...]:
    """The operations an operation may be swapped for (itself included), or () if none."""
    return next((group for group in SWAPS if op in group), ())


def replay(recipe: list[dict], values: dict[str, float] | None = None, ops: dict | None = None):
    """The graph of the recipe built anew by the engine, with leaf values and operations
    replaced where `values` (label -> number) and `ops` (node position -> operation) say.
    Returns the root (the last node)."""
    values = values or {}
    ops = {int(k): v for k, v in (ops or {}).items()}
    unknown = set(values) - {s["label"] for s in editable_leaves(recipe)}
    if unknown:
        raise ValueError(f"no editable leaf is labelled {sorted(unknown)}")
    if not set(ops) <= {i for i, s in enumerate(recipe) if s["inputs"]}:
        raise ValueError(f"no operation at positions {sorted(set(ops))} of {len(recipe)} nodes")
    built: list[Value] = []
    for i, step in enumerate(recipe):
        if not step["inputs"]:
            node = Value(float(values.get(step["label"], step["data"])), label=step["label"])
        else:
            op = ops.get(i, step["op"])
            if op != step["op"] and op not in swappable(step["op"]):
                raise ValueError(f"node {i}: cannot swap {step['op']!r} for {op!r}")
            node = _apply(op, [built[j] for j in step["inputs"]])
            node.label = step["label"]
        built.append(node)
    return built[-1]


def _apply(op: str, inputs: list[Value]) -> Value:
    if op in BINARY and len(inputs) == 2:
        return BINARY[op](*inputs)
    if op in UNARY and len(inputs) == 1:
        return UNARY[op](inputs[0])
    if op.startswith("**") and len(inputs) == 1:
        exponent = float(op[2:])
        return inputs[0] ** (int(exponent) if exponent.is_integer() and "." not in op else exponent)
    raise ValueError(f"cannot replay the operation {op!r} on {len(inputs)} input(s)")
