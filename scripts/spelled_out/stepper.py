"""The forward and backward pass, step by step: a graph whose values, then grads, fill in node by
node, with what each edge carries (assets/stepper.js drives it).

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

from spelled_out.example import Example, example_data, make_example
from spelled_out.passes import Frame
from spelled_out.replay import replay
from spelled_out.stepper_html import stepper_html


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
        return stepper_html(self.examples, self.rankdir)


def backward_stepper(graphs, rankdir: str = "LR") -> BackwardStepper:
    """A stepper over one graph (its root Value) or several ({title: root}, in that order).

    Each graph's grads are reset and one fresh backward pass is run, so its last frame holds
    exactly what `root.backward()` gives on a graph with zeroed grads.
    """
    roots = graphs if isinstance(graphs, dict) else {"": graphs}
    if not roots:
        raise ValueError("backward_stepper needs at least one graph")
    return BackwardStepper([make_example(t, r, rankdir) for t, r in roots.items()], rankdir)


def live_example(request: str) -> dict:
    """For the browser: replay a recipe with the reader's leaf values and operations; answer
    the new example's data and its graph (the execution core draws it as SVG).

    request is JSON: {"title", "recipe", "values": {label: number}, "ops": {position: op},
    "rankdir"}."""
    asked = json.loads(request)
    root = replay(asked["recipe"], asked.get("values"), asked.get("ops"))
    example = make_example(asked.get("title", ""), root, asked.get("rankdir", "LR"))
    return {"example": example_data(example), "graph": example.graph}
