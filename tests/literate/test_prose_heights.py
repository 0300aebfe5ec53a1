"""Paragraphs and lists below the first screens carry their length, for their height before
the browser draws them (present/prose_heights.py); the page is otherwise left as it was."""

from __future__ import annotations

import re

import pytest

from literate.present.prose_heights import (
    DISPLAY_MARGINS,
    DRAWN_AT_ONCE,
    KATEX_EM,
    LIST_WIDTH,
    PHONE_LINE,
    marked_prose,
)

# A paragraph of about ten lines at a phone's width, and as many as start in the first screens
SCREEN_FILLER = "<p>" + "word " * (PHONE_LINE * 2) + "</p>\n"
FILLER_HEIGHT = ((PHONE_LINE * 10 - 1) / PHONE_LINE + 0.5) * 1.6  # em, its last line part filled
FIRST_SCREENS = SCREEN_FILLER * (int(DRAWN_AT_ONCE // FILLER_HEIGHT) + 1)
FORMULA = (
    '<span class="katex"><span class="katex-mathml"><math><mi>x</mi><mo>+</mo><mn>1</mn>'
    '<annotation encoding="application/x-tex">x + 1</annotation></math></span>'
    '<span class="katex-html" aria-hidden="true"><span class="base">x+1</span></span></span>'
)
MARK = re.compile(r' style="--lit-chars: (\d+); --lit-rows: ([\d.]+)"')


def marks(html: str) -> list[tuple[int, float]]:
    return [(int(chars), float(rows)) for chars, rows in MARK.findall(marked_prose(html))]


def test_what_the_first_screens_show_is_never_marked() -> None:
    assert marks(SCREEN_FILLER * 3) == []
    assert len(marks(FIRST_SCREENS + "<p>Far below.</p>")) == 1


def test_a_paragraph_below_them_carries_its_characters_and_its_part_filled_last_line() -> None:
    assert marks(FIRST_SCREENS + "<p>Far  below,\n  <em>here</em>.</p>") == [(16, 0.5)]


def test_a_formula_counts_as_drawn_not_as_its_mathml_for_screen_readers() -> None:
    assert marks(FIRST_SCREENS + f"<p>Then {FORMULA}.</p>") == [(9, 0.5)]


def test_a_list_counts_its_items_spacing_in_a_narrower_column() -> None:
    (chars, rows), *_ = marks(FIRST_SCREENS + "<ul>\n<li>one two</li>\n<li>three</li>\n</ul>")
    assert chars > len("one twothree") and rows == pytest.approx(2 * (0.5 + 0.3125), abs=0.01)


def test_only_plain_paragraphs_and_lists_are_marked() -> None:
    others = '<p class="lit-notebook">A link.</p><div class="admonition"><p>Inside.</p></div>'
    assert marks(FIRST_SCREENS + others + "<ol><li>An item.</li></ol>") == [
        (round(8 / LIST_WIDTH), 0.81)
    ]


def test_the_page_is_otherwise_unchanged() -> None:
    page = FIRST_SCREENS + f"<h2 id='a'>A</h2>\n<p>Some {FORMULA} <br> text.</p>\n<hr>\n<p>End.</p>"
    marked = marked_prose(page)
    assert marked != page and MARK.sub("", marked) == page


def test_a_page_whose_elements_do_not_balance_is_left_as_it_is() -> None:
    page = FIRST_SCREENS + "<p>An open <em>emphasis.</p>\n<p>Far below.</p>"
    assert marked_prose(page) == page


def test_a_line_break_only_python_sees_does_not_move_the_mark() -> None:
    """HTMLParser counts lines at newlines alone; a form feed or a line separator in the text
    must not shift where the attribute goes."""
    page = FIRST_SCREENS + "<p>A form\x0cfeed and a\u2028separator.</p>\n<p>Far below.</p>"
    marked = marked_prose(page)
    assert marked.endswith('<p style="--lit-chars: 10; --lit-rows: 0.50">Far below.</p>'), marked
    assert MARK.sub("", marked) == page


def display(strut: str) -> str:
    """A display formula as the build typesets it, its strut's style given."""
    return (
        '<div class="arithmatex"><span class="katex-display"><span class="katex">'
        '<span class="katex-html" aria-hidden="true"><span class="katex-base">'
        f'<span class="katex-strut" style="{strut}"></span><span class="vlist">'
        '<span class="pstrut" style="height:3em;"></span>x</span>'  # a row's, not the formula's
        "</span></span></span></span></div>\n"
    )


def test_a_display_formula_below_the_first_screens_is_as_tall_as_its_strut() -> None:
    tall, short = display("height:2.0574em;vertical-align:-0.686em;"), display("height:1em;")
    marked = marked_prose(FIRST_SCREENS + short + tall)
    heights = [
        float(h)
        for h in re.findall(r'<div class="arithmatex" style="--lit-height: ([\d.]+)em">', marked)
    ]
    assert heights == [
        pytest.approx(KATEX_EM * 1 + DISPLAY_MARGINS, abs=0.01),
        pytest.approx(KATEX_EM * 2.0574 + DISPLAY_MARGINS, abs=0.01),
    ]
    assert re.sub(r' style="--lit-height: [\d.]+em"', "", marked) == FIRST_SCREENS + short + tall


def test_a_display_formula_in_the_first_screens_is_drawn_at_once() -> None:
    assert "--lit-height" not in marked_prose(display("height:2em;") + FIRST_SCREENS)
