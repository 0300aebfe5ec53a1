"""Export a page with its results as a Jupyter notebook (nbformat 4.5, written as plain JSON).

Prose becomes Markdown cells (inline values filled in), each executable block a code cell with
its outputs. A block that is meant to raise is wrapped in try/except so the notebook runs top to
bottom. Imports of the site's own helpers (`from scripts.pagetools import show_source`) become
small stand-ins, so that a downloaded notebook needs nothing but micrograd.
"""

from __future__ import annotations

import html
import json
import re
import textwrap
from typing import Any

from scripts.parse import Block, Page
from scripts.render import walk_page
from scripts.results import ItemResult
from scripts.svg import restore_size

# What a notebook runs instead of importing a helper module of the site (scripts/ is not there
# next to a downloaded notebook). Keyed by module; each stand-in defines the same names.
NOTEBOOK_STANDINS = {
    "pagetools": '''
import inspect


def show_source(obj):
    """Print the source of a function or class of the installed micrograd."""
    print(inspect.getsource(obj))
''',
    "stepper": '''
from micrograd import draw_dot
from micrograd.engine import topological_order


def backward_stepper(root, rankdir="LR"):
    """On the site, a step-by-step view; here, the graph after a fresh backward pass."""
    for node in topological_order(root):
        node.grad = 0.0
    root.backward()
    return draw_dot(root, rankdir=rankdir)
''',
}
_SITE_IMPORT = re.compile(r"^([ \t]*)from scripts\.(\w+) import [^\n]+$", re.MULTILINE)
_ANY_SITE_IMPORT = re.compile(r"^[ \t]*(from|import)[ \t]+scripts\b[^\n]*$", re.MULTILINE)


class NotebookError(ValueError):
    """A page that cannot become a self-contained notebook."""


def portable_code(code: str) -> str:
    """The code with each `from scripts.X import ...` replaced by X's notebook stand-in."""

    def standin(match: re.Match[str]) -> str:
        module = match.group(2)
        if module not in NOTEBOOK_STANDINS:
            raise NotebookError(
                f"'{match.group(0).strip()}': scripts.{module} has no notebook stand-in "
                "(add one to NOTEBOOK_STANDINS in scripts/notebook.py)"
            )
        return textwrap.indent(NOTEBOOK_STANDINS[module].strip("\n"), match.group(1))

    portable = _SITE_IMPORT.sub(standin, code)
    other = _ANY_SITE_IMPORT.search(portable)
    if other:
        raise NotebookError(
            f"'{other.group(0).strip()}': write 'from scripts.MODULE import NAME', "
            "the form a notebook stand-in can replace"
        )
    return portable


def download_link_html(
    filename: str, label: str = "Download this page as a Jupyter notebook"
) -> str:
    name = html.escape(filename)
    return (
        f'<p class="lit-notebook"><a href="{name}" download="{name}">{html.escape(label)}</a></p>'
    )


def notebook_json(page: Page, results: list[ItemResult]) -> str:
    return json.dumps(build_notebook(page, results), indent=1, ensure_ascii=False) + "\n"


def build_notebook(page: Page, results: list[ItemResult]) -> dict[str, Any]:
    """The notebook of a page as an nbformat v4 dict."""
    cells: list[dict[str, Any]] = []
    prose: list[str] = []
    count = 0
    for part in walk_page(page, results):
        if isinstance(part, str):
            prose.append(part)
            continue
        block, result = part
        _flush_prose(prose, cells)
        count += 1
        try:
            cells.append(_code_cell(block, result, count))
        except NotebookError as error:
            raise NotebookError(f"{page.path}:{block.line}: {error}") from None
    _flush_prose(prose, cells)
    for number, cell in enumerate(cells):
        cell["id"] = f"cell-{number}"
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def _flush_prose(prose: list[str], cells: list[dict[str, Any]]) -> None:
    text = "\n".join(prose).strip("\n")
    prose.clear()
    if text.strip():
        cells.append({"cell_type": "markdown", "id": "", "metadata": {}, "source": text})


def _code_cell(block: Block, result: ItemResult, count: int) -> dict[str, Any]:
    code = portable_code(block.code.rstrip("\n"))
    expected = block.options["raises"]
    if expected:
        code = (
            "try:\n" + textwrap.indent(code, "    ") + "\n"
            f"except Exception as error:  # this cell is meant to raise {expected}\n"
            '    print(f"{type(error).__name__}: {error}")'
        )
    metadata: dict[str, Any] = {}
    if block.options["hide_code"]:
        metadata = {"tags": ["setup"], "jupyter": {"source_hidden": True}}
    outputs = _outputs(result, count) if not block.options["hide_output"] else []
    return {
        "cell_type": "code",
        "id": "",
        "metadata": metadata,
        "execution_count": count,
        "source": code,
        "outputs": outputs,
    }


def _outputs(result: ItemResult, count: int) -> list[dict[str, Any]]:
    outputs: list[dict[str, Any]] = []
    stdout = result.stdout + (f"{result.raised}\n" if result.raised else "")
    for name, text in (("stdout", stdout), ("stderr", result.stderr)):
        if text:
            outputs.append({"output_type": "stream", "name": name, "text": text})
    for display in result.displays:
        data = _mime_bundle(display)
        if display.get("role") == "result":
            outputs.append(
                {
                    "output_type": "execute_result",
                    "data": data,
                    "metadata": {},
                    "execution_count": count,
                }
            )
        else:
            outputs.append({"output_type": "display_data", "data": data, "metadata": {}})
    return outputs


def _mime_bundle(display: dict[str, Any]) -> dict[str, str]:
    mime, data = display["mime"], display["data"]
    if mime == "image/svg+xml":
        return {
            mime: restore_size(data, display.get("size", {}), display.get("class", "")),
            "text/plain": "<SVG image>",
        }
    if mime == "text/html":
        return {mime: data, "text/plain": display.get("text", "<HTML>")}
    return {"text/plain": data}
