"""A page with its results as a Jupyter notebook, in nbformat v4 (valid by nbformat.validate).

Prose becomes Markdown cells (inline values filled in; Material's boxes made plain by
notebook_prose.py), each executable block a code cell with its outputs as the worker produced
them; hidden output is kept, folded away. A block meant to raise is wrapped in try/except, an
exercise's check reports instead of raising and a self-check's answer is Markdown
(notebook_practice.py), and a page that shows figures gets a first cell that draws them as the
build does. So the notebook runs top to bottom in a stock Jupyter kernel and shows what the
build showed (tests/site/test_notebooks_run.py). Imports stay as the page wrote them: a notebook
needs what the page needs (micrograd, spelled_out where the page uses it, and literate for
exercise checks and figures: all three come with this repository).
"""

from __future__ import annotations

from typing import Any

import nbformat

from literate.parse.page import Block, Page
from literate.present.html import walk_page
from literate.present.notebook_cells import (
    SETUP_TAG,
    code_cell,
    indent_block,
    markdown_cell,
    number_code_cells,
)
from literate.present.notebook_practice import answer_cell, exercise_cells
from literate.present.notebook_prose import ProseConverter
from literate.present.outputs import raised_line
from literate.results import ItemResult, Output, stream

NBFORMAT, NBFORMAT_MINOR = 4, 5
KERNELSPEC = {"display_name": "Python 3", "language": "python", "name": "python3"}
SETUP_METADATA = {"tags": ["setup", SETUP_TAG], "jupyter": {"source_hidden": True}}
FIGURES_SETUP = (
    "# Figures as the site shows them: SVG, each shown once.\n"
    "from literate.notebook_figures import show_figures_as_on_the_site\n\n"
    "show_figures_as_on_the_site()"
)


def build_notebook(page: Page, results: list[ItemResult]) -> nbformat.NotebookNode:
    """The notebook of a Markdown page or a percent-format notebook, with outputs."""
    cells: list[Any] = []
    for part in _parts(page, results):
        if isinstance(part, str):
            if part.strip():
                cells.append(markdown_cell(part))
            continue
        block, result, folded = part
        if block.kind == "exercise":
            cells.extend(exercise_cells(block, result))
        elif block.kind == "answer":
            cells.append(answer_cell(result))
        else:
            cells.append(_code_cell(block, result, folded))
    if _shows_figures(results):
        first = 1 if cells and cells[0]["cell_type"] == "markdown" else 0  # after the title
        cells.insert(first, code_cell(FIGURES_SETUP, metadata=SETUP_METADATA))
    number_code_cells(cells)
    metadata = {"kernelspec": KERNELSPEC, "language_info": {"name": "python"}}
    notebook = {"cells": cells, "metadata": metadata, "nbformat": NBFORMAT}
    return nbformat.from_dict({**notebook, "nbformat_minor": NBFORMAT_MINOR})


def notebook_json(page: Page, results: list[ItemResult]) -> str:
    return nbformat.writes(build_notebook(page, results), version=NBFORMAT) + "\n"


def _parts(page: Page, results: list[ItemResult]):
    """Markdown text (one string per cell) and (block, result, folded) for each block, in page
    order; folded: the block is in a box the site shows folded (a worked answer, say)."""
    if page.kind == "notebook":
        pairs = {block.line: (block, result, False) for block, result in zip(page.blocks, results)}
        for line in sorted([*page.markdown_cells, *pairs]):
            yield page.markdown_cells[line] if line in page.markdown_cells else pairs[line]
        return
    prose: list[str] = []
    converter = ProseConverter()
    for part in walk_page(page, results):
        if isinstance(part, str):
            prose.extend(converter.line(part))
            continue
        folded = converter.folded
        prose.extend(converter.before_code_cell())
        yield "\n".join(prose).strip("\n")
        prose.clear()
        yield (*part, folded)
    prose.extend(converter.end())
    yield "\n".join(prose).strip("\n")


def _code_cell(block: Block, result: ItemResult, folded: bool) -> dict[str, Any]:
    code = block.code.rstrip("\n")
    expected = block.raises
    if expected:
        code = (
            "try:\n" + indent_block(code) + "\n"
            f"except Exception as error:  # this cell is meant to raise {expected}\n"
            '    print(f"{type(error).__name__}: {error}")'
        )
    metadata: dict[str, Any] = {}
    if block.kind == "setup":
        metadata = {"tags": ["setup"], "jupyter": {"source_hidden": True}}
    if folded:  # in a folded box on the site: collapsed, a click away, in Jupyter
        metadata.setdefault("jupyter", {})["source_hidden"] = True
    if block.varies:  # a kernel's run prints other timings (say) than the build's
        metadata["literate"] = {"varies": block.varies}
    if block.quiet or folded:  # what it shows is kept, folded away
        metadata.setdefault("jupyter", {})["outputs_hidden"] = True
    return code_cell(code, _outputs(result.outputs), metadata)


def _shows_figures(results: list[ItemResult]) -> bool:
    """Whether a block displayed a matplotlib figure (the worker marks them)."""
    return any(
        output.get("metadata", {}).get("literate", {}).get("kind") == "figure"
        for result in results
        for output in result.outputs
    )


def _outputs(outputs: list[Output]) -> list[Output]:
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
                {**bundle, "execution_count": None} if kind == "execute_result" else bundle
            )
    return shown
