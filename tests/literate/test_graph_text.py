"""A drawn graph as text (present/graph_text.py): read off the SVG that `dot` made."""

import re

from literate.present.graph_text import graph_text_html
from micrograd import Value
from micrograd.viz import draw_dot


def items(markup: str) -> list[str]:
    return [re.sub(r"&[a-z]+;", "", item) for item in re.findall(r"<li>(.*?)</li>", markup)]


def lecture_graph() -> Value:
    a, b = Value(2.0, label="a"), Value(-3.0, label="b")
    e = a * b
    e.label = "e"
    out = (e + a).tanh()
    out.label = "out"
    return out


def test_each_value_with_its_operation_inputs_data_and_grad_in_operand_order():
    out = lecture_graph()
    out.backward()
    markup = graph_text_html(draw_dot(out).pipe(format="svg").decode())
    assert markup.startswith('<details class="lit-graph-text"><summary>The graph as text')
    assert items(markup) == [
        "a: data 2.0000, grad -0.0027; a leaf",
        "b: data -3.0000, grad 0.0027; a leaf",
        "e = a * b: data -6.0000, grad 0.0013",
        "value 1 = e + a: data -4.0000, grad 0.0013",
        "out = tanh(value 1): data -0.9993, grad 1.0000",
    ]


def test_unlabelled_values_are_numbered_from_one_in_the_order_they_are_listed():
    a, b, c = Value(2.0, label="a"), Value(-3.0, label="b"), Value(10.0, label="c")
    markup = graph_text_html(draw_dot(a * b + c).pipe(format="svg").decode())
    assert [item.split(":")[0] for item in items(markup)] == [
        "a",
        "b",
        "value 1 = a * b",
        "c",
        "value 2 = value 1 + c",
    ]


def test_edge_labels_are_said_with_the_edge_they_label():
    out = lecture_graph()
    markup = graph_text_html(draw_dot(out, edge_labels=True).pipe(format="svg").decode())
    assert "e = a * b: data -6.0000, grad 0.0000 (edge from a: -3; edge from b: 2)" in items(markup)


def test_an_svg_of_another_shape_gets_no_text():
    assert (
        graph_text_html(
            '<svg xmlns="http://www.w3.org/2000/svg"><g class="node"><title>x</title></g></svg>'
        )
        == ""
    )
    assert graph_text_html("not svg at all") == ""
