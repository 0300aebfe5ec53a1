"""Make SVG safe to inline in a page: no prolog, unique ids, scalable size.

The one SVG cleaner: the build's presentation uses it (html.py), and the browser's runner
receives SVG it cleaned too, in Pyodide (runner-worker.js calls inline_result_svgs on every
result), so a graph drawn by the reader's run is cleaned by the same code as the build's.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from literate.present.outputs import kind

_PROLOG = re.compile(r"<\?xml.*?\?>|<!DOCTYPE.*?>|<!--.*?-->", re.DOTALL)
_ROOT = re.compile(r"<svg\b[^>]*>", re.DOTALL)
_SIZE = re.compile(r'\s(width|height)="([^"]*)"')
_SVG_ELEMENT = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
_BETWEEN_TAGS = re.compile(r">\s+<")
_LINE_BREAK = re.compile(r"\s*\n\s*")
SVG_CLASSES = {"graph": "lit-graph", "figure": "lit-figure"}  # by the output's kind


def inline_svg(svg: str, id_prefix: str, css_class: str) -> str:
    """Clean an SVG document for inlining.

    White space between elements is dropped and line breaks become spaces. Ids are prefixed
    so several SVGs on one page cannot clash; the root's width and height are dropped (the
    viewBox keeps the aspect ratio, and the natural width becomes a max-width) so it scales
    down to the content width.
    """
    svg = _PROLOG.sub("", svg).strip()
    # The generators' indentation and line breaks are bytes on every page load; SVG collapses
    # white space in text and path data alike, so one space draws the same.
    svg = _LINE_BREAK.sub(" ", _BETWEEN_TAGS.sub("><", svg))
    svg = re.sub(r'\bid="([^"]+)"', rf'id="{id_prefix}\1"', svg)
    svg = re.sub(r"url\(#([^)]+)\)", rf"url(#{id_prefix}\1)", svg)
    svg = re.sub(r'href="#([^"]+)"', rf'href="#{id_prefix}\1"', svg)
    root = _ROOT.search(svg)
    if root is None:
        raise ValueError("not an SVG document: no <svg> element")
    size = dict(_SIZE.findall(root.group()))
    tag = _SIZE.sub("", root.group())
    width = size.get("width", "")
    width += "px" if re.fullmatch(r"[\d.]+", width) else ""  # SVG's unitless length is px
    max_width = f' style="max-width: {width}"' if width else ""
    # An SVG that brings its own class styles itself (its colours follow the scheme, say): it
    # gets neither our class nor, with it, the dark scheme's inversion.
    own_class = re.search(r'\sclass="', tag) is not None
    tag = tag.replace(
        "<svg", "<svg" + ("" if own_class else f' class="{css_class}"') + max_width, 1
    )
    return svg[: root.start()] + tag + svg[root.end() :]


def inline_svgs_in_html(markup: str, next_prefix, css_class: str) -> str:
    """Every SVG element of an HTML fragment cleaned as by inline_svg (e.g. a stepper's graph)."""
    markup = _PROLOG.sub("", markup)
    return _SVG_ELEMENT.sub(lambda m: inline_svg(m.group(), next_prefix(), css_class), markup)


def svg_class(output: dict[str, Any]) -> str:
    """The CSS class of the SVG an output draws: its kind's, else a graph's."""
    return SVG_CLASSES.get(kind(output), "lit-graph")


def inline_result_svgs(result: dict[str, Any], prefix: str) -> dict[str, Any]:
    """A result of the execution core as the browser shows it, every SVG in it cleaned as by
    inline_svg (ids prefixed with prefix and a count): each output's drawing, the SVG inside
    an HTML output (a stepper), and the graphs a helper's answer holds (Session.call draws a
    graph as an SVG document). Changes result in place and returns it."""
    count = itertools.count(1)

    def next_prefix() -> str:
        return f"{prefix}{next(count)}-"

    for output in result.get("outputs") or []:
        data = output.get("data") or {}
        if "image/svg+xml" in data:
            data["image/svg+xml"] = inline_svg(
                data["image/svg+xml"], next_prefix(), svg_class(output)
            )
        if "<svg" in data.get("text/html", ""):
            html = data["text/html"]
            data["text/html"] = inline_svgs_in_html(html, next_prefix, svg_class(output))
    value = result.get("value")
    for key, item in (value or {}).items() if isinstance(value, dict) else ():
        text = item.strip() if isinstance(item, str) else ""
        if text.startswith(("<?xml", "<svg")) and text.endswith("</svg>"):  # a whole document
            value[key] = inline_svg(item, next_prefix(), "lit-graph")
    return result
