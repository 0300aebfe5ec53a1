"""The heights the build guesses for code and outputs the browser has not drawn yet."""

from __future__ import annotations

import re

from literate.present.output_html import output_html
from literate.present.placeholders import (
    answer_height,
    code_blocks,
    html_height,
    picture_height,
    text_height,
)
from literate.results import ItemResult


def ems(height: str) -> float:
    return float(re.fullmatch(r"([\d.]+)em", height)[1])


def test_every_code_block_gets_a_height_by_its_lines_and_nothing_else_changes():
    block = '<div class="highlight"><pre><span></span><code>{}</code></pre></div>'
    short, long = block.format("x = 1\n"), block.format("x = 1\n" * 12)
    page = f"<p>text</p>{short}<p>more</p>{long}"
    marked = code_blocks(page)
    heights = re.findall(r'style="--lit-height: ([\d.]+em)"', marked)
    assert len(heights) == 2 and ems(heights[1]) > 6 * ems(heights[0]) / 2
    assert re.sub(r' style="[^"]*"', "", marked) == page


def test_a_text_output_is_taller_by_each_line():
    assert ems(text_height("a\nb\nc\n")) > ems(text_height("a\n"))
    assert text_height("") == text_height("a\n"), "an empty output is still one line"


def test_a_picture_is_as_tall_as_its_width_drawn_times_its_aspect_ratio():
    wide = '<svg style="max-width: 600pt" viewBox="0.00 0.00 600.00 150.00">'
    tall = '<svg style="max-width: 300px" viewBox="0 0 300 600">'
    assert picture_height(wide) == "calc(min(800px, max(480px, min(100vw - 2rem, 33rem))) * 0.2500)"
    assert picture_height(tall).endswith("* 2.0000)")
    assert picture_height("<svg>") == "10em", "no size known: the default"


def test_a_diff_is_as_tall_as_its_lines():
    """A build-along step's diff (spelled_out's show_step): a row for each line it marks."""
    line = '<span class="mg-diff-line mg-add"><span class="mg-diff-mark">+</span>x = 1</span>'
    short, long = html_height(line * 2), html_height(line * 20)
    assert ems(long) - ems(short) > 18 * 2, (short, long)


def test_a_question_with_more_choices_is_taller():
    two = {"kind": "choice", "options": ["a", "b"]}
    eight = {"kind": "choice", "options": list("abcdefgh")}
    assert ems(answer_height(eight)) - ems(answer_height(two)) > 6 * 2, "two em a choice or more"
    assert ems(answer_height({"kind": "number"})) > 7, "a label, a field and a button"


def test_an_output_says_its_height_for_the_browser():
    result = ItemResult(outputs=[{"output_type": "stream", "name": "stdout", "text": "1\n2\n"}])
    html = output_html(result)
    start = '<div class="lit-output" data-search-exclude style="--lit-height: calc('
    assert html.startswith(start)
