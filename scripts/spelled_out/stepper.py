"""The forward and backward pass, step by step: a graph whose values, then grads, fill in node by
node, with what each edge carries (docs/assets/stepper.js drives it).

    from spelled_out import backward_stepper
    backward_stepper(L)                                  # as a block's last expression
    backward_stepper({"(a + b) * c": L, "a * a": sq})    # several graphs, a select between them

Frames come from the real engine (spelled_out.passes). In the browser the reader can change a
leaf (or swap an operation): the page's Pyodide replays the graph's recipe with the new values
(spelled_out.replay) and `live_example` sends back the new frames and graph. Without
JavaScript the page shows the graph of the finished pass.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from micrograd.viz import draw_dot
from spelled_out.passes import Frame, Trace, formula, num, trace_frames
from spelled_out.replay import editable_leaves, graph_recipe, replay, swappable


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


@dataclass
class BackwardStepper:
    examples: list[Example]
    rankdir: str = "LR"

    @property
    def names(self) -> list[str]:  # of the first example, the one shown first
        return self.examples[0].names

    @property
    def frames(self) -> list[Frame]:
        return self.examples[0].frames

    def __repr__(self) -> str:
        first = self.examples[0]
        more = f" (and {len(self.examples) - 1} more graphs)" if len(self.examples) > 1 else ""
        return f"<stepper: {len(first.frames) - 1} steps over {len(first.names)} nodes{more}>"

    def _repr_html_(self) -> str:
        from spelled_out.stepper_html import stepper_html

        return stepper_html(self)


def backward_stepper(graphs, rankdir: str = "LR") -> BackwardStepper:
    """A stepper over one graph (its root Value) or several ({title: root}, in that order).

    Each graph's grads are reset and one fresh backward pass is run, so its last frame holds
    exactly what `root.backward()` gives on a graph with zeroed grads.
    """
    roots = graphs if isinstance(graphs, dict) else {"": graphs}
    if not roots:
        raise ValueError("backward_stepper needs at least one graph")
    return BackwardStepper([make_example(t, r, rankdir) for t, r in roots.items()], rankdir)


def make_example(title: str, root, rankdir: str = "LR") -> Example:
    recipe = graph_recipe(root)
    trace = trace_frames(root)
    return Example(title, trace, recipe, draw_dot(root, rankdir=rankdir, edge_labels=True))


def example_data(example: Example) -> dict:
    """What stepper.js needs of one graph, as JSON-able data: every text it writes, per frame."""
    trace = example.trace
    nodes = trace.nodes

    def edge_info(child: int, node: int, slot: int) -> str:
        name, input_name = trace.readable[node], trace.readable[child]
        local = num(nodes[node]._local[slot])
        made = f"{name} = {_formula(trace, node)}"
        return (
            f"edge {input_name} → {name} ({made}): local derivative d{name}/d{input_name} = {local}"
        )

    slots = [
        sum(1 for c, n in trace.edges[:e] if n == node) for e, (_, node) in enumerate(trace.edges)
    ]
    root, leaves = trace.readable[-1], editable_leaves(example.recipe)
    grads = ", ".join(
        f"d{root}/d{leaf['label']} = {num(nodes[leaf['index']].grad)}" for leaf in leaves
    )
    return {
        "title": example.title,
        "summary": f"{root} = {num(nodes[-1].data)}" + (f"; {grads}" if grads else ""),
        "names": trace.names,
        "edges": [edge_info(c, n, s) for (c, n), s in zip(trace.edges, slots)],
        "edgeTitles": [f"{trace.names[c]}->{trace.names[n]}op" for c, n in trace.edges],
        "recipe": example.recipe,
        "leaves": leaves,
        "ops": [
            {
                "index": i,
                "label": trace.readable[i],
                "inputs": [trace.readable[j] for j in s["inputs"]],
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


def live_example(request: str):
    """For the browser: replay a recipe with the reader's leaf values and operations, print the
    new example's data as one line of JSON, and return its graph (the page draws it).

    request is JSON: {"title", "recipe", "values": {label: number}, "ops": {position: op},
    "rankdir"}."""
    asked = json.loads(request)
    root = replay(asked["recipe"], asked.get("values"), asked.get("ops"))
    example = make_example(asked.get("title", ""), root, asked.get("rankdir", "LR"))
    print(json.dumps(example_data(example)))
    return example.graph
