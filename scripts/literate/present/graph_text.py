"""A graph drawn by micrograd's draw_dot, as text a screen reader can walk: each value with its
data and grad, the operation that made it from which inputs, and what each edge carries when
the drawing labels its edges. Read off the SVG the build made (node titles `v3` for a value and
`v3op` for the operation that made it, edges `v1->v3op`), so the text says what the picture
shows; an SVG of any other shape gets none. The browser's runner asks the same of the graphs it
draws (live_graph_text, run in Pyodide)."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ElementTree

_SVG = "{http://www.w3.org/2000/svg}"
_VALUE = re.compile(r"v(\d+)")
_OPERATION = re.compile(r"(v\d+)op")
_PROLOG = re.compile(r"<\?xml.*?\?>|<!DOCTYPE.*?>", re.DOTALL)
_INFIX = {"+", "*", "-", "/"}


def graph_text_html(svg: str) -> str:
    """A folded list of the graph's values, or "" when the SVG is not a draw_dot graph."""
    items = _describe(svg)
    if not items:
        return ""
    rows = "".join(f"<li>{html.escape(item)}</li>" for item in items)
    return (
        '<details class="lit-graph-text"><summary>The graph as text</summary>'
        f"<ul>{rows}</ul></details>"
    )


def live_graph_text(svg: str) -> dict[str, str]:
    """For the browser's runner: {"html": the same text} for a graph it drew (Viz.js)."""
    return {"html": graph_text_html(svg)}


def _describe(svg: str) -> list[str]:
    try:
        root = ElementTree.fromstring(_PROLOG.sub("", svg))
    except ElementTree.ParseError:
        return []
    values: dict[str, list[str]] = {}
    operations: dict[str, str] = {}
    inputs: dict[str, list[tuple[int, str, str]]] = {}  # (edge number, source, label)
    for group in root.iter(f"{_SVG}g"):
        title = group.findtext(f"{_SVG}title") or ""
        texts = ["".join(text.itertext()).strip() for text in group.iter(f"{_SVG}text")]
        if group.get("class") == "node":
            if _VALUE.fullmatch(title):
                values[title] = texts
            elif made := _OPERATION.fullmatch(title):
                operations[made.group(1)] = " ".join(texts)
            else:
                return []  # another kind of graph
        elif group.get("class") == "edge":
            source, _, target = title.partition("->")
            if made := _OPERATION.fullmatch(target):
                # Graphviz numbers edges as they were declared: the operands' order
                number = int(re.sub(r"\D", "", group.get("id", "")) or 0)
                inputs.setdefault(made.group(1), []).append((number, source, " ".join(texts)))
    order = sorted(values, key=lambda key: int(key[1:]))
    names = _names(order, values)
    return [_item(key, values[key], names, operations, inputs) for key in order]


def _names(order: list[str], values: dict[str, list[str]]) -> dict[str, str]:
    """Each value's label; an unlabelled one is "value 1", "value 2", ... in the order the
    text lists them (not by Graphviz's node id, which counts the labelled ones too)."""
    names, unlabelled = {}, 0
    for key in order:
        if len(values[key]) == 3:  # label, data, grad
            names[key] = values[key][0]
        else:
            unlabelled += 1
            names[key] = f"value {unlabelled}"
    return names


def _item(key, texts, names, operations, inputs) -> str:
    numbers = ", ".join(texts[-2:])  # "data 2.0000", "grad -2.0000"
    if key not in operations:
        return f"{names[key]}: {numbers}; a leaf"
    operation = operations[key]
    sources = [(source, label) for _, source, label in sorted(inputs.get(key, []))]
    arguments = [names.get(source, source) for source, _ in sources]
    if operation in _INFIX and len(arguments) == 2:
        made = f" {operation} ".join(arguments)
    else:
        made = f"{operation}({', '.join(arguments)})"
    carried = [f"edge from {names.get(s, s)}: {label}" for s, label in sources if label]
    edges = f" ({'; '.join(carried)})" if carried else ""
    return f"{names[key]} = {made}: {numbers}{edges}"
