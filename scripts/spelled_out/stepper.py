"""The backward pass, step by step: a graph whose grads fill in node by node, in the order the
engine used, with buttons, a slider and the arrow keys (docs/assets/stepper.js drives it).

    from spelled_out import backward_stepper
    backward_stepper(L)     # as a block's last expression

Frames come from the real engine: the stepper runs one backward pass itself, applying each
node's own `_backward()` rule in `topological_order`, reversed, exactly as `Value.backward`
does, and records every grad after every step. Without JavaScript the page shows the graph of
the finished pass.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass

from micrograd.engine import topological_order
from micrograd.viz import draw_dot


@dataclass
class Frame:
    active: str | None  # the node name (as in draw_dot) whose rule was just applied
    grads: list[float]  # every node's grad after this step, in trace order
    caption: str


@dataclass
class BackwardStepper:
    names: list[str]
    frames: list[Frame]
    graph: object  # the graphviz.Digraph of the finished pass

    def __repr__(self) -> str:
        return f"<backward stepper: {len(self.frames) - 1} steps over {len(self.names)} nodes>"

    def _repr_html_(self) -> str:
        return stepper_html(self)


def backward_stepper(root, rankdir: str = "LR") -> BackwardStepper:
    """Run a fresh backward pass from root, recording the grads after each node's rule.

    Every grad in the graph is reset first, so the last frame holds exactly what
    `root.backward()` gives on a graph with zeroed grads, and the graph is left that way.
    """
    order = topological_order(root)
    names = [f"v{i}" for i in range(len(order))]  # the names draw_dot gives, in the same order
    # how captions name a node: its label; else a constant's value (the 2 in 2 * c); else v3
    readable = {
        node: node.label or (f"{node.data:g}" if not node._prev else name)
        for node, name in zip(order, names)
    }
    for node in order:
        node.grad = 0.0
    root.grad = 1.0
    seed = f"Seed: d{readable[root]}/d{readable[root]} = 1"
    frames = [Frame(None, [n.grad for n in order], seed)]
    for i in reversed(range(len(order))):
        order[i]._backward()
        frames.append(Frame(names[i], [n.grad for n in order], _caption(order[i], readable)))
    return BackwardStepper(names, frames, draw_dot(root, rankdir=rankdir))


def _caption(node, readable) -> str:
    name = readable[node]
    if not node._prev:
        return f"{name} is a leaf: nothing to pass on; its grad is {node.grad:.4f}"
    inputs = [readable[child] for child in node._prev]
    if len(inputs) == 2:
        formula = f"{inputs[0]} {node._op} {inputs[1]}"
    elif node._op.startswith("**"):
        formula = f"{inputs[0]}{node._op}"
    else:
        formula = f"{node._op}({inputs[0]})"
    terms = "; ".join(
        f"{readable[child]}.grad += {local:.4f} * {node.grad:.4f}"
        for child, local in zip(node._prev, node._local)
    )
    return f"{name} = {formula}: {terms}"


def stepper_html(stepper: BackwardStepper) -> str:
    """The graph of the finished pass with the frames for docs/assets/stepper.js; the controls
    stay hidden where that script does not run (in Jupyter, say)."""
    svg = stepper.graph.pipe(format="svg", encoding="utf-8")
    svg = svg[svg.index("<svg") :]  # no XML prolog inside HTML
    frames = [
        {"active": f.active, "grads": [f"grad {g:.4f}" for g in f.grads], "caption": f.caption}
        for f in stepper.frames
    ]
    # the frames ride in an attribute, not a <script>: Material's instant navigation re-creates
    # every script of a new page, and would run JSON as JavaScript
    data = html.escape(json.dumps({"names": stepper.names, "frames": frames}))
    last = len(frames) - 1
    markup = (
        f'<div class="mg-stepper" tabindex="0" aria-label="The backward pass, step by step" '
        f'data-frames="{data}">'
        f'<div class="mg-stepper-graph">{svg}</div>'
        '<div class="mg-stepper-controls" hidden>'
        '<button type="button" data-step="first" aria-label="First step" title="First step (Home)">'
        '<span aria-hidden="true">«</span></button>'
        '<button type="button" data-step="prev" aria-label="Previous step" '
        'title="Previous step (←)"><span aria-hidden="true">◀</span></button>'
        f'<input type="range" min="0" max="{last}" value="{last}" aria-label="Step" '
        f'aria-valuetext="step {last} of {last}">'
        '<button type="button" data-step="next" aria-label="Next step" title="Next step (→)">'
        '<span aria-hidden="true">▶</span></button>'
        '<button type="button" data-step="last" aria-label="Last step" title="Last step (End)">'
        '<span aria-hidden="true">»</span></button>'
        f'<span class="mg-stepper-counter">step {last} of {last}</span>'
        "</div>"
        # a polite live region: each step's caption is read out as the reader steps
        '<p class="mg-stepper-caption" aria-live="polite">'
        f"{html.escape(frames[-1]['caption'])}</p>"
        "</div>"
    )
    return markup
