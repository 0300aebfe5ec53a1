"""Parsing: executable fences, options, inline values, line numbers."""

import pytest

from literate.parse import Block, Inline, ParseError, load_page
from literate.parse.markdown import parse_page

from .helpers import page_of

PAGE = """\
# Title

Plain prose with `{python} 1 + 1` and `` `{python} literal` `` and `code`.

```python
never_run()
```

```python exec="1" hide_code="1"
x = 1
```

!!! note "In an admonition"

    ```python exec="1" timeout="5"
    y = x + 1
    if y:
        y
    ```

=== "Tab"

    Inside a tab `{python} y`.

    ~~~~python exec="1" raises="ZeroDivisionError"
    1 / 0
    ~~~~

````markdown
```python exec="1"
not_parsed()
```
Neither is `{python} this`.
````
"""


def test_finds_blocks_and_inline_values_in_page_order_with_lines():
    page = parse_page(PAGE, "docs/p.md")
    summary = [(type(i).__name__, i.line) for i in page.items]
    assert summary == [
        ("Inline", 3),
        ("Block", 9),
        ("Block", 15),
        ("Inline", 23),
        ("Block", 25),
    ]


def test_block_code_is_dedented_and_options_validated():
    blocks = parse_page(PAGE, "docs/p.md").blocks
    assert blocks[0].code == "x = 1\n" and blocks[0].options["hide_code"] is True
    assert blocks[1].code == "y = x + 1\nif y:\n    y\n"
    assert blocks[1].indent == "    " and blocks[1].options["timeout"] == 5.0
    assert blocks[1].code_line == 16 and blocks[1].end_line == 19
    assert blocks[2].fence == "~~~~" and blocks[2].options["raises"] == "ZeroDivisionError"


def test_inline_span_positions():
    inline = parse_page(PAGE, "docs/p.md").items[0]
    assert isinstance(inline, Inline) and inline.expr == "1 + 1"
    assert PAGE.splitlines()[2][inline.start : inline.end] == "`{python} 1 + 1`"


def test_defaults_for_options_not_given():
    block = page_of('```python exec="1"\npass\n```\n').items[0]
    assert isinstance(block, Block)
    assert block.options == {
        "hide_code": False,
        "hide_output": False,
        "raises": None,
        "timeout": None,  # the build's default applies
        "expect": None,
        "title": None,
        "exercise": None,
        "answer": False,
        "varies": None,
        "build_only": None,
    }


@pytest.mark.parametrize(
    ("info", "message"),
    [
        (
            'python exec="1" foo="bar"',
            "unknown option 'foo' (known: answer, build_only, exec, exercise, expect, hide_code,",
        ),
        ('python exec="1" hide_code=1', "malformed option 'hide_code=1'"),
        ('python exec="1" hide_code="yes"', "bad value for option 'hide_code'"),
        ('python exec="1" timeout="soon"', "bad value for option 'timeout'"),
        ('python exec="1" raises="not a name"', "bad value for option 'raises'"),
        ('python exec="1" exec="1"', "option 'exec' given twice"),
        ('python exec="2"', "bad value for option 'exec'"),
        ('python exec="1" build_only=""', "bad value for option 'build_only': expected the reason"),
        ('python exec="1" varies=" "', "bad value for option 'varies': expected the reason"),
        ('python exec="1" varies="a\\nb"', "bad value for option 'varies': the reason is one line"),
        ("python exec=1", "malformed option 'exec=1'"),
        ('bash exec="1"', "only python fences can be executed, not 'bash'"),
    ],
)
def test_bad_options_are_errors_naming_page_and_line(info, message):
    text = f"# T\n\nprose\n\n```{info}\npass\n```\n"
    with pytest.raises(ParseError) as caught:
        parse_page(text, "docs/bad.md")
    assert str(caught.value).startswith("docs/bad.md:5: ")
    assert message in str(caught.value)


def test_unclosed_executable_fence_is_an_error():
    with pytest.raises(ParseError, match=r"docs/t.md:2: executable fence is never closed"):
        parse_page('text\n```python exec="1"\nx = 1\n', "docs/t.md")


def test_empty_inline_expression_is_an_error():
    with pytest.raises(ParseError, match=r"docs/t.md:3: empty inline expression"):
        parse_page("a\n\nb `{python}  ` c\n", "docs/t.md")


def test_plain_python_fences_and_other_attributes_are_not_executable():
    page = page_of('```python\nx\n```\n\n```python title="a.py"\ny\n```\n')
    assert page.items == []


def test_first_line_offsets_line_numbers():
    page = parse_page('```python exec="1"\nx\n```\n`{python} x`\n', "docs/t.md", first_line=4)
    assert [item.line for item in page.items] == [4, 7]


@pytest.mark.parametrize("indent", ["    ", "\t", "      ", "  \t"])
def test_fence_indented_like_code_at_top_level_is_an_error(indent):
    # Markdown shows it as an indented code block: running it would put output in <pre>.
    text = f'# T\n\nSome prose.\n\n{indent}```python exec="1"\n{indent}x = 1\n{indent}```\n'
    with pytest.raises(ParseError, match=r"^docs/t.md:5: executable fence indented .*code block"):
        parse_page(text, "docs/t.md")


@pytest.mark.parametrize(
    "container",
    ["!!! note", '??? tip "Title"', "???+ tip", '=== "Tab"', "- item", "1. step", "* a\n* b"],
)
def test_fence_indented_inside_a_container_runs(container):
    text = f'{container}\n\n    More text.\n\n    ```python exec="1"\n    x = 1\n    ```\n'
    assert [item.line for item in parse_page(text, "docs/t.md").items] == [
        len(text.split("\n")) - 3
    ]


def test_fence_in_a_nested_container_runs():
    text = '!!! note\n\n    - item\n\n        ```python exec="1"\n        x = 1\n        ```\n'
    assert [item.line for item in parse_page(text, "docs/t.md").items] == [5]


def test_a_tab_may_separate_the_language_from_the_options():
    page = parse_page('```python\texec="1"\thide_code="1"\nx = 1\n```\n', "docs/t.md")
    assert [(item.line, item.options["hide_code"]) for item in page.items] == [(1, True)]


def test_a_byte_order_mark_does_not_hide_a_first_line_fence(tmp_path):
    path = tmp_path / "docs" / "bom.md"
    path.parent.mkdir()
    path.write_text('\ufeff```python exec="1"\nx = 1\n```\n', encoding="utf-8")
    page = load_page(path, tmp_path)
    assert page.path == "docs/bom.md"
    assert [item.line for item in page.items] == [1]


def test_a_title_over_several_lines_is_an_error():
    # The title goes back into the fence's info string, which is one line.
    text = 'text\n\n```python exec="1" title="one\\ntwo"\nx = 1\n```\n'
    with pytest.raises(ParseError, match=r"^docs/t.md:3: bad value for option 'title': .*one line"):
        parse_page(text, "docs/t.md")


@pytest.mark.parametrize(
    ("text", "line", "where"),
    [
        ('# Q\n\n> ```python exec="1"\n> 1 / 0\n> ```\n', 3, "a blockquote"),
        ('> > ```python exec="1" hide_code="1"\n> > x = 1\n> > ```\n', 1, "a blockquote"),
        ('Some text\n- ```python exec="1"\n  x = 1\n  ```\n', 2, "this position"),
    ],
)
def test_an_executable_fence_that_cannot_run_is_an_error_at_its_line(text, line, where):
    with pytest.raises(ParseError) as caught:
        parse_page(text, "docs/q.md")
    assert caught.value.line == line
    assert f"an executable fence in {where} cannot be run" in str(caught.value)


def test_fences_shown_as_examples_inside_other_fences_are_not_errors():
    text = '````markdown\n> ```python exec="1"\n> x\n> ```\n````\n\n> a quote with `exec="1"`\n'
    assert parse_page(text, "docs/t.md").items == []


@pytest.mark.parametrize(
    "info",
    ['python {exec="1"}', 'python EXEC="1"', 'python hide_code="1"', 'python raises="KeyError"'],
)
def test_a_fence_that_looks_executable_but_would_only_be_shown_is_an_error(info):
    with pytest.raises(ParseError, match=r"look executable but the fence would only be shown"):
        parse_page(f"# T\n\n```{info}\nx = 1\n```\n", "docs/t.md")


@pytest.mark.parametrize("info", ['title="x.py"', 'linenums="1" hl_lines="2 3"', ""])
def test_a_plain_fence_with_superfences_own_options_is_only_shown(info):
    assert parse_page(f"```python {info}\nx = 1\n```\n", "docs/t.md").items == []


@pytest.mark.parametrize("info", ['python exce="1"', 'py colour="red"', 'python title="a" foo="b"'])
def test_a_shown_python_fence_with_an_option_superfences_does_not_read_is_an_error(info):
    """A misspelt exec would leave the block shown and never run, in silence."""
    key = info.split()[-1].split("=")[0]
    with pytest.raises(ParseError, match=rf"docs/t.md:3: fence option '{key}' .* never run"):
        parse_page(f"# T\n\n```{info}\nx = 1\n```\n", "docs/t.md")


def test_prose_quoting_the_fence_syntax_in_a_code_span_is_prose():
    text = 'Every fence opened with ```` ```python exec="1" ```` runs.\n'
    assert parse_page(text, "docs/t.md").items == []


def test_inline_values_in_indented_code_and_html_comments_are_left_alone():
    text = (
        "A paragraph.\n\n    The value is `{python} x`\n\n"
        '<!-- a note `{python} y`\n```python exec="1"\n1 / 0\n```\n-->\n'
        "<!-- `{python} z` -->\n\n"
        "- a list item\n\n    indented text `{python} w` in the item\n"
    )
    (item,) = parse_page(text, "docs/t.md").items
    assert item.expr == "w"
