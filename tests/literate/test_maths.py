"""Maths typeset at build time (literate/present/maths.py): KaTeX in Node on the vendored
runtime turns pymdownx.arithmatex's TeX elements into HTML and MathML; a formula KaTeX rejects
fails the build naming the page and the formula."""

from __future__ import annotations

from pathlib import Path

import pytest

from literate.frontends.svg_stash import restore_svgs, stash_svgs
from literate.present.maths import GLYPHS, MathsError, typeset


def test_inline_and_display_maths_become_katex(runtime: Path) -> None:
    page = (
        '<p>So <span class="arithmatex">\\(a &lt; b\\)</span> holds.</p>\n'
        '<div class="arithmatex">\\[\\frac{\\partial L}{\\partial w}\\]</div>'
    )
    html = typeset(page, runtime, "docs/p.md")
    assert html.startswith('<p>So <span class="arithmatex"><span class="katex">')
    assert html.count('class="katex-display"') == 1  # the \[ \] one only
    assert "<mo>&lt;</mo>" in html  # the TeX was unescaped before KaTeX read it
    assert "<mfrac>" in html and "\\(" not in html and "\\[" not in html
    # the search index keeps the MathML's text, not the TeX or the visual glyphs
    assert html.count('aria-hidden="true" data-search-exclude') == 2
    assert html.count('encoding="application/x-tex" data-search-exclude') == 2
    # and the visual half is framed, for the stash that keeps it from Material's indexer
    assert html.count(GLYPHS[0]) == html.count(GLYPHS[1]) == 2
    stashed_html, stashed = stash_svgs(html)
    assert "katex-html" not in stashed_html and "<math" in stashed_html
    assert restore_svgs(stashed_html, stashed) == html


def test_a_page_without_maths_is_left_as_it_is(runtime: Path) -> None:
    page = "<p>No maths, only a price: $5 and \\(</p>"
    assert typeset(page, runtime, "docs/p.md") == page


def test_a_formula_katex_rejects_names_the_page_and_the_formula(runtime: Path) -> None:
    page = '<p><span class="arithmatex">\\(\\frac{1}{\\)</span></p>'
    with pytest.raises(MathsError, match=r"docs/p\.md: KaTeX cannot typeset '\\\\frac\{1\}\{'"):
        typeset(page, runtime, "docs/p.md")


def test_maths_without_katex_says_how_to_get_it(tmp_path: Path) -> None:
    page = '<span class="arithmatex">\\(x\\)</span>'
    with pytest.raises(MathsError, match=r"docs/p\.md has maths.*make setup"):
        typeset(page, tmp_path, "docs/p.md")
