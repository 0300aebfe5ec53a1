"""A page with its results as a Jupyter notebook, in nbformat v4 (valid by nbformat.validate).

Prose becomes Markdown cells (inline values filled in), each executable block a code cell with
its outputs, as the worker produced them. A block that is meant to raise is wrapped in
try/except so the notebook runs top to bottom. Imports stay as the page wrote them: a notebook
needs what the page needs (this project's micrograd, and spelled_out where the page uses it).
"""

from __future__ import annotations

import html
import textwrap
from typing import Any

import nbformat

from literate.parse.exercise import split_sections
from literate.parse.page import Block, Page
from literate.present.html import walk_page
from literate.present.outputs import raised_line
from literate.results import ItemResult, Output, stream

# nbformat.v4's new_* functions validate every node they make, which costs more than the rest
# of a warm build; cells and outputs are made here in the same shape, and the tests validate.
NBFORMAT, NBFORMAT_MINOR = 4, 5
KERNELSPEC = {"display_name": "Python 3", "language": "python", "name": "python3"}


def build_notebook(page: Page, results: list[ItemResult]) -> nbformat.NotebookNode:
    """The notebook of a Markdown page or a percent-format notebook, with outputs."""
    cells: list[Any] = []
    count = 0
    for part in _parts(page, results):
        if isinstance(part, str):
            if part.strip():
                cells.append({"cell_type": "markdown", "metadata": {}, "source": part})
            continue
        count += 1
        block = part[0]
        if block.options["exercise"]:
            cells.extend(_exercise_cells(block, count))
        else:
            cells.append(_code_cell(*part, count))
    for number, cell in enumerate(cells):
        cell["id"] = f"cell-{number}"
    metadata = {"kernelspec": KERNELSPEC, "language_info": {"name": "python"}}
    notebook = {"cells": cells, "metadata": metadata, "nbformat": NBFORMAT}
    return nbformat.from_dict({**notebook, "nbformat_minor": NBFORMAT_MINOR})


def notebook_json(page: Page, results: list[ItemResult]) -> str:
    return nbformat.writes(build_notebook(page, results), version=NBFORMAT) + "\n"


def _parts(page: Page, results: list[ItemResult]):
    """Markdown text (one string per cell) and (block, result) pairs, in page order."""
    if page.kind == "notebook":
        pairs = dict(zip([b.line for b in page.blocks], zip(page.blocks, results)))
        for line in sorted([*page.markdown_cells, *pairs]):
            yield page.markdown_cells[line] if line in page.markdown_cells else pairs[line]
        return
    prose: list[str] = []
    for part in walk_page(page, results):
        if isinstance(part, str):
            prose.append(part)
            continue
        yield "\n".join(prose).strip("\n")
        prose.clear()
        yield part
    yield "\n".join(prose).strip("\n")


def _code_cell(block: Block, result: ItemResult, count: int) -> Any:
    code = block.code.rstrip("\n")
    expected = block.options["raises"]
    if expected:
        code = (
            "try:\n" + textwrap.indent(code, "    ") + "\n"
            f"except Exception as error:  # this cell is meant to raise {expected}\n"
            '    print(f"{type(error).__name__}: {error}")'
        )
    metadata: dict[str, Any] = {}
    if block.options["hide_code"] or block.options["answer"]:
        tag = "answer" if block.options["answer"] else "setup"
        metadata = {"tags": [tag], "jupyter": {"source_hidden": True}}
    outputs = [] if block.options["hide_output"] else _outputs(result.outputs, count)
    return {
        "cell_type": "code",
        "metadata": metadata,
        "execution_count": count,
        "source": code,
        "outputs": outputs,
    }


def _exercise_cells(block: Block, count: int) -> list[Any]:
    """The starter to edit, the hint and solution folded away, and the check to run after."""
    sections = split_sections(block.code)
    solution = html.escape(sections["solution"].text.rstrip("\n"))
    prose = (
        f"**Hint.** {sections['hint'].text.strip()}\n\n"
        f"<details><summary>Solution</summary>\n\n<pre><code>{solution}</code></pre>\n</details>"
    )
    check = "# Run this cell to check your code above.\n" + sections["check"].text.rstrip("\n")
    check += f"\nprint({sections['success'].text.strip()!r})"
    return [
        _plain_code_cell(sections["starter"].text.rstrip("\n"), ["exercise"]),
        {"cell_type": "markdown", "metadata": {}, "source": prose},
        _plain_code_cell(check, ["exercise-check"]),
    ]


def _plain_code_cell(source: str, tags: list[str]) -> dict[str, Any]:
    return {
        "cell_type": "code",
        "metadata": {"tags": tags},
        "execution_count": None,
        "source": source,
        "outputs": [],
    }


def _outputs(outputs: list[Output], count: int) -> list[Output]:
    shown: list[Output] = []
    for output in outputs:
        kind = output["output_type"]
        if kind == "stream":
            shown.append(stream(output["name"], output["text"]))
        elif kind == "error":  # the cell catches it and prints it
            shown.append(stream("stdout", raised_line(output) + "\n"))
        else:  # the engine's own kind of graph is of no use to Jupyter
            bundle = {"output_type": kind, "data": output["data"], "metadata": {}}
            shown.append(
                {**bundle, "execution_count": count} if kind == "execute_result" else bundle
            )
    return shown
