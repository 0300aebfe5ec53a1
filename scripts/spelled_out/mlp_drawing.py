"""An MLP drawn from the model object itself: `draw_mlp(model)` returns a graphviz.Digraph.

Top to bottom, one row per layer: the inputs, then each layer's neurons (labelled with their
activation), an arrow for every weight, and left of each layer its parameter count. A layer wider
than `max_shown` shows its first and last neurons and one node standing for the rest, so the
drawing stays narrow enough to read on a phone.
"""

from __future__ import annotations

FONT = {"fontname": "Courier", "fontsize": "11"}


def _kind(neuron) -> str:
    if not getattr(neuron, "nonlin", True):
        return "lin"
    return getattr(neuron, "activation", "relu")


def _shown(count: int, max_shown: int) -> list[int | None]:
    """Indices to draw; None stands for the hidden middle."""
    if count <= max_shown:
        return list(range(count))
    head = max_shown // 2
    tail = max_shown - 1 - head
    return [*range(head), None, *range(count - tail, count)]


def draw_mlp(model, max_shown: int = 5):
    """The layers, neurons and weights of `model` (an MLP of Layers of Neurons)."""
    import graphviz

    if max_shown < 3:
        raise ValueError(f"max_shown must be at least 3, got {max_shown}")
    layers = model.layers
    nin = len(layers[0].neurons[0].w)
    dot = graphviz.Digraph(
        graph_attr={"rankdir": "TB", "nodesep": "0.12", "ranksep": "0.45", **FONT},
        node_attr={"shape": "circle", "width": "0.5", "fixedsize": "true", **FONT},
        edge_attr={"arrowsize": "0.4", "penwidth": "0.6"},
    )
    previous = _row(dot, "x", [f"x{i + 1}" for i in range(nin)], max_shown, "inputs", "box")
    total = 0
    for index, layer in enumerate(layers):
        neurons = layer.neurons
        count = sum(len(n.parameters()) for n in neurons)
        total += count
        fan_in = len(neurons[0].w)
        title = f"layer {index + 1}\n{len(neurons)} \u00d7 ({fan_in} + 1)\n= {count}"
        names = [f"{_kind(n)}\n{index + 1}.{j + 1}" for j, n in enumerate(neurons)]
        current = _row(dot, f"l{index}", names, max_shown, title, "circle")
        for source in previous:
            for target in current:
                dot.edge(source, target)
        previous = current
    dot.node("total", f"{total} parameters in all", shape="plaintext", fixedsize="false")
    dot.edge(previous[0], "total", style="invis")
    return dot


def _row(dot, prefix: str, names: list[str], max_shown: int, title: str, shape: str) -> list[str]:
    """One layer on one rank, its title first (left); returns the node ids drawn."""
    ids = []
    with dot.subgraph(name=f"row_{prefix}") as row:
        row.attr(rank="same")
        row.node(f"{prefix}_title", title, shape="plaintext", fixedsize="false")
        for index in _shown(len(names), max_shown):
            if index is None:
                hidden = len(names) - max_shown + 1
                node = f"{prefix}_more"
                row.node(node, f"{hidden}\nmore", shape="plaintext", fixedsize="false")
            else:
                node = f"{prefix}_{index}"
                row.node(node, names[index], shape=shape)
            ids.append(node)
        for left, right in zip([f"{prefix}_title", *ids], ids):  # keep the row in order
            row.edge(left, right, style="invis")
    return ids
