"""A page helper for the execution core's call() test (tests/literate/test_core.py)."""

import graphviz


def answer_with_graph(name: str) -> dict:
    if not name:
        raise ValueError("no name")
    graph = graphviz.Digraph()
    graph.edge(name, "y")
    return {"name": name, "graph": graph}
