"""A block's last value as a mimebundle, following IPython's display protocol (the build's
worker and the browser both run it, with execute/core.py).

A value shows as the first of these that applies:

1. a formatter registered in FORMATTERS for a class in its MRO (by qualified name, so that
   the module need not be imported): matplotlib figures and graphviz graphs become SVG;
2. its own `_repr_mimebundle_()`, or the `_repr_svg_`, `_repr_html_`, `_repr_markdown_`,
   `_repr_latex_`, `_repr_png_` methods it defines, so that a class on a page can say how it
   shows itself (one that needs a package or program this Python lacks is skipped);
3. its `repr`.

Every bundle has text/plain. Nothing is cleaned, sized or escaped here: presenters do that
after the cache, once per target (site, notebook, terminal).

A graph is drawn by `graph_svg`: Graphviz's `dot`, or, while a session displays or answers in
a Python without processes (the browser), the program that session was given (Viz.js), so
that a helper whose HTML holds graphs (the stepper) shows the same markup in both places.
"""

from __future__ import annotations

import base64
import errno
import io
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

Bundle = tuple[dict[str, Any], dict[str, Any]]  # (data by MIME type, metadata)
Formatter = Callable[[Any], Bundle]

# MIME type -> the _repr_ method that makes it, in the order tried.
REPR_METHODS = {
    "image/svg+xml": "_repr_svg_",
    "text/html": "_repr_html_",
    "text/markdown": "_repr_markdown_",
    "text/latex": "_repr_latex_",
    "image/png": "_repr_png_",
}


RenderDot = Callable[[str], str]  # DOT source -> SVG markup

# The program that draws DOT for the session displaying right now (None: Graphviz's `dot`);
# set only inside `drawn_by`, so nothing outlives a display.
_render_dot: ContextVar[RenderDot | None] = ContextVar("render_dot", default=None)


@contextmanager
def drawn_by(render_dot: RenderDot | None) -> Iterator[None]:
    """Within it, graph_svg draws with render_dot (when not None)."""
    token = _render_dot.set(render_dot)
    try:
        yield
    finally:
        _render_dot.reset(token)


def graph_svg(graph: Any) -> str:
    """A graphviz graph as an SVG document: drawn by the `dot` program, the graph's own
    engine, or by the renderer of the session displaying it (see drawn_by)."""
    render_dot = _render_dot.get()
    if render_dot is None:
        return graph.pipe(format="svg", encoding="utf-8")
    return render_dot(graph.source)


def graphviz_bundle(graph: Any) -> Bundle:
    svg = graph_svg(graph)
    return {"image/svg+xml": svg, "text/plain": "<graph>"}, {"literate": {"kind": "graph"}}


def figure_bundle(figure: Any) -> Bundle:
    """A matplotlib Figure as SVG with real text, then closed so it is not shown twice."""
    import matplotlib

    buffer = io.StringIO()
    # Text as text; its font named once: the 'DejaVu Sans' it is measured with, then the
    # reader's sans-serif (matplotlib's ten-font fallback list, on every label, weighed more
    # than the figure's drawing).
    rc = {"svg.fonttype": "none", "svg.hashsalt": "literate", "font.sans-serif": ["DejaVu Sans"]}
    with matplotlib.rc_context(rc):
        # no <metadata> block: its date, creator and format are bytes no reader sees
        quiet = dict.fromkeys(("Date", "Creator", "Format", "Type"))
        figure.savefig(buffer, format="svg", bbox_inches="tight", metadata=quiet)
    pyplot = sys.modules.get("matplotlib.pyplot")
    if pyplot is not None:
        pyplot.close(figure)
    data = {"image/svg+xml": buffer.getvalue(), "text/plain": repr(figure)}
    return data, {"literate": {"kind": "figure"}}


FORMATTERS: dict[str, Formatter] = {
    "graphviz.graphs.BaseGraph": graphviz_bundle,
    "matplotlib.figure.Figure": figure_bundle,
}


def qualified_name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def mimebundle(value: Any, formatters: dict[str, Formatter] = FORMATTERS) -> Bundle:
    """The value's data by MIME type (always with text/plain) and its metadata."""
    for cls in type(value).__mro__:
        formatter = formatters.get(qualified_name(cls))
        if formatter is not None:
            return formatter(value)
    data: dict[str, Any] = {}
    metadata: dict[str, Any] = {}
    method = _repr_method(value, "_repr_mimebundle_")
    if method is not None:
        bundle = method(include=None, exclude=None)
        if isinstance(bundle, tuple):
            bundle, metadata = bundle
        data.update(bundle or {})
    for mime, name in REPR_METHODS.items():
        method = _repr_method(value, name)
        if mime not in data and method is not None:
            try:
                shown = method()
            except Exception as error:
                if _lacks_a_tool(error):
                    continue
                raise
            if isinstance(shown, tuple):  # (data, metadata), as IPython allows
                shown, metadata[mime] = shown
            if shown is not None:
                data[mime] = shown
    data.setdefault("text/plain", repr(value))
    return _as_json(data, metadata)


def _as_json(data: dict[str, Any], metadata: dict[str, Any]) -> Bundle:
    """The bundle as nbformat stores it: binary images in base64, other bytes as UTF-8 text;
    anything JSON cannot hold is a TypeError naming the MIME type (the block's error)."""
    for mime, shown in data.items():
        if isinstance(shown, bytes):
            binary = mime.startswith("image/") and mime != "image/svg+xml"
            data[mime] = base64.b64encode(shown).decode() if binary else shown.decode()
    try:
        json.dumps([data, metadata])
    except (TypeError, ValueError) as error:
        raise TypeError(f"its display data cannot be stored: {error}") from None
    return data, metadata


def _lacks_a_tool(error: Exception) -> bool:
    """A package or program this Python lacks (Pygments, or Graphviz's `dot` where there are
    no processes: the browser): the value shows itself another way, as IPython skips a
    failing formatter."""
    if isinstance(error, OSError) and error.errno == errno.ENOTSUP:
        return True
    names = {cls.__name__ for cls in type(error).__mro__}
    return bool(names & {"ImportError", "ExecutableNotFound"})


def _repr_method(value: Any, name: str) -> Callable[..., Any] | None:
    """The bound method, looked up on the class (as IPython does), not on a class object."""
    if isinstance(value, type):
        return None
    method = getattr(type(value), name, None)
    return method.__get__(value) if callable(method) else None


def open_figures() -> list[Any]:
    """Figures left open in pyplot by a block (shown after it, as in a notebook)."""
    pyplot = sys.modules.get("matplotlib.pyplot")
    if pyplot is None:
        return []
    return [pyplot.figure(number) for number in pyplot.get_fignums()]
