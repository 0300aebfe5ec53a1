"""Rendering: golden Markdown out, placeholders swapped after Markdown, escaping, displays."""

import re

import graphviz
import markdown

from scripts.display import DISPLAYS, DisplayContext, display_value
from scripts.render import escape_inline, output_html, render_markdown, swap_placeholders
from scripts.results import ItemResult

from .helpers import fence, page_of, run_markdown

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


def test_golden_markdown():
    page = page_of(SOURCE)
    results = [
        ItemResult(value="42"),
        ItemResult(
            stdout="<script>alert(1)</script>\n",
            displays=[{"mime": "text/plain", "data": "42", "role": "result"}],
        ),
        ItemResult(),
        ItemResult(stdout="in note\n"),
        ItemResult(stdout="not shown\n"),
    ]
    rendered = render_markdown(page, results)
    tokens = list(rendered.fragments)
    assert len(tokens) == 2
    assert rendered.markdown == (
        "# Title\n"
        "\n"
        "The answer is 42.\n"
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
    assert rendered.fragments[tokens[0]] == (
        '<div class="lit-output">'
        '<pre class="lit-stdout"><code>&lt;script&gt;alert(1)&lt;/script&gt;\n</code></pre>'
        '<pre class="lit-result"><code>42</code></pre>'
        "</div>"
    )


def test_golden_html_after_markdown_inside_an_admonition():
    page = page_of(SOURCE)
    results = [ItemResult(value="42"), ItemResult(), ItemResult(), ItemResult(stdout="in note\n")]
    results.append(ItemResult())
    rendered = render_markdown(page, results)
    html = markdown.markdown(rendered.markdown, extensions=EXTENSIONS)
    html, missing = swap_placeholders(html, rendered.fragments)
    assert missing == []
    assert "LITERATE" not in html
    note = re.search(r'<div class="admonition note">.*?</div>\s*</div>', html, re.DOTALL)
    assert note is not None
    assert '<div class="lit-output"><pre class="lit-stdout"><code>in note\n</code></pre></div>' in (
        note.group()
    )
    assert "<p><div" not in html


def test_live_page_escapes_printed_html_and_inline_values():
    page, run = run_markdown(
        '```python exec="1"\nprint("<b>x</b> & y")\ns = "<i>*a*</i>"\n```\n\nValue: `{python} s`.\n'
    )
    rendered = render_markdown(page, run.results)
    assert "Value: &lt;i&gt;\\*a\\*&lt;/i&gt;." in rendered.markdown
    html = markdown.markdown(rendered.markdown, extensions=EXTENSIONS)
    html, _ = swap_placeholders(html, rendered.fragments)
    assert "&lt;b&gt;x&lt;/b&gt; &amp; y" in html
    assert "<b>" not in html and "<i>" not in html
    assert "<p>Value: &lt;i&gt;*a*&lt;/i&gt;.</p>" in html


def test_hidden_block_without_output_keeps_paragraphs_apart():
    page = page_of('First paragraph.\n```python exec="1" hide_code="1"\nx = 1\n```\nSecond.\n')
    rendered = render_markdown(page, [ItemResult()])
    html = markdown.markdown(rendered.markdown, extensions=EXTENSIONS)
    assert html == "<p>First paragraph.</p>\n<p>Second.</p>"


def test_escape_inline_neutralises_markdown():
    assert escape_inline("a_b*c`d[e](f)") == "a\\_b\\*c\\`d\\[e\\]\\(f\\)"
    assert escape_inline("-0.25") == "-0.25"


def test_graphviz_display_is_cleaned_svg_with_unique_ids():
    graph = graphviz.Digraph()
    graph.edge("a", "b")
    context = DisplayContext()
    first, second = display_value(graph, context), display_value(graph, context)
    assert first["mime"] == "image/svg+xml"
    svg = first["data"]
    assert svg.startswith('<svg class="lit-graph" style="max-width: ')
    assert "<?xml" not in svg and "<!DOCTYPE" not in svg and "<!--" not in svg
    root = re.match(r"<svg[^>]*>", svg).group()
    assert " width=" not in root and " height=" not in root and "viewBox=" in root
    ids = re.findall(r'\bid="([^"]+)"', first["data"] + second["data"])
    assert ids and len(ids) == len(set(ids))
    assert first["size"]["width"].endswith("pt")


def test_matplotlib_figure_display_is_svg_and_closes_the_figure():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    ax.plot([0, 1], [1, 0])
    display = display_value(fig, DisplayContext())
    assert display["mime"] == "image/svg+xml"
    assert display["data"].startswith('<svg class="lit-figure"')
    assert fig.number not in plt.get_fignums()
    ids = re.findall(r'\bid="([^"]+)"', display["data"])
    assert all(i.startswith("lit1-") for i in ids)


def test_other_values_show_their_repr_escaped():
    display = display_value("<tag>", DisplayContext())
    assert display == {"mime": "text/plain", "data": "'<tag>'"}
    html = output_html(ItemResult(displays=[display]))
    assert "&#x27;&lt;tag&gt;&#x27;" in html


def test_text_html_only_from_registered_converters():
    class Widget:
        def to_html(self):
            return "<button>step</button>"

    name = f"{Widget.__module__}.{Widget.__qualname__}"
    assert display_value(Widget(), DisplayContext())["mime"] == "text/plain"
    DISPLAYS[name] = lambda obj, ctx: {"mime": "text/html", "data": obj.to_html()}
    try:
        display = display_value(Widget(), DisplayContext())
    finally:
        del DISPLAYS[name]
    assert output_html(ItemResult(displays=[display])) == (
        '<div class="lit-output"><div class="lit-display"><button>step</button></div></div>'
    )


def test_live_graph_page_renders_inline_svg():
    _, run = run_markdown(
        '```python exec="1"\nfrom micrograd import Value, draw_dot\n'
        'a = Value(2.0, label="a")\nL = a * a\nL.backward()\ndraw_dot(L)\n```\n'
    )
    assert run.ok, run.errors
    (display,) = run.results[0].displays
    assert display["mime"] == "image/svg+xml" and "grad 4.0000" in display["data"]
    html = output_html(run.results[0])
    assert html.startswith(
        '<div class="lit-output"><div class="lit-display"><svg class="lit-graph"'
    )


def test_open_pyplot_figures_are_shown_after_the_block():
    _, run = run_markdown(
        '```python exec="1"\nimport matplotlib.pyplot as plt\nplt.plot([1, 2])\nNone\n```\n'
    )
    assert run.ok, run.errors
    assert [d["role"] for d in run.results[0].displays] == ["figure"]


def test_source_code_from_pagetools_is_highlighted_html():
    _, run = run_markdown(
        '```python exec="1"\nfrom scripts.pagetools import show_source\n'
        "from micrograd import Value\nshow_source(Value.__mul__)\n```\n"
    )
    assert run.ok, run.errors
    (display,) = run.results[0].displays
    assert display["mime"] == "text/html"
    assert display["data"].startswith('<div class="highlight"><pre>')
    assert display["text"].startswith("def __mul__(self, other):")


def test_long_repr_is_cut_with_a_note():
    data = display_value(list(range(100_000)), DisplayContext())["data"]
    assert len(data) < 100_100 and "[repr truncated:" in data


def test_tokens_are_not_prefixes_of_each_other():
    # Block 1 is indented past its list item's content, so Markdown turns its token into code
    # instead of a paragraph of its own; swapping it must not touch the tokens of blocks 10, 11.
    blocks = [fence(f"print({n})") for n in range(12)]
    blocks[1] = "- item\n\n" + fence("print(1)", indent=" " * 8)
    page = page_of("\n".join(blocks))
    rendered = render_markdown(page, [ItemResult(stdout=f"out{n}\n") for n in range(12)])
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
    assert "<td>s</td>\n<td>a&#124;b &#36;x&#36;</td>\n</tr>" in html
    assert "arithmatex" not in html
