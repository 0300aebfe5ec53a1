"""Inline values are literal text: neither Markdown nor arithmatex may reinterpret them.

Each case runs a real page (the value comes from the worker), renders it through
Python-Markdown with the site's extensions, and checks that the paragraph's text, as a browser
shows it, is exactly the value's str().
"""

import html
import re

import markdown
import pytest

from literate.present.html import render_markdown, swap_placeholders

from .helpers import fence, run_markdown

EXTENSIONS = [
    "admonition",
    "attr_list",
    "md_in_html",
    "tables",
    "pymdownx.superfences",
    "pymdownx.arithmatex",
    "pymdownx.inlinehilite",
]
CONFIG = {"pymdownx.arithmatex": {"generic": True}}
VALUES = [
    "(-3.0, 2.0)",
    "[1, 2]",
    "[link](http://x)",
    "$5 and $6",
    "\\(x\\)",
    "a\\b",
    "snake_case_name",
    "*stars* and **bold**",
    "`code`",
    "<b>tag</b> & co",
    "{: .class}",
    "x | y",
    "~~gone~~ ^up^",
    "# not a heading",
]
START_OF_LINE = ["- not a list", "1. not a list", "-0.25", "+ plus", "> no quote", ": def"]


def text_of(page_html: str) -> str:
    """The page's text as a browser shows it (tags dropped, references decoded)."""
    return html.unescape(re.sub(r"<[^>]+>", "", page_html)).strip()


def render(value: str, template: str) -> str:
    source = fence(f"v = {value!r}", 'hide_code="1"') + "\n" + template + "\n"
    page, run = run_markdown(source)
    assert run.ok, run.errors
    rendered = render_markdown(page, run.results)
    out = markdown.markdown(rendered.markdown, extensions=EXTENSIONS, extension_configs=CONFIG)
    out, missing = swap_placeholders(out, rendered.fragments)
    assert missing == []
    return out


@pytest.mark.parametrize("value", VALUES)
def test_value_inside_a_sentence_is_its_text(value):
    out = render(value, "Before `{python} v` after.")
    assert "arithmatex" not in out and "<code" not in out and "<a " not in out
    assert text_of(out) == f"Before {value} after."


@pytest.mark.parametrize("value", VALUES + START_OF_LINE)
def test_value_at_the_start_of_a_line_is_its_text(value):
    out = render(value, "`{python} v` ends here.")
    assert out.startswith("<p>"), out
    assert text_of(out) == f"{value} ends here."


@pytest.mark.parametrize("value", ["(-3.0, 2.0)", "a | b", "$x$"])
def test_value_in_a_table_cell_stays_in_its_cell(value):
    out = render(value, "| k | v |\n|---|---|\n| s | `{python} v` |")
    cells = re.findall(r"<td>(.*?)</td>", out)
    assert [html.unescape(cell) for cell in cells] == ["s", value]


def test_the_tuple_of_the_backward_rules_page_reads_as_a_tuple():
    out = render("(-3.0, 2.0)", "Its local derivatives are `{python} v`.")
    assert "<p>Its local derivatives are &#40;-3.0, 2.0&#41;.</p>" in out


@pytest.mark.parametrize(
    ("value", "template"),
    [
        ("- x", "> `{python} v`"),
        ("---", "> `{python} v`"),
        ("2. y", "- `{python} v`"),
        ("    four spaces", "`{python} v`"),
        ("two trailing  ", "Before `{python} v`\nafter."),
    ],
)
def test_value_after_a_container_marker_or_with_edge_spaces_is_its_text(value, template):
    out = render(value, template)
    assert template.startswith("- ") or "<ul>" not in out  # only the template's own list
    assert "<hr" not in out and "<pre" not in out and "<br" not in out and "<ol>" not in out
    assert value.strip() in text_of(out)
