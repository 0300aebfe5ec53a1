"""Maths typeset at build time. pymdownx.arithmatex (generic mode) leaves each formula's TeX in
an element of class "arithmatex", delimited by \\( \\) or \\[ \\]; KaTeX, run in Node on the
vendored katex.min.js (katex_render.cjs), puts its HTML and MathML there instead. A page with
maths then needs KaTeX's stylesheet and fonts, and no script: nothing is typeset in the browser.
The search index keeps a formula's MathML text ("w1x1+w2x2+b"), not its TeX source or the
glyphs of its visual half: both are marked data-search-exclude, and the visual half is also
framed by GLYPHS comments, for a search indexer that cannot skip nested spans (Material's: the
MkDocs front end stashes what the comments frame, svg_stash.py).
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path

KATEX_JS = "katex/katex.min.js"  # in the vendored runtime folder
KATEX_CSS = "katex/katex.min.css"  # in the vendored runtime folder, which the site has as:
STYLESHEET = "runtime/katex/katex.min.css"  # under the site's assets/
_RENDERER = Path(__file__).resolve().parent / "katex_render.cjs"
_FORMULA = re.compile(r'(<(span|div) class="arithmatex">)(.*?)(</\2>)', re.DOTALL)
_DELIMITERS = {"\\(": "\\)", "\\[": "\\]"}
_VISUAL = '<span class="katex-html" aria-hidden="true"'
_TEX = '<annotation encoding="application/x-tex"'
GLYPHS = ("<!--maths-glyphs-->", "<!--/maths-glyphs-->")


class MathsError(Exception):
    """A formula KaTeX cannot typeset, or no KaTeX to typeset with."""


def typeset(page_html: str, runtime: Path | None, where: str) -> str:
    """page_html with every formula typeset. `where` names the page in
    errors (a formula's own line is not known after Markdown: the error quotes its TeX)."""
    found = list(_FORMULA.finditer(page_html))
    if not found:
        return page_html
    items = [_formula(match[3], where) for match in found]
    rendered = _render(items, runtime, where)
    parts, end = [], 0
    for match, item, result in zip(found, items, rendered):
        if "error" in result:
            raise MathsError(f"{where}: KaTeX cannot typeset {item['tex']!r}: {result['error']}")
        parts += [page_html[end : match.start()], match[1], _unsearched(result["html"]), match[4]]
        end = match.end()
    return "".join([*parts, page_html[end:]])


def has_maths(page_html: str) -> bool:
    """Whether typeset() put a formula in page_html (which then needs KaTeX's fonts)."""
    return _VISUAL in page_html


def _unsearched(katex_html: str) -> str:
    """KaTeX's output (MathML, then the visual half, which closes it) marked for search."""
    katex_html = katex_html.replace(_TEX, _TEX + " data-search-exclude")
    start = katex_html.index(_VISUAL)
    visual = katex_html[start : -len("</span>")].replace(_VISUAL, _VISUAL + " data-search-exclude")
    return f"{katex_html[:start]}{GLYPHS[0]}{visual}{GLYPHS[1]}</span>"


def _formula(escaped: str, where: str) -> dict:
    source = html.unescape(escaped).strip()
    closing = _DELIMITERS.get(source[:2])
    if closing is None or not source.endswith(closing):
        raise MathsError(f"{where}: a maths element without \\( \\) or \\[ \\]: {source[:60]!r}")
    return {"tex": source[2:-2], "display": source.startswith("\\[")}


def _render(items: list[dict], runtime: Path | None, where: str) -> list[dict]:
    katex = runtime / KATEX_JS if runtime else None
    if katex is None or not katex.is_file():
        raise MathsError(f"{where} has maths, and KaTeX is not in the runtime folder: make setup")
    node = shutil.which("node")
    if node is None:
        raise MathsError(f"{where} has maths, and Node.js (node), which typesets it, is missing")
    request = json.dumps({"katex": str(katex.resolve()), "items": items})
    done = subprocess.run(
        [node, str(_RENDERER)], input=request, capture_output=True, text=True, timeout=120
    )
    if done.returncode != 0:
        raise MathsError(f"{where}: KaTeX in Node failed: {done.stderr.strip()[-800:]}")
    return json.loads(done.stdout)
