"""KaTeX's fonts, cut to the characters the site's formulas draw. The maths is typeset at build
(present/maths.py), so every glyph a reader can see is in the built pages, between the GLYPHS
comments that frame each formula's visual half; the browser typesets nothing. A chapter's
formulas draw a few dozen characters, and the two fonts nearly every formula needs (KaTeX_Main
and KaTeX_Math) hold hundreds: cut, they weigh about a third, and a page whose first screen
holds a formula waits for them before it is drawn.

Each font keeps every character drawn anywhere in the site that it has (the pages share the
files, so one cut serves every page), and the letters FreeType's auto-hinter measures a font's
heights on: Chromium on Linux hints text with it, and a font cut without them had its glyphs
snapped to other heights (a "2" a pixel shorter at 16 px). A formula outside the frame (a page
typeset some other way) leaves the fonts whole: nothing a reader sees loses its glyph.
"""

from __future__ import annotations

import functools
import html
import io
import re
import unicodedata
from pathlib import Path

from literate.present.maths import GLYPHS

FONTS = "katex/fonts"  # in the runtime folder, and in the site's assets/runtime/
_FRAMED = re.compile(re.escape(GLYPHS[0]) + "(.*?)" + re.escape(GLYPHS[1]), re.DOTALL)
_VISUAL = 'class="katex-html"'
_TAG = re.compile(r"<[^>]*>")
# FreeType's blue zones (its afblue.dat): the Latin and Greek letters whose tops, bottoms and
# descenders it aligns every glyph's to (Unicode spells lambda "lamda")
_GREEK_CAPITALS = "gamma beta epsilon zeta theta omicron omega delta xi"
_GREEK_SMALL = "beta theta delta zeta lamda xi alpha epsilon iota omicron pi sigma tau omega gamma"
_GREEK_SMALL += " eta mu rho phi chi psi"
HINTING_LETTERS = "THEZOCQSLUfijkdbhuvxzoescnrpqgjy" + "".join(
    unicodedata.lookup(f"greek {case} letter {name}")
    for case, names in (("capital", _GREEK_CAPITALS), ("small", _GREEK_SMALL))
    for name in names.split()
)


def drawn_characters(site: Path) -> str | None:
    """Every character the formulas of the site's pages draw, sorted; None when a formula's
    visual half is not framed (then what it draws is not known)."""
    found: set[str] = set()
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        framed = _FRAMED.findall(text)
        if len(framed) != text.count(_VISUAL):
            return None
        for visual in framed:
            found.update(html.unescape(_TAG.sub("", visual)))
    return "".join(sorted(found))


def install_fonts(source: Path, target: Path, characters: str | None) -> None:
    """Each woff2 font of source written to target, cut to characters (whole if None); a file
    already as it would be written is left alone."""
    for font in sorted(source.glob("*.woff2")):
        content = (
            font.read_bytes()
            if characters is None
            else _cut(font, font.stat().st_mtime_ns, characters)
        )
        written = target / font.name
        if written.is_file() and written.read_bytes() == content:
            continue
        target.mkdir(parents=True, exist_ok=True)
        written.write_bytes(content)


@functools.lru_cache(maxsize=64)
def _cut(font: Path, changed: int, characters: str) -> bytes:
    """font's woff2 with only the glyphs of characters (and the empty glyph), its layout
    tables kept for them; cached while the font (`changed`: its modification time) and the
    characters stay the same, as between two builds of `make serve`."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    loaded = TTFont(font, recalcBBoxes=False, recalcTimestamp=False)
    cutter = subset.Subsetter(options)
    cutter.populate(text=characters + HINTING_LETTERS)
    cutter.subset(loaded)
    written = io.BytesIO()
    loaded.save(written)
    return written.getvalue()
