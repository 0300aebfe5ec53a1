"""A graph's SVG markup for a widget's HTML (the stepper, the visiting-order exercise), drawn
where the page runs: by Graphviz's `dot` at build and in Jupyter, and in the reader's browser,
which runs no programs, by what the page's execution core draws with there (Viz.js).

The core is found among the loaded modules, never imported: a notebook needs no build engine.
"""

from __future__ import annotations

import sys
from typing import Any

CORE_DRAWING = "literate.execute.formatters"  # its graph_svg knows the session's renderer


def graph_svg(graph: Any) -> str:
    """The graphviz graph as an <svg> element (no XML prolog: it goes inside HTML)."""
    core = sys.modules.get(CORE_DRAWING)
    draw = core.graph_svg if core is not None else _dot
    svg = draw(graph)
    return svg[svg.index("<svg") :]


def _dot(graph: Any) -> str:
    return graph.pipe(format="svg", encoding="utf-8")
