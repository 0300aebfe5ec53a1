"""Make an SVG document safe to inline in a page: no prolog, unique ids, scalable size."""

from __future__ import annotations

import re

_PROLOG = re.compile(r"<\?xml.*?\?>|<!DOCTYPE.*?>|<!--.*?-->", re.DOTALL)
_ROOT = re.compile(r"<svg\b[^>]*>", re.DOTALL)
_SIZE = re.compile(r'\s(width|height)="([^"]*)"')


def inline_svg(svg: str, id_prefix: str, css_class: str) -> tuple[str, dict[str, str]]:
    """Clean an SVG for inlining; return it with its original size ({'width', 'height'}).

    Ids are prefixed so several SVGs on one page cannot clash; the root's width and height
    are dropped (the viewBox keeps the aspect ratio) so it scales down to the content width.
    """
    svg = _PROLOG.sub("", svg).strip()
    svg = re.sub(r'\bid="([^"]+)"', rf'id="{id_prefix}\1"', svg)
    svg = re.sub(r"url\(#([^)]+)\)", rf"url(#{id_prefix}\1)", svg)
    svg = re.sub(r'href="#([^"]+)"', rf'href="#{id_prefix}\1"', svg)
    root = _ROOT.search(svg)
    if root is None:
        raise ValueError("not an SVG document: no <svg> element")
    size = dict((name, value) for name, value in _SIZE.findall(root.group()))
    tag = _SIZE.sub("", root.group())
    max_width = f' style="max-width: {size["width"]}"' if "width" in size else ""
    tag = tag.replace("<svg", f'<svg class="{css_class}"{max_width}', 1)
    return svg[: root.start()] + tag + svg[root.end() :], size


def restore_size(svg: str, size: dict[str, str], css_class: str) -> str:
    """Put back the original width and height (for notebooks, which do not scale SVGs)."""
    attributes = "".join(f' {name}="{value}"' for name, value in size.items())
    return re.sub(
        rf'<svg class="{re.escape(css_class)}"( style="[^"]*")?', f"<svg{attributes}", svg, count=1
    )
