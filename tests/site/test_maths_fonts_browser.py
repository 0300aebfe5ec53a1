"""KaTeX's fonts as the site ships them, cut to what its formulas draw (maths_fonts.py), draw
each of those characters as the whole fonts do: pixel for pixel, in Chromium (whose text on
Linux is hinted by FreeType), at the size of Material's text, of a formula in it and larger."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest

from literate.frontends.maths_fonts import FONTS, drawn_characters
from literate.frontends.project import load_plugin_config

from .browsing import REPO_ROOT

pytestmark = pytest.mark.site

SIZES = ("16px", "19.36px", "23.2px")  # Material's text at 16 px; KaTeX's 1.21em of it; larger


def face(family: str, font: Path) -> str:
    data = base64.b64encode(font.read_bytes()).decode("ascii")
    return f"@font-face {{ font-family: {family}; src: url(data:font/woff2;base64,{data}); }}"


def test_the_cut_fonts_draw_every_drawn_character_as_the_whole_fonts(
    built_site: Path, browser
) -> None:
    from fontTools.ttLib import TTFont

    config, _ = load_plugin_config(REPO_ROOT)
    whole_fonts = REPO_ROOT / config.runtime / FONTS
    cut_fonts = built_site / "assets/runtime" / FONTS
    drawn = drawn_characters(built_site)
    assert drawn, "the site's formulas draw no character, or one is not framed"
    styles, rows = [], []
    for index, whole in enumerate(sorted(whole_fonts.glob("*.woff2"))):
        has = TTFont(whole).getBestCmap()
        text = "".join(c for c in drawn if ord(c) in has and not c.isspace())
        if not text:
            continue
        styles += [face(f"whole{index}", whole), face(f"cut{index}", cut_fonts / whole.name)]
        for size in SIZES:
            for kind in ("whole", "cut"):
                rows.append(
                    f'<div class="{kind}" data-font="{whole.name} at {size}" '
                    f'style="font-size: {size}; font-family: {kind}{index}">{text}</div>'
                )
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    try:
        # rows of whole pixels, each taller than a big delimiter: no glyph reaches its neighbour
        style = "div { display: table; white-space: pre; line-height: 128px; height: 128px }"
        page.set_content(f"<style>{style}{''.join(styles)}</style>{''.join(rows)}")
        page.evaluate("document.fonts.ready")
        loaded = page.evaluate("[...document.fonts].filter((f) => f.status === 'loaded').length")
        assert loaded == len(styles), f"{loaded} of {len(styles)} fonts loaded"
        wholes, cuts = page.locator("div.whole"), page.locator("div.cut")
        compared = wholes.count()
        differing = [
            wholes.nth(i).get_attribute("data-font")
            for i in range(compared)
            if wholes.nth(i).screenshot() != cuts.nth(i).screenshot()
        ]
    finally:
        page.close()
    assert compared >= 2 * len(SIZES) and differing == [], differing
