"""Inline values are literal text: neither Markdown nor arithmatex may reinterpret them, and
none may be dropped.

Each case runs a real page (the value comes from the worker), renders it through
Python-Markdown with the site's own extensions (read from mkdocs.yml), swaps the tokens as the
plugin does, and checks that the text, as a browser shows it, holds the value's str() where the
template put it.
"""

import html
import re
from functools import cache

import markdown
import pytest
from mkdocs.config import load_config

from literate.present.html import render_markdown

from .helpers import REPO_ROOT, fence, run_markdown

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
# What follows a value in its sentence can make the pair syntax: `14` then "." is a list item.
LINE_STARTERS = [("14", "."), ("3", ")"), ("-2", " is negative"), ("+1", " more"), ("#", " one")]
# Every place a line can start, around one value written `{python} v`.
CONTAINERS = {
    "paragraph": "{v}",
    "list item continuation": "- in the diamond, 8 + 6 =\n  {v}",
    "ordered item continuation": "1. in the diamond, 8 + 6 =\n   {v}",
    "nested list item": "- outer\n    - {v}",
    "blockquote": "> {v}",
    "blockquote continuation": "> quoted\n> {v}",
    "admonition": '!!! note "A note"\n\n    {v}',
    "folded admonition": '??? note "Folded"\n\n    {v}',
    "tab": '=== "One"\n\n    {v}\n\n=== "Two"\n\n    two',
    "table cell": "| k | v |\n|---|---|\n| s | {v} |",
    "footnote": "Text.[^1]\n\n[^1]: {v}",
    "definition after text": "Text\n{v}",
}


@cache
def site_markdown() -> markdown.Markdown:
    """Python-Markdown configured exactly as mkdocs.yml configures the site."""
    config = load_config(str(REPO_ROOT / "mkdocs.yml"))
    return markdown.Markdown(
        extensions=config["markdown_extensions"], extension_configs=config["mdx_configs"]
    )


def text_of(page_html: str) -> str:
    """The page's text as a browser shows it (tags dropped, references decoded)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", page_html)).split())


def render(value: str, template: str) -> str:
    source = fence(f"v = {value!r}", 'hide_code="1"') + "\n" + template + "\n"
    page, run = run_markdown(source)
    assert run.ok, run.errors
    rendered = render_markdown(page, run.results)
    converter = site_markdown()
    converter.reset()
    return rendered.into(converter.convert(rendered.markdown))


def spans(page_html: str) -> list[str]:
    """The values the page marks as computed, as text."""
    found = re.findall(r'<span class="lit-inline" data-lit-line="\d+">(.*?)</span>', page_html)
    return [html.unescape(text) for text in found]


@pytest.mark.parametrize("value", VALUES)
def test_value_inside_a_sentence_is_its_text(value):
    out = render(value, "Before `{python} v` after.")
    assert "arithmatex" not in out and "<code" not in out and "<a " not in out
    assert text_of(out) == f"Before {value} after."
    assert spans(out) == [value]


@pytest.mark.parametrize("value", VALUES + START_OF_LINE)
def test_value_at_the_start_of_a_line_is_its_text(value):
    out = render(value, "`{python} v` ends here.")
    assert out.startswith("<p>"), out
    assert text_of(out) == f"{value} ends here."


@pytest.mark.parametrize("value", ["(-3.0, 2.0)", "a | b", "$x$"])
def test_value_in_a_table_cell_stays_in_its_cell(value):
    out = render(value, "| k | v |\n|---|---|\n| s | `{python} v` |")
    cells = re.findall(r"<td>(.*?)</td>", out)
    assert [text_of(cell) for cell in cells] == ["s", value]


def test_the_tuple_of_the_backward_rules_page_reads_as_a_tuple():
    out = render("(-3.0, 2.0)", "Its local derivatives are `{python} v`.")
    assert '<p>Its local derivatives are <span class="lit-inline" data-lit-line="5">' in out
    assert text_of(out) == "Its local derivatives are (-3.0, 2.0)."


@pytest.mark.parametrize("container", CONTAINERS)
@pytest.mark.parametrize(("value", "after"), LINE_STARTERS, ids=[v for v, _ in LINE_STARTERS])
def test_a_value_and_what_follows_it_stay_text_wherever_a_line_starts(container, value, after):
    out = render(value, CONTAINERS[container].format(v="`{python} v`" + after))
    assert spans(out) == [value]
    assert value + after in text_of(out)
    # the value made no structure of its own: the tags of the same text with a word in its place
    converter = site_markdown()
    converter.reset()
    with_a_word = converter.convert(CONTAINERS[container].format(v="word" + after))
    assert _tags(out) == _tags(with_a_word), (out, with_a_word)


def _tags(page_html: str) -> list[str]:
    return [tag for tag in re.findall(r"<(/?[a-z]+[0-9]?)", page_html) if tag not in SPAN]


SPAN = ("span", "/span")


def test_the_chain_rule_recap_keeps_its_sum():
    out = render(14, "- in the diamond, 8 + 6 =\n  `{python} v`. The end.")
    assert "8 + 6 = 14. The end." in text_of(out)
    assert "<ol" not in out


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


def test_a_value_in_a_heading_is_literal_text_and_makes_the_anchor():
    out = render(6.0, "## The gradient is `{python} v`")
    assert re.search(r'<h2 id="the-gradient-is-60">The gradient is 6.0', out), out


def test_a_value_that_markdown_drops_fails_at_its_line():
    # a line of the form "[label]: target" is a link reference definition: Markdown keeps it
    # out of the page
    with pytest.raises(ValueError, match=r"docs/t\.md:5: the inline value `v`"):
        render(1, "[label]: `{python} v`")


@pytest.mark.parametrize(
    "template",
    [
        "![`{python} v` points](x.png)",
        '[a link](x.md "`{python} v` points")',
        "[a link](`{python} v`)",
        "<https://example.org/`{python} v`>",
        'An <abbr title="`{python} v` points">abbreviation</abbr>.',
    ],
    ids=["image alt", "link title", "link address", "autolink", "raw HTML"],
)
def test_a_value_inside_an_html_attribute_fails_at_its_line(template):
    # its span would break the tag: the image would lose its src and show the rest as text
    inside = r"docs/t\.md:5: the inline value `v` is inside an HTML attribute"
    with pytest.raises(ValueError, match=inside):
        render(14, template)
