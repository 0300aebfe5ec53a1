"""Take a graph of Values apart before it is freed, whatever engine made it.

Freeing a long chain of Values frees each node from inside the freeing of the node it feeds,
in C: a chain of a thousand operations nests a thousand such calls or more (more still with a
dict per node), past what the browser's Python (Pyodide) has stack for, and the page's
Python dies. Cutting every link first, with a
loop and a list, leaves nodes that each free alone.

A node's links are what its attributes hold: a tuple, list or set of other nodes (`_prev`), or
a function whose closure holds them (micrograd's `_backward`). Anything with `data` and `grad`
counts as a node, so an engine of the reader's making is taken apart as well as the package's.
"""

from __future__ import annotations

import contextlib
from typing import Any

_CONTAINERS = (tuple, list, set, frozenset)


def dismantle(roots: Any) -> None:
    """Cut every link between the nodes reachable from `roots` (an iterable of values)."""
    stack = [value for value in roots if _is_node(value)]
    seen: set[int] = set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        for name, value in _attributes(node):
            linked = _linked(value)
            if linked:
                stack.extend(linked)
                with contextlib.suppress(AttributeError, TypeError):  # read-only: links stay
                    setattr(node, name, () if isinstance(value, (*_CONTAINERS, dict)) else None)


def _pair(item: Any) -> bool:
    return isinstance(item, (tuple, list)) and any(_is_node(inner) for inner in item)


def _is_node(value: Any) -> bool:
    return not isinstance(value, type) and hasattr(value, "data") and hasattr(value, "grad")


def _attributes(node: Any) -> list[tuple[str, Any]]:
    found = dict(getattr(node, "__dict__", {}))
    for cls in type(node).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name not in found and hasattr(node, name):
                found[name] = getattr(node, name)
    return list(found.items())


def _linked(value: Any) -> list[Any]:
    """The nodes a container holds, one level of nesting down too ((operand, local) pairs, a
    dict of operands), or a function's closure holds."""
    if isinstance(value, dict):
        value = [*value.keys(), *value.values()]
    if isinstance(value, (*_CONTAINERS, list)):
        flat = [inner for item in value for inner in (item if _pair(item) else (item,))]
        return [item for item in flat if _is_node(item)]
    cells = getattr(value, "__closure__", None) or ()
    return [cell.cell_contents for cell in cells if _is_node(_content(cell))]


def _content(cell: Any) -> Any:
    try:
        return cell.cell_contents
    except ValueError:  # an empty cell
        return None
