"""Rendering: golden Markdown out, placeholders swapped after Markdown, escaping, displays."""

import re

import markdown

from literate.present.html import output_html, render_markdown, swap_placeholders
from literate.results import ItemResult

from .helpers import displays, fence, page_of, result_of, run_markdown, without_heights

SOURCE = """\
# Title

The answer is `{python} answer`.

```python exec="1"
answer = 6 * 7
print("<script>alert(1)</script>")
answer
```

```python exec="1" hide_code="1"
hidden = True
```

!!! note

    ```python exec="1" title="x.py"
    print("in note")
    ```

```python exec="1" hide_output="1"
print("not shown")
```
"""

EXTENSIONS = ["admonition", "attr_list", "md_in_html", "pymdownx.superfences"]


def copy_button(output_id: str) -> str:
    """The copy button an output carries, in Material's markup (its clipboard handler copies)."""
    return (
        '<nav class="md-code__nav"><button class="md-code__button" title="Copy to clipboard"'
        f' data-clipboard-target="#{output_id} > samp" data-md-type="copy"></button></nav>'
    )


def test_golden_markdown():
    page = page_of(SOURCE)
    results = [
        result_of(value="42"),
        result_of(stdout="<script>alert(1)</script>\n", text="42"),
        ItemResult(),
        result_of(stdout="in note\n"),
        result_of(stdout="not shown\n"),
    ]
    rendered = render_markdown(page, results)
    value, *tokens = list(rendered.fragments)
    assert len(tokens) == 2
    assert rendered.fragments[value] == '<span class="lit-inline" data-lit-line="3">42</span>'
    assert rendered.markdown == (
        "# Title\n"
        "\n"
        f"The answer is {value}.\n"
        "\n"
        "```python\n"
        "answer = 6 * 7\n"
        'print("<script>alert(1)</script>")\n'
        "answer\n"
        "```\n"
        "\n"
        f"{tokens[0]}\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "!!! note\n"
        "\n"
        '    ```python title="x.py"\n'
        '    print("in note")\n'
        "    ```\n"
        "\n"
        f"    {tokens[1]}\n"
        "\n"
        "\n"
        "```python\n"
        'print("not shown")\n'
        "```\n"
    )
    assert without_heights(rendered.fragments[tokens[0]]) == (
        '<div class="lit-output" data-search-exclude>'
        f'<pre class="lit-stdout" id="lit1-out">{copy_button("lit1-out")}'
        "<samp>&lt;script&gt;alert(1)&lt;/script&gt;\n</samp></pre>"
        f'<pre class="lit-result" id="lit2-out">{copy_button("lit2-out")}<samp>42</samp></pre>'
        "</div>"
    )


def test_golden_html_after_markdown_inside_an_admonition():
    page = page_of(SOURCE)
    results = [result_of(value="42"), ItemResult(), ItemResult(), result_of(stdout="in note\n")]
    results.append(ItemResult())
    rendered = render_markdown(page, results)
    html = markdown.markdown(rendered.markdown, extensions=EXTENSIONS)
    html, missing = swap_placeholders(html, rendered.fragments)
    assert missing == []
    assert "LITERATE" not in html
    note = re.search(r'<div class="admonition note">.*?</div>\s*</div>', html, re.DOTALL)
    assert note is not None
    assert re.search(
        r'<div class="lit-output" data-search-exclude><pre class="lit-stdout" id="lit\d+-out">'
        r"<nav .*?</nav><samp>in note\n</samp></pre></div>",
        without_heights(note.group()),
    )
    assert "<p><div" not in html


def test_live_page_escapes_printed_html_and_inline_values():
    page, run = run_markdown(
        '```python exec="1"\nprint("<b>x</b> & y")\ns = "<i>*a*</i>"\n```\n\nValue: `{python} s`.\n'
    )
    rendered = render_markdown(page, run.results)
    html = rendered.into(markdown.markdown(rendered.markdown, extensions=EXTENSIONS))
    assert "&lt;b&gt;x&lt;/b&gt; &amp; y" in html
    assert "<b>" not in html and "<i>" not in html
    value = '<span class="lit-inline" data-lit-line="6">&lt;i&gt;*a*&lt;/i&gt;</span>'
    assert f"<p>Value: {value}.</p>" in html


def test_hidden_block_without_output_keeps_paragraphs_apart():
    page = page_of('First paragraph.\n```python exec="1" hide_code="1"\nx = 1\n```\nSecond.\n')
    rendered = render_markdown(page, [ItemResult()])
    html = markdown.markdown(rendered.markdown, extensions=EXTENSIONS)
    assert html == "<p>First paragraph.</p>\n<p>Second.</p>"


def test_live_graph_page_renders_inline_svg():
    _, run = run_markdown(
        '```python exec="1"\nfrom micrograd import Value, draw_dot\n'
        'a = Value(2.0, label="a")\nL = a * a\nL.backward()\ndraw_dot(L)\n```\n'
    )
    assert run.ok, run.errors
    (display,) = displays(run.results[0])
    assert "grad 4.0000" in display["data"]["image/svg+xml"] and display["kind"] == "graph"
    html = without_heights(output_html(run.results[0]))
    assert html.startswith(
        '<div class="lit-output" data-search-exclude>'
        '<div class="lit-display"><svg class="lit-graph"'
    )


def test_open_pyplot_figures_are_shown_after_the_block():
    _, run = run_markdown(
        '```python exec="1"\nimport matplotlib.pyplot as plt\nplt.plot([1, 2])\nNone\n```\n'
    )
    assert run.ok, run.errors
    assert [(d["type"], d["kind"]) for d in displays(run.results[0])] == [
        ("display_data", "figure")
    ]


def test_source_code_from_spelled_out_is_highlighted_html():
    _, run = run_markdown(
        '```python exec="1"\nfrom spelled_out import show_source\n'
        "from micrograd import Value\nshow_source(Value.__mul__)\n```\n"
    )
    assert run.ok, run.errors
    (display,) = displays(run.results[0])
    assert display["data"]["text/html"].startswith('<div class="highlight"><pre>')
    assert display["data"]["text/plain"].startswith("def __mul__(self, other):")
    assert without_heights(output_html(run.results[0])).startswith(
        '<div class="lit-output" data-search-exclude>'
        '<div class="lit-display"><div class="highlight">'
    )


def test_long_output_is_cut_with_a_note_when_presented():
    _, run = run_markdown(fence("list(range(100_000))"))
    (display,) = displays(run.results[0])
    assert len(display["data"]["text/plain"]) > 500_000  # the cache keeps it whole
    html = output_html(run.results[0])
    assert "[output cut: " in html and len(html) < 100_500  # the text cut, and its markup


def test_tokens_are_not_prefixes_of_each_other():
    # Block 1 is indented past its list item's content, so Markdown turns its token into code
    # instead of a paragraph of its own; swapping it must not touch the tokens of blocks 10, 11.
    blocks = [fence(f"print({n})") for n in range(12)]
    blocks[1] = "- item\n\n" + fence("print(1)", indent=" " * 8)
    page = page_of("\n".join(blocks))
    rendered = render_markdown(page, [result_of(stdout=f"out{n}\n") for n in range(12)])
    html = markdown.markdown(rendered.markdown, extensions=EXTENSIONS)
    assert f"<p>{list(rendered.fragments)[1]}</p>" not in html
    html, missing = swap_placeholders(html, rendered.fragments)
    assert missing == []
    assert all(html.count(f"out{n}\n") == 1 for n in range(12))
    assert "LITERATE" not in html


def test_inline_values_stay_in_their_table_cell_and_out_of_math():
    source = '```python exec="1" hide_code="1"\ns = "a|b $x$"\n```\n\n| k | v |\n|---|---|\n'
    page, run = run_markdown(source + "| s | `{python} s` |\n")
    rendered = render_markdown(page, run.results)
    extensions = [*EXTENSIONS, "tables", "pymdownx.arithmatex"]
    config = {"pymdownx.arithmatex": {"generic": True}}
    html = markdown.markdown(rendered.markdown, extensions=extensions, extension_configs=config)
    html = rendered.into(html)
    value = '<span class="lit-inline" data-lit-line="7">a|b $x$</span>'
    assert f"<td>s</td>\n<td>{value}</td>\n</tr>" in html
    assert "arithmatex" not in html


def test_an_svg_with_its_own_class_is_not_given_ours():
    from literate.present.svg import inline_svg

    own = inline_svg(
        '<svg class="mine" width="10" height="5"><text>x</text></svg>', "p-", "lit-graph"
    )
    assert own.startswith('<svg style="max-width: 10px" class="mine"') and "lit-graph" not in own
    plain = inline_svg('<svg width="10" height="5"></svg>', "p-", "lit-graph")
    assert plain.startswith('<svg class="lit-graph" style="max-width: 10px"')


def test_an_inlined_svg_loses_its_layout_white_space_but_not_its_text():
    from literate.present.svg import inline_svg

    drawn = '<svg width="10">\n <g id="a">\n  <path d="M 0 0 \nL 1 1 \nz\n"/>\n'
    drawn += '  <text x="1">two  spaces</text>\n </g>\n</svg>\n'
    cleaned = inline_svg(drawn, "p-", "lit-graph")
    assert "\n" not in cleaned and "> " not in cleaned
    assert '<g id="p-a"><path d="M 0 0 L 1 1 z "/><text x="1">two  spaces</text></g>' in cleaned


def test_the_browser_gets_svg_cleaned_by_the_builds_own_cleaner():
    """runner-worker.js calls inline_result_svgs in Pyodide on every result: the SVG of a live
    output, of a live stepper's HTML and of a helper's answer comes out as the build's does."""
    from literate.execute.core import Session
    from literate.present.svg import inline_result_svgs, inline_svg

    session = Session("page.md")
    code = 'from micrograd import Value, draw_dot\na = Value(2.0, label="a")\ndraw_dot(a * a)\n'
    result = session.run_block(code, 1)
    raw = result["outputs"][0]["data"]["image/svg+xml"]
    assert raw.startswith("<?xml") and 'width="' in raw[raw.index("<svg") :].split(">")[0]
    answer = {"value": {"graph": raw, "name": "<svg>not a document</svg> in text"}, "error": None}
    html_output = {"data": {"text/html": f'<div class="mg-stepper">{raw}</div>'}, "metadata": {}}
    result["outputs"].append(html_output)
    cleaned = inline_result_svgs(result, "lit-live7-")
    svg = cleaned["outputs"][0]["data"]["image/svg+xml"]
    assert svg == inline_svg(raw, "lit-live7-1-", "lit-graph")  # exactly the build's cleaning
    assert svg.startswith('<svg class="lit-graph" style="max-width:') and 'id="lit-live7-1-' in svg
    stepper = cleaned["outputs"][1]["data"]["text/html"]
    assert '<svg class="lit-graph"' in stepper and "<?xml" not in stepper
    assert 'id="lit-live7-2-' in stepper
    inline_result_svgs(answer, "lit-live8-")
    assert answer["value"]["graph"] == inline_svg(raw, "lit-live8-1-", "lit-graph")
    assert answer["value"]["name"] == "<svg>not a document</svg> in text"  # text, left alone


def test_an_output_that_varies_says_so_under_it_and_in_its_notebook_cell():
    from literate.present.notebook import build_notebook

    page, run = run_markdown(fence("print(0.25)", 'varies="the timings"'))
    assert run.ok, run.errors
    rendered = render_markdown(page, run.results)
    (output,) = rendered.fragments.values()
    # inside the output, so that it goes where the output goes (hidden by the reader's run)
    assert output.endswith(
        '<p class="lit-varies">As built; the timings differ from run to run.</p></div>'
    )
    (cell,) = [c for c in build_notebook(page, run.results).cells if c.cell_type == "code"]
    assert cell.metadata["literate"] == {"varies": "the timings"}
