"""Make SVG safe to inline in a page: no prolog, unique ids, scalable size."""

from __future__ import annotations

import re

_PROLOG = re.compile(r"<\?xml.*?\?>|<!DOCTYPE.*?>|<!--.*?-->", re.DOTALL)
_ROOT = re.compile(r"<svg\b[^>]*>", re.DOTALL)
_SIZE = re.compile(r'\s(width|height)="([^"]*)"')
_SVG_ELEMENT = re.compile(r"<svg\b.*?</svg>", re.DOTALL)


def inline_svg(svg: str, id_prefix: str, css_class: str) -> str:
    """Clean an SVG document for inlining.

    Ids are prefixed so several SVGs on one page cannot clash; the root's width and height
    are dropped (the viewBox keeps the aspect ratio, and the natural width becomes a
    max-width) so it scales down to the content width.
    """
    svg = _PROLOG.sub("", svg).strip()
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
