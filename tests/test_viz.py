"""draw_dot and trace: the nodes and edges, stable names, escaping, and a missing dot."""

import html
import re
import subprocess
import sys

import pytest

from micrograd.engine import Value
from micrograd.viz import draw_dot, trace


def lecture_graph():
    a, b, c, f = (Value(x, label=n) for x, n in ((2.0, "a"), (-3.0, "b"), (10.0, "c"), (-2.0, "f")))
    e = a * b
    e.label = "e"
    d = e + c
    d.label = "d"
    L = d * f
    L.label = "L"
    L.backward()
    return L


def texts(svg):
    """The text of every <text> element, unescaped."""
    return [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]


def test_trace_lists_every_node_and_edge_once_per_use():
    a = Value(3.0)
    nodes, edges = trace(a * a + a)
    assert len(nodes) == 3
    assert len(edges) == 4  # a->a*a twice, a*a->sum, a->sum


def test_value_nodes_show_label_data_and_grad_and_ops_sit_between():
    svg = draw_dot(lecture_graph()).pipe(format="svg").decode()
    shown = texts(svg)
    for expected in ("a", "data 2.0000", "grad 6.0000", "L", "data -8.0000", "grad 1.0000"):
        assert expected in shown
    assert shown.count("*") == 2 and shown.count("+") == 1
    source = draw_dot(lecture_graph()).source
    assert "v0 -> v2op" in source and "v2op -> v2" in source


def test_stacked_labels_put_label_data_and_grad_one_above_the_other_in_a_narrower_graph():
    wide, narrow = draw_dot(lecture_graph()), draw_dot(lecture_graph(), stacked=True)
    values = wide.source.count("<TR>")  # one row a value, each labelled
    assert values == 7 and narrow.source.count("<TR>") == 3 * values
    assert texts(narrow.pipe(format="svg").decode()) == texts(wide.pipe(format="svg").decode())

    def width(graph):
        return float(re.search(r'<svg width="([\d.]+)pt"', graph.pipe(format="svg").decode())[1])

    assert width(narrow) < 0.7 * width(wide)


def test_the_same_graph_draws_the_same_svg():
    first = draw_dot(lecture_graph()).pipe(format="svg")
    second = draw_dot(lecture_graph()).pipe(format="svg")
    assert first == second
    assert "0x" not in draw_dot(lecture_graph()).source  # no id()-based names


def test_rankdir_is_passed_on_and_checked():
    assert "rankdir=TB" in draw_dot(Value(1.0), rankdir="TB").source
    with pytest.raises(ValueError, match="rankdir must be one of"):
        draw_dot(Value(1.0), rankdir="sideways")


@pytest.mark.parametrize(
    "label", ["a|b", "{x}", "<b>bold</b>", 'say "hi"', "back\\slash \\N \\l", "a & b"]
)
def test_labels_render_literally(label):
    root = Value(1.0, label=label) * 2
    svg = draw_dot(root).pipe(format="svg").decode()
    assert label in texts(svg)


def test_the_graph_is_built_without_a_dot_program(monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")
    source = draw_dot(Value(2.0, label="x") * 3).source
    assert "digraph" in source and "x" in source and "fontname=Courier" in source


def test_micrograd_imports_without_the_graphviz_package():
    code = (
        "import sys; sys.modules['graphviz'] = None\n"
        "from micrograd import Value, MLP, draw_dot\n"
        "from micrograd.engine import Value\n"
        "import micrograd.nn\n"
        "(Value(2.0) * 3).backward()\n"
        "try:\n    draw_dot(Value(1.0))\n"
        "except ImportError as error:\n    print(error)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "pip install graphviz" in done.stdout


def edge_labels_of(dot):
    """(tail, head, label) for each labelled edge, in the order of the source."""
    found = re.findall(r"(\w+) -> (\w+) \[label=(\"[^\"]*\"|\S+)", dot.source)
    return [(tail, head, label.strip('"')) for tail, head, label in found]


def test_edges_carry_no_label_unless_asked():
    assert "label=" not in "".join(
        line for line in draw_dot(lecture_graph()).source.splitlines() if "->" in line
    )


def test_edge_labels_before_backward_are_the_local_derivatives():
    a, b = Value(2.0, label="a"), Value(-3.0, label="b")
    p = a * b  # d(ab)/da = b, d(ab)/db = a
    labels = edge_labels_of(draw_dot(p, edge_labels=True))
    assert labels == [("v0", "v2op", "-3"), ("v1", "v2op", "2")]


def test_edge_labels_after_backward_show_local_times_upstream():
    labels = [label for _, _, label in edge_labels_of(draw_dot(lecture_graph(), edge_labels=True))]
    # e = a*b gets dL/de = -2; d = e + c gets -2; L = d*f gets 1
    assert labels == [
        "-3 * -2 = 6",
        "2 * -2 = -4",
        "1 * -2 = -2",
        "1 * -2 = -2",
        "-2 * 1 = -2",
        "4 * 1 = 4",
    ]


def test_an_input_used_twice_gets_two_labelled_edges_that_add_to_its_grad():
    a = Value(3.0, label="a")
    sq = a * a
    sq.backward()
    labels = edge_labels_of(draw_dot(sq, edge_labels=True))
    assert [label for _, _, label in labels] == ["3 * 1 = 3", "3 * 1 = 3"]
    assert a.grad == 6.0


def test_labelled_graphs_draw_the_same_svg_every_time():
    first = draw_dot(lecture_graph(), edge_labels=True).pipe(format="svg")
    assert first == draw_dot(lecture_graph(), edge_labels=True).pipe(format="svg")
    assert "-3 * -2 = 6" in texts(first.decode())
