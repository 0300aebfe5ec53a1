"""A block's outputs as HTML, in the order they came: printed text and values as <samp>, a
drawn graph or figure inline (with the graph's text for screen readers), HTML as it is, and
the self-check answer's form."""

from __future__ import annotations

import html
import itertools

from literate.answers import MIME as ANSWER_MIME
from literate.present.graph_text import graph_text_html
from literate.present.outputs import cut, pick, raised_line
from literate.present.placeholders import (
    answer_height,
    html_height,
    output_height,
    picture_height,
    text_height,
)
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
    shown = [_one_output(output, ids) for output in result.outputs]
    if not shown:
        return ""
    parts, heights = [markup for markup, _ in shown], [height for _, height in shown]
    if note:
        parts.append(f'<p class="lit-varies">{html.escape(note)}</p>')
        heights.append(text_height(note))
    # outputs (numbers, tables, graphs) are noise in the search index: Material skips them;
    # their height is guessed for the browser until it draws them (placeholders.py)
    height = f'style="--lit-height: {output_height(heights)}"'
    # a question's form is drawn at once (literate.css): it is typed into
    kind = (
        "lit-output lit-asks"
        if any(ANSWER_MIME in o.get("data", {}) for o in result.outputs)
        else "lit-output"
    )
    return f'<div class="{kind}" data-search-exclude {height}>' + "".join(parts) + "</div>"


def _one_output(output: Output, ids: SvgIds) -> tuple[str, str]:
    """An output's HTML and its height before the browser draws it."""
    if output["output_type"] == "stream":
        return _pre(output["text"], f"lit-{output['name']}", ids), text_height(output["text"])
    if output["output_type"] == "error":
        return _pre(raised_line(output), "lit-raised", ids), text_height("")
    if ANSWER_MIME in output["data"]:
        spec = output["data"][ANSWER_MIME]
        return answer_form_html(spec, ids.next_prefix()), answer_height(spec)
    mime = pick(output, PRIORITY)
    data = output["data"][mime]
    css_class = svg_class(output)
    if mime == "image/svg+xml":  # a drawn graph also as text, for screen readers
        svg = inline_svg(data, ids.next_prefix(), css_class)
        return _display(svg) + graph_text_html(data), f"{picture_height(svg)} + 2.5em"
    if mime == "text/html":
        markup = inline_svgs_in_html(data, ids.next_prefix, css_class)
        return _display(markup), html_height(markup)
    if mime == "image/png":
        alt = html.escape(output["data"].get("text/plain", "image"), quote=True)
        return _display(f'<img src="data:image/png;base64,{data}" alt="{alt}">'), "15em"
    return _pre(data, "lit-result", ids), text_height(cut(data))


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
