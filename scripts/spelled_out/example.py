"""One graph of a stepper: its recorded frames, the recipe to replay it, its drawing, and the
data stepper.js needs of it (every text it writes, per frame)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from micrograd.viz import draw_dot, edge_id, op_id
from spelled_out.passes import (
    Frame,
    Trace,
    formula,
    input_slot,
    num,
    operand,
    partial,
    trace_frames,
)
from spelled_out.replay import editable_leaves, graph_recipe, swappable


@dataclass
class Example:
    title: str
    trace: Trace
    recipe: list[dict]
    graph: object  # the graphviz.Digraph of the finished pass, edges labelled

    @property
    def names(self) -> list[str]:
        return self.trace.names

    @property
    def frames(self) -> list[Frame]:
        return self.trace.frames


def make_example(title: str, root, rankdir: str = "LR") -> Example:
    recipe = graph_recipe(root)
    trace = trace_frames(root)
    # each value's label, data and grad stacked: narrow boxes, so that a node and its inputs
    # fit a phone's width (stepper.js sizes the drawing to the window)
    graph = draw_dot(root, rankdir=rankdir, edge_labels=True, stacked=True)
    return Example(title, trace, recipe, _spaced_edge_labels(graph))


# an edge's label in the graph's DOT source: `\tv0 -> v2op [label="-3 * -2 = 6"`
_EDGE_LABEL = re.compile(r'^(\t\S+ -> \S+ \[label=")((?:[^"\\]|\\.)*)"')
_SPACE = "\u00a0"  # a no-break space: Graphviz sizes it like any character, SVG keeps it


def _spaced_edge_labels(graph):
    """The graph with a space at either end of each edge label. Graphviz lays a label out beside
    its edge and leaves no room to spare between it and the next edge or label; the spaces keep
    a gap that a browser font a little wider than Graphviz's measure does not close (at phone
    width the labels of two edges into one operation ran together). stepper.js writes each
    step's text into a label centred where Graphviz put it: the gap stays."""
    graph.body = [_EDGE_LABEL.sub(rf'\g<1>{_SPACE}\g<2>{_SPACE}"', line) for line in graph.body]
    return graph


def example_data(example: Example) -> dict:
    """What stepper.js needs of one graph, as JSON-able data: every text it writes, per frame."""
    trace = example.trace
    nodes = trace.nodes
    index = {n: j for j, n in enumerate(nodes)}

    def edge_info(child: int, node: int, slot: int) -> str:
        # a name that is a formula in parentheses (passes.operand), bare where it is defined
        name, input_name = trace.readable[node], operand(trace.readable[child])
        local = num(nodes[node]._local[slot])
        made = f"{name} = {_formula(trace, node)}"
        which = input_slot(nodes[node], slot, trace.readable, index)
        of = operand(name)
        return f"edge {input_name} → {of} ({made}): local derivative of {of} {which}: {local}"

    slots = [
        sum(1 for c, n in trace.edges[:e] if n == node) for e, (_, node) in enumerate(trace.edges)
    ]
    root, leaves = trace.readable[-1], editable_leaves(example.recipe)
    grads = ", ".join(
        f"{partial(root, leaf['label'])} = {num(nodes[leaf['index']].grad)}" for leaf in leaves
    )
    return {
        "title": example.title,
        "summary": f"{root} = {num(nodes[-1].data)}" + (f"; {grads}" if grads else ""),
        # the graph's ids as micrograd.viz gives them: each node's, its operation's (None for a
        # leaf), each edge's; stepper.js finds the SVG's parts by these and derives none
        "names": trace.names,
        "opNames": [op_id(name) if node._op else None for node, name in zip(nodes, trace.names)],
        "edges": [edge_info(c, n, s) for (c, n), s in zip(trace.edges, slots)],
        "edgeTitles": [edge_id(trace.names[c], trace.names[n]) for c, n in trace.edges],
        "edgeInputs": [c for c, _ in trace.edges],  # the node (index) each edge comes from
        "recipe": example.recipe,
        "leaves": leaves,
        "ops": [
            {
                "index": i,
                "label": trace.readable[i],
                "inputs": [operand(trace.readable[j]) for j in s["inputs"]],
                "op": s["op"],
                "choices": swappable(s["op"]),
            }
            for i, s in enumerate(example.recipe)
            if swappable(s["op"])
        ],
        "frames": [
            {
                "phase": f.phase,
                "active": f.active,
                "values": ["data ?" if v is None else f"data {v:.4f}" for v in f.values],
                "grads": [f"grad {g:.4f}" for g in f.grads],
                "edges": f.edges,
                "hot": f.hot,
                "caption": f.caption,
            }
            for f in example.frames
        ],
    }


def _formula(trace: Trace, i: int) -> str:
    return formula(trace.nodes[i], trace.readable, {n: j for j, n in enumerate(trace.nodes)})
