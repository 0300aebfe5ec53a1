"""nbformat v4 cells as plain dicts, and Python code moved into an indented block.

nbformat.v4's new_* functions validate every node they make, which costs more than the rest of
a warm build; cells are made here in the same shape, and the tests validate the notebooks.
"""

from __future__ import annotations

import io
import tokenize
from typing import Any

SETUP_TAG = "notebook-setup"  # a cell of the notebook only, not of the page it was made from


def markdown_cell(source: str, tags: list[str] | None = None) -> dict[str, Any]:
    metadata = {"tags": tags} if tags else {}
    return {"cell_type": "markdown", "metadata": metadata, "source": source}


def code_cell(
    source: str, outputs: list[Any] | None = None, metadata: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A code cell; its execution count is set once the notebook's cells are all made."""
    return {
        "cell_type": "code",
        "metadata": metadata or {},
        "execution_count": None,
        "source": source,
        "outputs": outputs or [],
    }


def number_code_cells(cells: list[dict[str, Any]]) -> None:
    """Execution counts 1, 2, ... in cell order, as "Run all" gives them, on the cells and on
    their execute_result outputs; and ids that are the same on every build."""
    count = 0
    for number, cell in enumerate(cells):
        cell["id"] = f"cell-{number}"
        if cell["cell_type"] != "code":
            continue
        count += 1
        cell["execution_count"] = count
        for output in cell["outputs"]:
            if output["output_type"] == "execute_result":
                output["execution_count"] = count


def indent_block(code: str, prefix: str = "    ") -> str:
    """The code indented as the body of a compound statement; lines inside a multi-line string
    keep their text, since indenting them would change the string."""
    inside = _lines_inside_strings(code)
    lines = code.split("\n")
    return "\n".join(
        line if number in inside or not line.strip() else prefix + line
        for number, line in enumerate(lines, start=1)
    )


def _lines_inside_strings(code: str) -> set[int]:
    """Lines (1-based) that start within a string token begun on an earlier line."""
    inside: set[int] = set()
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
    except (tokenize.TokenError, SyntaxError):  # not valid Python: indent every line
        return inside
    for token in tokens:
        if token.type == tokenize.STRING or token.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            inside.update(range(token.start[0] + 1, token.end[0] + 1))
    return inside
