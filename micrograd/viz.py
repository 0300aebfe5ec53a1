"""Draw a graph of Values with Graphviz: each value with its label, data and grad, and the
operation that made it as a small node of its own between the value and its inputs."""

import html

from micrograd.engine import topological_order

# One font everywhere: the build's `dot` and Graphviz compiled for the browser then size the
# boxes alike, and a monospace font fits the boxes that both compute for it.
FONT = {"fontname": "Courier"}


def trace(root):
    """All nodes and edges below root, in a fixed order (inputs before the nodes they make).

    Edges are (input, output) pairs; an input used twice, as in a*a, gives two edges.
    """
    nodes = topological_order(root)
    edges = [(child, node) for node in nodes for child in node._prev]
    return nodes, edges


def node_ids(nodes):
    """The Graphviz id of each node of a trace: its position, not id(), so that the same graph
    draws the same SVG. The one definition: the stepper and the other widgets hand these ids
    (and op_id's, edge_id's) to the browser, which finds the SVG's parts by them."""
    return [f"v{i}" for i in range(len(nodes))]


def op_id(node_id):
    """The id of the small node of the operation that made the node node_id."""
    return node_id + "op"


def edge_id(input_id, node_id):
    """The SVG title Graphviz gives the edge from an input into the operation of node_id."""
    return f"{input_id}->{op_id(node_id)}"


def draw_dot(root, rankdir="LR", format="svg", edge_labels=False, stacked=False):
    """A graphviz.Digraph of the graph below root; display it in a notebook or call .render().

    With edge_labels=True, each edge into an operation is labelled with the local derivative of
    the operation's result with respect to that input. Once root has a gradient (after
    backward()), the label also shows what the edge carries back: local * the result's grad.
    With stacked=True, a value's label, data and grad are stacked in one narrow box (a
    stepper's graph, which must fit a phone's width) instead of side by side.
    """
    if rankdir not in ("LR", "TB", "RL", "BT"):
        raise ValueError(f"rankdir must be one of LR, TB, RL, BT, got {rankdir!r}")
    graphviz = _graphviz()
    nodes, _ = trace(root)
    name = dict(zip(nodes, node_ids(nodes)))
    dot = graphviz.Digraph(
        format=format,
        graph_attr={"rankdir": rankdir, **FONT},
        node_attr=FONT,
        edge_attr=FONT,
    )
    for node in nodes:
        dot.node(name[node], label=_value_label(node, stacked), shape="plain")
        if node._op:
            op = op_id(name[node])
            dot.node(op, label=f"<{_escape(node._op)}>", shape="circle", margin="0.02")
            dot.edge(op, name[node])
            for child, local in zip(node._prev, node._local):
                if edge_labels:
                    label = _edge_label(local, node.grad, after_backward=root.grad != 0)
                    dot.edge(name[child], op, label=label, fontsize="12")
                else:
                    dot.edge(name[child], op)
    return dot


def _edge_label(local, upstream, after_backward):
    """'local', or 'local * upstream = what the input receives' once gradients have flowed."""
    if not after_backward:
        return f"{local:.4g}"
    return f"{local:.4g} * {upstream:.4g} = {local * upstream:.4g}"


def _value_label(node, stacked=False):
    """An HTML-like label: one box split into label | data | grad (stacked: one above the
    other)."""
    cells = [f"data {node.data:.4f}", f"grad {node.grad:.4f}"]
    if node.label:
        cells.insert(0, node.label)
    cells = [f"<TD>{_escape(cell)}</TD>" for cell in cells]
    rows = [[cell] for cell in cells] if stacked else [cells]
    table = "".join("<TR>" + "".join(row) + "</TR>" for row in rows)
    return f'<<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0" CELLPADDING="4">{table}</TABLE>>'


def _escape(text):
    """Text for an HTML-like Graphviz label: markup characters become entities, so that any
    label (with | { } < > " or \\ in it) renders literally."""
    return html.escape(str(text)).replace("\\", "\\\\")  # dot reads \\ as one backslash


def _graphviz():
    """The graphviz package, imported only when a graph is drawn (the engine needs none of it).
    Building the graph needs no `dot` program; rendering it does (Digraph.pipe, .render)."""
    try:
        import graphviz
    except ImportError:
        raise ImportError(
            "draw_dot builds a graphviz.Digraph: install the Python package with "
            "'pip install graphviz', and Graphviz's 'dot' program to render it"
        ) from None
    return graphviz
