"""The frames of a stepper: the forward pass node by node, then the backward pass node by node,
every number read from the real engine.

The forward frames show each node's value appearing in `topological_order`, with the local
derivatives its operation recorded on the edges from its inputs. The backward frames run a
fresh backward pass exactly as `Value.backward` does (seed the root, then each node's own
`_backward()` in reverse order) and record, for each step, what every edge carried:
local derivative * upstream gradient = contribution, and how each input's grad accumulated.
"""

from __future__ import annotations

from dataclasses import dataclass

from micrograd.engine import topological_order
from micrograd.viz import node_ids


@dataclass
class Frame:
    phase: str  # "forward" or "backward"
    active: str | None  # the node (named as in draw_dot: v0, v1, ...) this step is about
    values: list[float | None]  # every node's data once the forward pass reached it, else None
    grads: list[float]  # every node's grad after this step, in trace order
    edges: list[str]  # the label of every edge from an input to an operation, in trace order
    hot: list[int]  # the edges this step works on
    caption: str


@dataclass
class Trace:
    nodes: list  # the Values, in topological order (draw_dot's v0, v1, ... in the same order)
    names: list[str]  # draw_dot's node ids (micrograd.viz.node_ids)
    readable: list[str]  # how captions name each node
    edges: list[tuple[int, int]]  # (input, node) per edge into an operation, input order kept
    frames: list[Frame]


def num(x: float) -> str:
    """A number as the edge labels show it (draw_dot's format for edges)."""
    return f"{x:.4g}"


def shown(x: float) -> str:
    """A number as the captions show it: four decimals, as the node boxes show data and grad,
    with trailing zeros trimmed (6.0 reads 6, 0.50 reads 0.5). Every number of a caption gets
    the same decimals, so the operands and the result of its arithmetic are rounded alike:
    -6 + 6.8814 = 0.8814, where four significant figures would print -6 + 6.881 = 0.8814. A
    number too small for four decimals keeps four significant figures (1.5e-05), not 0."""
    text = f"{x:.4f}"
    if x != 0 and float(text) == 0:
        return f"{x:.4g}"
    text = text.rstrip("0").rstrip(".") if "." in text else text
    return "0" if text == "-0" else text


def operand(text: str) -> str:
    """A node's name as the captions write it wherever it stands inside an expression, beside an
    arrow or before `.grad`: a plain identifier (x1, n) or a number (the constant 2) as it is,
    any other name, a formula such as x1*w1 + x2*w2, in parentheses, so that
    (x1*w1 + x2*w2).grad cannot be read as x1*w1 + (x2*w2).grad. Only where a caption states
    what a node is (its name, then ` = `) does the name stand bare."""
    if text.isidentifier():
        return text
    try:
        float(text)
    except ValueError:
        return f"({text})"
    return text


def partial(top: str, bottom: str) -> str:
    """A gradient as the pages write it, ∂L/∂a, the number backward() leaves in a.grad (never a
    local derivative: captions name those by `input_slot`); a name that is not a plain
    identifier is put in parentheses: ∂(t*t)/∂(t*t)."""
    return f"∂{operand(top)}/∂{operand(bottom)}"


_ORDINALS = ("first", "second", "third", "fourth", "fifth")


def input_slot(node, slot: int, readable, index) -> str:
    """One input of an operation, named by its place and its name, as the pages name a local
    derivative: 'with respect to its first input, a', 'with respect to its input, c', 'with
    respect to its second input, the constant 2'. The place tells apart the two inputs of t * t,
    which the name alone does not."""
    child = node._prev[slot]
    name = operand(readable[index[child]])
    if not child.label and not child._prev:
        name = f"the constant {name}"
    if len(node._prev) == 1:
        return f"with respect to its input, {name}"
    return f"with respect to its {_ORDINALS[slot]} input, {name}"


def trace_frames(root) -> Trace:
    """Record the forward pass, then run a fresh backward pass from root recording each step.

    Every grad in the graph is reset first, so the last frame holds exactly what
    `root.backward()` gives on a graph with zeroed grads, and the graph is left that way.
    """
    nodes = topological_order(root)
    index = {node: i for i, node in enumerate(nodes)}
    names = node_ids(nodes)
    # a node's label; else a constant's value (the 2 in 2 * c); else its draw_dot name
    readable = [
        node.label or (f"{node.data:g}" if not node._prev else name)
        for node, name in zip(nodes, names)
    ]
    edges = [(index[child], i) for i, node in enumerate(nodes) for child in node._prev]
    into = {i: [e for e, (_, n) in enumerate(edges) if n == i] for i in range(len(nodes))}
    for node in nodes:
        node.grad = 0.0

    frames = []
    values: list[float | None] = [None] * len(nodes)
    labels = [""] * len(edges)
    zeros = [0.0] * len(nodes)
    start = "Forward pass: nothing is computed yet; each step computes one node, inputs first"
    frames.append(Frame("forward", None, list(values), zeros, list(labels), [], start))
    for i, node in enumerate(nodes):
        values[i] = node.data
        for e, local in zip(into[i], node._local):
            labels[e] = num(local)
        caption = _forward_caption(node, readable, index)
        frames.append(
            Frame("forward", names[i], list(values), zeros, list(labels), into[i], caption)
        )

    root.grad = 1.0
    seed = f"Backward pass. Seed: {partial(readable[-1], readable[-1])} = 1"
    grads = [n.grad for n in nodes]
    frames.append(Frame("backward", names[-1], list(values), grads, list(labels), [], seed))
    for i in reversed(range(len(nodes))):
        node = nodes[i]
        before = [child.grad for child in node._prev]
        node._backward()  # the engine's own rule
        for e, local in zip(into[i], node._local):
            labels[e] = f"{num(local)} * {num(node.grad)} = {num(local * node.grad)}"
        caption = _backward_caption(node, readable, index, before)
        grads = [n.grad for n in nodes]
        frames.append(
            Frame("backward", names[i], list(values), grads, list(labels), into[i], caption)
        )
    return Trace(nodes, names, readable, edges, frames)


def formula(node, readable, index) -> str:
    """How a node was made, with its inputs' names: 'a * b', 'tanh(n)', 'a**2', and
    '(x1*w1 + x2*w2) + b' for an input named by a formula (`operand`)."""
    inputs = [operand(readable[index[child]]) for child in node._prev]
    if len(inputs) == 2:
        return f"{inputs[0]} {node._op} {inputs[1]}"
    if node._op.startswith("**"):
        return f"{inputs[0]}{node._op}"
    return f"{node._op}({inputs[0]})"


def _forward_caption(node, readable, index) -> str:
    name = readable[index[node]]
    if not node._prev:
        return f"{operand(name)} is a leaf: its value {shown(node.data)} is given"
    with_numbers = formula(node, {index[c]: shown(c.data) for c in node._prev}, index)
    locals_ = ", and ".join(
        f"{input_slot(node, slot, readable, index)}: {shown(local)}"
        for slot, local in enumerate(node._local)
    )
    derivatives = "derivative" if len(node._local) == 1 else "derivatives"
    return (
        f"{name} = {formula(node, readable, index)} = {with_numbers} = {shown(node.data)}; "
        f"local {derivatives} of {operand(name)} {locals_}"
    )


def _backward_caption(node, readable, index, before) -> str:
    name = readable[index[node]]
    if not node._prev:
        return f"{operand(name)} is a leaf: nothing to pass on; its grad is {shown(node.grad)}"
    running = {}  # an input used twice (a * a) accumulates within one step
    terms, made = [], operand(name)
    for child, local, start in zip(node._prev, node._local, before):
        child_name = operand(readable[index[child]])
        old = running.get(child, start)
        share = local * node.grad
        running[child] = old + share
        terms.append(
            f"{child_name} → {made} carries {shown(local)} * {shown(node.grad)} = {shown(share)}, "
            f"{child_name}.grad: {shown(old)} + {shown(share)} = {shown(running[child])}"
        )
    return f"{name} = {formula(node, readable, index)}: " + "; ".join(terms)
