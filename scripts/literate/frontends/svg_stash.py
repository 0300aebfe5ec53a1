"""Inline SVG kept out of `page.content` until the page is written.

Graphs and figures are most of a page's markup, and every later step of a build (Material's
search indexing above all, which parses each tag) would pay for them while having no use for
them: graph labels are not prose to search. So after a page's content is final, each SVG
element (and a graph's text version, present/graph_text.py, which says the same labels) becomes
a short comment, and goes back in place in the page's HTML output. So does the visual half of
each formula (present/maths.py frames it): its glyphs would repeat the formula's MathML text in
the index, since Material's indexer cannot skip the nested spans of KaTeX's HTML.
"""

from __future__ import annotations

import re

from literate.present.maths import GLYPHS

_SVG = re.compile(
    r"<svg\b.*?</svg>|<details class=\"lit-graph-text\">.*?</details>"
    rf"|{GLYPHS[0]}.*?{GLYPHS[1]}",
    re.DOTALL,
)
_MARKER = re.compile(r"<!--literate-svg-(\d+)-->")


def stash_svgs(html: str) -> tuple[str, list[str]]:
    """The HTML with each SVG element replaced by a marker, and the SVGs in marker order."""
    stashed: list[str] = []

    def marker(match: re.Match[str]) -> str:
        stashed.append(match.group())
        return f"<!--literate-svg-{len(stashed) - 1}-->"

    return _SVG.sub(marker, html), stashed


def restore_svgs(output: str, stashed: list[str]) -> str:
    """Every marker replaced by its SVG (a marker a template dropped is no error)."""
    if not stashed:
        return output
    return _MARKER.sub(lambda match: stashed[int(match.group(1))], output)
