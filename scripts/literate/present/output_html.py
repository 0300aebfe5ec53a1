"""A block's outputs as HTML, in the order they came: printed text and values as <samp>, a
drawn graph or figure inline (with the graph's text for screen readers), HTML as it is, and
the self-check answer's form."""

from __future__ import annotations

import html
import itertools

from literate.answers import MIME as ANSWER_MIME
from literate.present.graph_text import graph_text_html
from literate.present.outputs import cut, pick, raised_line
from literate.present.practice_html import answer_form_html
from literate.present.svg import inline_svg, inline_svgs_in_html, svg_class
from literate.results import ItemResult, Output

# What the site shows of a mimebundle, best first.
PRIORITY = ("text/html", "image/svg+xml", "image/png", "text/plain")


class SvgIds:
    """Gives each SVG and each text output of a page its own id prefix (an output's id is its
    copy button's target), so no two ids of a page clash."""

    def __init__(self) -> None:
        self.numbers = itertools.count(1)

    def next_prefix(self) -> str:
        return f"lit{next(self.numbers)}-"


def output_html(result: ItemResult, ids: SvgIds | None = None, note: str = "") -> str:
    """A block's outputs in order, then a note on them (inside: it goes where they go)."""
    ids = ids or SvgIds()
    parts = [_one_output(output, ids) for output in result.outputs]
    if not parts:
        return ""
    if note:
        parts.append(f'<p class="lit-varies">{html.escape(note)}</p>')
    # outputs (numbers, tables, graphs) are noise in the search index: Material skips them
    return '<div class="lit-output" data-search-exclude>' + "".join(parts) + "</div>"


def _one_output(output: Output, ids: SvgIds) -> str:
    if output["output_type"] == "stream":
        return _pre(output["text"], f"lit-{output['name']}", ids)
    if output["output_type"] == "error":
        return _pre(raised_line(output), "lit-raised", ids)
    if ANSWER_MIME in output["data"]:
        return answer_form_html(output["data"][ANSWER_MIME], ids.next_prefix())
    mime = pick(output, PRIORITY)
    data = output["data"][mime]
    css_class = svg_class(output)
    if mime == "image/svg+xml":  # a drawn graph also as text, for screen readers
        return _display(inline_svg(data, ids.next_prefix(), css_class)) + graph_text_html(data)
    if mime == "text/html":
        return _display(inline_svgs_in_html(data, ids.next_prefix, css_class))
    if mime == "image/png":
        alt = html.escape(output["data"].get("text/plain", "image"), quote=True)
        return _display(f'<img src="data:image/png;base64,{data}" alt="{alt}">')
    return _pre(data, "lit-result", ids)


def _display(markup: str) -> str:
    return f'<div class="lit-display">{markup}</div>'


def _pre(text: str, css_class: str, ids: SvgIds) -> str:
    """An output as text: <samp>, a program's output, not <code>. Material sets up every
    pre > code on load, laying the page out again to measure each one, a large share of its
    setup on a page of outputs (scripts/bench/trace_costs.py); the copy button it would add is
    written here instead, in its markup, and Material's one clipboard handler (for every
    [data-clipboard-target]) copies it."""
    own_id = f"{ids.next_prefix()}out"
    copy = (
        '<nav class="md-code__nav"><button class="md-code__button" title="Copy to clipboard"'
        f' data-clipboard-target="#{own_id} > samp" data-md-type="copy"></button></nav>'
    )
    text = html.escape(cut(text))
    return f'<pre class="{css_class}" id="{own_id}">{copy}<samp>{text}</samp></pre>'
