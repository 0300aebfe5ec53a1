"""The visiting-order exercise on a page: `visiting_exercise()` as a block's last expression.

The reader picks the order in which the diamond's nodes run their rule (clicking the graph's
nodes, or with the buttons under it); assets/visiting.js runs that order with the engine in
the page's Python (`spelled_out.visiting.check_order`) and shows the verdict. Without
JavaScript the page shows the graph and what the exercise would do.
"""

from __future__ import annotations

import html
import json

from micrograd.engine import topological_order
from micrograd.viz import draw_dot, node_ids
from spelled_out.drawing import graph_svg
from spelled_out.visiting import diamond


class VisitingExercise:
    """The diamond, and the buttons to order its nodes' rules (see the module docstring)."""

    def __init__(self, rankdir: str = "LR") -> None:
        self.root = diamond()
        self.rankdir = rankdir

    def __repr__(self) -> str:
        labels = [n.label for n in topological_order(self.root) if n.label]
        return f"<visiting-order exercise over {', '.join(labels)}>"

    def _repr_html_(self) -> str:
        nodes = topological_order(self.root)
        names = {node.label: id_ for node, id_ in zip(nodes, node_ids(nodes)) if node.label}
        data = html.escape(json.dumps({"labels": list(names), "names": names}))
        svg = graph_svg(draw_dot(self.root, rankdir=self.rankdir))
        buttons = "".join(
            f'<button type="button" data-node="{html.escape(label)}" '
            f'aria-label="Run {html.escape(label)}\'s rule next">{html.escape(label)}</button>'
            for label in names
        )
        return (
            f'<div class="mg-visiting" data-visiting="{data}">'
            f'<div class="mg-visiting-graph">{svg}</div>'
            '<p class="mg-visiting-nojs">With JavaScript on, pick the order in which the nodes '
            "run their rule here, and the page runs it with the engine.</p>"
            '<div class="mg-visiting-controls" hidden>'
            '<div class="mg-visiting-row" role="group" aria-label="Add a node to the order">'
            f'<span aria-hidden="true">Run next:</span>{buttons}</div>'
            '<div class="mg-visiting-row">'
            '<button type="button" data-act="undo">Undo</button>'
            '<button type="button" data-act="clear">Clear</button>'
            '<button type="button" data-act="run" disabled>Run this order</button></div>'
            '<p class="mg-visiting-order" aria-live="polite">Your order: none yet.</p>'
            "</div>"
            '<div class="mg-visiting-feedback" role="status" aria-live="polite"></div>'
            "</div>"
        )


def visiting_exercise(rankdir: str = "LR") -> VisitingExercise:
    """The visiting-order exercise on the diamond a = 2, b = a + 1, c = 3a, d = bc."""
    return VisitingExercise(rankdir)
