"""KaTeX's fonts cut to what the site's formulas draw (literate/frontends/maths_fonts.py): the
characters are read from the built pages, each font keeps those it has (and the letters the
hinter measures), and a formula typeset some other way keeps the fonts whole."""

from __future__ import annotations

from pathlib import Path

from literate.frontends.maths_fonts import (
    FONTS,
    HINTING_LETTERS,
    drawn_characters,
    install_fonts,
)
from literate.present.maths import typeset


def characters_of(font: Path) -> set[str]:
    from fontTools.ttLib import TTFont

    return {chr(code) for code in TTFont(font).getBestCmap()}


def built_site(tmp_path: Path, runtime: Path, pages: dict[str, str]) -> Path:
    site = tmp_path / "site"
    for name, html in pages.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(typeset(html, runtime, name), encoding="utf-8")
    return site


def test_the_characters_are_those_the_formulas_draw(tmp_path: Path, runtime: Path) -> None:
    site = built_site(
        tmp_path,
        runtime,
        {
            "a/index.html": '<p>Text <span class="arithmatex">\\(x &lt; 2\\)</span>.</p>',
            "b/index.html": '<div class="arithmatex">\\[\\frac{\\partial L}{\\partial w}\\]</div>',
        },
    )
    drawn = drawn_characters(site)
    assert drawn is not None and set("x<2∂Lw") <= set(drawn), drawn
    assert "T" not in drawn and "&" not in drawn  # not the prose, not the markup's escapes
    (site / "c.html").write_text('<span class="katex"><span class="katex-html">y</span></span>')
    assert drawn_characters(site) is None  # a formula not framed: what it draws is not known


def test_each_font_keeps_every_drawn_character_it_has(tmp_path: Path, runtime: Path) -> None:
    whole, cut = runtime / FONTS, tmp_path / "fonts"
    drawn = "x<2∂Lw=()+"
    install_fonts(whole, cut, drawn)
    fonts = sorted(whole.glob("*.woff2"))
    assert len(fonts) == 20 and [f.name for f in fonts] == sorted(f.name for f in cut.iterdir())
    for font in fonts:
        had, kept = characters_of(font), characters_of(cut / font.name)
        assert had & set(drawn + HINTING_LETTERS) <= kept, font.name  # (and what those need)
    main = "KaTeX_Main-Regular.woff2"
    assert (cut / main).stat().st_size < (whole / main).stat().st_size / 2


def test_fonts_as_written_are_left_alone_and_whole_when_unknown(
    tmp_path: Path, runtime: Path
) -> None:
    whole, cut = runtime / FONTS, tmp_path / "fonts"
    install_fonts(whole, cut, "x")
    written = {font.name: font.stat().st_mtime_ns for font in cut.iterdir()}
    install_fonts(whole, cut, "x")
    assert {font.name: font.stat().st_mtime_ns for font in cut.iterdir()} == written
    install_fonts(whole, cut, None)
    for font in whole.glob("*.woff2"):
        assert (cut / font.name).read_bytes() == font.read_bytes(), font.name
