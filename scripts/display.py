"""Turn a block's last value into something a page can show (worker side).

`DISPLAYS` maps a fully qualified type name to a converter; a value is converted by the first
class in its MRO that has an entry, otherwise it shows as its `repr`. To add a display type:

    DISPLAYS["micrograd.stepper.BackwardStepper"] = lambda obj, ctx: html_display(obj.to_html())

Converters return a Display; only converters registered here produce markup ("text/html" or
"image/svg+xml"); every other value is text and is escaped when rendered.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scripts.svg import inline_svg

GRAPH_CLASS = "lit-graph"
FIGURE_CLASS = "lit-figure"


@dataclass
class DisplayContext:
    """Per-page state shared by the converters: a counter that keeps SVG ids unique."""

    count: int = 0

    def next_prefix(self) -> str:
        self.count += 1
        return f"lit{self.count}-"


Display = dict[str, Any]  # {"mime": ..., "data": ..., optional "size": {...}}
Converter = Callable[[Any, DisplayContext], Display]


REPR_LIMIT = 100_000  # characters of a repr shown before it is cut


def text_display(text: str) -> Display:
    if len(text) > REPR_LIMIT:
        note = f"\n[repr truncated: {len(text):,} characters, showing the first {REPR_LIMIT:,}]"
        text = text[:REPR_LIMIT] + note
    return {"mime": "text/plain", "data": text}


def html_display(markup: str) -> Display:
    return {"mime": "text/html", "data": markup}


def svg_display(svg: str, context: DisplayContext, css_class: str) -> Display:
    cleaned, size = inline_svg(svg, context.next_prefix(), css_class)
    return {"mime": "image/svg+xml", "data": cleaned, "size": size, "class": css_class}


def graphviz_to_svg(graph: Any, context: DisplayContext) -> Display:
    """Render with the `dot` binary (the graph's own engine) in the worker."""
    svg = graph.pipe(format="svg", encoding="utf-8")
    return svg_display(svg, context, GRAPH_CLASS)


def figure_to_svg(figure: Any, context: DisplayContext) -> Display:
    """A matplotlib Figure as SVG with real text, then closed so it is not shown twice."""
    import matplotlib

    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "literate"}):
        figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    pyplot = sys.modules.get("matplotlib.pyplot")
    if pyplot is not None:
        pyplot.close(figure)
    return svg_display(buffer.getvalue(), context, FIGURE_CLASS)


def source_to_html(source: str, context: DisplayContext) -> Display:
    """Python source (scripts.pagetools.SourceCode) highlighted like the page's own fences."""
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import PythonLexer

    markup = highlight(
        str(source), PythonLexer(), HtmlFormatter(cssclass="highlight", wrapcode=True)
    )
    return {"mime": "text/html", "data": markup, "text": str(source)}


DISPLAYS: dict[str, Converter] = {
    "graphviz.graphs.BaseGraph": graphviz_to_svg,
    "matplotlib.figure.Figure": figure_to_svg,
    "scripts.pagetools.SourceCode": source_to_html,
}


def qualified_name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def display_value(value: Any, context: DisplayContext) -> Display:
    """The display of a block's last value."""
    for cls in type(value).__mro__:
        converter = DISPLAYS.get(qualified_name(cls))
        if converter is not None:
            return converter(value, context)
    return text_display(repr(value))


def open_figures() -> list[Any]:
    """Figures left open in pyplot by a block (shown after it, as in a notebook)."""
    pyplot = sys.modules.get("matplotlib.pyplot")
    if pyplot is None:
        return []
    return [pyplot.figure(number) for number in pyplot.get_fignums()]
