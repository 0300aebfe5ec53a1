"""The page as a site generator hands it over, matched to the page parsed from its file: what
MkDocs hands over (front matter cut) and what Python-Markdown's first preprocessor gets (the
text stripped, Windows line ends kept) both keep the file's line numbers; a changed line of an
executable item is an error at that line."""

import pytest

from literate.frontends.page_parts import tail_page
from literate.parse.markdown import parse_page

TEXT = """\
---
title: A page
---

# A page

```python exec="1"
x = 6 * 7
```

It is `{python} x`.
"""


def _file_lines(page, item):
    return [page.line_text(line) for line in range(item.line, item.end_line + 1)]


def test_the_text_after_the_front_matter_keeps_the_file_lines():
    full = parse_page(TEXT, "docs/a.md")
    markdown = TEXT.split("---\n", 2)[2]
    tail = tail_page(markdown, full)
    assert tail.first_line == 4
    block, inline = tail.items
    assert (block.line, inline.line) == (7, 11)
    assert _file_lines(tail, block) == ['```python exec="1"', "x = 6 * 7", "```"]
    assert tail.line_text(inline.line)[inline.start : inline.end] == "`{python} x`"


def test_stripped_text_with_windows_line_ends_keeps_the_file_lines():
    full = parse_page(TEXT, "docs/a.md")
    markdown = TEXT.split("---\n", 2)[2].strip().replace("\n", "\r\n")
    tail = tail_page(markdown, full)
    assert tail.first_line == 5  # the blank line after the front matter was stripped
    assert tail.line_text(8) == "x = 6 * 7\r"


@pytest.mark.parametrize(
    ("edit", "line"),
    [
        (("6 * 7", "6 * 8"), 8),
        (("{python} x", "{python} y"), 11),
        (("```\n\nIt", "```\nadded\n\nIt"), 7),
    ],
)
def test_a_changed_executable_line_is_an_error_at_that_line(edit, line):
    full = parse_page(TEXT, "docs/a.md")
    markdown = TEXT.split("---\n", 2)[2].replace(*edit)
    with pytest.raises(ValueError, match=rf"^docs/a\.md:{line}: this line of an executable item"):
        tail_page(markdown, full)


def test_changed_prose_above_the_items_is_what_the_page_shows():
    full = parse_page(TEXT, "docs/a.md")
    markdown = TEXT.split("---\n", 2)[2].replace("# A page", "# Another page\nand a line")
    tail = tail_page(markdown, full)
    assert (tail.first_line, tail.line_text(4), tail.line_text(5)) == (
        3,
        "# Another page",
        "and a line",
    )
    assert tail.line_text(8) == "x = 6 * 7"
