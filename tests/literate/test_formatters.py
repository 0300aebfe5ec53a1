"""Rich display in the worker (IPython's protocol) and SVG clean-up at presentation."""

import re

import graphviz

from literate.execute.formatters import FORMATTERS, mimebundle
from literate.present.output_html import SvgIds, output_html
from literate.results import ItemResult

from .helpers import displays, fence, run_markdown, without_heights


def graph() -> graphviz.Digraph:
    dot = graphviz.Digraph()
    dot.edge("a", "b")
    return dot


def test_graphviz_is_raw_svg_in_the_bundle_and_cleaned_when_presented():
    data, metadata = mimebundle(graph())
    assert data["image/svg+xml"].startswith("<?xml")  # cached as dot wrote it
    assert metadata == {"literate": {"kind": "graph"}}
    output = {"output_type": "execute_result", "data": data, "metadata": metadata}
    html = output_html(ItemResult(outputs=[output, output]), SvgIds())
    svg = re.search(r"<svg.*?</svg>", html, re.DOTALL).group()
    assert svg.startswith('<svg class="lit-graph" style="max-width: ')
    assert "<?xml" not in html and "<!DOCTYPE" not in html and "<!--" not in html
    root = re.match(r"<svg[^>]*>", svg).group()
    assert " width=" not in root and " height=" not in root and "viewBox=" in root
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert ids and len(ids) == len(set(ids))  # two copies of one graph, no id twice


def test_matplotlib_figure_is_svg_and_the_figure_is_closed():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    ax.plot([0, 1], [1, 0])
    data, metadata = mimebundle(fig)
    assert "<svg" in data["image/svg+xml"] and metadata["literate"]["kind"] == "figure"
    assert "<metadata" not in data["image/svg+xml"]  # no creator or date: bytes nobody sees
    assert fig.number not in plt.get_fignums()
    output = {"output_type": "display_data", "data": data, "metadata": metadata}
    assert '<svg class="lit-figure"' in output_html(ItemResult(outputs=[output]))


def test_a_class_shows_itself_through_its_repr_methods():
    class Badge:
        def _repr_html_(self):
            return "<b>badge</b>"

        def _repr_svg_(self):
            return '<svg width="10" height="10"><rect id="r"/></svg>'

        def __repr__(self):
            return "Badge()"

    data, _ = mimebundle(Badge())
    assert data == {
        "text/html": "<b>badge</b>",
        "image/svg+xml": '<svg width="10" height="10"><rect id="r"/></svg>',
        "text/plain": "Badge()",
    }
    result = ItemResult(outputs=[{"output_type": "execute_result", "data": data}])
    html = without_heights(output_html(result))
    assert (
        html == '<div class="lit-output" data-search-exclude>'
        '<div class="lit-display"><b>badge</b></div></div>'
    )


def test_repr_mimebundle_wins_and_png_bytes_become_base64():
    class Picture:
        def _repr_mimebundle_(self, include=None, exclude=None):
            return {"text/markdown": "**p**"}, {"text/markdown": {"note": 1}}

        def _repr_png_(self):
            return b"\x89PNG"

    data, metadata = mimebundle(Picture())
    assert data["text/markdown"] == "**p**" and data["image/png"] == "iVBORw=="
    assert metadata == {"text/markdown": {"note": 1}}
    assert data["text/plain"].startswith("<")


def test_other_values_are_their_repr_and_escaped_when_shown():
    data, _ = mimebundle("<tag>")
    assert data == {"text/plain": "'<tag>'"}
    html = output_html(ItemResult(outputs=[{"output_type": "execute_result", "data": data}]))
    assert "&#x27;&lt;tag&gt;&#x27;" in html


def test_a_class_object_is_not_asked_for_its_instances_repr_methods():
    class Shown:
        def _repr_html_(self):
            return "<i>instance</i>"

    assert mimebundle(Shown) == ({"text/plain": repr(Shown)}, {})


def test_registered_formatters_win_over_repr_methods():
    class Plain:
        def _repr_html_(self):
            return "<i>html</i>"

    name = f"{Plain.__module__}.{Plain.__qualname__}"
    FORMATTERS[name] = lambda value: ({"text/plain": "formatted"}, {})
    try:
        assert mimebundle(Plain()) == ({"text/plain": "formatted"}, {})
    finally:
        del FORMATTERS[name]


def test_a_page_class_with_repr_html_shows_as_html_on_the_page():
    code = """
    class Swatch:
        def _repr_html_(self):
            return '<span class="swatch">red</span>'
    Swatch()
    """
    _, run = run_markdown(fence(code))
    assert run.ok, run.errors
    (display,) = displays(run.results[0])
    assert display["data"]["text/html"] == '<span class="swatch">red</span>'
    assert '<div class="lit-display"><span class="swatch">red</span></div>' in output_html(
        run.results[0]
    )


def test_a_display_that_fails_is_an_error_of_its_block():
    code = """
    class Broken:
        def _repr_html_(self):
            raise RuntimeError("no html today")
    Broken()
    """
    _, run = run_markdown(fence(code))
    (error,) = run.errors
    assert "could not display the block's value: RuntimeError: no html today" in error.message


def test_bytes_become_text_and_what_json_cannot_hold_is_the_blocks_error():
    class Raw:
        def _repr_svg_(self):
            return b"<svg></svg>"

        def _repr_mimebundle_(self, include=None, exclude=None):
            return {"image/jpeg": b"\xff\xd8"}

    data, _ = mimebundle(Raw())
    assert data["image/svg+xml"] == "<svg></svg>" and data["image/jpeg"] == "/9g="
    code = """
    class Odd:
        def _repr_html_(self):
            return {1, 2}
    Odd()
    """
    _, run = run_markdown(fence(code))
    (error,) = run.errors
    assert error.message.startswith("could not display the block's value: TypeError: its display")


def test_a_repr_method_needing_a_missing_package_is_skipped_for_the_next_one():
    class Quoted:
        def _repr_html_(self):
            import a_package_this_python_lacks  # noqa: F401

        def __repr__(self):
            return "plain"

    assert mimebundle(Quoted()) == ({"text/plain": "plain"}, {})
