"""How tall a code block or an output is before the browser draws it.

Off-screen code and outputs are not laid out while a page loads (literate.css gives them
content-visibility: auto), and until the browser draws one it takes the height written here,
as a CSS length: an estimate from what the build knows (lines of text, a picture's size, the
rows of a table), so that the page's length, and where what follows sits, barely move when the
real thing is drawn. Once drawn, the browser keeps the real height.

The factors are measured: Material's code and the outputs' text, in the em of the block.
"""

from __future__ import annotations

import re

CODE_LINE, CODE_PADDING = 1.19, 1.31  # a code block: em a line, em of padding
TEXT_LINE, TEXT_PADDING = 1.11, 2.45  # an output's text (<samp>, under its copy button's row)
OUTPUT_FRAME, GAP = 1.4, 0.6  # an output's padding; the gap between two of its parts
CONTENT_WIDTH = "min(100vw - 2rem, 33rem)"  # the text column, near enough at any width
ROW, LEAST = 2.2, 5.0  # an HTML output: em a row (a table's, a diff's line), em at least
ANSWER_NUMBER, ANSWER_CHOICES, ANSWER_CHOICE = 10.3, 8.7, 2.4  # a question's form (em)
_CODE_BLOCK = re.compile(r'<div class="highlight"((?: [^>]*)?)><pre>(.*?)</pre>', re.DOTALL)
_SVG_SIZE = re.compile(r'<svg\b[^>]*?\bviewBox="[\d.\-]+ [\d.\-]+ ([\d.]+) ([\d.]+)"[^>]*>')
_MAX_WIDTH = re.compile(r"max-width: ([\d.]+)(pt|px)")
_ROWS = re.compile(r'<(?:tr|li)\b|class="mg-diff-line\b')


def code_blocks(page_html: str) -> str:
    """Every code block of the page with its height, from its number of lines."""

    def counted(match: re.Match) -> str:
        height = (match[2].count("\n") or 1) * CODE_LINE + CODE_PADDING
        style = f'style="--lit-height: {height:.2f}em"'
        return f'<div class="highlight"{match[1]} {style}><pre>{match[2]}</pre>'

    return _CODE_BLOCK.sub(counted, page_html)


def text_height(text: str) -> str:
    return f"{(text.count(chr(10)) or 1) * TEXT_LINE + TEXT_PADDING:.2f}em"


def picture_height(svg: str) -> str:
    """An inline SVG's height where the text column draws it: its natural width, down to the
    column's width but not below the 60 % graphs.js allows, times its aspect ratio."""
    size, width = _SVG_SIZE.search(svg), _MAX_WIDTH.search(svg)
    if size is None or width is None:
        return "10em"
    natural = float(width[1]) * (4 / 3 if width[2] == "pt" else 1)
    ratio = float(size[2]) / float(size[1])
    shown = f"min({natural:.0f}px, max({0.6 * natural:.0f}px, {CONTENT_WIDTH}))"
    return f"calc({shown} * {ratio:.4f})"


def html_height(markup: str) -> str:
    """An HTML output: its pictures and rows, at least three lines."""
    pictures = [picture_height(svg) for svg in re.findall(r"<svg\b.*?</svg>", markup, re.DOTALL)]
    rows = len(_ROWS.findall(markup)) * ROW
    return " + ".join([*pictures, f"{max(rows, LEAST):.1f}em"])


def answer_height(spec: dict) -> str:
    """A self-check question's form: its field and button, and a row for each choice (between
    the desktop's height and the phone's, where the label wraps)."""
    if spec["kind"] == "choice":
        return f"{ANSWER_CHOICES + ANSWER_CHOICE * len(spec['options']):.1f}em"
    return f"{ANSWER_NUMBER:.1f}em"


def output_height(parts: list[str]) -> str:
    """An output of these parts (each a length), for the output's style attribute."""
    frame = OUTPUT_FRAME + GAP * (len(parts) - 1)
    return f"calc({' + '.join([*parts, f'{frame:.1f}em'])})"
