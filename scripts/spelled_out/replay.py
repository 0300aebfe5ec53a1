"""Rebuild a graph with new leaf values: its recipe, then the same operations on fresh Values.

    recipe = graph_recipe(L)                    # JSON-able: every node, inputs first
    L2 = replay(recipe, {"a": 3.0})             # the same graph, a = 3, built by the engine

The stepper's editable leaves use this in the browser: the page carries the recipe, Pyodide
replays it with the reader's values, and the frames come from the engine as at build.

A node named by its formula is renamed when the replay changes that formula: swap the * of
x2*w2 for + and it is labelled x2 + w2, and the sum above it, x1*w1 + x2*w2, becomes
x1*w1 + x2 + w2; a name that is an identifier (n, o) names the node, whatever its operation,
and stays.
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
            node.label = _relabel(recipe, i, op, built)
        built.append(node)
    return built[-1]


_PRECEDENCE = {"+": 1, "*": 2}  # how tightly a binary operation binds


def _name(label: str, op: str, data: float | None) -> str | None:
    """How a formula names an input: its label, else a constant's value (the 1 of e + 1), else
    nothing (an unlabelled interior node has no name to write)."""
    if label:
        return label
    return f"{data:g}" if not op and data is not None else None


def formula_label(op: str, names: list[str], input_ops: list[str]) -> str:
    """The label of a node named by its formula, as the pages write one: a product tight and a
    sum spaced (x1*w1, x1*w1 + x2*w2), a function applied (tanh(n)), a power after its base
    (n**2); an input that is itself a formula binding less tightly in parentheses:
    (x1 + w1)*(x2 + w2)."""

    def wrapped(name: str, input_op: str) -> str:
        if name.isidentifier() or _is_number(name):
            return name
        looser = _PRECEDENCE.get(input_op, 3) < _PRECEDENCE.get(op, 3)
        return f"({name})" if looser or op.startswith("**") else name

    parts = [wrapped(name, input_op) for name, input_op in zip(names, input_ops, strict=True)]
    if len(parts) == 2:
        return f"{parts[0]}{op}{parts[1]}" if op == "*" else f"{parts[0]} {op} {parts[1]}"
    if op.startswith("**"):
        return f"{parts[0]}{op}"
    return f"{op}({names[0]})"


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _relabel(recipe: list[dict], i: int, op: str, built: list[Value]) -> str:
    """The label of node i of the replay: the recipe's, unless the replay changed the formula
    that label spells out (its operation swapped, or an input renamed); then the formula of the
    new operation and inputs, or no label if an input has no name to write."""
    step = recipe[i]
    label, inputs = step["label"], [built[j] for j in step["inputs"]]
    new_names = [_name(child.label, child._op, child.data) for child in inputs]
    old_names = [
        _name(recipe[j]["label"], recipe[j]["op"], recipe[j].get("data")) for j in step["inputs"]
    ]
    if not label or label.isidentifier() or (op == step["op"] and new_names == old_names):
        return label
    spelled = None not in old_names and _spaceless(label) == _spaceless(
        formula_label(step["op"], old_names, [recipe[j]["op"] for j in step["inputs"]])
    )
    if op == step["op"] and not spelled:
        return label  # a label that is not its formula: the recipe's own name for the node
    if None in new_names:
        return ""
    return formula_label(op, new_names, [child._op for child in inputs])


def _spaceless(text: str) -> str:
    return "".join(text.split())


def _apply(op: str, inputs: list[Value]) -> Value:
    if op in BINARY and len(inputs) == 2:
        return BINARY[op](*inputs)
    if op in UNARY and len(inputs) == 1:
        return UNARY[op](inputs[0])
    if op.startswith("**") and len(inputs) == 1:
        exponent = float(op[2:])
        return inputs[0] ** (int(exponent) if exponent.is_integer() and "." not in op else exponent)
    raise ValueError(f"cannot replay the operation {op!r} on {len(inputs)} input(s)")
